// Composition: the construct cases, unknown programs, boundedness, both dialects, and a
// differential test against tree-sitter-bash plus the per-command grammars.
import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseTree } from "@shellgen/base";
import { compose, emitGbnf, emitLark, GrammargenError, loadPolicy, lowerCommand, parseGrammarText, parseHelp, recognize, type Grammar } from "../src/index.js";
import { BUILTIN_NAMES, builtinGrammar } from "../src/compose/builtins.js";
import { CASES } from "../src/compose/cases.js";
import { TABLE_PROGRAMS } from "../src/compose/table.js";
import { readCorpus } from "../src/pack/corpus.js";
import { SPECS } from "./fixtures/compose-specs.js";

const ROOT = join(import.meta.dirname, "../../..");
const GEN = ["cat", "sort", "uniq", "head", "tail", "wc", "grep", "cut", "tr", "ls", "gzip", "tee", "seq", "date", "du"];
const entries = readCorpus(join(ROOT, "corpora/help"), [...new Set([...TABLE_PROGRAMS, ...GEN])]);
const specs = entries.map((e) => e.spec);
const table = compose({ commands: entries.filter((e) => TABLE_PROGRAMS.includes(e.key)).map((e) => e.spec) });

describe("construct cases (the README table)", () => {
  for (const c of CASES) {
    test(`${c.construct}: ${c.valid.length} valid, ${c.invalid.length} invalid`, () => {
      expect(c.valid.length).toBeGreaterThanOrEqual(5);
      expect(c.invalid.length).toBeGreaterThanOrEqual(5);
      for (const v of c.valid) expect(recognize(table, v).accepted, v).toBe(true);
      for (const v of c.invalid) expect(recognize(table, v).accepted, v).toBe(false);
    });
  }
});

