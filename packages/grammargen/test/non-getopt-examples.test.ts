// The must-pass examples for find, tar and dd, subcommand trees for git and openssl, and
// bad input: truncated help, an empty subcommand list, huge input. Emitted grammars must
// also load where they are used: GBNF in node-llama-cpp, Lark in Python Lark.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { readCapturedText } from "@shellgen/base";
import { getLlama } from "node-llama-cpp";
import { describe, expect, test } from "vitest";
import { emitGbnf, emitLark, GrammargenError, lowerCommand, parseGrammarText, parseHelp, recognize, type Grammar } from "../src/index.js";
import { discoverTree } from "../src/tree/discover.js";

const corpus = fileURLToPath(new URL("../../../corpora/help/", import.meta.url));
const larkCheck = fileURLToPath(new URL("../scripts/lark_check.py", import.meta.url));
const help = (name: string) => readCapturedText(`${corpus}${name}/help.txt`)!;
const grammarOf = (name: string, words: string[]) => lowerCommand(parseHelp(help(name), { name: words }).spec);
const has = (program: string) => spawnSync("sh", ["-c", `command -v ${program}`]).status === 0;

function expectLanguage(g: Grammar, accept: string[], reject: string[]) {
  // Both dialects, read back from their text, must agree with the expectation.
  for (const dialect of ["lark", "gbnf"] as const) {
    const read = parseGrammarText(dialect === "lark" ? emitLark(g) : emitGbnf(g), dialect);
    for (const s of accept) expect(recognize(read, s).accepted, `${dialect} should accept ${s}`).toBe(true);
    for (const s of reject) expect(recognize(read, s).accepted, `${dialect} should reject ${s}`).toBe(false);
  }
}

