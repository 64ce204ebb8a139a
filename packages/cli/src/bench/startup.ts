// `npm run bench:startup`: start-up time of the CLIs as ratios to a bare `node -e ''` timed
// in the same run, so a busy machine slows both sides alike. Runs are interleaved (one of
// each per round) and the median of each is compared with its target.
//
//   npm run bench:startup -- [--rounds N] [--json] [--out FILE]
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { formatError, formatHelp, parseArgv, repoRoot, writeFileAtomicSync, type CliSpec } from "@shellgen/base";

const SPEC: CliSpec = {
  prog: "bench:startup",
  usage: ["[--rounds N] [--model GGUF]... [--json] [--out FILE]"],
  summary:
    "Times shellgen --help, grammargen ls and one request on the default model (with and without the one-file node-llama-cpp) against node -e '', and one request on each --model with the time its model was ready to decode.",
  options: [
    { name: "rounds", kind: "value", arg: "N", help: "runs of each command (default 5)" },
    { name: "model", kind: "list", arg: "GGUF", help: "also time one request on this model, and when it was ready to decode (repeatable)" },
    { name: "json", kind: "bool", help: "print the result as JSON" },
    { name: "out", kind: "value", arg: "FILE", help: "also write the JSON result to FILE" },
  ],
};

const root = repoRoot() ?? resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");
const SHELLGEN = join(root, "packages/cli/bin/shellgen.js");
const GRAMMARGEN = join(root, "packages/grammargen/bin/grammargen.js");

interface Case {
  name: string;
  argv: string[];
  /** Allowed median, as a multiple of the bare node start. */
  limit?: number;
  /** Allowed median of the model-ready time (ms), where the CLI reports it. */
  readyLimitMs?: number;
  env?: Record<string, string>;
}

const CASES: Case[] = [
  { name: "node -e ''", argv: ["-e", ""] },
  { name: "shellgen --help", argv: [SHELLGEN, "--help"], limit: 4 },
  { name: "grammargen ls", argv: [GRAMMARGEN, "ls"], limit: 6 },
  // One request on the embedded default model, in an empty workspace so grounding is the same each run.
  { name: "shellgen <request>", argv: [SHELLGEN, "--json", "count the lines in notes.txt"], limit: 10 },
  // The same on node-llama-cpp's own ~700 modules instead of the one-file bundle, side by side.
  { name: "  same, no bundle", argv: [SHELLGEN, "--json", "count the lines in notes.txt"], env: { SHELLGEN_LLAMA_BUNDLE: "0" } },
];

/** What the CLI said about its model thread (SHELLGEN_TRACE_START), per case: "bundle", "plain", ... */
const libraries = new Map<string, string[]>();
/** When the model was ready to decode (ms after the process started), per case. */
const readyAt = new Map<string, number[]>();

/** A request on a model of the user's: ready to decode within 1.5 s (a real vocabulary's tokenizer and template included). */
const modelCase = (model: string): Case => ({
  name: `shellgen --model ${basename(model)}`,
  argv: [SHELLGEN, "--json", "--model", model, "count the lines in notes.txt"],
  readyLimitMs: 1500,
});

function timeOnce(c: Case, cwd: string): number {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, c.argv, { cwd, encoding: "utf8", env: { ...process.env, SHELLGEN_HOME: cwd, SHELLGEN_TRACE_START: "1", ...c.env } });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`${c.name} exited ${r.status}: ${(r.stderr || r.stdout).trim().split("\n")[0]}`);
  const lib = /^shellgen: start: .*\(node-llama-cpp: ([^;)]+)/m.exec(r.stderr)?.[1];
  if (lib) libraries.set(c.name, [...(libraries.get(c.name) ?? []), lib]);
  const ready = /^shellgen: start: .*model ready (\d+) ms/m.exec(r.stderr)?.[1];
  if (ready) readyAt.set(c.name, [...(readyAt.get(c.name) ?? []), Number(ready)]);
  return ms;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function libraryNote(counts: Record<string, number> | undefined, rounds: number): string {
  if (!counts) return "";
  const runs = Object.entries(counts).map(([k, n]) => `${k} ${n}/${rounds}`);
  return `  node-llama-cpp: ${runs.join(", ")}`;
}

function main(argv: string[]): number {
  const args = parseArgv(argv, SPEC);
  if (args.help) {
    process.stdout.write(formatHelp(SPEC));
    return 0;
  }
  const rounds = args.int("rounds", 1, 100) ?? 5;
  const cases = [...CASES, ...(args.list("model") ?? []).map((m) => modelCase(resolve(m)))];
  const cwd = mkdtempSync(join(tmpdir(), "shellgen-startup-"));
  const times = new Map(cases.map((c) => [c.name, [] as number[]]));
  // One warm-up round fills the OS file cache, so the first command is not charged for it.
  for (const c of cases) timeOnce(c, cwd);
  libraries.clear();
  readyAt.clear();
  for (let r = 0; r < rounds; r++) for (const c of cases) times.get(c.name)!.push(timeOnce(c, cwd));
  const base = median(times.get(cases[0]!.name)!);
  const rows = cases.map((c) => {
    const ms = median(times.get(c.name)!);
    const ratio = ms / base;
    const model = libraries.get(c.name);
    const ready = readyAt.get(c.name);
    const readyMs = ready ? Math.round(median(ready)) : undefined;
    return {
      name: c.name,
      medianMs: Math.round(ms),
      ratio: Number(ratio.toFixed(2)),
      limit: c.limit ?? null,
      ...(readyMs !== undefined ? { readyMs } : {}),
      ...(c.readyLimitMs ? { readyLimitMs: c.readyLimitMs } : {}),
      ok: (c.limit === undefined || ratio <= c.limit) && (c.readyLimitMs === undefined || (readyMs ?? Infinity) <= c.readyLimitMs),
      // Which node-llama-cpp each timed run's model thread loaded, counted.
      ...(model ? { nodeLlamaCpp: Object.fromEntries([...new Set(model)].map((k) => [k, model.filter((x) => x === k).length])) } : {}),
    };
  });
  const result = { date: new Date().toISOString(), rounds, loadavg: loadavg()[0], rows, ok: rows.every((r) => r.ok) };
  const json = `${JSON.stringify(result, null, 2)}\n`;
  const out = args.str("out");
  if (out) {
    writeFileAtomicSync(out, json);
  }
  if (args.bool("json")) process.stdout.write(json);
  else {
    process.stdout.write(`start-up, median of ${rounds} interleaved runs (bare node: ${Math.round(base)} ms, load average ${result.loadavg.toFixed(2)})\n`);
    for (const r of rows)
      process.stdout.write(
        `  ${r.name.padEnd(20)} ${String(r.medianMs).padStart(6)} ms  ${r.ratio.toFixed(2).padStart(6)}x${r.limit ? `  (target <= ${r.limit}x: ${r.ok ? "met" : "MISSED"})` : ""}${r.readyMs !== undefined ? `  model ready at ${r.readyMs} ms${r.readyLimitMs ? ` (target <= ${r.readyLimitMs} ms: ${r.ok ? "met" : "MISSED"})` : ""}` : ""}${libraryNote(r.nodeLlamaCpp, rounds)}\n`,
      );
  }
  return result.ok ? 0 : 1;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (err) {
  const { line, code } = formatError("bench:startup", err);
  process.stderr.write(line);
  process.exitCode = code;
}
