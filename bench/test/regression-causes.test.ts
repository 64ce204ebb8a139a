// Regressions traced to a cause, with the pack's own grammars and recognizer and the
// tree-sitter-bash parse naming the place: a refused option, a refused construct, a policy
// rule, model drift and the retry, then counted by summarise.
import { beforeAll, describe, expect, it } from "vitest";
import { packPlanner, type GrammarPlan } from "@shellgen/decode";
import { gapSite, traceCause, type ResultRecord } from "@shellgen/bench";
import { summarise } from "../src/report/index.js";
import { tierTransitionCells } from "../src/report/tasks.js";

let plan: GrammarPlan;

beforeAll(async () => {
  const planner = await packPlanner();
  plan = await planner.plans({ request: "count the lines of notes.txt", ground: false, workspaceFiles: [], programs: ["wc", "cat"] })[0]!();
}, 120_000);

const rec = (mode: string, command: string, passed: boolean, extra: Partial<ResultRecord> = {}): ResultRecord => ({
  model: "m.gguf",
  mode,
  taskId: "t-1",
  tier: 1,
  command,
  stdout: "",
  stderr: "",
  exitCode: passed ? 0 : 1,
  passed,
  reason: passed ? "ok" : 'stdout "", expected "3"',
  tokens: { prompt: 1, completion: 1 },
  latencyMs: 1,
  path: mode === "native" ? "native" : "constrained",
  ...extra,
});

/** The constrained record as the runner writes it: the grammar's verdict on the native command. */
const checked = (native: string, command: string, extra: Partial<ResultRecord> = {}) => {
  const v = plan.accepts(native);
  return rec("constrained-retry", command, false, {
    grammarPrograms: plan.commands,
    nativeCheck: { command: native, accepted: v.accepted, ...(v.reason ? { reason: v.reason } : {}), grammar: plan.commands },
    ...extra,
  });
};

describe("regression causes", () => {
  it("a refused option is a grammar gap naming the program and the option", () => {
    const native = "wc -l notes.txt | cat -Z";
    const c = traceCause(rec("native", native, true), checked(native, "wc notes.txt"));
    expect(c.cause).toBe("grammar gap");
    expect(c.site).toEqual({ program: "cat", option: "-Z", word: "-Z" });
    expect(c.detail).toMatch(/^cat -Z: the grammar \(grammar of .*cat.*\) refuses "wc -l notes.txt \| cat -Z": rejected at column 24/);
  });

  it("a refused construct is named: a heredoc, an assignment before a command", () => {
    expect(gapSite("cat <<EOF\nx\nEOF", plan.accepts("cat <<EOF\nx\nEOF").reason!)).toMatchObject({ program: "", construct: "heredoc" });
    const loop = 'while IFS= read -r name; do touch "$name"; done < mixed';
    const reason = plan.accepts(loop).reason!;
    expect(reason).toMatch(/^rejected at column 7/);
    expect(gapSite(loop, reason)).toEqual({ program: "read", construct: "assignment", word: "IFS=" });
  });

  it("an accepted native command is model drift; the native retry is retry; a policy error names its rule", () => {
    expect(traceCause(rec("native", "wc -l notes.txt", true), checked("wc -l notes.txt", "cat notes.txt")).cause).toBe("model drift");
    const retry = traceCause(rec("native", "wc -l notes.txt", true), checked("wc -l notes.txt", "wc -w notes.txt", { path: "retry-native" }));
    expect(retry.cause).toBe("retry");
    expect(retry.detail).toContain("the grammar accepts the baseline's command");
    const policy = traceCause(
      rec("native", "wc -l notes.txt", true),
      rec("constrained-retry", "rm -rf /", false, { path: "failed", error: "policy deny-rm-root: rm of / is refused" }),
    );
    expect(policy).toMatchObject({ cause: "policy", rule: "deny-rm-root" });
    // A run that recorded no check says so rather than guessing.
    expect(traceCause(rec("native", "wc -l notes.txt", true), rec("constrained-retry", "cat notes.txt", false, { grammarPrograms: ["cat"] })).cause).toBe(
      "unknown",
    );
  });

  it("summarise counts regressions by cause and lists the grammar sites behind the gaps", () => {
    const natives = ["wc -l notes.txt | cat -Z", "wc -l notes.txt | cat -Z -n", "wc -l notes.txt"];
    const records = natives.flatMap((n, i) => {
      const id = `t-${i}`;
      return [
        { ...rec("native", n, true), taskId: id },
        { ...checked(n, "cat notes.txt"), taskId: id },
      ];
    });
    const r = summarise(records);
    expect(r.regressions).toHaveLength(3);
    expect(r.causes.total["grammar gap"]).toBe(2);
    expect(r.causes.total["model drift"]).toBe(1);
    expect(r.causes.gaps).toEqual([{ site: "cat -Z", program: "cat", option: "-Z", count: 2, tasks: ["t-0", "t-1"] }]);
    expect(r.tasks.filter((t) => t.outcome === "regressed").map((t) => t.cause?.cause)).toEqual(["grammar gap", "grammar gap", "model drift"]);
    expect(tierTransitionCells(r.tasks)).toEqual({
      head: ["model", "tier", "kept", "fixed", "regressed", "still failing"],
      rows: [["m.gguf", "tier 1", "0", "0", "3", "0"]],
    });
  });
});
