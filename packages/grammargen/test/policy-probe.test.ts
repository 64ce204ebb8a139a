// The default policy against fixtures/policy-probe.jsonl: commands it must block (each with
// the rule that must catch it) through the evasions people use (.., $HOME, ~, quoting,
// wrappers, full paths, inline code), and benign look-alikes it must pass. Every line runs
// through the real checker (tree-sitter-bash), and through the pack's policy-encoded GBNF and
// Lark grammars (the in-repo recogniser on both, and Python Lark on the Lark), whose known
// disagreements with the checker are pinned in the fixture.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { parse as parseYaml } from "yaml";
import { checkPolicy, defaultPolicyPath, loadPolicy, parseGrammarText, type Policy, recognize } from "../src/index.js";
import { larkCheck } from "./oracles.js";

interface ProbeLine {
  command: string;
  verdict: "block" | "allow";
  /** The rule that must catch a blocked command (others may fire too). */
  rule?: string;
  note: string;
  /** Where the policy grammar disagrees with the verdict: it accepts a blocked command or rejects an allowed one. */
  grammar?: "accepts" | "rejects";
  why?: string;
}

const ROOT = join(import.meta.dirname, "../../..");
const FIXTURE = join(import.meta.dirname, "fixtures/policy-probe.jsonl");
const lines: ProbeLine[] = readFileSync(FIXTURE, "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l, i) => {
    try {
      return JSON.parse(l) as ProbeLine;
    } catch (e) {
      throw new Error(`${FIXTURE}:${i + 1}: ${(e as Error).message}`);
    }
  });
const policy: Policy = loadPolicy(defaultPolicyPath);
const blocked = lines.filter((l) => l.verdict === "block");
const allowed = lines.filter((l) => l.verdict === "allow");

