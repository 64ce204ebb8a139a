// What people write that a grammar must take, each category from its general rule: operands
// an option supplies, operands xargs and find -exec supply, typed values written as
// expansions or substitutions, substitutions as words, redirections anywhere in a simple
// command, and short-option clusters with optional-valued letters. Each also keeps what must
// still fail (a missing operand, a wrong literal value, a dangling redirection).
import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { join } from "node:path";
import { compose, emitGbnf, emitLark, lowerCommand, parseGrammarText, parseHelp, recognize, type Grammar } from "../src/index.js";
import type { CommandSpec, OptionSpec } from "../src/ir.js";
import { readCorpus } from "../src/pack/corpus.js";
import { SPECS } from "./fixtures/compose-specs.js";

const ROOT = join(import.meta.dirname, "../../..");
const corpus = new Map(
  readCorpus(join(ROOT, "corpora/help"), ["sed", "grep", "chmod", "diff", "od", "tail", "head", "find", "ls", "rm", "mv", "kill"]).map((e) => [e.key, e.spec]),
);
const real = (name: string): CommandSpec => {
  const s = corpus.get(name);
  if (!s) throw new Error(`corpora/help has no ${name}`);
  return s;
};
const runs = { numRuns: Number(process.env.FUZZ_RUNS ?? 60) };
const accepts = (g: Grammar, c: string): boolean => recognize(g, c).accepted;

/** Both emitted dialects, read back, must give the in-memory grammar's verdicts. */
function agree(g: Grammar, commands: string[]): void {
  const lark = parseGrammarText(emitLark(g), "lark");
  const gbnf = parseGrammarText(emitGbnf(g), "gbnf");
  for (const c of commands) {
    const want = accepts(g, c);
    expect(accepts(lark, c), `lark: ${c}`).toBe(want);
    expect(accepts(gbnf, c), `gbnf: ${c}`).toBe(want);
  }
}

const upper = fc.stringMatching(/^[A-Z]{4,8}$/).filter((n) => !["FILE", "OPTION"].includes(n));
const letter = fc.constantFrom(..."abcdghjkmpqtuwyz");

