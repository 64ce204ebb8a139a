// npm run mutants:confirm [-- --jobs N] [--fresh]
// Confirms the precision suite's labels against the real programs and writes them to
// packages/grammargen/test/fixtures/mutant-labels.tsv.br, which the suite reads (mutant-suite.ts).
// - option, value, missing-value and subcommand mutants: the mutated simple command runs alone in the
//   bubblewrap sandbox (@shellgen/sandbox), with no input, in a workspace holding an empty git
//   repository, and so does the unmutated one. The mutant is refused when it exits non-zero
//   with a usage complaint ("unrecognized option", "invalid number", "is not a git command",
//   ...) other than the unmutated command's, or prints its usage where the
//   unmutated one does not; accepted when it exits 0, or ends exactly as the unmutated one
//   does with no complaint; unclear otherwise (the program is missing here, it timed out, or
//   it failed differently without saying why).
// - shell mutants: `bash -n` reads the line (it parses and runs nothing).
// - program mutants: `command -v NAME` in the sandbox finds no such program.
// Labels already on file are kept unless --fresh; unclear ones are tried again. Needs bubblewrap. Programs missing on this
// machine leave their mutants unclear; the suite keeps unclear mutants (their labels hold by
// construction) and drops accepted ones.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runSandboxed, sandboxAvailable, type SandboxResult } from "@shellgen/sandbox";
import { writeAtomic } from "../cli/output.js";
import { MUTANT_KINDS } from "./mutants.js";
import { buildSuite, encodeLabels, type Label, LABELS_FILE, labelKey, readLabels, type SuiteMutant, type Verdict } from "./mutant-suite.js";

const ROOT = join(import.meta.dirname, "../../../..");

/** What programs say when their command line is wrong (GNU, BSD, busybox, git, openssl, cobra, clap). */
const USAGE_COMPLAINT =
  /unrecognized|unrecognised|invalid|unknown|illegal|not a valid|bad (option|argument|value|flag)|no such option|is not a [\w-]+ command|not recognized|ambiguous|requires an? (argument|value)|missing argument|missing operand|must be|not a (valid |positive )?(number|integer)|should contain|expected|Try '.*--help'|usage:/i;

const complaint = (r: SandboxResult): boolean => r.exitCode !== 0 && !r.timedOut && USAGE_COMPLAINT.test(`${r.stderr}\n${r.stdout}`);

async function label(m: SuiteMutant, workspace: string): Promise<{ verdict: Verdict; exit: string }> {
  const run = (command: string) => runSandboxed({ command: `${command} </dev/null`, workspace, timeoutMs: 5_000, maxOutputBytes: 64 * 1024 });
  if (m.kind === "shell") {
    const r = spawnSync("bash", ["-n"], { input: m.command, encoding: "utf8" });
    return { verdict: r.status === 0 ? "accepted" : "refused", exit: String(r.status) };
  }
  if (m.kind === "program") {
    const r = await run(`command -v ${m.probe}`);
    return { verdict: r.exitCode === 0 ? "accepted" : r.exitCode === 1 ? "refused" : "unclear", exit: String(r.exitCode) };
  }
  const r = await run(m.probe);
  const exit = String(r.timedOut ? "timeout" : r.exitCode);
  if (r.timedOut || r.truncated || r.exitCode === 126 || r.exitCode === 127) return { verdict: "unclear", exit };
  const s = m.seedProbe ? await run(m.seedProbe) : undefined;
  // Some programs answer a bad value with their usage text and exit 0 (grep --color=WRONG).
  if (r.exitCode === 0) return { verdict: usage(r) && !(s && usage(s)) ? "refused" : "accepted", exit };
  // The same complaint without the mutation is about something else (a filled-in value the
  // program rejects in the seed too); a different one is the mutation's.
  if (complaint(r)) return { verdict: s && complaint(s) && s.exitCode === r.exitCode && s.stderr === r.stderr ? "unclear" : "refused", exit };
  // No complaint, and the unmutated command ends exactly the same way: the program took the
  // mutation as it took the original (grep -y, sort -y, diff -H: obsolete spellings it keeps).
  if (s && !s.timedOut && s.exitCode === r.exitCode && s.stderr === r.stderr && s.stdout === r.stdout) return { verdict: "accepted", exit };
  return { verdict: "unclear", exit };
}