describe("programs", () => {
  const small = compose({ commands: [SPECS.cat!, SPECS.sort!, SPECS.uniq!] });
  const loose = compose({ commands: [SPECS.cat!, SPECS.sort!, SPECS.uniq!], allowUnknown: true });
  test("unknown programs are rejected by default, accepted with allowUnknown", () => {
    expect(recognize(small, "frobnicate -x a | sort").accepted).toBe(false);
    expect(recognize(loose, "frobnicate -x a | sort").accepted).toBe(true);
  });
  test("a known program never falls back to the generic command", () => {
    expect(recognize(loose, "cat --bogus a").accepted).toBe(false);
    expect(recognize(loose, "done a").accepted).toBe(false);
    expect(recognize(loose, "catx --bogus a").accepted).toBe(true);
  });
  test("constructs can be switched off", () => {
    const pipesOnly = compose({ commands: [SPECS.cat!, SPECS.sort!], constructs: ["pipe"] });
    expect(recognize(pipesOnly, "cat a | sort").accepted).toBe(true);
    expect(recognize(pipesOnly, "cat a && sort b").accepted).toBe(false);
    expect(recognize(pipesOnly, "for f in a; do cat $f; done").accepted).toBe(false);
    expect(recognize(pipesOnly, "sort a > b").accepted).toBe(false);
  });
  test("wrappers recurse into command grammars (xargs, timeout, find -exec)", () => {
    const g = compose({ commands: Object.values(SPECS) });
    expect(recognize(g, "ls | xargs gzip -k").accepted).toBe(true);
    expect(recognize(g, "ls | xargs gzip --nope").accepted).toBe(false);
    expect(recognize(g, "timeout 5 sort -n a").accepted).toBe(true);
    expect(recognize(g, "timeout 5 sort --nope a").accepted).toBe(false);
    expect(recognize(g, "find . -name '*.gz' -exec gzip -d {} \\;").accepted).toBe(true);
    expect(recognize(g, "find . -name '*.gz' -exec gzip --nope {} \\;").accepted).toBe(false);
  });
  test("a wrapper that hands its command to a shell (ssh, watch) runs inside another wrapper, one level deep", () => {
    const names = ["ssh", "watch", "sudo", "nohup", "timeout", "ls", "df", "wc"];
    const g = compose({ commands: readCorpus(join(ROOT, "corpora/help"), names).map((e) => e.spec) });
    const outer = fc.constantFrom("sudo ", "nohup ", "timeout 5 ", "sudo -u bob ");
    const inner = fc.constantFrom("ssh host ls -l", "ssh -p 22 host df -h", 'ssh host "ls | wc -l"', "ssh host", "watch -n 1 df -h", "watch 'ls | wc -l'");
    fc.assert(
      fc.property(outer, inner, (o, i) => {
        expect(recognize(g, o + i).accepted, o + i).toBe(true);
        // The command inside is still checked, and may not be one more wrapper.
        expect(recognize(g, `${o}${i.replace(/ls -l|df -h|ls \| wc -l/, "ls --bogus")}`).accepted, `${o}${i} --bogus`).toBe(i === "ssh host");
      }),
    );
    for (const c of ["sudo ssh host sudo ls", "nohup ssh host nohup ls", "sudo watch nohup df"]) expect(recognize(g, c).accepted, c).toBe(false);
  });

  test("with the rare forms, a wrapper runs under xargs and find -exec, which supply its command's trailing operands", () => {
    const specs = readCorpus(join(ROOT, "corpora/help"), ["xargs", "find", "sudo", "nice", "rm", "chmod", "gzip", "ls"]).map((e) => e.spec);
    const wide = compose({ commands: specs });
    const narrow = compose({ commands: specs, rareForms: false });
    const lead = fc.constantFrom("ls | xargs ", "ls | xargs -n1 ", "xargs -a list.txt ");
    const wrapper = fc.constantFrom("sudo ", "sudo -u bob ", "nice -n 5 ");
    const cmd = fc.constantFrom("rm", "rm -f", "chmod 644", "gzip -9");
    fc.assert(
      fc.property(lead, wrapper, cmd, (l, w, c) => {
        expect(recognize(wide, l + w + c).accepted, l + w + c).toBe(true);
        expect(recognize(narrow, l + w + c).accepted, l + w + c).toBe(false);
        expect(recognize(wide, `${l}${w}${c} --bogus`).accepted, `${l}${w}${c} --bogus`).toBe(false);
      }),
    );
    for (const c of ["find . -name '*.log' -exec sudo rm {} \\;", "find . -type f -exec sudo chmod 644 {} +"])
      expect(recognize(wide, c).accepted, c).toBe(true);
    // Its command is no wrapper again, and find -exec still runs no find.
    for (const c of ["ls | xargs sudo sudo rm", "find . -exec sudo find . {} +"]) expect(recognize(wide, c).accepted, c).toBe(false);
  });

  test("find's -exec supplies its command's trailing operands, as xargs does: `{} +` stands for many names", () => {
    const g = compose({ commands: Object.values(SPECS) });
    const ok = [
      "find . -exec rm {} +",
      "find . -exec rm -f {} \\+",
      "find . -type d -exec mkdir -p {} +",
      "find . -exec rm {} \\;",
      "find . -exec rm -r a {} +",
    ];
    for (const c of ok) expect(recognize(g, c).accepted, c).toBe(true);
    const bad = [
      "find . -exec rm --nope {} +",
      "find . -exec rm {}",
      "find . -exec rm +",
      "find . -exec find . -exec rm {} + {} +",
      "find . -exec mkdir -p {} + x",
    ];
    for (const c of bad) expect(recognize(g, c).accepted, c).toBe(false);
  });
  test("a command a wrapper runs itself is a program: a builtin that lives only in the shell is none there", () => {
    const g = compose({ commands: Object.values(SPECS) });
    // Each exec()s its command: cd, export, source and read are no files to run.
    const direct = ["ls | xargs CMD", "timeout 5 CMD", "find . -exec CMD {} \\;"];
    const shellOnly = ["cd", "export A", "source x.sh", "read x", "alias a=b"];
    // A builtin that is also a program, and a shell, run anywhere.
    const programs = ["echo hi", "printf x", "sh -c 'cd /tmp'"];
    for (const w of direct) {
      for (const b of shellOnly) expect(recognize(g, w.replace("CMD", b)).accepted, w.replace("CMD", b)).toBe(false);
      for (const p of programs) expect(recognize(g, w.replace("CMD", p)).accepted, w.replace("CMD", p)).toBe(true);
    }
    expect(recognize(g, "echo 1 | xargs kill").accepted).toBe(true);
    // time and command run theirs in this shell.
    for (const c of ["time cd /tmp", "command cd /tmp", "time export A=1", "cd /tmp"]) expect(recognize(g, c).accepted, c).toBe(true);
  });

  test("time times a compound stage too (a subshell, a group, a loop), and only where the time builtin is offered", () => {
    const g = compose({ commands: [SPECS.cat!, SPECS.sort!] });
    const ok = [
      "time (sort a; cat b)",
      "time { sort a; cat b; }",
      "time -p ( sort a ) > out.txt",
      "time for f in a b; do cat $f; done | sort",
      "cat a | time (sort)",
    ];
    for (const c of ok) expect(recognize(g, c).accepted, c).toBe(true);
    for (const c of ["time (sort a", "time -x ( sort a )", "time ( nosuch a )", "time{ sort a; }"]) expect(recognize(g, c).accepted, c).toBe(false);
    const without = compose({ commands: [SPECS.cat!, SPECS.sort!], builtins: ["cd"] });
    expect(recognize(without, "time (sort a)").accepted).toBe(false);
    expect(recognize(without, "(sort a)").accepted).toBe(true);
  });
});

