// `grammargen profile` over each input format, bad input, and the policy it writes: read
// back with loadPolicy, composed into a grammar and judged by the checker (real
// tree-sitter-bash, the real pack IRs).
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../src/cli/main.js";
import type { Io } from "../src/cli/output.js";
import { checkPolicy, compose, loadPolicy, recognize, type Policy } from "../src/index.js";
import { readCorpus } from "../src/pack/corpus.js";
import { inEvaluation } from "../src/profile/bench.js";

const ROOT = join(import.meta.dirname, "../../..");

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: Io = { stdout: (t) => void (out += t), stderr: (t) => void (err += t), readStdin: async () => "" };
  const code = await main(argv, io);
  return { code, out, err };
}

const dir = mkdtempSync(join(tmpdir(), "profile-"));
const file = (name: string, text: string): string => {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
};

async function profile(...argv: string[]): Promise<{ policy: Policy; yaml: string; err: string }> {
  const out = join(dir, `p-${Math.random().toString(36).slice(2)}.yaml`);
  const r = await run(["profile", ...argv, "--out", out]);
  expect(r.code, r.err).toBe(0);
  const yaml = readFileSync(out, "utf8");
  return { policy: loadPolicy(out), yaml, err: r.err };
}

const rule = (p: Policy, command: string) => p.options?.find((r) => r.command === command);

describe("input formats", () => {
  it("reads bash history with #EPOCH lines", async () => {
    const f = file("bash_history", "#1700000000\nls -la src\n#1700000005\ngrep -rn TODO src\n");
    const { policy } = await profile("--from", f);
    expect(policy.commands.allow).toEqual(["grep", "ls"]);
    expect(rule(policy, "ls")!.allow).toEqual(expect.arrayContaining(["-l", "-a", "--all"]));
  });

  it("reads zsh extended history, a multi-line entry included", async () => {
    const f = file("zsh_history", ": 1700000000:0;wc -l notes.txt\n: 1700000009:2;for f in *.txt; do\\\nhead -n 2 $f\\\ndone\n");
    const { policy } = await profile("--from", f);
    expect(policy.commands.allow).toEqual(["head", "wc"]);
    expect(rule(policy, "head")!.allow).toContain("-n");
    expect(rule(policy, "head")!.values).toContain("-n");
  });

  it("reads plain text, one command per line, comments skipped", async () => {
    const f = file("plain.txt", "# my commands\nsort -u names.txt\n\nuniq -c counts.txt\n");
    const { policy } = await profile("--from", f);
    expect(policy.commands.allow).toEqual(["sort", "uniq"]);
  });

  it("reads JSON Lines with a command field", async () => {
    const f = file("log.jsonl", `${JSON.stringify({ command: "cut -d , -f 1 a.csv", at: 1 })}\n${JSON.stringify({ command: "tr a-z A-Z" })}\n`);
    const { policy } = await profile("--from", f);
    expect(policy.commands.allow).toEqual(["cut", "tr"]);
    expect(rule(policy, "cut")!.values).toEqual(expect.arrayContaining(["-d", "-f"]));
  });

  it("reads a shellgen run log: the attempts that ran and succeeded", async () => {
    const run = join(dir, "run-1");
    mkdirSync(run);
    const step = (n: number, s: object) => writeFileSync(join(run, `step-0${n}.json`), JSON.stringify({ step: n, at: "2026-12-05T00:00:00Z", ...s }));
    step(1, { kind: "start", goal: "count lines" });
    step(2, { kind: "attempt", command: "wc --lines data.txt", verdict: "failed" });
    step(3, { kind: "attempt", command: "nl data.txt | tail -n 1", verdict: "rejected" });
    step(4, { kind: "attempt", command: "wc -l data.txt", verdict: "success" });
    const { policy } = await profile("--from", run);
    expect(policy.commands.allow).toEqual(["wc"]);
    expect(rule(policy, "wc")!.allow).toEqual(["-l", "--lines"]);
  });

  it("reads a bench run's results.jsonl: passing commands only", async () => {
    const rec = (model: string, taskId: string, command: string, passed: boolean) =>
      JSON.stringify({ model, mode: "native", taskId, tier: 1, command, passed, reason: passed ? "ok" : "wrong" });
    const f = file("results.jsonl", [rec("m1", "t1-a", "ls -1", true), rec("m1", "t1-b", "du -sh .", false)].join("\n"));
    const { policy } = await profile("--from", f);
    expect(policy.commands.allow).toEqual(["ls"]);
  });
});

