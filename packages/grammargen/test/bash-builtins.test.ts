// Bash's builtins from bash's own `help` text: the layout reader against its golden, the layout
// rules on texts of their own, and the composed grammar over every option each builtin's IR has.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { compose, recognize } from "../src/index.js";
import { BUILTIN_NAMES } from "../src/compose/builtins.js";
import { parseBashHelp, type BuiltinSpec, type UsageItem } from "../src/parse/bash-help.js";
import { readCorpus } from "../src/pack/corpus.js";

const DATA = join(import.meta.dirname, "../data/bash-builtins");
const ROOT = join(import.meta.dirname, "../../..");
const parsed = parseBashHelp(readFileSync(join(DATA, "help.txt"), "utf8"));
const specs = readCorpus(join(ROOT, "corpora/help"), ["ls", "rm", "wc", "make", "grep", "sort"]).map((e) => e.spec);
const g = compose({ commands: specs });
const accepts = (cmd: string): boolean => recognize(g, cmd).accepted;

describe("the bash-help layout", () => {
  test("data/bash-builtins/help.txt reads to its golden IR (node dist/bench/update-goldens.js bash-builtins)", () => {
    const golden = JSON.parse(readFileSync(join(DATA, "ir.json"), "utf8"));
    expect(JSON.parse(JSON.stringify(parsed))).toEqual(golden);
  });

  test("every name `compgen -b` listed has a block, and at least 40 become grammars", () => {
    const meta = JSON.parse(readFileSync(join(DATA, "meta.json"), "utf8")) as { builtins: string[] };
    expect(parsed.builtins.map((b) => b.name)).toEqual(meta.builtins);
    expect(meta.builtins.filter((b) => BUILTIN_NAMES.includes(b)).length).toBeGreaterThanOrEqual(40);
  });

  // A builtin bash does not have, written in the layout: the rules read the layout, not names.
  const TEXT = [
    "frob: frob [-ab] [-c count] [-o|+o option] [+N | -N | dir] [name[=value] ...] or frob -l [word]",
    "    Frobnicate things.",
    "    ",
    "    Options:",
    "      -a\tall of them",
    "      -b  Both ways.",
    "      -c count\tat most COUNT",
    "      -o option",
    "          Set an option:",
    "              alpha        the first",
    "              beta         the second",
    "      -l\tlist them",
    "    ",
    "    Arguments:",
    "      +N\tthe Nth from the left",
    "      -N\tthe Nth from the right",
    "    ",
    "    Using `+o' instead of `-o' turns the option off.  The special WORD values `up' and `down' go there.",
    "    ",
    "    Exit Status:",
    "    Returns success.",
    "defrob: defrob [option] name ...",
    "    Undo it.",
    "    ",
    "    OPTION can be any option accepted by `frob'.  ARG is a command to be read and executed.",
    "",
  ].join("\n");
  const [frob, defrob] = parseBashHelp(TEXT).builtins as [BuiltinSpec, BuiltinSpec];

  test("synopsis: clusters, valued options, signed arguments, `|`, `name[=value] ...` and ` or NAME` forms", () => {
    expect(frob.forms.length).toBe(2);
    const [first, second] = frob.forms as [UsageItem[], UsageItem[]];
    expect(first[0]).toEqual({ kind: "optional", items: [{ kind: "flags", sign: "-", letters: "ab" }] });
    expect(first[1]).toEqual({ kind: "optional", items: [{ kind: "option", sign: "-", letter: "c", metavar: "count" }] });
    expect(first[3]).toEqual({
      kind: "optional",
      items: [
        {
          kind: "choice",
          alternatives: [[{ kind: "operand", metavar: "N", sign: "+" }], [{ kind: "operand", metavar: "N", sign: "-" }], [{ kind: "operand", metavar: "dir" }]],
        },
      ],
    });
    expect(first[4]).toEqual({ kind: "optional", items: [{ kind: "repeat", item: { kind: "operand", metavar: "name", assign: true } }] });
    expect(second).toEqual([
      { kind: "flags", sign: "-", letters: "l" },
      { kind: "optional", items: [{ kind: "operand", metavar: "word" }] },
    ]);
  });

  test("option list: tab and two-space columns, a value table, + letters, prose values, borrowed options", () => {
    expect(frob.options.map((o) => `${o.letter}${o.metavar ? `<${o.metavar}>` : ""}`)).toEqual(["a", "b", "c<count>", "o<option>", "l"]);
    expect(frob.options.find((o) => o.letter === "o")!.choices).toEqual(["alpha", "beta"]);
    expect(frob.options.find((o) => o.letter === "b")!.description).toBe("Both ways.");
    expect(frob.plus).toEqual(["o"]);
    expect(frob.operands.find((o) => o.metavar === "word")!.choices).toEqual(["up", "down"]);
    expect(defrob.borrows).toBe("frob");
    expect(frob.options[0]!.span!.line).toBe(5);
  });
});