const usage = (r: SandboxResult): boolean => /^usage:/im.test(`${r.stdout}\n${r.stderr}`);

/** A workspace where the programs get past their first checks: git finds a repository with a commit. */
async function prepare(workspace: string): Promise<void> {
  const r = await runSandboxed({
    command: "git init -q && git -c user.email=a@example.org -c user.name=a commit -q --allow-empty -m init",
    workspace,
    timeoutMs: 10_000,
  });
  if (r.exitCode !== 0) throw new Error(`could not prepare the workspace: ${r.stderr.trim()}`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes("--help") || args.includes("-h")) {
    console.log(
      "usage: npm run mutants:confirm [-- --jobs N] [--fresh]  (needs bubblewrap; writes packages/grammargen/test/fixtures/mutant-labels.tsv.br; --fresh runs every mutant again, not only those without a label or with an unclear one)",
    );
    return;
  }
  const i = args.indexOf("--jobs");
  const jobs = i >= 0 ? Number(args[i + 1]) : 2;
  if (!Number.isInteger(jobs) || jobs < 1) {
    console.error("mutants:confirm: --jobs takes a positive integer");
    process.exit(2);
  }
  const ok = await sandboxAvailable();
  if (!ok.ok) {
    console.error(`mutants:confirm: no sandbox: ${ok.reason} (${ok.fix})`);
    process.exit(1);
  }
  // Both sets' mutants: the pack's, and those of the Debian-derived programs.
  const seen = new Set<string>();
  const mutants = [buildSuite(ROOT, { labels: false }), buildSuite(ROOT, { labels: false, set: "debian" })]
    .flatMap((x) => x.mutants)
    .filter((m) => !seen.has(labelKey(m.kind, m.command)) && seen.add(labelKey(m.kind, m.command)));
  // Labels of mutants still in the suite are kept (unless --fresh), except unclear ones, which
  // are tried again; labels of mutants that left the suite go.
  const known = args.includes("--fresh") ? new Map<string, Label>() : readLabels(ROOT);
  const rows: string[] = [];
  const todo: SuiteMutant[] = [];
  for (const m of mutants) {
    const l = known.get(labelKey(m.kind, m.command));
    if (l && l.verdict !== "unclear") rows.push([l.verdict, l.exit, m.kind, m.command].join("\t"));
    else todo.push(m);
  }
  const total = todo.length;
  console.error(`mutants:confirm: ${rows.length} labels kept, ${total} mutants to run`);
  // One workspace per job: the sandbox hands a workspace to the uid of the command using it.
  const workspaces = Array.from({ length: jobs }, () => mkdtempSync(join(tmpdir(), "mutants-")));
  let done = 0;
  try {
    for (const w of workspaces) await prepare(w);
    await Promise.all(
      workspaces.map(async (workspace) => {
        for (let m = todo.shift(); m; m = todo.shift()) {
          const l = await label(m, workspace);
          rows.push([l.verdict, l.exit, m.kind, m.command].join("\t"));
          if (++done % 200 === 0) console.error(`mutants:confirm: ${done}/${total}`);
        }
      }),
    );
  } finally {
    for (const w of workspaces) rmSync(w, { recursive: true, force: true });
  }
  const kindOrder = (row: string) => MUTANT_KINDS.indexOf(row.split("\t")[2] as (typeof MUTANT_KINDS)[number]);
  rows.sort((a, b) => kindOrder(a) - kindOrder(b) || (a.split("\t")[3]! < b.split("\t")[3]! ? -1 : 1));
  const header = [
    "# Labels of the precision suite's mutants, confirmed against the real programs. Regenerate: npm run mutants:confirm",
    "# verdict (refused: the program or bash -n refused it; accepted: it did not, so the mutant is left out; unclear)",
    "# exit status, kind, mutant",
  ];
  await writeAtomic(join(ROOT, LABELS_FILE), encodeLabels(`${[...header, ...rows].join("\n")}\n`));
  const count = (v: Verdict) => rows.filter((r) => r.startsWith(`${v}\t`)).length;
  console.log(`${rows.length} mutants: ${count("refused")} refused, ${count("accepted")} accepted (left out), ${count("unclear")} unclear -> ${LABELS_FILE}`);
}

main().catch((e: unknown) => {
  console.error(`mutants:confirm: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