/** A cycle in the rule graph is unbounded nesting; `through` names rules allowed to carry one. */
function hasCycle(g: Grammar, through: RegExp = /$^/): boolean {
  const refs = new Map(
    g.rules.filter((r) => !through.test(r.name)).map((r) => [r.name, [...JSON.stringify(r.expr).matchAll(/"ref","name":"([^"]+)"/g)].map((m) => m[1]!)]),
  );
  const state = new Map<string, number>();
  const visit = (n: string): boolean => {
    if (state.get(n) === 1) return true;
    if (state.get(n) === 2) return false;
    state.set(n, 1);
    for (const m of refs.get(n) ?? []) if (visit(m)) return true;
    state.set(n, 2);
    return false;
  };
  return g.rules.some((r) => visit(r.name));
}

describe("builtins on their own (grammargen echo)", () => {
  const SAMPLES: Record<string, { valid: string[]; invalid: string[] }> = {
    echo: { valid: ["echo", "echo hi $HOME 'a b'", "echo -n x"], invalid: ["echo 'it's", "ls"] },
    cd: { valid: ["cd", "cd -", "cd ~/src"], invalid: ["cd a b", "cd -x"] },
    kill: { valid: ["kill -9 1234", "kill %1", "kill -s TERM $pid", "kill -l"], invalid: ["kill", "kill -9"] },
    test: { valid: ["test -f a.txt", 'test "$n" -gt 3'], invalid: ["test"] },
    "[": { valid: ["[ -d out ]", "[ a = b ]"], invalid: ["[ -d out", "[ ]"] },
    read: { valid: ["read -r line", "read -p 'name? ' name"], invalid: ["read -r 'x'"] },
    export: { valid: ["export PATH=$PATH:/opt/bin", "export A B=1", "export -p"], invalid: ["export", "export =1", "export -Z x"] },
  };
  for (const name of BUILTIN_NAMES) {
    test(`${name}: a grammar of its own that loads in both dialects`, () => {
      const g = builtinGrammar(name)!;
      const lark = parseGrammarText(emitLark(g), "lark");
      const gbnf = parseGrammarText(emitGbnf(g), "gbnf");
      for (const [list, want] of [
        [SAMPLES[name]?.valid ?? [], true],
        [SAMPLES[name]?.invalid ?? [], false],
      ] as const) {
        for (const c of list) {
          expect(recognize(lark, c).accepted, c).toBe(want);
          expect(recognize(gbnf, c).accepted, c).toBe(want);
        }
      }
    });
  }
  test("every builtin with samples is one bash has", () => {
    for (const n of Object.keys(SAMPLES)) expect(BUILTIN_NAMES).toContain(n);
    expect(builtinGrammar("frobnicate")).toBeUndefined();
  });
});

describe("bounded and loadable", () => {
  test("heredocLineLength: unbounded by default, a caller's bound is exact, a bad one is one clear error", () => {
    const body = (n: number) => `cat <<'EOF'\n${"x".repeat(n)}\nEOF`;
    const loose = compose({ commands: [SPECS.cat!] });
    expect(recognize(loose, body(20_000)).accepted).toBe(true);
    const tight = compose({ commands: [SPECS.cat!], limits: { heredocLineLength: 8 } });
    expect(recognize(tight, body(8)).accepted).toBe(true);
    expect(recognize(tight, body(9)).accepted).toBe(false);
    // The delimiter itself still ends the body, and a line that only starts like it is text.
    expect(recognize(tight, `cat <<'EOF'\nEOFx\nEOF`).accepted).toBe(true);
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(() => compose({ commands: [SPECS.cat!], limits: { heredocLineLength: bad } }), String(bad)).toThrow(
        /limit heredocLineLength must be a whole number >= 1/,
      );
    }
    expect(() => compose({ commands: [SPECS.cat!], limits: { pipeline: 0 } })).toThrow(GrammargenError);
    expect(compose({ commands: [SPECS.cat!], limits: { heredocLineLength: Infinity } }).rules.length).toBe(loose.rules.length);
  });
  test("compound nesting is unrolled; only $(...), `...`, <(...) and quoted inline scripts recurse", () => {
    const substs = /^sh_(subst|procsubst|inlineq?)_s\d+$/;
    expect(hasCycle(table)).toBe(true);
    expect(hasCycle(table, substs)).toBe(false);
    expect(hasCycle(compose({ commands: specs, allowUnknown: true }), substs)).toBe(false);
    expect(hasCycle(compose({ commands: specs, constructs: ["pipe", "loop", "if"] }))).toBe(false);
  });
  test("both dialects read back to grammars that agree on the cases", () => {
    const g = compose({ commands: [SPECS.cat!, SPECS.sort!, SPECS.uniq!, SPECS.wc!, SPECS.gzip!, SPECS.find!] });
    const lark = parseGrammarText(emitLark(g), "lark");
    const gbnf = parseGrammarText(emitGbnf(g), "gbnf");
    for (const s of [
      "cat a | sort | uniq -c",
      'for f in *; do wc -l "$f"; done',
      "cat a |",
      "cat <<'EOF'\nx\nEOF",
      "find . -exec gzip {} \\;",
      "wc -l $(cat a",
    ]) {
      const want = recognize(g, s).accepted;
      expect(recognize(lark, s).accepted, s).toBe(want);
      expect(recognize(gbnf, s).accepted, s).toBe(want);
    }
  });
  test("Python Lark loads the Lark output and agrees", () => {
    const g = compose({ commands: [SPECS.cat!, SPECS.sort!, SPECS.uniq!] });
    const inputs = ["cat a | sort | uniq -c", "if [ -f a ]; then cat a; fi", "cat a |", "sort <<'EOF'\nb\na\nEOF", "cat 'a"];
    const out = JSON.parse(
      execFileSync("/usr/bin/python3", [join(ROOT, "packages/grammargen/scripts/lark_check.py")], {
        input: JSON.stringify([{ grammar: emitLark(g), inputs }]),
        encoding: "utf8",
      }),
    );
    expect(out[0].loaded, out[0].error).toBe(true);
    expect(out[0].accepted).toEqual(inputs.map((s) => recognize(g, s).accepted));
  });
  test("node-llama-cpp compiles the GBNF", async () => {
    const { getLlama } = await import("node-llama-cpp");
    const llama = await getLlama({ gpu: false, build: "never" });
    await expect(llama.createGrammar({ grammar: emitGbnf(table) })).resolves.toBeTruthy();
  });
});

// The oracle: tree-sitter-bash must parse it, and every simple command must be accepted
// by its own program's grammar. The composed grammar must agree, both ways.
const perCommand = new Map(entries.map((e) => [e.spec.path.join(" "), lowerCommand(e.spec)]));
function oracle(cmd: string): boolean {
  const tree = parseTree(cmd);
  if (tree.rootNode.hasError) return false;
  const commands = tree.rootNode.descendantsOfType("command");
  return commands.every((c) => {
    const name = c.childForFieldName("name")?.text ?? "";
    const g = perCommand.get(name);
    if (name === "echo") return true; // a builtin; composed grammar's echo takes any words
    return !!g && recognize(g, c.text).accepted;
  });
}

describe("differential: composed grammar vs tree-sitter-bash + per-command grammars", () => {
  const inv = (key: string) => JSON.parse(readFileSync(join(ROOT, "corpora/help", key, "invocations.json"), "utf8")) as { valid: string[]; invalid: string[] };
  const pool = GEN.flatMap((k) => [...inv(k).valid.map((s) => s), ...inv(k).invalid]);
  const command = fc.constantFrom(...pool);
  const op = fc.constantFrom(" | ", " && ", " || ", "; ", " |", "| ", " | | ", " &&& ");
  const redirect = fc.constantFrom("", "", " > out.txt", " 2>/dev/null", " >> log.txt", " < in.txt", " >", " 2>&1");
  const wrap = fc.constantFrom("plain", "plain", "for", "if", "subst", "subst2");
  const broken = fc.constantFrom("", "", "", " '", ' "', " |", " &&");
  const line = fc.tuple(fc.array(fc.tuple(command, op), { minLength: 0, maxLength: 2 }), command, redirect, wrap, broken).map(([pairs, last, r, w, b]) => {
    const body = pairs.map(([c, o]) => c + o).join("") + last + r;
    const core =
      w === "for"
        ? `for f in *.txt; do ${body}; done`
        : w === "if"
          ? `if ${body}; then ls; fi`
          : w === "subst"
            ? `echo "$(${body})"`
            : w === "subst2"
              ? `echo "at $(${body})-$(${body})"`
              : body;
    return core + b;
  });

  test("agree on generated command lines", () => {
    let accepted = 0;
    let rejected = 0;
    fc.assert(
      fc.property(line, (cmd) => {
        // A quoted $(...) is opaque to the word terminal; judge its inside as the oracle does.
        const want = oracle(cmd);
        const got = recognize(table.rules.length ? composedGen : table, cmd).accepted;
        if (got) accepted++;
        else rejected++;
        expect(got, `${cmd}\noracle: ${want}`).toBe(want);
      }),
      { numRuns: Number(process.env.COMPOSE_DIFF_RUNS ?? 150), ...(process.env.COMPOSE_DIFF_SEED ? { seed: Number(process.env.COMPOSE_DIFF_SEED) } : {}) }, // else FC_SEED (test/setup)
    );
    expect(accepted).toBeGreaterThan(15);
    expect(rejected).toBeGreaterThan(15);
  });

  // Decoders recognize with the unoptimized grammar and sample under the optimized one.
  test("merging and left-factoring change no verdict (optimize: false)", () => {
    const loose = { commands: specs, allowUnknown: true, reserved: ["frob"] };
    const pairs = [
      [compose({ commands: specs, optimize: false }), composedGen],
      [compose({ ...loose, optimize: false }), compose(loose)],
    ] as const;
    for (const [raw, optimized] of pairs) expect(raw.rules.length).toBeGreaterThan(optimized.rules.length);
    const verdicts = new Set<boolean>();
    fc.assert(
      fc.property(line, fc.constantFrom("", "frob -x ", "mytool a | "), (cmd, lead) => {
        for (const [raw, optimized] of pairs) {
          const want = recognize(optimized, lead + cmd).accepted;
          verdicts.add(want);
          expect(recognize(raw, lead + cmd).accepted, lead + cmd).toBe(want);
        }
      }),
      { numRuns: 150 },
    );
    expect([...verdicts].sort()).toEqual([false, true]);
  });
});
const composedGen = compose({ commands: specs });

describe("substitutions inside quotes and arithmetic", () => {
  const g = compose({ commands: specs.filter((s) => ["ls", "wc", "head"].includes(s.path[0]!)) });
  test("an unquoted ${...}: an operator's word may hold blanks, the name before it may not", () => {
    for (const c of ["echo ${PATH//:/ }", "ls ${DIR:- /tmp}", "head -n ${N:-10} f", "echo ${#arr[@]} ${v,,}"]) expect(recognize(g, c).accepted, c).toBe(true);
    for (const c of ["echo ${a b}", "echo ${ x}", "echo ${x -y}", "echo ${x:-a"]) expect(recognize(g, c).accepted, c).toBe(false);
  });

  test("${...} takes each operator of bash's, '-' and '=' without the colon too, and a variable in its word; a substitution there or an unclosed one not", () => {
    const names = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,6}$/);
    const words = fc.constantFrom("w", "$HOME", "${b}", "$1", "$HOME/.config", "x$b");
    fc.assert(
      fc.property(
        names,
        fc.constantFrom(":-", "-", ":=", "=", ":+", "+", ":?", "?", "#", "%%", "/x/", ",,", "^^"),
        words,
        fc.boolean(),
        (a, op, word, quoted) => {
          const w = quoted ? `"\${${a}${op}${word}}"` : `\${${a}${op}${word}}`;
          expect(recognize(g, `ls ${w}`).accepted, w).toBe(true);
          expect(recognize(g, `ls ${w.replace(/}("?)$/, "$1")}`).accepted, w).toBe(false);
        },
      ),
    );
    for (const c of ["ls ${1:-$(pwd)}", 'ls "${1:-$(pwd)}"', "ls ${a:-$}", "ls ${a:-${b}", 'ls "${a:-${b}"', "ls ${a:-${b c}}"])
      expect(recognize(g, c).accepted, c).toBe(false);
  });

  test("a command of redirections alone empties or reads a file, first in its pipeline only", () => {
    for (const c of ["> out.log", "> a 2>&1", ">> log; ls", "ls && > x", "< in"]) expect(recognize(g, c).accepted, c).toBe(true);
    for (const c of [">", "> ", "ls | > x", "> x y", ">> "]) expect(recognize(g, c).accepted, c).toBe(false);
  });

  test("a `$` that ends an operand is itself; one that starts an unclosed expansion is refused", () => {
    for (const c of ["ls ^$ a", "wc -l a$ | head", "head -n 1 x$", "ls 'a'$", '[[ "$a" =~ ^[0-9]+$ ]] && ls']) expect(recognize(g, c).accepted, c).toBe(true);
    for (const c of ["echo $(ls", "echo ${HOME", "echo a$(ls", "ls a$( b", "echo $((1+2)", "[[ $x =~ a$( ]]"]) expect(recognize(g, c).accepted, c).toBe(false);
  });

  test("a quoted string holds several substitutions, and arithmetic holds substitutions and parentheses, each checked", () => {
    const ok = [
      'echo "$(ls)-$(wc -l f)"',
      'echo "at $(ls) and $(ls -a) done"',
      "echo $(( $(wc -l < f) + 1 ))",
      "echo $(( (3 + 4) * $n ))",
      "head -n $(( $(wc -l < f) - 1 )) f",
    ];
    for (const c of ok) expect(recognize(g, c).accepted, c).toBe(true);
    const bad = ['echo "$(ls)-$(wc --bogus f)"', "echo $(( $(ls --bogus) + 1 ))", "echo $(( (1 + 2 ))", 'echo "$(ls)$(ls"'];
    for (const c of bad) expect(recognize(g, c).accepted, c).toBe(false);
  });
});

