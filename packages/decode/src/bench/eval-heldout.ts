// npm run eval:heldout [-- --model GGUF --configs a,b,... --limit N --stride N --out FILE]
// The held-out requests (corpora/heldout/requests.jsonl) through the decoding pipeline,
// one configuration at a time, so each part's contribution shows on its own:
//   native      zero-shot, no grammar
//   retrieval   + the top-3 retrieved examples (native decode)
//   base        retrieval + constrained-retry under the pack grammars, planner without the parts below
//   +options    base + option retrieval over the pack IR (programs and flags)
//   +narrow     base + the narrowed plan (planned flags first; only existing programs outside the pack)
//   +ground     base + grounded values (request strings, a generated workspace listed by listWorkspace)
//   all         every part
//   +hints      retrieval + option hints (hints.ts, 2 per request) before the examples (native decode)
//   all+hints   every part and option hints
//   +follow     retrieval, and a command whose program no example uses is decoded again
//               starting with the best example's program (generate's followExamples)
//   all+follow  every part, and the draft follows the examples' program the same way
//   cr+ground          constrained-retry with grounding and the full plan, no examples (bench mode constrained-retry+ground)
//   cr+ground/default  the same under the pack's whole default grammar only (SHELLGEN_ABLATE=default-grammar)
//   cr+ground/no-narrow  the same without the planned-flags step (the default since the ablation)
//   all/no-narrow      every part but the planned-flags step
// Every grounded configuration reads the request restated (typos repaired, Pool.spelled),
// as `shellgen` and the bench's grounded modes do; SHELLGEN_ABLATE=no-restate reads it as typed.
// Scores, without executing: "program" = the command's first program is the first program of
// a listed command; "exact" = equal to a listed command after normalising whitespace, quotes
// around plain words and a leading ./ on names.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { programsIn, writeFileAtomicSync } from "@shellgen/base";
import { estimateTokens, openPool, readHeldoutSet, staticExamples, type HeldoutRequest, type Pool } from "@shellgen/fewshot";
import { createBackend } from "../backend/index.js";
import type { Backend } from "../backend/types.js";
import { ablationsFromEnv, generate, type Mode } from "../generate.js";
import { packPlanner, type PlannerOptions } from "../plan-pack.js";
import type { GrammarPlanner } from "../plan.js";
import { listWorkspace } from "../workspace.js";

interface Config {
  name: string;
  mode: Mode;
  examples: boolean;
  ground: boolean;
  planner: PlannerOptions;
  /** Option hints before the examples (generate's optionHints). */
  hints?: number;
  /** generate's followExamples. */
  follow?: boolean;
  /** Only the planner's last step: the pack's whole default grammar. */
  defaultOnly?: boolean;
}

