// The grammargen CLI through main(), with captured stdout/stderr and real files and programs.
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fullerHelpArgs } from "../src/capture/help.js";
import { main } from "../src/cli/main.js";
import type { Io } from "../src/cli/output.js";

function run(argv: string[], stdin = ""): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: Io = { stdout: (t) => void (out += t), stderr: (t) => void (err += t), readStdin: async () => stdin };
  return main(argv, io).then((code) => ({ code, out, err }));
}

const dir = mkdtempSync(join(tmpdir(), "grammargen-cli-"));
const LS_HELP = `Usage: ls [OPTION]... [FILE]...
  -a, --all                  do not ignore entries starting with .
  -l                         use a long listing format
  -w, --width=COLS           set output width to COLS
      --color[=WHEN]         color the output WHEN; WHEN is 'always', 'never', or 'auto'
      --help     display this help and exit
`;
writeFileSync(join(dir, "ls.txt"), LS_HELP);

describe("grammargen CLI", () => {
  it("from-help-text prints Lark, GBNF and IR", async () => {
    const lark = await run(["from-help-text", join(dir, "ls.txt"), "--name", "ls"]);
    expect(lark.code).toBe(0);
    expect(lark.out).toMatch(/^start: ls$/m);
    const gbnf = await run(["from-help-text", join(dir, "ls.txt"), "--name", "ls", "--format", "gbnf"]);
    expect(gbnf.out).toMatch(/^root ::= ls$/m);
    const ir = await run(["from-help-text", "-", "--name", "ls", "--format=ir"], LS_HELP);
    const spec = JSON.parse(ir.out);
    expect(spec.options.find((o: { long: string[] }) => o.long.includes("color")).value.type).toEqual({ kind: "enum", choices: ["always", "never", "auto"] });
  });

  it("a --name of several words starts the grammar with that prefix", async () => {
    const r = await run(
      ["from-help-text", "-", "--name", "git log", "--out", join(dir, "gl.gbnf"), "--format", "gbnf"],
      "usage: git log [-p] [<path>...]\n\n    -p, --patch    show patches\n",
    );
    expect(r.code).toBe(0);
    const v = await run(["validate", join(dir, "gl.gbnf"), "--positive", "git log -p src", "--negative", "git -p", "--json"]);
    expect(JSON.parse(v.out)).toMatchObject({ ok: true });
  });

  it("validate reports each case and fails on a wrong expectation", async () => {
    await run(["from-help-text", join(dir, "ls.txt"), "--name", "ls", "--out", join(dir, "ls.lark")]);
    const ok = await run(["validate", join(dir, "ls.lark"), "--positive", "ls -la x", "--positive", "ls --color=never", "--negative", "ls --colour"]);
    expect(ok.code).toBe(0);
    const bad = await run(["validate", join(dir, "ls.lark"), "--positive", "ls -q", "--json"]);
    expect(bad.code).toBe(1);
    const json = JSON.parse(bad.out);
    expect(json.ok).toBe(false);
    expect(json.results[0]).toMatchObject({ input: "ls -q", expected: "accept", accepted: false, ok: false });
    expect(json.results[0].reason).toMatch(/column 5/);
  });

  it("captures help from a real program", async () => {
    const r = await run(["--format", "ir", "ls"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).options.length).toBeGreaterThan(40);
  });

  it("errors are one line on stderr, non-zero, and leave no output file", async () => {
    const cases: [string[], RegExp][] = [
      [["no-such-program-xyz"], /unknown command/],
      [["from-help-text", "/bin/true", "--name", "x", "--out", join(dir, "bin.lark")], /binary/],
      [["--out", join(dir, "missing", "x.lark"), "ls"], /cannot write/],
      [["validate", join(dir, "ls.txt")], /dialect/],
      [["--format", "yaml", "ls"], /--format/],
      [["ls", "--format", "gbnf"], /put grammargen.s options first/],
    ];
    const silent = join(dir, "silent.sh");
    writeFileSync(silent, "#!/bin/sh\nexit 0\n");
    chmodSync(silent, 0o755);
    cases.push([["--out", join(dir, "silent.lark"), silent], /no help text/]);
    const huge = join(dir, "huge.txt");
    writeFileSync(huge, "x".repeat(2_000_001));
    cases.push([["from-help-text", huge, "--name", "x", "--out", join(dir, "huge.lark")], /too large/]);
    for (const [argv, msg] of cases) {
      const r = await run(argv);
      expect(r.code, argv.join(" ")).not.toBe(0);
      expect(r.err.trim().split("\n"), argv.join(" ")).toHaveLength(1);
      expect(r.err, argv.join(" ")).toMatch(msg);
    }
    expect(existsSync(join(dir, "bin.lark")) || existsSync(join(dir, "silent.lark")) || existsSync(join(dir, "huge.lark"))).toBe(false);
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("reads where a short help text points for the full option list", () => {
    expect(fullerHelpArgs(" Try 'ps --help <simple|list|output|threads|misc|all>'\n  or 'ps --help <s|l|o|t|m|a>'")).toEqual(["--help", "all"]);
    expect(fullerHelpArgs('This is not the full help... For all options use the manual or "--help all".')).toEqual(["--help", "all"]);
    expect(fullerHelpArgs("  -h, --help        Show help options\n  --help-all        Show all help options")).toEqual(["--help-all"]);
    expect(fullerHelpArgs("  -a, --all   do not ignore entries\n      --help     display this help and exit")).toBeUndefined();
    expect(fullerHelpArgs("Getting help:\n    -h      -- print basic options\n    -h long -- print more options\n    -h full -- print all options")).toEqual([
      "-h",
      "long",
    ]);
    expect(
      fullerHelpArgs("  -h, --help          display this short help and exit\n  -H, --long-help     display the long help (lists also the advanced options)"),
    ).toEqual(["--long-help"]);
    // unzip's and tcc's `-hh` print prose that reads worse than their short lists.
    expect(fullerHelpArgs('See "unzip -hh" or unzip.txt for more help.  Examples:')).toBeUndefined();
    expect(fullerHelpArgs("  -h, --help  Show context-sensitive help (also try --help-long and --help-man).")).toEqual(["--help-long"]);
    // A spelling on a line that says nothing of more help, or a word that only contains it.
    expect(fullerHelpArgs("  -hh   print the hash in hex\n  --with-hh  all of it")).toBeUndefined();
  });

  it("follows a short help text to the full one it points to (curl's --help all), and keeps the short one when that fails", async () => {
    const brief = join(dir, "brief.sh");
    writeFileSync(
      brief,
      `#!/bin/sh
if [ "$1 $2" = "--help all" ]; then
  printf 'Usage: brief [options] FILE\n  -v, --verbose        more output\n  -o, --output=FILE    write to FILE\n  -q, --quiet          less output\n'
else
  printf 'Usage: brief [options] FILE\n  -v, --verbose   more output\nThis is not the full help; for all options use "--help all".\n'
fi
`,
    );
    chmodSync(brief, 0o755);
    const r = await run(["--format", "ir", brief]);
    expect(r.code, r.err).toBe(0);
    const spec = JSON.parse(r.out);
    expect(spec.source.helpArgs).toEqual(["--help", "all"]);
    expect(spec.options.map((o: { long: string[] }) => o.long[0]).sort()).toEqual(["output", "quiet", "verbose"]);
    const stuck = join(dir, "stuck.sh");
    writeFileSync(stuck, `#!/bin/sh\n[ "$2" = all ] && exit 2\nprintf 'Usage: stuck [-v]\n  -v   verbose\nSee stuck --help-all for more.\n'\n`);
    chmodSync(stuck, 0o755);
    const s2 = await run(["--format", "ir", stuck]);
    expect(s2.code, s2.err).toBe(0);
    expect(JSON.parse(s2.out).source.helpArgs).toEqual(["--help"]);
  });

  it("text without options still gives a grammar for the bare command, with a warning", async () => {
    const r = await run(["from-help-text", "-", "--name", "mytool", "--out", join(dir, "mytool.gbnf"), "--format", "gbnf"], "mytool does things with files.\n");
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/warning: no recognisable options/);
    const v = await run([
      "validate",
      join(dir, "mytool.gbnf"),
      "--positive",
      "mytool",
      "--positive",
      "mytool a b",
      "--negative",
      "mytool --x",
      "--negative",
      "other",
    ]);
    expect(v.code).toBe(0);
    expect(readFileSync(join(dir, "mytool.gbnf"), "utf8")).toMatch(/^root ::= mytool/m);
  });
});