test("an array assignment, an element's and an appending one are assignments; arithmetic stands in a quoted string", () => {
  const g = compose({ commands: specs.filter((s) => ["ls", "wc"].includes(s.path[0]!)) });
  for (const c of ['files=(*.txt "$f" $(ls))', "a=()", 'arr+=("$x")', "arr[0]=x", "n+=1", 'echo "n=$((n + 1)) in $(ls)"'])
    expect(recognize(g, c).accepted, c).toBe(true);
  for (const c of ["x=( $(ls --bogus) )", "x=(a b", 'echo "$((n + 1)"']) expect(recognize(g, c).accepted, c).toBe(false);
});

test("an element's index is arithmetic or a quoted key, not any text", () => {
  const g = compose({ commands: specs.filter((s) => ["ls", "wc"].includes(s.path[0]!)) });
  for (const c of ["arr[$i]=x", "arr[i+1]=x", "arr[${#arr[@]}]=x", 'm["key"]=1', "m['a.b']=1", "arr[-1]=x"]) expect(recognize(g, c).accepted, c).toBe(true);
  for (const c of ["arr[a b]=x", "arr[a;b]=x", "arr[]=x", "arr[$(ls)]=x"]) expect(recognize(g, c).accepted, c).toBe(false);
});

test("the arithmetic command stands as a command, alone, in a list or as a condition", () => {
  const g = compose({ commands: specs.filter((s) => ["ls", "wc"].includes(s.path[0]!)) });
  for (const c of [
    "(( i++ ))",
    "((x += 1))",
    "(( $# > 0 )) && ls",
    "if (( n > 5 )); then ls; fi",
    "while (( i < 3 )); do (( i++ )); done",
    "(( $(wc -l < f) > 3 ))",
  ])
    expect(recognize(g, c).accepted, c).toBe(true);
  for (const c of ["(( x ", "(( $(ls --bogus) ))", "(( 1 )"]) expect(recognize(g, c).accepted, c).toBe(false);
});