describe("operands an option supplies", () => {
  // A generated GNU help text: NAME is required by the usage, and -L's description either says
  // it supplies NAME (a verb of supplying, then NAME) or only shares NAME's placeholder.
  const help = (name: string, l: string, description: string) =>
    [
      `Usage: prog [OPTION]... ${name} [FILE]...`,
      "",
      "  -v, --verbose             say more",
      `  -${l}, --long-${l}=${name}    ${description}`,
      "  -n, --count=NUM           stop after NUM lines",
    ].join("\n");
  const verbs = fc.constantFrom("use", "add", "take", "read", "Use", "adds");

  test("an option whose description supplies the operand makes it optional, and only then", () => {
    fc.assert(
      fc.property(upper, letter, verbs, fc.constantFrom("for matching", "from FILE", "to the list"), (name, l, verb, tail) => {
        const { spec } = parseHelp(help(name, l, `${verb} ${name} ${tail}`), { name: "prog" });
        expect(spec.positionals[0]!.suppliedBy).toEqual([`-${l}`, `--long-${l}`]);
        const g = lowerCommand(spec);
        for (const ok of [`prog -${l} x`, `prog -${l}x`, `prog --long-${l}=x -v`, `prog -v${l} x`, `prog -${l} a -${l} b`, `prog -${l} x f1 f2`, `prog a f`])
          expect(accepts(g, ok), ok).toBe(true);
        for (const bad of ["prog", "prog -v", "prog -n 3", `prog -${l}`]) expect(accepts(g, bad), bad).toBe(false);
      }),
      runs,
    );
  });

  test("sharing the placeholder, or naming it elsewhere in the description, supplies nothing", () => {
    fc.assert(
      fc.property(
        upper,
        letter,
        fc.constantFrom("also send a signal after NAME", "use LABEL instead of file name", "print NAME", "use NAME as the dictionary", "read NAME's header"),
        (name, l, d) => {
          const { spec } = parseHelp(help(name, l, d.replace("NAME", name)), { name: "prog" });
          expect(spec.positionals[0]!.suppliedBy).toBeUndefined();
          expect(accepts(lowerCommand(spec), `prog -${l} x`)).toBe(false);
        },
      ),
      runs,
    );
  });

  test("a flag whose description takes in all files, or has them picked interactively, supplies a file operand, and no other flag does", () => {
    const files = fc.constantFrom("<pathspec>...", "FILE...", "PATHS...");
    const text = (operand: string, l: string, d: string) =>
      [`usage: prog [<options>] [--] ${operand}`, "", "    -v, --verbose         be verbose", `    -${l}, --long-${l}      ${d}`].join("\n");
    fc.assert(
      fc.property(
        files,
        letter,
        fc.constantFrom(
          "add changes from all tracked and untracked files",
          "update all files",
          "process all paths",
          "update tracked files",
          "stage modified paths",
          "select hunks interactively",
          "interactive picking",
        ),
        (operand, l, d) => {
          const { spec } = parseHelp(text(operand, l, d), { name: "prog" });
          expect(spec.positionals[0]!.suppliedBy).toEqual([`-${l}`, `--long-${l}`]);
          const g = lowerCommand(spec);
          for (const ok of [`prog -${l}`, `prog --long-${l}`, `prog -${l} -v`, `prog -v${l}`, "prog a"]) expect(accepts(g, ok), ok).toBe(true);
          for (const bad of ["prog", "prog -v"]) expect(accepts(g, bad), bad).toBe(false);
        },
      ),
      runs,
    );
    fc.assert(
      fc.property(fc.constantFrom("NAME...", "<commit>"), letter, fc.constantFrom("show all files", "list all entries"), (operand, l, d) => {
        const { spec } = parseHelp(text(operand, l, d), { name: "prog" });
        expect(spec.positionals[0]!.suppliedBy).toBeUndefined();
      }),
      runs,
    );
    for (const d of [
      "process files recursively",
      "allow adding otherwise ignored files",
      "update the files",
      "add given paths",
      "force all",
      "prompt before overwrite",
      "interactive mode",
    ])
      expect(parseHelp(text("<pathspec>...", "f", d), { name: "prog" }).spec.positionals[0]!.suppliedBy, d).toBeUndefined();
    // A kind of files supplies an operand of files, not a file system.
    expect(parseHelp(text("filesystem", "u", "check user files"), { name: "prog" }).spec.positionals[0]!.suppliedBy).toBeUndefined();
    expect(parseHelp(text("FILE...", "u", "check user files"), { name: "prog" }).spec.positionals[0]!.suppliedBy).toEqual(["-u", "--long-u"]);
  });

  test("sed, grep and chmod as their help texts say", () => {
    const cases: [string, string[], string[]][] = [
      [
        "sed",
        ["sed -e 's/a/b/' f", "sed -e 's/a/b/'", "sed -n -e 1p -e 2p", "sed -ne 's/x/y/p'", "sed -f x.sed", "sed --expression=1d", "sed 1d f"],
        ["sed", "sed -n", "sed -e", "sed -i"],
      ],
      [
        "grep",
        ["grep -e A -e B", "grep -f pats.txt", "grep -f pats.txt f", "grep -ie A", "grep --regexp=A", "grep A f"],
        ["grep", "grep -c", "grep -e", "grep -f"],
      ],
      ["chmod", ["chmod --reference=a b", "chmod 644 f"], ["chmod", "chmod -R"]],
    ];
    for (const [name, ok, bad] of cases) {
      const g = lowerCommand(real(name));
      for (const c of ok) expect(accepts(g, c), c).toBe(true);
      for (const c of bad) expect(accepts(g, c), c).toBe(false);
      agree(g, [...ok, ...bad]);
    }
  });
});

