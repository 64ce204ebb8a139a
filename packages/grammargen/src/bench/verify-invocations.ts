// Checks every corpus invocation against the real program, inside bubblewrap, in a fresh
// throwaway directory with a few fixture files. A valid invocation must not produce a usage
// error; an invalid one must. Verdicts are stored next to invocations.json (verdicts.json, one
// verdict per line: see verdicts.ts) so CI can rely on them without the programs installed.
// Usage: node packages/grammargen/dist/bench/verify-invocations.js [--write] [name...]
import { execa } from "execa";
import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeFileAtomic } from "@shellgen/base";
import { readCorpus } from "./corpus.js";
import { SOURCES } from "./corpus-sources.js";
import { formatVerdicts, type Verdict } from "./verdicts.js";

/** Messages by which getopt, cobra, argparse, click, clap and others report a usage error. */
const USAGE_ERROR = [
  /invalid option/i,
  /unrecogni[sz]ed (option|arguments?)/i,
  /option requires an argument/i,
  /option '.*' requires an argument/i,
  /option .* doesn't allow an argument/i,
  /requires an argument/i,
  // Not a system call's strerror at the end of a line (sudo: "setresuid(-1, 1, -1): Invalid argument").
  /invalid argument(?!$)/im,
  /ambiguous argument/i,
  /missing (file )?operand/i,
  /not an option: /i, // mawk
  /option -\S+ lacks argument/i, // mawk
  /missing destination file operand/i,
  /extra operand/i,
  /Try '.*--help' for more information/i,
  /^usage:/im,
  /unknown (option|flag|shorthand flag|command)/i,
  /flag needs an argument/i,
  /invalid .* argument/i,
  /error: argument /i,
  /the following arguments are required/i,
  /No such option/i,
  /Error: Invalid value/i,
  /Error: Missing (argument|option)/i,
  /Error: No such command/i,
  /Got unexpected extra argument/i,
  /error: Found argument/i,
  /error: (Invalid|invalid) value/i,
  /error: The argument/i,
  /error: unexpected argument/i,
  /isn't a valid value/i,
  /error: a value is required/i,
  /error: The following required arguments were not provided/i,
  /error: the following required arguments were not provided/i,
  /invalid number/i,
  /invalid (time interval|duration|integer|suffix|line count|byte count|field|width|list)/i,
  /invalid argument for/i,
  /is not a valid/i,
  /cannot be used with/i,
  /bad (flag|option|argument)/i,
  /illegal option/i,
  /Unknown argument/i,
  /accepts (at most|between|\d+) .*arg/i,
  /requires (at least|exactly) \d+ arg/i,
  // Argument values the option parser itself refused.
  /invalid [\w -]+: '/i,
  /unknown [\w-]+ type/i,
  /invalid (max count|context length)/i,
  /Could not read numeric/i,
  /takes \w+ parameters?/i,
  /unrecognized --[\w-]+ argument/i,
  /Missing argument/i,
  /Invalid level/i,
  /Invalid value/i,
  /Failed to parse length/i,
  // The non-getopt styles: openssl, find, dd, curl, git.
  /Use -help for summary/,
  /needs a value/,
  /missing argument to/,
  /unknown predicate/,
  /paths must precede expression/,
  /unrecognized operand/,
  /invalid (conversion|input flag|output flag|status level)/,
  /: is unknown$/m,
  /requires parameter/,
  /^error: (unknown|did you mean)/m,
  /^fatal: unrecognized argument/m,
  /^fatal: (invalid|bad) (option|argument|revision|object name) /m,
  /requires a value/,
  /expects a numerical value/,
  /is not a positive number/,
  /Unknown (cipher|digest): /,
  /Can't parse ".*" as a number/,
  /Invalid format ".*" for option/,
];

const FIXTURES: Record<string, string> = {
  "a.txt": "alpha\nbeta\ngamma\nbeta\n",
  "b.txt": "alpha\ndelta\n",
  "notes.txt": "one two three\nfour five\n",
  "data.json": '{"name": "x", "items": [1, 2, 3]}\n',
  "data.csv": "id,name\n1,ann\n2,bob\n",
  "dir/c.txt": "charlie\n",
  "dir/sub/d.txt": "delta\n",
  "script.py": "import os\nx=1\n",
  "archive.gz": "",
};