test("a case statement takes patterns and lists, each command checked", () => {
  const g = compose({ commands: specs.filter((s) => ["ls", "wc"].includes(s.path[0]!)) });
  const ok = [
    'case "$1" in start) ls;; stop) wc -l f;; esac',
    "case $x in a|b) ls ;; *) ls -a ;; esac",
    "case $x in (a) ls; esac",
    "case $x in\n  a)\n    ls\n    ;;\nesac",
  ];
  for (const c of ok) expect(recognize(g, c).accepted, c).toBe(true);
  for (const c of ["case $x in a) ls --bogus;; esac", "case $x in a) ls esac", "case $x a) ls;; esac"]) expect(recognize(g, c).accepted, c).toBe(false);
});

describe("shells held as programs", () => {
  // A shell whose help text is an error message reads as "any words"; composed with it, the
  // -c line must still be checked by the composed grammar, not passed as an opaque operand.
  const shAsProgram = parseHelp("sh: 0: Illegal option --\n", { name: ["sh"] }).spec;
  const g = compose({ commands: [shAsProgram, ...specs.filter((s) => ["ls", "wc"].includes(s.path[0]!))] });
  test("sh -c takes a command line under the composed grammar", () => {
    for (const c of ["sh -c 'ls | wc -l'", "sh -ec 'ls -l'", "sh script.sh arg"]) expect(recognize(g, c).accepted, c).toBe(true);
    for (const c of ["sh -c 'ls | wc --bogus'", "sh -c 'ls |'"]) expect(recognize(g, c).accepted, c).toBe(false);
  });
  test("bash takes its GNU long options before its letters; other shells and later places do not", () => {
    const ok = ["bash --noprofile --norc -c 'ls -l'", "bash --login", "bash --rcfile ~/.bashrc -i", "bash --posix script.sh arg"];
    for (const c of ok) expect(recognize(g, c).accepted, c).toBe(true);
    for (const c of ["bash --frob", "bash -x --norc", "sh --noprofile", "bash --rcfile"]) expect(recognize(g, c).accepted, c).toBe(false);
  });
  test("a composition of only a shell still composes", () => {
    expect(recognize(compose({ commands: [shAsProgram] }), "sh -c 'echo hi'").accepted).toBe(true);
  });
});