describe("builtins in the composed grammar", () => {
  const VALID = [
    "read -n1",
    'read -r -p "x" v',
    "read -rs -n 1 key",
    "read -t 0.5 x",
    "ulimit -n 4096",
    "ulimit -Sn unlimited",
    "trap 'rm -f $t' EXIT",
    "trap - INT",
    "trap '' HUP",
    "shopt -s nullglob",
    "pushd /tmp",
    "popd +1",
    "dirs -v",
    "time ls",
    "time make -j4 | wc -l",
    "set -euo pipefail",
    "set +x",
    "set -- -a b",
    "declare -A map",
    "local -r x=1",
    // A substitution the shell expands into NAME=value words.
    "export $(ls)",
    'export "$(ls)" A=1',
    "declare $(ls)",
    "history -d -1",
    "kill -9 1234",
    "kill -l",
    // A process group is a negative pid, once `--` ends the options.
    "kill -- -1234",
    "kill -TERM -- -$PGID",
    // ...or once a signal is given: bash's kill reads one signal, then processes.
    "kill -9 -1",
    "kill -s TERM -1234",
    "kill -TERM -$PGID 5 -6",
    // Every builtin that reads options ends them at `--`, whatever its operands look like.
    'cd -- "$dir"',
    "export -- X=1",
    "unset -f -- f",
    "read -r -- line",
    "type -- ls",
    "pwd --",
    "command -v ls",
    "command ls -l",
    "exec make",
    "builtin echo hi",
    "printf '%s\\n' a b c",
    "mapfile -t lines < f",
    "getopts 'ab:' opt",
    "wait -n",
    "umask 022",
    ': "${X:=1}"',
    "declare -p",
    "export -p",
    "alias",
    "set",
    // Redirections among echo's words, and after a builtin's name where words must follow.
    'echo >&2 "no such file"',
    "echo a 2>/dev/null b",
    'printf >&2 "%s\\n" x',
    "kill 2>/dev/null -9 1",
  ];
  const INVALID = [
    "echo >",
    "printf >&2",
    "cd 2>/dev/null a b",
    "read --bogus",
    "read -n",
    "ulimit -Q",
    "ulimit -n lots",
    "trap 'ls |' EXIT",
    "set -o nosuchoption",
    "shopt -z",
    "kill",
    "kill -- -",
    "kill -- --5",
    // With no signal, a first `-1` is the signal; a second minus is never a process.
    "kill -1",
    "kill -9 --1",
    "kill 5 --1",
    "wait -1",
    "wait -- -12",
    "command ls --bogus",
    "time ls --bogus",
    "eval -x",
    "pushd -z",
    "cd a b",
    "cd -- a b",
    "export --",
    "read -r -- --",
    "export 1A=2",
    "export $(",
    // A builtin that changes variables, given none, changes nothing: a command left unfinished.
    "export",
    "unset",
    "declare",
  ];
  test.each(VALID)("accepts %s", (c) => expect(accepts(c)).toBe(true));
  test.each(INVALID)("refuses %s", (c) => expect(accepts(c)).toBe(false));

  // One word per placeholder shape, to build a form's shortest invocation.
  const SAMPLE: [RegExp, string][] = [
    [/^(name|var|array|optname)$/, "v"],
    [/^(n|N|offset|count|signum|fd|nchars|origin|quantum|limit|timeout)$/, "1"],
    [/^(pid|jobspec|job_spec|id)$/, "%1"],
    [/^(sigspec|signal_spec|sig)$/, "TERM"],
    [/^(command|pipeline|shell-builtin)$/, "ls"],
    [/^redirection$/, ""],
  ];
  const sample = (b: BuiltinSpec, metavar: string): string => {
    const op = b.operands.find((o) => o.metavar === metavar);
    if (op?.script) return "'ls'";
    return SAMPLE.find(([re]) => re.test(metavar))?.[1] ?? "w";
  };
  const optionValue = (b: BuiltinSpec, letter: string, metavar: string): string =>
    b.options.find((o) => o.letter === letter)?.choices?.[0] ?? sample(b, metavar);
  /** The words of a form's shortest invocation: its required items only. */
  const shortest = (b: BuiltinSpec, items: UsageItem[]): string[] =>
    items.flatMap((it): string[] => {
      switch (it.kind) {
        case "flags":
          return [`${it.sign}${it.letters[0]}`];
        case "option":
          return [`${it.sign}${it.letter}`, optionValue(b, it.letter, it.metavar)];
        case "operand":
          return b.borrows && /^options?$/.test(it.metavar) ? [] : [`${it.sign ?? ""}${sample(b, it.metavar)}`].filter((w) => w !== "");
        case "literal":
          return [it.text];
        case "choice":
          return shortest(b, it.alternatives[0]!);
        case "repeat":
          return shortest(b, [it.item]);
        default:
          return []; // optional
      }
    });
  const letters = (items: UsageItem[]): { letter: string; sign: string; metavar?: string }[] =>
    items.flatMap((it) =>
      it.kind === "flags"
        ? [...it.letters].map((letter) => ({ letter, sign: it.sign }))
        : it.kind === "option"
          ? [{ letter: it.letter, sign: it.sign, metavar: it.metavar }]
          : it.kind === "optional"
            ? letters(it.items)
            : it.kind === "choice"
              ? it.alternatives.flatMap(letters)
              : [],
    );
  // Forms that change variables need one (see needsName in compose/bash-builtins.ts).
  const changesVariables = (b: BuiltinSpec, form: UsageItem[]): boolean =>
    /^(set|unset|mark|define)\b.*\bvariables?\b/i.test(b.summary) && !form.some((i) => i.kind === "flags" || i.kind === "option");
  const required = (b: BuiltinSpec, form: UsageItem[]): string[] => {
    const words = shortest(b, form);
    return changesVariables(b, form) && words.length === 0 ? ["v"] : words;
  };
  const own = parsed.builtins.filter((b) => !["echo", "test", "[", ":"].includes(b.name));
  const cases = own.flatMap((b) =>
    b.forms.flatMap((form, i) =>
      letters(form).map((l) => {
        const doc = b.options.find((o) => o.letter === l.letter);
        const metavar = l.metavar ?? doc?.metavar;
        return { b, i, option: metavar ? `-${l.letter} ${optionValue(b, l.letter, metavar)}` : `-${l.letter}` };
      }),
    ),
  );

  test("every form's shortest invocation is accepted", () => {
    for (const b of own) for (const form of b.forms) expect(accepts([b.name, ...required(b, form)].join(" ")), `${b.name}: ${b.synopsis}`).toBe(true);
  });

  test("every option letter the IR has, in every form that lists it, is accepted before the operands", () => {
    expect(cases.length).toBeGreaterThan(200);
    fc.assert(
      fc.property(fc.constantFrom(...cases), ({ b, i, option }) => {
        const rest = required(b, b.forms[i]!);
        return accepts([b.name, option, ...rest].join(" "));
      }),
      { numRuns: 300 },
    );
  });

  test("a letter no form of the builtin has is refused, and so is a long option", () => {
    // Builtins that take a signal glued to a dash (kill -TERM) read any capital as a signal name.
    const getopt = own.filter((b) => !b.forms.some((f) => JSON.stringify(f).includes('"sign":"-"}') && /sig/.test(JSON.stringify(f))));
    const lettersOf = (b: BuiltinSpec): Set<string> => {
      const lender = parsed.builtins.find((x) => x.name === b.borrows);
      return new Set([...b.forms, ...(lender?.forms ?? [])].flatMap((f) => letters(f).map((l) => l.letter)));
    };
    fc.assert(
      fc.property(fc.constantFrom(...getopt), fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"), (b, x) => {
        fc.pre(!lettersOf(b).has(x));
        const rest = required(b, b.forms[0]!);
        return !accepts([b.name, `-${x}`, ...rest].join(" ")) && !accepts([b.name, "--bogus", ...rest].join(" "));
      }),
      { numRuns: 300 },
    );
  });
});
