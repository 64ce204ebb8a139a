// The property a learned policy must keep: whatever history it is learned from (the
// forbidden commands included), its grammar (compose with the policy) accepts no command
// that the base policy denies, plain or behind a wrapper, and its checker refuses each.
// Real components: tree-sitter-bash, the pack's IRs, compose and the Earley recogniser.
import fc from "fast-check";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkPolicy, compose, defaultPolicyPath, loadPolicy, recognize } from "../src/index.js";
import { learn } from "../src/profile/learn.js";
import { buildProfile } from "../src/profile/policy.js";
import { readHistory } from "../src/profile/read.js";
import { packSpecs } from "../src/profile/specs.js";

const ROOT = join(import.meta.dirname, "../../..");
const base = loadPolicy(defaultPolicyPath);
const specs = packSpecs(join(ROOT, "grammars/pack"));

const BENIGN = [
  "ls -la src",
  "grep -rn TODO src",
  "curl -sS -m 10 https://api.example.com/v1",
  "wget -q -T 5 https://example.com/f.tgz",
  "git commit -m fix",
  "git push origin main",
  "rm -rf build",
  "find . -name '*.ts' -type f",
  "sort -u words.txt",
  "timeout 5 sleep 1",
  "find . -name '*.log' | xargs rm -f",
  "env LC_ALL=C sort -n nums",
  "tail -n 20 app.log",
  "cat notes/todo.txt",
  "cp -r src /workspace/backup",
  "chmod 644 file.txt",
  "dd if=/dev/zero of=disk.img bs=1M count=1",
];

const denyPrograms = base.commands.deny.filter((d) => !/[*?]/.test(d) && !["eval", "source"].includes(d));
const arg = fc.constantFrom("x", "-a", "/dev/sda", "file.txt", "now");
const wrap = fc.constantFrom("", "timeout 5 ", "env ", "nice ", "xargs ", "env LC_ALL=C timeout 9 ");

/** Commands the base policy denies and a grammar can express: each comes back plain and wrapped. */
const denied: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(wrap, fc.constantFrom(...denyPrograms), arg).map(([w, p, a]) => `${w}${p} ${a}`),
  fc
    .tuple(wrap, fc.constantFrom("rm --no-preserve-root -rf x", "git push --force origin main", "git push -f origin main", "git push origin main --force"))
    .map(([w, c]) => `${w}${c}`),
  fc
    .tuple(
      wrap,
      fc.constantFrom("cat", "ls", "cp a", "rm -f", "grep -rn x", "sort -u"),
      fc.constantFrom("/etc/passwd", "~/.ssh/id_rsa", "/root", "../../etc/shadow", "/workspace/../etc"),
    )
    .map(([w, c, p]) => `${w}${c} ${p}`),
  fc.constantFrom(
    "curl -sS -m 5 http://example.com/x",
    "wget -T 5 http://example.com/f",
    "curl -sS https://example.com/no-timeout",
    "wget -q https://example.com/f",
  ),
  fc.constantFrom("sleep 5", "xargs sleep", "tail -f app.log"),
);

describe("a learned policy never lets through what its base denies", () => {
  it("holds for histories mixing benign and denied commands", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...BENIGN), { minLength: 3, maxLength: 12 }),
        fc.array(denied, { minLength: 1, maxLength: 6 }),
        fc.array(denied, { minLength: 4, maxLength: 8 }),
        fc.integer({ min: 1, max: 2 }),
        (benign, seen, probes, minCount) => {
          const history = [...benign, ...seen, ...benign].join("\n");
          const learned = learn(readHistory("history", history).commands, specs, "/workspace");
          const { policy } = buildProfile(learned, base, { minCount, sources: ["history"] });
          const allowed = new Set(policy.commands.allow);
          const grammar = compose({ commands: [...specs.values()].filter((s) => allowed.has(s.path[0]!)), policy });
          for (const cmd of [...seen, ...probes]) {
            expect(checkPolicy(base, cmd), `the base itself must deny ${cmd}`).not.toEqual([]);
            expect(recognize(grammar, cmd).accepted, `learned grammar accepted ${cmd}`).toBe(false);
            expect(checkPolicy(policy, cmd), `learned checker passed ${cmd}`).not.toEqual([]);
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 240_000);
});