describe("programs with subcommands composed beside them", () => {
  const top = parseHelp(
    "Usage: box [options] <command> [args]\n\nCommands:\n  run     Run a thing\n  ps      List things\n\nOptions:\n  -v, --verbose  Be verbose\n",
    { name: ["box"] },
  ).spec;
  const run = parseHelp("Usage: box run [options] IMAGE [ARG...]\n\nOptions:\n  -n, --name string   Name it\n  -d, --detach        Detach\n", {
    name: ["box", "run"],
  }).spec;
  test("a listed subcommand with a spec of its own is read by that spec, and the bare program takes no command word", () => {
    const alone = compose({ commands: [top] });
    // Composed alone, a listed command takes any words (nothing else is known of it).
    expect(recognize(alone, "box run --anme x img").accepted).toBe(true);
    const both = compose({ commands: [top, run] });
    for (const c of ["box run --name x img", "box run -d img ls", "box ps -a", "box -v"]) expect(recognize(both, c).accepted, c).toBe(true);
    for (const c of ["box run --anme x img", "box run -q img", "box frob"]) expect(recognize(both, c).accepted, c).toBe(false);
  });
  test("the bare program's own options may stand before a subcommand's words", () => {
    const both = compose({ commands: [top, run] });
    for (const c of ["box -v run img", "box --verbose run -d img"]) expect(recognize(both, c).accepted, c).toBe(true);
    for (const c of ["box --frob run img", "box -v run --anme x img"]) expect(recognize(both, c).accepted, c).toBe(false);
  });
  test("an option valued by a command line is checked as one only when its text hands it to a shell", () => {
    const help =
      "Usage: runit [options] FILE\n\nOptions:\n  -c, --command <command>  pass a single command to the shell with -c\n  -e, --eval <cmd>         evaluate cmd in the runit language\n";
    const g = compose({ commands: [parseHelp(help, { name: ["runit"] }).spec, ...specs.filter((s) => ["ls", "wc"].includes(s.path[0]!))] });
    for (const c of ["runit -c 'ls | wc -l' f", "runit -e 'print(1)' f", "runit -e 'x |' f"]) expect(recognize(g, c).accepted, c).toBe(true);
    for (const c of ["runit -c 'ls |' f", "runit -c 'ls --bogus' f"]) expect(recognize(g, c).accepted, c).toBe(false);
  });
});