const OFF: PlannerOptions = { optionRetrieval: false, narrowFlags: false, existingOnly: false };
// Every planner part as this file's figures were taken (the planned-flags step was on by default then).
const NARROW: PlannerOptions = { narrowFlags: true };
const CONFIGS: Config[] = [
  { name: "native", mode: "native", examples: false, ground: false, planner: OFF },
  { name: "retrieval", mode: "native", examples: true, ground: false, planner: OFF },
  { name: "base", mode: "constrained-retry", examples: true, ground: false, planner: OFF },
  { name: "+options", mode: "constrained-retry", examples: true, ground: false, planner: { ...OFF, optionRetrieval: true } },
  { name: "+narrow", mode: "constrained-retry", examples: true, ground: false, planner: { ...OFF, narrowFlags: true, existingOnly: true } },
  { name: "+ground", mode: "constrained-retry", examples: true, ground: true, planner: OFF },
  { name: "all", mode: "constrained-retry", examples: true, ground: true, planner: NARROW },
  { name: "+hints", mode: "native", examples: true, ground: false, planner: OFF, hints: 2 },
  { name: "all+hints", mode: "constrained-retry", examples: true, ground: true, planner: NARROW, hints: 2 },
  { name: "+follow", mode: "native", examples: true, ground: false, planner: OFF, follow: true },
  { name: "all+follow", mode: "constrained-retry", examples: true, ground: true, planner: NARROW, follow: true },
  { name: "cr+ground", mode: "constrained-retry", examples: false, ground: true, planner: NARROW },
  { name: "cr+ground/default", mode: "constrained-retry", examples: false, ground: true, planner: NARROW, defaultOnly: true },
  { name: "cr+ground/no-narrow", mode: "constrained-retry", examples: false, ground: true, planner: { narrowFlags: false } },
  { name: "all/no-narrow", mode: "constrained-retry", examples: true, ground: true, planner: { narrowFlags: false } },
];

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const words = (s: string) =>
  s
    .trim()
    .split(/\s+/)
    .map((w) => w.replace(/^'([^'\s"\\$`]*)'$|^"([^"\s\\$`]*)"$/, "$1$2").replace(/^\.\/(?=\S)/, ""));
export const normalise = (s: string): string => words(s).join(" ");
const firstProgram = (s: string) => programsIn(s)[0] ?? s.trim().split(/\s+/)[0] ?? "";

export function scoreCommand(r: HeldoutRequest, command: string): { program: boolean; exact: boolean } {
  const got = firstProgram(command);
  return {
    program: got !== "" && r.commands.some((c) => firstProgram(c) === got),
    exact: r.commands.some((c) => normalise(c) === normalise(command)),
  };
}

/** A small workspace for one request: each relative name the request mentions, as a file (or a folder for a trailing /). */
function workspaceFor(request: string): string {
  const dir = mkdtempSync(join(tmpdir(), "eval-heldout-ws-"));
  for (const raw of request.split(/\s+/)) {
    const w = raw.replace(/^[("'`]+|[)"'`,;:!?]+$|\.$/g, "");
    if (!/^[A-Za-z0-9_][A-Za-z0-9_./-]*\.[A-Za-z0-9]+$|^[A-Za-z0-9_-]+\/$/.test(w) || w.includes("..")) continue;
    const path = join(dir, w);
    mkdirSync(w.endsWith("/") ? path : dirname(path), { recursive: true });
    if (!w.endsWith("/")) writeFileSync(path, "x\n");
  }
  return dir;
}

async function main(): Promise<void> {
  const wanted = (arg("configs") ?? CONFIGS.map((c) => c.name).join(",")).split(",");
  const unknown = wanted.filter((w) => !CONFIGS.some((c) => c.name === w));
  if (unknown.length) throw new Error(`unknown config ${unknown.join(", ")} (expected ${CONFIGS.map((c) => c.name).join(", ")})`);
  const limit = arg("limit") ? Number(arg("limit")) : Infinity;
  if (!(limit > 0)) throw new Error(`--limit must be a positive number (got ${arg("limit")})`);
  // --stride N: every Nth request, an evenly spread sample of every style when time is short.
  const stride = arg("stride") ? Number(arg("stride")) : 1;
  if (!Number.isInteger(stride) || stride < 1) throw new Error(`--stride must be a positive integer (got ${arg("stride")})`);
  const set = readHeldoutSet(arg("file"))
    .filter((_, i) => i % stride === 0)
    .slice(0, limit);
  const backend: Backend = await createBackend(arg("model"));
  const home = mkdtempSync(join(tmpdir(), "eval-heldout-pool-"));
  const pool: Pool = await openPool({ dir: home, index: ":memory:" });
  // The bench's budget: retrieval may spend what the static block spends.
  const tokenBudget = staticExamples(3).reduce((n, e) => n + estimateTokens(`Request: ${e.request}\nCommand: ${e.command}\n\n`), 0);
  const planners = new Map<string, Promise<GrammarPlanner>>();
  const plannerFor = (o: PlannerOptions, defaultOnly = false) => {
    const key = JSON.stringify(o) + (defaultOnly ? "/default" : "");
    if (!planners.has(key)) {
      // SHELLGEN_ABLATE=all-of-path offers every program on PATH, as generate's default planner does with it.
      const p = packPlanner(undefined, { ...o, knownOnly: !ablationsFromEnv().has("all-of-path") });
      planners.set(key, defaultOnly ? p.then((pl): GrammarPlanner => ({ plans: (req) => pl.plans(req).slice(-1) })) : p);
    }
    return planners.get(key)!;
  };
  const rows: Record<string, unknown>[] = [];
  const table: string[] = ["| config | right program | exact or equivalent | failed |", "|---|---|---|---|"];
  try {
    // In the order asked for, so the most wanted rows come first when time is short.
    for (const cfg of wanted.map((w) => CONFIGS.find((c) => c.name === w)!)) {
      let prog = 0;
      let exact = 0;
      let failed = 0;
      const byStyle: Record<string, { n: number; program: number; exact: number }> = {};
      for (const r of set) {
        const examples = cfg.examples
          ? pool.retrieve(r.request, { k: 3, tokenBudget }).examples.map(({ request, command }) => ({ request, command }))
          : undefined;
        const ws = cfg.ground ? workspaceFor(r.request) : undefined;
        let command = "";
        let error: string | undefined;
        try {
          const out = await generate({
            backend,
            request: r.request,
            mode: cfg.mode,
            examples,
            ground: cfg.ground,
            workspaceFiles: ws ? listWorkspace(ws) : [],
            optionHints: cfg.hints ?? 0,
            followExamples: cfg.follow ?? false,
            // Grounded configurations read the request restated, as the CLI and the bench's grounded modes do (SHELLGEN_ABLATE=no-restate: as typed).
            ...(cfg.ground ? { restate: (q: string, keep: ReadonlySet<string>) => pool.spelled(q, keep) } : {}),
            ...(cfg.mode === "native" ? {} : { planner: await plannerFor(cfg.planner, cfg.defaultOnly) }),
          });
          command = out.command;
          if (out.path === "failed") error = out.error;
        } catch (e) {
          error = (e as Error).message.split("\n")[0];
        } finally {
          if (ws) rmSync(ws, { recursive: true, force: true });
        }
        const s = scoreCommand(r, command);
        prog += s.program ? 1 : 0;
        exact += s.exact ? 1 : 0;
        failed += error ? 1 : 0;
        const st = (byStyle[r.style] ??= { n: 0, program: 0, exact: 0 });
        st.n++;
        st.program += s.program ? 1 : 0;
        st.exact += s.exact ? 1 : 0;
        rows.push({ config: cfg.name, id: r.id, style: r.style, request: r.request, command, ...s, ...(error ? { error } : {}) });
      }
      const pct = (x: number) => `${((100 * x) / set.length).toFixed(1)}%`;
      table.push(`| ${cfg.name} | ${prog}/${set.length} = ${pct(prog)} | ${exact}/${set.length} = ${pct(exact)} | ${failed} |`);
      console.log(table[table.length - 1]);
      console.log(
        `    by style: ${Object.entries(byStyle)
          .map(([k, v]) => `${k} ${v.program}/${v.exact}/${v.n}`)
          .join(", ")} (program/exact/n)`,
      );
    }
  } finally {
    await pool.close();
    rmSync(home, { recursive: true, force: true });
    await backend.close();
  }
  console.log(`\nheld-out set: ${set.length} requests\n${table.join("\n")}`);
  const out = arg("out");
  if (out) {
    writeFileAtomicSync(out, JSON.stringify({ n: set.length, table, rows }, null, 1) + "\n");
  }
}

main().catch((e) => {
  console.error(`eval:heldout: ${(e as Error).message}`);
  process.exit(1);
});
