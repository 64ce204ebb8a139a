// The argv parser every CLI shares: one-line usage errors, --help everywhere, typed values.
import { describe, expect, it } from "vitest";
import { formatHelp, parseArgv, UsageError, type CliSpec } from "../src/index.js";

const spec: CliSpec = {
  prog: "tool sub",
  usage: ["[--k N] <word>..."],
  options: [
    { name: "k", kind: "value", arg: "N", help: "how many" },
    { name: "json", kind: "bool" },
    { name: "ground", kind: "bool", negatable: true },
    { name: "fewshot", kind: "optional", arg: "K" },
    { name: "model", kind: "list", arg: "M" },
  ],
};

describe("parseArgv", () => {
  it("reads every option kind and keeps positionals in order", () => {
    const a = parseArgv(["x", "--k=3", "--json", "--no-ground", "--fewshot", "--model", "a", "--model", "b", "-", "-5", "--", "--k"], spec);
    expect(a.positionals).toEqual(["x", "-", "-5", "--k"]);
    expect(a.int("k", 0, 9)).toBe(3);
    expect(a.bool("json")).toBe(true);
    expect(a.bool("ground")).toBe(false);
    expect(a.has("fewshot") && a.str("fewshot") === undefined).toBe(true);
    expect(a.list("model")).toEqual(["a", "b"]);
    expect(a.help).toBe(false);
  });

  it("answers -h and --help on any command", () => {
    expect(parseArgv(["-h"], spec).help).toBe(true);
    expect(parseArgv(["word", "--help"], spec).help).toBe(true);
    expect(formatHelp(spec)).toMatch(/^usage: tool sub \[--k N\] <word>\.\.\.\n\noptions:\n  --k N .*how many\n/);
  });

  it("stops at the first positional when asked, passing the rest through", () => {
    const a = parseArgv(["--json", "ls", "--help", "all"], { ...spec, stopAtPositional: true });
    expect(a.positionals).toEqual(["ls", "--help", "all"]);
    expect(a.help).toBe(false);
  });

  it("gives one usage error per mistake", () => {
    const err = (argv: string[]) => {
      try {
        parseArgv(argv, spec).int("k", 0, 9);
      } catch (e) {
        expect(e).toBeInstanceOf(UsageError);
        return (e as Error).message;
      }
      return "no error";
    };
    expect(err(["--frob"])).toBe("unknown option --frob (see tool sub --help)");
    expect(err(["-x"])).toBe("unknown option -x (see tool sub --help)");
    expect(err(["--k"])).toBe("--k needs a value (see tool sub --help)");
    expect(err(["--json=1"])).toBe("--json takes no value");
    expect(err(["--k", "1", "--k", "2"])).toBe("--k given twice");
    expect(err(["--k", "many"])).toBe('--k needs an integer from 0 to 9 (got "many")');
  });

  it("refuses an option where a value belongs, unless written --name=value", () => {
    const err = (argv: string[]) => {
      try {
        parseArgv(argv, spec);
      } catch (e) {
        expect(e).toBeInstanceOf(UsageError);
        return (e as Error).message;
      }
      return "no error";
    };
    expect(err(["--k", "--json"])).toBe("--k needs a value, but --json is an option; write --k=--json if --json is the value (see tool sub --help)");
    expect(err(["--model", "-h"])).toBe("--model needs a value, but -h is an option; write --model=-h if -h is the value (see tool sub --help)");
    expect(err(["--k", "--"])).toMatch(/^--k needs a value, but -- is an option/);
    expect(err(["--k", "-x"])).toMatch(/^--k needs a value, but -x is an option/);
    // The json flag is not swallowed: it never reads as set.
    const a = parseArgv(["--k=--json", "--model=-h", "--model", "-"], spec);
    expect(a.str("k")).toBe("--json");
    expect(a.list("model")).toEqual(["-h", "-"]);
    expect(a.bool("json")).toBeUndefined();
    expect(a.help).toBe(false);
  });

  it("takes a negative number as a value and as an operand", () => {
    const wide: CliSpec = {
      prog: "t",
      options: [
        { name: "offset", kind: "value" },
        { name: "x", kind: "value" },
      ],
    };
    for (const n of ["-3", "-0.5", "-.5", "-10"]) {
      const a = parseArgv(["--offset", n, n], wide);
      expect(a.str("offset")).toBe(n);
      expect(a.num("offset", -100)).toBe(Number(n));
      expect(a.positionals).toEqual([n]);
    }
    expect(parseArgv(["--offset", "-3"], wide).int("offset", -5, 5)).toBe(-3);
    expect(() => parseArgv(["--x", "-_"], wide)).toThrow(/--x needs a value, but -_ is an option/);
  });
});