describe("short-option clusters", () => {
  const opt = (short: string, arity: OptionSpec["arity"], description = "", kind: "integer" | "word" = "integer"): OptionSpec => ({
    short: [short],
    long: [],
    arity,
    ...(arity === "none" ? {} : { value: { type: { kind }, metavar: "NUM" } }),
    repeatable: false,
    description,
  });
  // `-u, -U NUM, --unified[=NUM]`: u's optional value is the long option's, U takes it; -w[NUM]
  // has no twin and may be getopt's `w::`, which reads the rest of its cluster as the value.
  const spec = (flags: string[]): CommandSpec => ({
    path: ["prog"],
    aliases: [],
    style: "gnu",
    options: [
      ...flags.map((f) => opt(f, "none")),
      opt("u", "optional", "output NUM lines of context"),
      opt("U", "required", "output NUM lines of context"),
      opt("w", "optional", "wrap at NUM columns"),
      opt("n", "required", "stop after NUM"),
    ],
    positionals: [{ name: "FILE", type: { kind: "path" }, min: 0, max: 16 }],
    subcommands: [],
  });
  test("flags and twinned optional letters cluster in any order; a value's letter comes last, its value glued or next", () => {
    fc.assert(
      fc.property(fc.shuffledSubarray([..."abcdef"], { minLength: 1 }), fc.nat(99), (flags, n) => {
        const g = lowerCommand(spec(flags));
        const mid = Math.floor(flags.length / 2);
        const cluster = [...flags.slice(0, mid), "u", ...flags.slice(mid)].join("");
        const all = flags.join("");
        for (const ok of [
          `prog -${cluster} f`,
          `prog -${cluster}n${n} f`,
          `prog -${cluster}n ${n}`,
          `prog -u${n}`,
          `prog -${all}u${n}`,
          `prog -${all}w`,
          `prog -${all}w${n} f`,
          `prog -U ${n}`,
        ])
          expect(accepts(g, ok), ok).toBe(true);
        for (const bad of [`prog -n${n}${flags[0]}`, `prog -${cluster}nx`, `prog -${cluster}z`, `prog -w${all}`, `prog -U${all}`])
          expect(accepts(g, bad), bad).toBe(false);
      }),
      runs,
    );
  });
  test("diff -Naur (`-u, -U NUM, --unified[=NUM]`); od -w takes the rest of its cluster", () => {
    expect(accepts(lowerCommand(real("diff")), "diff -Naur a b")).toBe(true);
    expect(accepts(lowerCommand(real("diff")), "diff -u3 a b")).toBe(true);
    expect(accepts(lowerCommand(real("od")), "od -Ad -w16 f")).toBe(true);
    expect(accepts(lowerCommand(real("od")), "od -wlots f")).toBe(false);
  });
});

