// GNU getopt_long lowering, checked on the AST and on both emitted dialects.
import { describe, expect, it } from "vitest";
import { emitGbnf, emitLark, lowerCommand, parseGrammarText, recognize, type CommandSpec, type Grammar } from "../src/index.js";

const ls: CommandSpec = {
  path: ["ls"],
  aliases: [],
  style: "gnu",
  subcommands: [],
  options: [
    { short: ["a"], long: ["all"], arity: "none", repeatable: false, description: "" },
    { short: ["l"], long: [], arity: "none", repeatable: false, description: "" },
    { short: ["h"], long: ["human-readable"], arity: "none", repeatable: false, description: "" },
    { short: ["k"], long: ["block-size"], arity: "required", value: { type: { kind: "size" } }, repeatable: false, description: "" },
    { short: ["w"], long: ["width"], arity: "required", value: { type: { kind: "integer" } }, repeatable: false, description: "" },
    {
      short: [],
      long: ["color"],
      arity: "optional",
      value: { type: { kind: "enum", choices: ["always", "never", "auto"] } },
      repeatable: false,
      description: "",
    },
    { short: ["e"], long: ["regexp"], arity: "required", value: { type: { kind: "word" } }, repeatable: true, description: "" },
    { short: [], long: ["sleep"], arity: "required", value: { type: { kind: "duration" } }, repeatable: false, description: "" },
  ],
  positionals: [{ name: "FILE", type: { kind: "path" }, min: 0, max: 64 }],
};

const dialects = (g: Grammar): [string, Grammar][] => [
  ["ast", g],
  ["lark", parseGrammarText(emitLark(g), "lark")],
  ["gbnf", parseGrammarText(emitGbnf(g), "gbnf")],
];

const VALID = [
  "ls",
  "ls -lah",
  "ls -la --color",
  "ls --color=always dir",
  "ls -w3 -w 5 a b",
  "ls --block-size=1M",
  "ls -k 1K",
  "ls -lk1K x",
  "ls --block-size 1K -- -x --y",
  "ls a -l b --all c",
  "ls  -l   x",
  "ls -",
  "ls -e 'a|b' -e\"c d\" f",
  "ls --regexp=-x -e -y",
  "ls --sleep=1m30s --sleep 250ms",
  "ls 'a b' \"c|d\" e'f'g",
  "ls -lll",
];
const INVALID = [
  "ls -q",
  "ls --bogus",
  "ls --color always x --colour",
  "ls --color=sometimes",
  "ls -w",
  "ls -w x",
  "ls --width=wide",
  "ls --block-size=big",
  "ls 'unterminated",
  "ls a | wc",
  "ls a; rm b",
  "ls -l ",
  "ls\n",
  "ls --al",
  "ls --sleep=5y",
];