describe("--from-bench with a model and a calibration/evaluation split", () => {
  const rec = (model: string, taskId: string, command: string, passed: boolean) =>
    JSON.stringify({ model, mode: "native", taskId, tier: 1, command, passed, reason: passed ? "ok" : "wrong" });
  const ids = Array.from({ length: 40 }, (_, i) => `t1-task-${i}`);
  const lines = ids.flatMap((id, i) => [
    rec("m1", id, i % 2 ? "sort -r f" : "sort -n f", true),
    rec("m1", id, "sort --bogus-flag f", false),
    rec("m2", id, "wc -c f", true),
  ]);
  const runDir = join(dir, "bench-run");
  mkdirSync(runDir);
  writeFileSync(join(runDir, "results.jsonl"), `${lines.join("\n")}\n`);

  it("keeps model M's passes only: nothing from failing tasks, nothing from other models", async () => {
    const { policy } = await profile("--from-bench", runDir, "--model", "m1");
    expect(policy.commands.allow).toEqual(["sort"]);
    expect(rule(policy, "sort")!.allow).not.toContain("--bogus-flag");
    expect(rule(policy, "sort")!.allow).toEqual(expect.arrayContaining(["-r", "-n"]));
  });

  it("never learns from the evaluation tasks it writes out", async () => {
    const evalOut = join(dir, "eval-tasks.txt");
    const { yaml } = await profile("--from-bench", runDir, "--model", "m1", "--eval-share", "0.5", "--eval-out", evalOut);
    const held = readFileSync(evalOut, "utf8").trim().split(",");
    expect(held.length).toBeGreaterThan(5);
    expect(held.length).toBeLessThan(35);
    for (const id of held) expect(inEvaluation(id, 0.5)).toBe(true);
    // The header counts what was held out: 2 records of m1 for each evaluation task.
    expect(yaml).toContain(`${held.length * 2} held out for evaluation`);
  });

  it("needs --model", async () => {
    const r = await run(["profile", "--from-bench", runDir]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--model/);
  });
});

describe("bad input", () => {
  it("skips a line that is not JSON with its line number, and keeps the rest", async () => {
    const f = file("bad.jsonl", `${JSON.stringify({ command: "ls" })}\n{not json\n${JSON.stringify({ cmd: "x" })}\n${JSON.stringify({ command: "pwd" })}\n`);
    const { policy, err } = await profile("--from", f);
    expect(err).toMatch(/bad\.jsonl:2: not valid JSON/);
    expect(err).toMatch(/bad\.jsonl:3: has no string `command` field/);
    expect(policy.commands.allow).toEqual(["ls", "pwd"]);
  });

  it("counts and skips lines that do not parse as bash", async () => {
    const f = file("broken.txt", "cat 'unterminated\nls |\nhead -n 1 f\n");
    const { policy, err, yaml } = await profile("--from", f);
    expect(err).toMatch(/broken\.txt:1: does not parse as bash/);
    expect(err).toMatch(/broken\.txt:2: does not parse as bash/);
    expect(yaml).toMatch(/3 commands read, 1 counted, 2 skipped/);
    expect(policy.commands.allow).toEqual(["head"]);
  });

  it("fails clearly on a missing file, an input with no command, and a bad --min-count", async () => {
    expect(await run(["profile", "--from", join(dir, "nope.txt")])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/cannot read .*nope\.txt: no such file/),
    });
    expect(await run(["profile", "--from", file("empty.txt", "\n# only a comment\n")])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/no command could be read/),
    });
    expect(await run(["profile", "--from", file("one.txt", "ls\n"), "--min-count", "0"])).toMatchObject({ code: 2 });
    expect(await run(["profile"])).toMatchObject({ code: 2, err: expect.stringMatching(/usage: grammargen profile/) });
  });

  it("writes nothing when the output folder does not exist", async () => {
    const r = await run(["profile", "--from", file("ok.txt", "ls\n"), "--out", join(dir, "no/such/dir/p.yaml")]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/cannot write .*no such directory/);
  });
});

