// The policy checker through wrappers, on real tree-sitter-bash: for every option spelling of
// every wrapper the inner program is judged (a denied one is refused), a wrapper option the
// checker cannot read refuses the line (closed, never open), and a destructive command fed
// its operands by xargs is refused by the default policy unless the policy drops that rule.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { wrapperShape } from "@shellgen/base";
import { describe, expect, test } from "vitest";
import { parse as parseYaml } from "yaml";
import { unknownOptionLine, WRAPPERS, wrappedLine } from "../../base/test/wrapper-spellings.js";
import { checkPolicy, defaultPolicyPath, loadPolicy, type Policy } from "../src/index.js";

const policy = loadPolicy(defaultPolicyPath);
const rules = (p: Policy, cmd: string) => checkPolicy(p, cmd).map((v) => v.rule);
/** The default policy as written, with the deny rules whose ids are listed removed. */
const without = (...ids: string[]): Policy => {
  const doc = parseYaml(readFileSync(defaultPolicyPath, "utf8")) as { deny: { id: string }[] };
  return loadPolicy({ ...doc, deny: doc.deny.filter((r) => !ids.includes(r.id)) });
};

describe("a denied program behind any wrapper", () => {
  test("for every option spelling of every wrapper, the denied inner program is refused at its own word", () => {
    for (const wrapper of WRAPPERS.filter((w) => !wrapperShape(w)!.unreadable)) {
      fc.assert(
        fc.property(wrappedLine(wrapper), ({ line, inner }) => {
          const at = line.lastIndexOf(` ${inner} `) + 1;
          const v = checkPolicy(policy, line);
          expect(
            v.some((x) => x.rule === "commands.deny" && x.span.start === at),
            `${line}: ${JSON.stringify(v.map((x) => x.rule))}`,
          ).toBe(true);
          expect(v.map((x) => x.rule)).not.toContain("commands.unreadable");
        }),
        { numRuns: 25 },
      );
    }
  });

  test("a wrapper whose operands before the command are a list refuses any program after them", () => {
    const unreadable = WRAPPERS.filter((w) => wrapperShape(w)!.unreadable);
    expect(unreadable.length).toBeGreaterThan(0);
    for (const wrapper of unreadable) expect(rules(policy, `${wrapper} x make`), wrapper).toContain("commands.unreadable");
  });

  test("an option a wrapper's help does not list refuses the line, with the rule and a fix", () => {
    for (const wrapper of WRAPPERS) {
      fc.assert(
        fc.property(unknownOptionLine(wrapper, "make"), ({ line }) => {
          const v = checkPolicy(policy, line).find((x) => x.rule === "commands.unreadable");
          expect(v, line).toBeDefined();
          expect(v!.message).toContain(wrapper);
          expect(v!.fix).toContain(wrapper);
          expect(line.slice(v!.span.start, v!.span.end)).toMatch(/^-/);
        }),
        { numRuns: 10 },
      );
    }
  });

  test.each([
    ["ls | xargs -0 shutdown now", "commands.deny"],
    ["ls | xargs -0 sudo reboot", "commands.deny"],
    ["find . | xargs -0 -n1 rm -rf /", "deny.rm-recursive-root"],
    ["timeout -s KILL 5 reboot", "commands.deny"],
    ["nice -n 5 reboot", "commands.deny"],
    ["env -u X reboot", "commands.deny"],
    ["stdbuf -o0 reboot", "commands.deny"],
    ["taskset -c 0 reboot", "commands.unreadable"],
    // doas's usage line is read from its help text (-u takes a value): make is found and denied.
    ["doas -u user make", "commands.deny"],
    ["runuser -u user make", "commands.unreadable"],
    ["sudo -u user make", "commands.deny"],
    ["flock /tmp/lock -c reboot", "inline.shell"],
    ["flock /tmp/lock -Z reboot", "commands.unreadable"],
    ["bwrap --bind / / reboot", "commands.deny"],
    ["setarch x86_64 -R reboot", "commands.unreadable"],
    ["runcon -t unconfined_t reboot", "commands.unreadable"],
    ["runcon system_u:system_r:unconfined_t:s0 reboot", "commands.unreadable"],
    ["watch -n 5 reboot", "commands.deny"],
    ["timeout 9 watch 'reboot now'", "commands.deny"],
    ["ssh host 'shutdown -h now'", "commands.deny"],
  ])("%s is refused (%s)", (cmd, rule) => {
    expect(rules(policy, cmd)).toContain(rule);
  });

  test("a wrapper's command-line option is inline code, checked as a command line when allowed", () => {
    expect(rules(policy, "hyperfine -s 'make clean' make")).toContain("inline.shell");
    const allowed = loadPolicy({ ...(parseYaml(readFileSync(defaultPolicyPath, "utf8")) as object), inline: { allow: ["hyperfine"] } });
    expect(rules(allowed, "hyperfine -s 'make clean' make")).toEqual([]);
    expect(rules(allowed, "hyperfine --prepare='reboot' make")).toContain("commands.deny");
  });

  test("su -c's command line is read wherever su's options stand: inline code, and checked as a command line when allowed", () => {
    const open = loadPolicy({ version: 1, deny: [{ id: "rm-root", command: "rm", flags: ["-r"], protect: ["/"] }], inline: { allow: ["su"] } });
    for (const line of ["su -c 'rm -r /'", "su - root -c 'rm -r /'", "su root --command='rm -r /'", "su -lc 'rm -r /' root"]) {
      expect(rules(open, line), line).toEqual(["deny.rm-root"]);
      expect(rules(policy, line), line).toEqual(expect.arrayContaining(["commands.deny", "inline.shell"]));
      expect(rules(policy, line), line).not.toContain("commands.unreadable");
    }
    expect(rules(open, "su - root -c 'ls -l'")).toEqual([]);
  });

  test("a policy that judges no programs still refuses an unreadable wrapper (what it runs escapes inline and path rules too)", () => {
    expect(rules(loadPolicy({ version: 1 }), "taskset -c 0 python3 -c 'import os'")).toContain("commands.unreadable");
    expect(rules(loadPolicy({ version: 1 }), "nice -n 5 make")).toEqual([]);
  });
});