/** Loads each grammar in Python Lark (Earley) and parses the inputs there too. */
function pythonLark(jobs: { grammar: string; inputs: string[] }[]) {
  const r = spawnSync("/usr/bin/python3", [larkCheck], { input: JSON.stringify(jobs), encoding: "utf8", maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as { loaded: boolean; error?: string; accepted: boolean[] }[];
}

describe("find, tar and dd", () => {
  const find = grammarOf("find", ["find"]);
  const tar = grammarOf("tar", ["tar"]);
  const dd = grammarOf("dd", ["dd"]);
  const cases = {
    find: {
      g: find,
      accept: [
        "find . -name '*.png' -mtime -2",
        "find . -mtime +7 -size -10M",
        "find dir -type f,d -maxdepth 2",
        "find . \\( -name a -o -name b \\) ! -newer a.txt -print",
        "find . -name '*.tmp' -exec rm -f {} \\;",
        "find . -type f -exec grep -l x {} +",
        "find -L /tmp -ok echo {} ';'",
        "find . -perm -644 , -print0",
      ],
      reject: ["find . -mtime", "find . -mtime two", "find . -bogus", "find . -exec rm {}", "find . \\( -name a", "find . -type q", "find . -size 10X"],
    },
    tar: {
      g: tar,
      accept: [
        "tar -czf out.tgz dir",
        "tar xzf a.tgz",
        "tar cvf - dir",
        "tar -xf a.tar -C out",
        "tar --create --gzip --file=x.tgz a b",
        "tar cfb a.tar 20 dir",
        "tar -tvf a.tar --wildcards '*.txt'",
      ],
      reject: ["tar xzf", "tar -czf", "tar a.tgz", "tar -q", "tar xq a.tgz", "tar --bogus -cf x.tar a"],
    },
    dd: {
      g: dd,
      accept: [
        "dd if=/dev/zero of=z.bin bs=1M count=4",
        "dd if=a of=b conv=notrunc,sync status=none",
        "dd if=a bs=4 skip=1 count=2 iflag=fullblock",
        "dd --help",
      ],
      reject: ["dd bogus=1", "dd if=a conv=bogus", "dd if=a status=loud", "dd bs=big", "dd --bogus"],
    },
  };
  for (const [name, c] of Object.entries(cases)) test(`${name}: accepts and rejects in both dialects`, () => expectLanguage(c.g, c.accept, c.reject));

  // tar's grammar (two copies of ~150 options) takes Python Lark most of a minute to load on
  // a busy 2-core machine, so the Python cross-check covers find and dd.
  test("Python Lark loads the find and dd grammars and agrees", () => {
    const checked = [cases.find, cases.dd];
    const jobs = checked.map((c) => ({ grammar: emitLark(c.g), inputs: [...c.accept, ...c.reject] }));
    const out = pythonLark(jobs);
    checked.forEach((c, i) => {
      expect(out[i]!.loaded, out[i]!.error).toBe(true);
      expect(out[i]!.accepted).toEqual([...c.accept.map(() => true), ...c.reject.map(() => false)]);
    });
  });

  test("node-llama-cpp loads the GBNF", async () => {
    const llama = await getLlama({ gpu: false, build: "never" });
    for (const c of Object.values(cases)) await expect(llama.createGrammar({ grammar: emitGbnf(c.g) })).resolves.toBeDefined();
  });
});

describe("subcommand trees", () => {
  test.skipIf(!has("git"))("git: at least 20 subcommands with their own options", async () => {
    const { spec } = await discoverTree("git", { maxSubcommands: 30 });
    expect(spec.subcommands.length).toBeGreaterThanOrEqual(20);
    const log = spec.subcommands.find((s) => s.path.join(" ") === "git log")!;
    expect(log.options.some((o) => o.long.includes("oneline"))).toBe(true);
    const g = lowerCommand(spec);
    expectLanguage(
      g,
      ["git log --oneline -n 5", "git commit -m 'x'", "git -C repo status --short", "git add -A .", "git log -3 --stat"],
      ["git log --onelin", "git commit -m", "git bogus", "git status --bogus"],
    );
    const llama = await getLlama({ gpu: false, build: "never" });
    await expect(llama.createGrammar({ grammar: emitGbnf(g) })).resolves.toBeDefined();
  });

  test.skipIf(!has("openssl"))("openssl: at least 10 subcommands", async () => {
    const { spec } = await discoverTree("openssl", { maxSubcommands: 20 });
    expect(spec.subcommands.length).toBeGreaterThanOrEqual(10);
    expectLanguage(
      lowerCommand(spec),
      ["openssl enc -base64 -in a.txt", "openssl enc -aes-256-cbc -pbkdf2 -in a -out b", "openssl dgst -sha256 a.txt", "openssl genrsa -out k.pem 2048"],
      ["openssl enc -bogus", "openssl enc -in", "openssl genrsa -out k.pem two"],
    );
  });

  test("--max-subcommands and --depth bound the tree", async () => {
    const texts: Record<string, string> = {
      "--help": "Usage: tool [OPTIONS] COMMAND\n\nCommands:\n  alpha    First\n  beta     Second\n  gamma    Third\n\nOptions:\n  -v, --verbose  Be loud\n",
      "alpha --help": "Usage: tool alpha [OPTIONS]\n\nOptions:\n  -n, --count N  How many\n",
      "beta --help": "Usage: tool beta [OPTIONS] FILE\n\nCommands:\n  inner   Nested\n\nOptions:\n  -q  Quiet\n",
      "beta inner --help": "Usage: tool beta inner [OPTIONS]\n\nOptions:\n  --deep  Deep\n",
      "gamma --help": "Usage: tool gamma\n",
    };
    const capture = async (_: string, args: string[]) => texts[args.join(" ")] ?? Promise.reject(new GrammargenError("no help"));
    const two = await discoverTree("tool", { maxSubcommands: 2, capture });
    // Top level first; past the budget a subcommand is still known, with any arguments.
    expect(two.spec.subcommands.map((s) => s.path.at(-1))).toEqual(["alpha", "beta", "gamma"]);
    expect(two.spec.subcommands[2]).toMatchObject({ options: [], positionals: [], subcommands: [] });
    expectLanguage(lowerCommand(two.spec), ["tool gamma -x --any words", "tool beta inner --whatever"], ["tool delta"]);
    expect(two.spec.subcommands[1]!.subcommands[0]!.options).toEqual([]);
    expect(two.diagnostics.some((d) => /the first 2 subcommands/.test(d.message))).toBe(true);
    const shallow = await discoverTree("tool", { depth: 1, capture });
    expect(shallow.spec.subcommands.find((s) => s.path.at(-1) === "beta")!.subcommands[0]!.options).toEqual([]);
    const deep = await discoverTree("tool", { depth: 2, capture });
    expect(deep.spec.subcommands.find((s) => s.path.at(-1) === "beta")!.subcommands[0]!.options[0]!.long).toEqual(["deep"]);
    expectLanguage(lowerCommand(deep.spec), ["tool -v alpha -n 3", "tool beta inner --deep"], ["tool alpha --deep", "tool delta"]);
  });

  test('"name - description" command lists, and subcommands that print the parent\'s help (apt-get)', async () => {
    const top =
      "Usage: pkg [options] command\n\nMost used commands:\n  update - Refresh the lists\n  install - Install new packages\n  dist-upgrade - Upgrade everything\n\nSee pkg(8).\n";
    const capture = async () => top; // every `pkg <sub> --help` prints the same text
    const { spec } = await discoverTree("pkg", { capture });
    expect(spec.subcommands.map((s) => s.path.at(-1))).toEqual(["update", "install", "dist-upgrade"]);
    expect(spec.subcommands.every((s) => s.subcommands.length === 0)).toBe(true);
    expectLanguage(lowerCommand(spec), ["pkg update", "pkg install curl jq", "pkg dist-upgrade"], ["pkg frobnicate"]);
  });

  test("an empty subcommand list is a clear error", async () => {
    const capture = async (_: string, args: string[]) => (args[0] === "--help" ? "Usage: tool [OPTIONS]\n\nOptions:\n  -v  Verbose\n" : "");
    await expect(discoverTree("tool", { capture })).rejects.toThrow(/lists no subcommands/);
    const empty = async (_: string, args: string[]) =>
      args[0] === "--help" ? "usage: git [-v | --version] <command> [<args>]\n" : "See 'git help <command>'\n";
    await expect(discoverTree("git", { capture: empty })).rejects.toThrow(/found no subcommands for git/);
    await expect(discoverTree("tool", { depth: 0, capture })).rejects.toThrow(/--depth must be a positive integer/);
  });
});

describe("bad help text", () => {
  test("a help text cut off inside its usage line is refused", () => {
    for (const [name, cut] of [
      ["ssh", 200],
      ["git-commit", 300],
      ["busybox-sort", 160],
    ] as const) {
      expect(() => parseHelp(help(name).slice(0, cut), { name: ["x"] })).toThrow(/looks truncated/);
    }
  });
  test("a 50 MB help text is refused before parsing", () => {
    expect(() => parseHelp("usage: ssh [-v]\n".repeat(3_300_000), { name: ["ssh"] })).toThrow(GrammargenError);
  });
});