describe("what is learned", () => {
  it("splits clusters, counts aliases as one option, and keeps options seen at least --min-count times", async () => {
    const f = file("curl.txt", ["curl -sL -m 5 https://a.example/x", "curl --silent -m 5 https://a.example/y", "curl -k -m 5 https://a.example/z"].join("\n"));
    const { policy, yaml } = await profile("--from", f, "--min-count", "2");
    const curl = rule(policy, "curl")!;
    expect(curl.allow).toEqual(expect.arrayContaining(["-s", "--silent", "-m", "--max-time"]));
    expect(curl.allow).not.toContain("-L");
    expect(curl.allow).not.toContain("-k");
    expect(yaml).toMatch(/- -s {2}# 2, e\.g\. curl -sL -m 5/);
    expect(yaml).toMatch(/# curl: 3 invocations; operands and values: number 3, url:https 3/);
  });

  it("sees through sudo, xargs, env and timeout, and never allows what the base denies", async () => {
    const f = file(
      "wrapped.txt",
      [
        "sudo apt-get update",
        "find . -name '*.log' | xargs rm -f",
        "env LC_ALL=C sort -u words",
        "timeout 5 sleep 1",
        "git push --force origin main",
        "shred -u secret",
      ].join("\n"),
    );
    const { policy, yaml } = await profile("--from", f);
    expect(policy.commands.allow).toEqual(["apt-get", "env", "find", "git", "rm", "sleep", "sort", "timeout", "xargs"]);
    expect(policy.commands.allow).not.toContain("sudo");
    expect(rule(policy, "git push")!.allow).toEqual([]);
    const denied = /# Seen but denied by the base: (.*)/.exec(yaml)![1]!;
    for (const what of ["sudo (1)", "git push --force (1)", "shred (1)"]) expect(denied).toContain(what);
    // The learned policy's checker refuses what the base refuses.
    for (const cmd of ["sudo apt-get update", "git push --force origin main", "shred -u secret", "rm -rf /"]) expect(checkPolicy(policy, cmd)).not.toEqual([]);
  });

  it("adds a flag the base requires, so the grammar stays satisfiable", async () => {
    const { policy, yaml } = await profile("--from", file("wget.txt", "wget -q https://a.example/f\n"));
    expect(rule(policy, "wget")!.allow).toEqual(expect.arrayContaining(["-q", "-T", "--timeout"]));
    expect(yaml).toMatch(/- -T {2}# required by the base policy/);
  });
});

describe("options rules in the grammar and the checker", () => {
  const policy: Policy = loadPolicy({
    version: 1,
    commands: { allow: ["curl", "git", "ls", "timeout"], deny: [] },
    options: [
      { command: "curl", allow: ["-s", "--silent", "-m", "--max-time"], values: ["-m", "--max-time"] },
      { command: "ls", allow: ["-l", "-a"] },
      { command: "git commit", allow: ["-m", "--message"], values: ["-m", "--message"] },
      { command: "timeout", allow: [] },
    ],
  });
  const specs = readCorpus(join(ROOT, "corpora/help"), ["curl", "ls", "git-commit", "git-log", "timeout"]).map((e) => e.spec);
  const grammar = compose({ commands: specs, policy });
  const cases: [string, boolean][] = [
    ["curl -s -m 5 https://a.example", true],
    ["curl -sm 5 https://a.example", true],
    ["curl --silent --max-time 5 https://a.example", true],
    ["curl -k https://a.example", false],
    ["curl -sk https://a.example", false],
    ["ls -la", true],
    ["ls -R", false],
    ["git commit -m x", true],
    ["git commit --amend", false],
    ["git log", false],
    ["timeout 5 ls -l", true],
    ["timeout 5 ls -R", false],
    ["timeout -s KILL 5 ls", false],
  ];
  it.each(cases)("%s: allowed %s by both", (cmd, ok) => {
    expect(recognize(grammar, cmd).accepted).toBe(ok);
    expect(checkPolicy(policy, cmd).length === 0).toBe(ok);
  });

  it("names the rule and the option in a violation", () => {
    const [v] = checkPolicy(policy, "ls -lR /workspace");
    expect(v).toMatchObject({ rule: "options.allow", message: "ls's option -R (in -lR) is not in the policy's allowed options" });
    expect(checkPolicy(policy, "git log")[0]).toMatchObject({ rule: "options.subcommand" });
  });

  it("names a one-dash word as itself where the allowed options are one-dash words (find -empty), and a cluster's letter elsewhere", () => {
    const words = loadPolicy({ version: 1, options: [{ command: "find", allow: ["-name", "-type"] }] });
    expect(checkPolicy(words, "find . -empty")[0]?.message).toBe("find's option -empty is not in the policy's allowed options");
    expect(checkPolicy(words, "find . -name x -type f")).toEqual([]);
    const letters = loadPolicy({ version: 1, options: [{ command: "ls", allow: ["-l"] }] });
    expect(checkPolicy(letters, "ls -la")[0]?.message).toBe("ls's option -a (in -la) is not in the policy's allowed options");
  });

  it("is checked by the policy schema", () => {
    expect(() => loadPolicy({ version: 1, options: [{ command: "ls", allow: ["l"] }] })).toThrow(/options\/0\/allow\/0/);
    expect(() => loadPolicy({ version: 1, options: [{ allow: [] }] })).toThrow(/command/);
  });
});

describe("the README's flow over the fixtures (a bash history, a zsh history, a folder of run logs)", () => {
  const F = join(ROOT, "packages/grammargen/test/fixtures/profile");
  it("learns a policy, composes its grammar and checks against it", async () => {
    const { policy, err } = await profile("--from", join(F, "bash_history"), "--from", join(F, "zsh_history"), "--from", join(F, "runs"), "--min-count", "2");
    expect(err).toMatch(/bash_history:26: does not parse as bash/);
    expect(policy.commands.allow).toEqual(["curl", "find", "git", "grep", "head", "ls", "rm", "sort", "tail", "wc", "xargs"]);
    // A failed attempt of a run log teaches nothing: ls's --color=never is not there.
    expect(rule(policy, "ls")!.allow).toEqual(["-l"]);
    const out = join(dir, "team.gbnf");
    const yaml = join(dir, "team-policy.yaml");
    writeFileSync(yaml, `${JSON.stringify(policy)}\n`);
    expect((await run(["compose", "--policy", yaml, "--format", "gbnf", "--out", out])).code).toBe(0);
    const v = await run([
      "validate",
      out,
      "--positive",
      "git commit -m wip",
      "--negative",
      "git commit --amend",
      "--negative",
      "git reset --hard",
      "--negative",
      "sudo ls",
    ]);
    expect(v.out).toMatch(/4\/4 as expected/);
    expect((await run(["check-policy", "--policy", yaml, "--", "curl -k -m 5 https://example.com"])).out).toMatch(/^options\.allow: curl's option -k/);
  }, 60_000);
});

describe("subcommands nested in a program's IR, and a program run without one", () => {
  const history = ["restic -r /workspace/repo backup src", "restic -r /workspace/repo snapshots", "hugo -D", "hugo server", "hugo server"].join("\n");
  const specs = readCorpus(join(ROOT, "corpora/help"), ["restic", "hugo"]).map((e) => e.spec);
  it("learns each subcommand and its options, and composes and checks only those", async () => {
    const { policy } = await profile("--from", file("nested.txt", history));
    expect(policy.options!.map((r) => r.command)).toEqual(["hugo", "hugo server", "restic backup", "restic snapshots"]);
    expect(rule(policy, "restic backup")!.allow).toEqual(expect.arrayContaining(["-r", "--repo"]));
    const grammar = compose({ commands: specs, policy });
    const cases: [string, boolean][] = [
      ["restic -r /workspace/repo backup src", true],
      ["restic -r /workspace/repo forget --prune", false],
      ["restic -r /workspace/repo backup --no-scan src", false],
      ["hugo -D", true],
      ["hugo -F", false],
      ["hugo server", true],
      ["hugo deploy", false],
    ];
    for (const [cmd, ok] of cases) {
      expect(recognize(grammar, cmd).accepted, `grammar: ${cmd}`).toBe(ok);
      expect(checkPolicy(policy, cmd).length === 0, `checker: ${cmd}`).toBe(ok);
    }
  });

  it("takes its examples from commands the base allows where there are some", async () => {
    const { yaml } = await profile("--from", file("example.txt", "sudo rm -rf /\nrm -rf build\n"));
    expect(yaml).toMatch(/- rm {2}# 2, e\.g\. rm -rf build/);
    expect(yaml).toMatch(/- -r {2}# 2, e\.g\. rm -rf build/);
  });
});