describe("the rare forms", () => {
  test("a request's grammar takes each; the pack's default grammar, composed with rareForms false, leaves each out", () => {
    const specs = readCorpus(join(ROOT, "corpora/help"), ["ls", "xargs", "sudo", "rm"]).map((e) => e.spec);
    const wide = compose({ commands: specs });
    const narrow = compose({ commands: specs, rareForms: false });
    const rare = ["/etc/init.d/nginx restart", "sudo !!", "ls | xargs sudo rm", "ls ${a:-$HOME}", 'ls "${1:-$PWD}"', 'cd -- "$d"', "read -r -- line"];
    for (const c of rare) {
      expect(recognize(wide, c).accepted, c).toBe(true);
      expect(recognize(narrow, c).accepted, c).toBe(false);
    }
    for (const c of ["ls -l", "ls ${a:-b}", 'cd "$d"', "ls | xargs rm", "./run.sh x"]) expect(recognize(narrow, c).accepted, c).toBe(true);
  });
});

describe("function definitions", () => {
  const g = compose({ commands: specs.filter((s) => ["ls", "wc", "head"].includes(s.path[0]!)) });
  test("are refused in either spelling, by every grammar (what they cost is in compose.ts); an unknown program is refused right after its name", () => {
    const narrow = compose({ commands: specs.filter((s) => s.path[0] === "ls"), rareForms: false });
    for (const c of ["f() { ls; }", "function f { ls; }", "function f() { ls; }", "mkcd() { mkdir -p x; }"]) {
      expect(recognize(g, c).accepted, c).toBe(false);
      expect(recognize(narrow, c).accepted, c).toBe(false);
    }
    const unknown = recognize(g, "htop -u bob");
    expect(unknown.accepted).toBe(false);
    expect(unknown.reason).toMatch(/^rejected at column 5 \(in word "htop"/);
  });
});