describe("destructive commands whose operands come from standard input", () => {
  test.each([
    ["echo / | xargs rm -rf", "deny.rm-recursive-xargs"],
    ["find . -print0 | xargs -0 rm -r", "deny.rm-recursive-xargs"],
    ["xargs -a list.txt rm --recursive --force", "deny.rm-recursive-xargs"],
    ["ls | xargs -I{} rm -R {}", "deny.rm-recursive-xargs"],
    ["echo / | xargs -I{} find {} -delete", "deny.find-delete-xargs"],
    ["ls | xargs shred", "commands.deny"],
  ])("the default policy refuses %s (%s), with a fix", (cmd, rule) => {
    const v = checkPolicy(policy, cmd).find((x) => x.rule === rule);
    expect(v, cmd).toBeDefined();
    expect(v!.fix.length).toBeGreaterThan(10);
  });

  test.each([
    "find . -name '*.o' | xargs rm -f",
    "ls | xargs -0 rm",
    "ls | xargs grep -r needle",
    "rm -rf ./build",
    "find ./tmp -delete",
    "ls | xargs -n1 echo rm -rf",
  ])("it passes %s", (cmd) => expect(rules(policy, cmd)).toEqual([]));

  test("a policy without the rules allows them", () => {
    const p = without("rm-recursive-xargs", "find-delete-xargs");
    expect(rules(p, "find . -print0 | xargs -0 rm -rf")).toEqual([]);
    expect(rules(p, "echo x | xargs -I{} find {} -delete")).toEqual([]);
    // A literal operand is still judged where it stands.
    expect(rules(p, "ls | xargs rm -rf /")).toContain("deny.rm-recursive-root");
  });

  test("`under` names the wrappers a rule waits for, and is checked on load", () => {
    const p = loadPolicy({ version: 1, deny: [{ id: "chmod-fed", command: "chmod", flags: ["-R"], under: ["xargs"] }] });
    expect(rules(p, "ls | xargs chmod -R 755")).toEqual(["deny.chmod-fed"]);
    expect(rules(p, "chmod -R 755 ./dir")).toEqual([]);
    expect(() => loadPolicy({ version: 1, deny: [{ id: "x", command: "rm", flags: ["-r"], under: "xargs" }] })).toThrow(/\/deny\/0\/under/);
  });
});