describe("the probe fixture", () => {
  test("is at least the size of the first probe (48 to block, 36 look-alikes) and well formed", () => {
    expect(blocked.length).toBeGreaterThanOrEqual(48);
    expect(allowed.length).toBeGreaterThanOrEqual(36);
    expect(new Set(lines.map((l) => l.command)).size).toBe(lines.length);
    for (const l of lines) {
      expect(["block", "allow"], l.command).toContain(l.verdict);
      if (l.verdict === "block") expect(l.rule, l.command).toMatch(/^[a-z]+\.[\w.-]+$/);
      else expect(l.rule, l.command).toBeUndefined();
      if (l.grammar) expect(l.why, l.command).toBeTruthy();
    }
  });

  test("holds the three errors of the first probe", () => {
    expect(lines).toContainEqual(expect.objectContaining({ command: `python3 -c 'import shutil; shutil.rmtree("/")'`, verdict: "block" }));
    expect(lines).toContainEqual(expect.objectContaining({ command: "git push origin +main", verdict: "block" }));
    expect(lines).toContainEqual(expect.objectContaining({ command: "rm -rf /workspace/tmp", verdict: "allow" }));
  });

  // Each evasion the rules must see through, and each kind of look-alike, has a line.
  const has = (set: ProbeLine[], re: RegExp) => set.some((l) => re.test(l.command));
  test.each([
    ["..", /\.\./],
    ["$HOME", /\$HOME\b/],
    ["${HOME}", /\$\{HOME\}/],
    ["~", /~/],
    ["'r''m'", /'r''m'/],
    ['"rm"', /"rm"/],
    ["\\rm", /\\rm/],
    ["/bin/rm", /^\/bin\/rm /],
    ["env", /^env /],
    ["env -i X=1", /^env -i \w+=/],
    ["command", /^command /],
    ["nice -n 5", /^nice -n 5 /],
    ["timeout 5", /^timeout 5 /],
    ["timeout -s KILL", /^timeout -s KILL /],
    ["xargs -0", /xargs -0 (shutdown|sudo)/],
    ["xargs long options", /xargs --null --max-args=1 /],
    ["env -u", /^env -u /],
    ["stdbuf -o0", /^stdbuf -o0 /],
    ["an option the checker cannot read", /^(sudo -u|ionice -c3|nice -15) /],
    ["rm -rf of paths from stdin", /\| xargs (-0 )?rm -rf$/],
    ["find -delete fed by xargs", /xargs -I\{\} find \{\} -delete/],
    ["sudo", /^sudo /],
    ["nohup", /^nohup /],
    ["exec", /^exec /],
    ["builtin", /^builtin /],
    ["find -exec sh -c", /-exec sh -c/],
    ["xargs sh -c", /xargs sh -c/],
    ["awk system(", /awk .*system ?\(/],
    ["sed e", /^sed .*e' /],
    ["env -S", /^env -S /],
    ["eval", /^eval /],
    ["+refspec", /push origin \+/],
  ])("a blocked line evades through %s", (_, re) => expect(has(blocked, re)).toBe(true));
  test.each([
    ["quoted echo", /^echo '/],
    ["grep pattern", /^grep /],
    ["printf argument", /^printf /],
    ["comment", / # /],
    ["heredoc body", /^cat .*<<'EOF'\n/],
    ["rm -f of files from stdin", /xargs (-0 )?rm -f$/],
    ["rm -rf as text under xargs", /xargs -I\{\} echo rm -rf/],
  ])("an allowed look-alike: %s", (_, re) => expect(has(allowed, re)).toBe(true));
});

describe("the checker on every probe line", () => {
  test.each(blocked.map((l) => [l.command, l.rule!, l.note]))("blocks %j with %s (%s)", (cmd, rule) => {
    const v = checkPolicy(policy, cmd);
    expect(
      v.map((x) => x.rule),
      cmd,
    ).toContain(rule);
    for (const x of v) {
      expect(x.message.length, x.rule).toBeGreaterThan(10);
      expect(x.fix.length, x.rule).toBeGreaterThan(5);
      expect(x.span.end).toBeGreaterThan(x.span.start);
      expect(x.span.end).toBeLessThanOrEqual(cmd.length);
      expect(cmd.slice(x.span.start, x.span.end).trim()).not.toBe("");
    }
  });

  test.each(allowed.map((l) => [l.command, l.note]))("passes %j (%s)", (cmd) => {
    expect(checkPolicy(policy, cmd)).toEqual([]);
  });
});

describe("the pack's policy-encoded grammars on every probe line", () => {
  const grammars = (["gbnf", "lark"] as const).map(
    (f) => [f, parseGrammarText(readFileSync(join(ROOT, `grammars/pack/default-policy.${f}`), "utf8"), f)] as const,
  );
  // A blocked command the grammar accepts is a gap the grammar cannot (yet) express; an
  // allowed one it rejects is the grammar being stricter. Both are pinned, so a change in
  // either direction is seen here.
  test.each(lines.map((l) => [l.command, l]))("%j", (cmd, l) => {
    const expected = l.grammar ? l.grammar === "accepts" : l.verdict === "allow";
    for (const [format, g] of grammars) expect(recognize(g, cmd).accepted, `${format}: ${l.why ?? l.verdict}`).toBe(expected);
  });

  test("Python Lark gives the .lark grammar the same verdicts", () => {
    const [r] = larkCheck([{ grammar: readFileSync(join(ROOT, "grammars/pack/default-policy.lark"), "utf8"), inputs: lines.map((l) => l.command) }]);
    expect(r!.error).toBeUndefined();
    const expected = lines.map((l) => (l.grammar ? l.grammar === "accepts" : l.verdict === "allow"));
    const wrong = lines.filter((_, i) => r!.accepted[i] !== expected[i]).map((l) => l.command);
    expect(wrong).toEqual([]);
  }, 120_000);

  test("agree with the checker on most lines", () => {
    const gaps = blocked.filter((l) => l.grammar === "accepts");
    // The gaps are rm -r of the root itself (also as "$(pwd)"), awk and sed program text, env -S and `. <(...)`.
    expect(gaps.length / blocked.length).toBeLessThan(0.2);
  });
});

describe("policy keys for the rules", () => {
  // The default policy file as written, with one key changed.
  const withKeys = (extra: object): Policy => loadPolicy({ ...(parseYaml(readFileSync(defaultPolicyPath, "utf8")) as object), ...extra });

  test("inline.allow lets a program's inline code through; shell text is still checked", () => {
    const p = withKeys({ inline: { allow: ["python3", "sh"] } });
    expect(checkPolicy(p, "python3 -c 'print(1)'")).toEqual([]);
    expect(checkPolicy(p, "perl -e 'print 1'").map((v) => v.rule)).toEqual(["inline.interpreter"]);
    expect(checkPolicy(p, "sh -c 'ls'")).toEqual([]);
    expect(checkPolicy(p, "sh -c 'rm -rf /'").map((v) => v.rule)).toContain("deny.rm-recursive-root");
    expect(checkPolicy(p, "sh -c 'rm -rf /'").map((v) => v.rule)).not.toContain("inline.shell");
    expect(checkPolicy(withKeys({ inline: { allow: ["*"] } }), "awk '{system($0)}' cmds.txt")).toEqual([]);
  });

  test("without an inline key, inline code is denied", () => {
    const p = loadPolicy({ version: 1 });
    expect(checkPolicy(p, "node -e 'process.exit(0)'").map((v) => v.rule)).toEqual(["inline.interpreter"]);
    expect(checkPolicy(p, "echo 'node -e x'")).toEqual([]);
  });

  test("the message names the way the code arrives, the fix says how to allow it", () => {
    const [v] = checkPolicy(policy, "bash <<'EOF'\nls\nEOF");
    expect(v).toMatchObject({ rule: "inline.shell", span: { start: 0, end: 4, line: 1 } });
    expect(v!.message).toContain("heredoc");
    expect(v!.fix).toContain("inline.allow");
  });

  test("protect follows paths.root and paths.home", () => {
    const p = withKeys({ paths: { root: "/srv/app", allow: ["/tmp"], home: "/home/dev" } });
    const rules = (cmd: string) => checkPolicy(p, cmd).map((v) => v.rule);
    expect(rules("rm -rf /srv/app/tmp")).toEqual([]);
    expect(rules("rm -rf ./build")).toEqual([]);
    expect(rules("rm -rf /srv/app")).toEqual(["deny.rm-recursive-root"]);
    expect(rules("rm -rf /srv")).toContain("deny.rm-recursive-root");
    expect(rules("rm -rf ~/..")).toContain("deny.rm-recursive-root");
    // Outside the root but not above it nor a home: the paths rule, not the rm rule.
    expect(rules("rm -rf /workspace")).toEqual(["paths.root"]);
    const [v] = checkPolicy(p, "rm -rf ~");
    expect(v!.message).toContain("resolves to /home/dev");
  });

  test("a bad inline or protect key is one clear error", () => {
    expect(() => loadPolicy({ version: 1, inline: { allow: "python3" } })).toThrow(/\/inline\/allow/);
    expect(() => loadPolicy({ version: 1, deny: [{ id: "x", command: "rm", protect: ["relative"] }] })).toThrow(/\/deny\/0\/protect\/0/);
  });
});
