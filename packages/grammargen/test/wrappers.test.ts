// Programs that run another command: the command is checked under its own grammar, whatever
// options the wrapper is given (read from the wrapper's IR), and a command line given as one
// string (sh -c, su -c, ssh host '...', watch '...') is checked as a command line.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { compose, recognize } from "../src/index.js";
import { COMMAND_VALUE, POSIX_SHELLS } from "../src/compose/wrappers.js";
import type { CommandSpec, OptionSpec, ValueType } from "../src/ir.js";
import { parseHelp } from "../src/parse/help.js";
import { readCorpus } from "../src/pack/corpus.js";

const ROOT = join(import.meta.dirname, "../../..");
const WRAPPERS = ["su", "ionice", "chroot", "flock", "parallel", "ssh", "nice", "nohup", "stdbuf", "timeout", "watch", "env"];
const entries = readCorpus(join(ROOT, "corpora/help"), [...WRAPPERS, "ls", "wc", "grep", "sort", "head", "xargs", "find"]);
const g = compose({ commands: entries.map((e) => e.spec) });
const accepts = (cmd: string): boolean => recognize(g, cmd).accepted;

const WRAPS = /^(command|cmd)$/i;
const sample = (t: ValueType): string => {
  switch (t.kind) {
    case "enum":
      return t.choices[0]!;
    case "keyvalue":
      return "A=1";
    case "path":
      return "f.txt";
    case "url":
      return "host";
    case "word":
      return "w";
    default:
      return "1";
  }
};
const spellings = (o: OptionSpec): string[] => {
  const v = o.arity === "required" && o.value ? sample(o.value.type) : undefined;
  return [...o.short.map((s) => (v === undefined ? `-${s}` : `-${s} ${v}`)), ...o.long.map((l) => (v === undefined ? `--${l}` : `--${l}=${v}`))];
};
/** The words before the command: one sample for each required operand (ssh's host, timeout's duration). */
const before = (spec: CommandSpec): string[] => {
  const cut = spec.positionals.findIndex((p) => WRAPS.test(p.name));
  return spec.positionals
    .slice(0, cut)
    .filter((p) => p.min > 0)
    .map((p) => sample(p.type));
};

describe("a wrapper's command is checked under its own grammar", () => {
  const wrappers = entries.map((e) => e.spec).filter((s) => WRAPPERS.includes(s.path[0]!) && s.positionals.some((p) => WRAPS.test(p.name)));
  const cases = wrappers.flatMap((spec) =>
    spec.options
      // --help and --version end the program; a command-line value runs instead of the command.
      .filter((o) => !o.long.some((l) => l === "help" || l === "version") && !COMMAND_VALUE.test(o.value?.metavar ?? ""))
      .flatMap((o) => spellings(o).map((option) => ({ spec, option }))),
  );

  test("every wrapper of the corpus takes part", () => {
    expect(wrappers.map((s) => s.path[0]).sort()).toEqual(WRAPPERS.filter((w) => w !== "su").sort());
    expect(cases.length).toBeGreaterThan(60);
  });

  test("for every option spelling from the wrapper's IR, a valid command passes and a wrong one fails", () => {
    fc.assert(
      fc.property(fc.constantFrom(...cases), fc.constantFrom("ls -l", "wc -l f.txt", "sort -n f.txt", "head -n 5 f.txt"), ({ spec, option }, inner) => {
        const head = [spec.path[0]!, option, ...before(spec)].join(" ");
        const wrong = inner.replace(/ -\w+/, " --no-such-option");
        return accepts(`${head} ${inner}`) && !accepts(`${head} ${wrong}`);
      }),
      { numRuns: 400 },
    );
  });

  test("one wrapper may run another; that one's command is still checked", () => {
    expect(accepts("nice -n 5 nohup sort -n f.txt")).toBe(true);
    expect(accepts("timeout 5 nice ls -l")).toBe(true);
    expect(accepts("nice -n 5 nohup sort --no-such-option f.txt")).toBe(false);
    expect(accepts("time nice ls -l")).toBe(true);
    expect(accepts("time nice ls --no-such-option")).toBe(false);
  });
});

describe("a command line given as one string is checked as a command line", () => {
  const LINES = ["ls -l", "ls | wc -l", "ls -l && wc -l f.txt", "sort -n f.txt | head -n 3", "ls |", "ls &&", "ls --no-such-option", "wc -l f.txt; ls", "| wc"];
  const PREFIXES = [
    ...POSIX_SHELLS.map((s) => `${s} -c`),
    "bash -ec",
    "su -c",
    "su root -c",
    "flock f.txt -c",
    "ssh host",
    "ssh -p 22 u@h",
    "watch -n 1",
    "nohup sh -c",
  ];

  test("quoted, it is accepted exactly when the line alone is (no policy)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...PREFIXES), fc.constantFrom(...LINES), fc.constantFrom("'", '"'), (prefix, line, q) => {
        return accepts(`${prefix} ${q}${line}${q}`) === accepts(line);
      }),
      { numRuns: 300 },
    );
    expect(accepts("sh -c 'ls | wc -l'")).toBe(true);
    expect(accepts("sh -c 'ls |'")).toBe(false);
  });

  test("a shell runs a file with arguments; -c needs its command line", () => {
    expect(accepts("bash script.sh a b")).toBe(true);
    expect(accepts("sh -x ./run.sh")).toBe(true);
    expect(accepts("bash -c")).toBe(false);
    expect(accepts("bash --no-such-option")).toBe(false);
  });

  test("sudo's repeated `usage:` headings are forms of one usage, and sudo wraps its command", () => {
    // `sudo -h` of sudo 1.9.13p3 (not in corpora/help: sudo cannot run in the sandbox that labels invocations).
    const { spec } = parseHelp(readFileSync(join(import.meta.dirname, "fixtures/sudo-help.txt"), "utf8"), { name: "sudo" });
    expect(spec.positionals.map((p) => p.name)).toEqual(["VAR=value", "command", "arg"]);
    const withSudo = compose({ commands: [spec, ...entries.map((e) => e.spec)] });
    for (const [c, want] of [
      ["sudo -u www-data ls -l", true],
      ["sudo -E nohup sort -n f.txt", true],
      ["sudo sh -c 'ls | wc -l'", true],
      ["sudo ls --no-such-option", false],
      ["sudo -Z ls", false],
      ["sudo sh -c 'ls |'", false],
    ] as const)
      expect(recognize(withSudo, c).accepted, c).toBe(want);
  });
});

test("the corpus wrappers' help texts are committed with their versions", () => {
  for (const w of ["su", "ionice", "chroot", "flock", "parallel"]) {
    const meta = JSON.parse(readFileSync(join(ROOT, "corpora/help", w, "meta.json"), "utf8")) as { version: string };
    expect(meta.version, w).toMatch(/\d/);
  }
});