async function fixtureDir(): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), "gg-fixture-"));
  for (const [p, content] of Object.entries(FIXTURES)) {
    const file = join(d, p);
    await execa("mkdir", ["-p", join(file, "..")]);
    await writeFile(file, content);
  }
  await execa("gzip", ["-kf", join(d, "a.txt")]);
  // git, tar and openssl invocations need a repository with a commit, archives and a key.
  await execa("tar", ["-czf", "a.tgz", "a.txt", "b.txt"], { cwd: d });
  await execa("tar", ["-cf", "a.tar", "a.txt"], { cwd: d });
  await execa("openssl", ["genrsa", "-out", "key.pem", "2048"], { cwd: d, reject: false });
  await execa("openssl", ["req", "-new", "-x509", "-key", "key.pem", "-out", "cert.pem", "-subj", "/CN=test", "-days", "30"], { cwd: d, reject: false });
  await execa("git", ["init", "-q", "-b", "main"], { cwd: d });
  await execa("git", ["add", "a.txt", "b.txt"], { cwd: d });
  await execa("git", ["-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "-q", "-m", "first"], {
    cwd: d,
    env: { GIT_AUTHOR_DATE: "2024-01-01T00:00:00", GIT_COMMITTER_DATE: "2024-01-01T00:00:00" },
  });
  await execa("git", ["tag", "v1"], { cwd: d });
  return d;
}

async function run(input: string, fixture: string): Promise<{ exitCode: number | null; out: string }> {
  const work = await mkdtemp(join(tmpdir(), "gg-run-"));
  await cp(fixture, work, { recursive: true });
  try {
    const r = await execa(
      "bwrap",
      [
        "--unshare-all",
        "--die-with-parent",
        "--ro-bind",
        "/usr",
        "/usr",
        "--ro-bind",
        "/etc",
        "/etc",
        "--symlink",
        "usr/bin",
        "/bin",
        "--symlink",
        "usr/lib",
        "/lib",
        "--symlink",
        "usr/lib64",
        "/lib64",
        "--symlink",
        "usr/sbin",
        "/sbin",
        "--proc",
        "/proc",
        "--dev",
        "/dev",
        "--tmpfs",
        "/tmp",
        "--bind",
        work,
        "/work",
        "--chdir",
        "/work",
        "--clearenv",
        "--setenv",
        "LANG",
        "C",
        "--setenv",
        "HOME",
        "/work",
        "--setenv",
        "PATH",
        "/usr/bin:/bin:/usr/sbin:/sbin",
        "--setenv",
        "TERM",
        "dumb",
        "bash",
        "-c",
        input,
      ],
      { stdin: "ignore", reject: false, timeout: 8000, maxBuffer: 4_000_000, all: true },
    );
    return { exitCode: r.timedOut ? null : (r.exitCode ?? null), out: String(r.all ?? "") };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function main() {
  const args = process.argv.slice(2);
  const write = args.includes("--write");
  const names = args.filter((a) => !a.startsWith("--"));
  const mine = new Set(SOURCES.map((s) => s.name));
  const fixture = await fixtureDir();
  let bad = 0;
  let total = 0;
  for (const e of readCorpus()) {
    if (names.length ? !names.includes(e.name) : !mine.has(e.name)) continue;
    if (!e.invocations) {
      console.log(`${e.name}: no invocations.json`);
      continue;
    }
    const verdicts: Verdict[] = [];
    for (const [expected, list] of [
      ["valid", e.invocations.valid],
      ["invalid", e.invocations.invalid],
    ] as const) {
      for (const input of list) {
        const { exitCode, out } = await run(input, fixture);
        // A timeout means the program ran (a server, a prompt): not a usage error.
        const hit = exitCode === 0 || exitCode === null ? undefined : USAGE_ERROR.find((re) => re.test(out));
        const usageError = hit !== undefined;
        const ok = usageError === (expected === "invalid");
        const line = out.split("\n").find((l) => hit?.test(l)) ?? out.split("\n")[0] ?? "";
        verdicts.push({ input, expected, exitCode, usageError, ok, evidence: line.slice(0, 200) });
        total++;
        if (!ok) {
          bad++;
          console.log(`MISMATCH ${e.name}: ${expected} ${JSON.stringify(input)} exit=${exitCode} ${JSON.stringify(out.slice(0, 300))}`);
        }
      }
    }
    if (write) await writeFileAtomic(join(e.dir, "verdicts.json"), formatVerdicts({ program: e.meta.program, version: e.meta.version, verdicts }));
  }
  await rm(fixture, { recursive: true, force: true });
  console.log(`${total - bad}/${total} invocations behave as labelled`);
  process.exitCode = bad ? 1 : 0;
}

await main();