describe("lowerCommand (GNU)", () => {
  const g = lowerCommand(ls);
  for (const [name, grammar] of dialects(g)) {
    it(`${name}: accepts getopt_long forms`, () => {
      for (const s of VALID) expect(recognize(grammar, s).accepted, s).toBe(true);
    });
    it(`${name}: rejects unknown options, bad values and shell syntax`, () => {
      for (const s of INVALID) expect(recognize(grammar, s).accepted, s).toBe(false);
    });
  }

  it("enforces operand counts and typed operands", () => {
    const cp: CommandSpec = {
      ...ls,
      path: ["cp"],
      positionals: [
        { name: "SOURCE", type: { kind: "path" }, min: 1, max: 63 },
        { name: "DEST", type: { kind: "path" }, min: 1, max: 1 },
      ],
    };
    const g = lowerCommand(cp);
    expect(recognize(g, "cp a").accepted).toBe(false);
    expect(recognize(g, "cp a b").accepted).toBe(true);
    expect(recognize(g, "cp -l a -a b c").accepted).toBe(true);
    const head: CommandSpec = { ...ls, path: ["sleep"], options: [], positionals: [{ name: "N", type: { kind: "integer" }, min: 1, max: 1 }] };
    expect(recognize(lowerCommand(head), "sleep 5").accepted).toBe(true);
    expect(recognize(lowerCommand(head), "sleep five").accepted).toBe(false);
  });

  it("passes words after a rest operand through untouched", () => {
    const timeout: CommandSpec = {
      ...ls,
      path: ["timeout"],
      positionals: [
        { name: "DURATION", type: { kind: "duration" }, min: 1, max: 1 },
        { name: "COMMAND", type: { kind: "word" }, min: 1, max: 1, rest: true },
      ],
    };
    const g = lowerCommand(timeout);
    expect(recognize(g, "timeout -l 5s ls -l --bogus").accepted).toBe(true);
    expect(recognize(g, "timeout --bogus 5s ls").accepted).toBe(false);
    // "[--] [command]": after `--` the command and all its words, dashes included.
    const wrapper: CommandSpec = { ...ls, path: ["wrap"], positionals: [{ name: "command", type: { kind: "word" }, min: 0, max: 1, rest: true }] };
    for (const ok of ["wrap -- ls -l notes", "wrap -a -- ls", "wrap ls -l"]) expect(recognize(lowerCommand(wrapper), ok).accepted, ok).toBe(true);
    expect(recognize(lowerCommand(wrapper), "wrap --bogus -- ls").accepted).toBe(false);
  });

  it("keeps grammars small for programs with many options", () => {
    const many: CommandSpec = {
      ...ls,
      options: Array.from(
        { length: 150 },
        (_, i) =>
          ({
            short: [],
            long: [`option-${i}`],
            arity: i % 3 === 0 ? "required" : "none",
            value: { type: { kind: i % 2 ? "integer" : "word" } },
            repeatable: false,
            description: "",
          }) as CommandSpec["options"][number],
      ),
    };
    const g = lowerCommand(many);
    expect(g.rules.length).toBeLessThan(20);
    expect(emitGbnf(g).length).toBeLessThan(12_000);
    expect(recognize(g, "ls --option-3 7 x --option-4 --option-99=5 f").accepted).toBe(true);
  });

  it("emits no large bounds: options, operands and character runs are loops", () => {
    const lark = emitLark(lowerCommand(ls));
    const gbnf = emitGbnf(lowerCommand(ls));
    // XGrammar and Python Lark unroll x{0,256}; `*` over a class or an option is one loop.
    const bounds = (t: string) => [...t.matchAll(/\{(\d+),(\d+)\}|~ ?(\d+)\.\.(\d+)/g)].map((m) => Number(m[2] ?? m[4]));
    expect(Math.max(0, ...bounds(lark), ...bounds(gbnf))).toBeLessThanOrEqual(8);
    expect(gbnf).toMatch(/^ls-opts ::= \(sp ls-opt\)\*$/m);
    // One loop over a helper rule (shared with operand's identical group), never a bound.
    expect(gbnf).toMatch(/^word ::= [a-z]+-[xp]\d*\+$/m);
    expect(gbnf).toMatch(/^root ::= ls$/m);
  });

  describe("where `--` may stand", () => {
    const chmodLike: CommandSpec = {
      path: ["setmode"],
      aliases: [],
      style: "gnu",
      subcommands: [],
      options: [{ short: ["v"], long: ["verbose"], arity: "none", repeatable: false, description: "" }],
      positionals: [
        { name: "MODE", type: { kind: "enum", choices: ["on", "off"] }, min: 1, max: 1 },
        { name: "FILE", type: { kind: "path" }, min: 0, max: 64 },
      ],
    };
    const verdicts = (g: Grammar, lines: string[]) => Object.fromEntries(lines.map((l) => [l, recognize(g, l).accepted]));
    const lines = ["setmode on a b", "setmode on a -- -b", "setmode -- -x", "setmode -v on -- b", "setmode maybe a -- b", "setmode maybe"];

    it("anywhere (the default): any operands before it, typed or not", () => {
      expect(verdicts(lowerCommand(chmodLike), lines)).toEqual({
        "setmode on a b": true,
        "setmode on a -- -b": true,
        "setmode -- -x": true,
        "setmode -v on -- b": true,
        "setmode maybe a -- b": true,
        "setmode maybe": false,
      });
    });

    it("after-typed: only after the options or the typed operands, so no untyped word is left waiting for it", () => {
      for (const [dialect, g] of dialects(lowerCommand(chmodLike, { dashDash: "after-typed" })))
        expect(verdicts(g, lines), dialect).toEqual({
          "setmode on a b": true,
          "setmode on a -- -b": true,
          "setmode -- -x": true,
          "setmode -v on -- b": true,
          "setmode maybe a -- b": false,
          "setmode maybe": false,
        });
    });

    it("after-typed without required operands needs no second form", () => {
      const optional = { ...chmodLike, positionals: [{ ...chmodLike.positionals[1]! }] };
      const g = lowerCommand(optional, { dashDash: "after-typed" });
      expect(verdicts(g, ["setmode", "setmode a -- -b", "setmode -- -b"])).toEqual({ setmode: true, "setmode a -- -b": true, "setmode -- -b": true });
      expect(emitGbnf(g)).not.toMatch(/\| sp "--"/);
    });
  });
});

describe("a subcommand nothing is known of", () => {
  // A tree whose `run` help could not be read: the global options it inherits say nothing of
  // its own arguments, so it takes any words rather than refusing every real use.
  const tool: CommandSpec = {
    path: ["tool"],
    aliases: [],
    style: "cobra",
    options: [],
    globalOptions: [{ short: [], long: ["config"], arity: "required", value: { type: { kind: "path" } }, repeatable: false, description: "" }],
    positionals: [],
    subcommands: [
      { path: ["tool", "run"], aliases: [], style: "cobra", options: [], positionals: [], subcommands: [] },
      {
        path: ["tool", "ls"],
        aliases: [],
        style: "cobra",
        options: [{ short: ["a"], long: [], arity: "none", repeatable: false, description: "" }],
        positionals: [],
        subcommands: [],
      },
    ],
  };
  it("takes any words, dashes included, while a described sibling keeps its shape", () => {
    for (const [dialect, g] of dialects(lowerCommand(tool)))
      expect(
        Object.fromEntries(["tool run alpine --rm -it", "tool run", "tool ls -a", "tool ls x", "tool frob"].map((c) => [c, recognize(g, c).accepted])),
        dialect,
      ).toEqual({
        "tool run alpine --rm -it": true,
        "tool run": true,
        "tool ls -a": true,
        "tool ls x": false,
        "tool frob": false,
      });
  });
});

describe("dd-style key=value operands", () => {
  it("an extension that names no key lowers as the plain command, with no empty rule", () => {
    const tool: CommandSpec = { ...ls, path: ["tool"], extensions: [{ kind: "dd-operands", keys: [] }] };
    const g = lowerCommand(tool);
    const gbnf = emitGbnf(g);
    // An empty choice printed as `x ::=` swallows the next line in llama.cpp's reader.
    expect(gbnf).not.toMatch(/::= *$/m);
    expect(recognize(parseGrammarText(gbnf, "gbnf"), "tool -a notes.txt").accepted).toBe(true);
  });
});