describe("composed command lines", () => {
  const mine = ["sed", "grep", "diff", "tail", "head", "find", "ls", "rm", "mv"];
  const g = compose({ commands: [...Object.values(SPECS).filter((s) => !mine.includes(s.path[0]!)), ...mine.map(real)] });

  // Typed values: every form a script writes for a value known only when the line runs.
  const dynamic = fc.constantFrom("$N", "${N}", "${N:-1}", '"$N"', '"${N:-3}"', "$1", "$(wc -l < f)", "`cat n`", '"$(cat n)"', "$((N*2))");
  test("a typed value may be an expansion or a substitution; a wrong literal is still refused", () => {
    fc.assert(
      fc.property(dynamic, fc.constantFrom("head -n", "head -c", "tail -n", "find . -maxdepth", "find . -mtime", "find . -size", "grep -m"), (v, at) => {
        const c = `${at} ${v}${at.startsWith("find") ? "" : " f"}`;
        expect(accepts(g, c), c).toBe(true);
      }),
      runs,
    );
    for (const c of [
      "find . -mtime +$DAYS",
      "find . -ctime -$2",
      "find . -mmin -${M}",
      "find . -size +$(cat s)",
      "head -n -$N f",
      "head -c ${N}M f",
      'head -c "$N"K f',
      "tail -c $((N*2))k f",
    ])
      expect(accepts(g, c), c).toBe(true);
    for (const c of ["head -n abc f", "find . -maxdepth x", "grep -m x p f", "find . -maxdepth +$N", "head -n $ f", "head -n $(x f", "head -c ${N}x f"])
      expect(accepts(g, c), c).toBe(false);
  });

  test("a typed or enumerated value may be quoted whole; a wrong value or a broken quote is still refused", () => {
    fc.assert(
      fc.property(
        fc.constantFrom('"', "'"),
        fc.constantFrom(
          ["head -n", "10", " f"],
          ["find . -size", "+10M", ""],
          ["find . -mtime", "-7", ""],
          ["tail -c", "1K", " f"],
          ["grep -m", "3", " p f"],
          ["ls --color=", "auto", ""],
        ),
        (q, [at, v, rest]) => {
          const c = `${at}${at.endsWith("=") ? "" : " "}${q}${v}${q}${rest}`;
          expect(accepts(g, c), c).toBe(true);
        },
      ),
      runs,
    );
    for (const c of ['head -n "abc" f', "head -n '10 f", 'find . -size "+10Q"', "head -n \"10' f", 'ls --color="blue"', "ls --color='auto\""])
      expect(accepts(g, c), c).toBe(false);
  });

  test("a number written as the option (head -5) may be an expansion too (head -$N)", () => {
    fc.assert(
      fc.property(dynamic, fc.constantFrom("head", "tail"), (v, p) => {
        const c = `${p} -${v} f`;
        expect(accepts(g, c), c).toBe(true);
      }),
      runs,
    );
    for (const c of ["head -$ f", "head -x f", "tail -$N$ f", "head -$(x f", "sed -$N f"]) expect(accepts(g, c), c).toBe(false);
  });

  test("a substitution or a variable stands wherever a word or path does, alone or glued", () => {
    fc.assert(
      fc.property(fc.constantFrom("$(pwd)", "`pwd`", "$HOME", "${D:-.}", '"$(pwd)"'), fc.constantFrom("", "/x", "/lib/$(cat v)/y"), (sub, tail) => {
        for (const c of [`find ${sub}${tail} -name x`, `ls ${sub}${tail}`, `rm -rf ${sub}${tail}`, `diff ${sub}${tail} b`]) expect(accepts(g, c), c).toBe(true);
      }),
      runs,
    );
    expect(accepts(g, "find $(pwd -name x")).toBe(false);
  });

  // Redirections at any word boundary of a valid command, and in front of it.
  const valid = ["ls -l /tmp", "grep -c foo a b", "sort -n -k 2 f", "find . -name x -exec grep y {} \\;", "head -n 3 f", "sed -n 1p f"];
  const redirection = fc.constantFrom(">out", "2>/dev/null", ">> log", "2>&1", "< in", "&>all");
  test("a redirection may stand anywhere in a simple command", () => {
    fc.assert(
      fc.property(fc.constantFrom(...valid), redirection, fc.nat(), (c, r, at) => {
        const words = c.split(" ");
        // after the program, between words; never between an option and its value
        // never between an option and its value, nor between -exec and its command
        const gaps = words.map((_, i) => i + 1).filter((i) => i === words.length || !/^-[nkm]$|^-name$|^-exec$/.test(words[i - 1]!));
        const i = gaps[at % gaps.length]!;
        const inside = [...words.slice(0, i), r, ...words.slice(i)].join(" ");
        expect(accepts(g, inside), inside).toBe(true);
        expect(accepts(g, `${r} ${c}`), `${r} ${c}`).toBe(true);
        const dangling = [...words.slice(0, i), r.replace(/[^<>&0-9]+$/, "").trim() || ">", ...words.slice(i)].join(" ");
        if (!/&\d$/.test(r)) expect(accepts(g, `${dangling} |`), dangling).toBe(false);
      }),
      runs,
    );
    for (const c of ["find . -exec grep y {} 2>/dev/null \\;", "2>/dev/null ls -l", ">out sort f", "find / -name x 2>/dev/null -print", "find >out . -type f"])
      expect(accepts(g, c), c).toBe(true);
    for (const c of ["find . -name x >", "find . -name 2>/dev/null", "ls -l 2>", "> ls -l"]) expect(accepts(g, c), c).toBe(false);
  });

  test("xargs and find -exec supply trailing operands", () => {
    for (const c of [
      "ls | xargs rm",
      "ls | xargs kill",
      "ls | xargs kill -9",
      "ls | xargs mv -t d",
      "find . -exec ls {} \\+",
      "find . -exec ls {} +",
      "find . -execdir rm {} \\;",
      "find . -ok rm {} \\;",
    ])
      expect(accepts(g, c), c).toBe(true);
    for (const c of ["mv", "kill", "find . -exec ls {} \\", "find . -exec ls {} ;"]) expect(accepts(g, c), c).toBe(false);
  });

  test("both dialects agree on these lines", () => {
    const small = compose({ commands: [SPECS.cat!, SPECS.sort!, real("head"), real("find"), real("sed")] });
    agree(small, [
      "head -n $(wc -l < f) f",
      "head -n ${N:-1} f",
      "head -n abc f",
      "find $(pwd) -mtime +$DAYS",
      "find . -maxdepth x",
      "sort >out -n f",
      "2>/dev/null cat f",
      "cat f >",
      "sed -e 's/a/b/'",
      "sed",
      "find . -exec sort {} \\+",
    ]);
  });
});
