// npm run report:tldr -- [DIR] [--pairs FILE] [--misses N] [--json FILE]
// Do grammars built from real help texts accept the commands people run? The commands are
// tldr-pages examples (CC-BY 4.0, see ../shared/data/tldr/README.md), each placeholder filled
// with a value of its kind.
// Without DIR: every tldr common/Linux example whose program the pack covers (corpora/help
// and corpora/debian, parsed here from the committed texts: nothing needs to be installed),
// filled once by model/tldr_fill.py; a subcommand example (`git commit ...`, `az storage blob
// list ...`) is checked against the deepest subcommand's grammar the pack has.
// With DIR: help texts nobody reviewed (DIR/<program>.txt, from scripts/capture-path-help.sh)
// against the tldr pairs of the training data (model/data/train.jsonl(.gz), source "tldr").
// Every example that is one simple command (no pipe, list, redirection or substitution) is
// checked against the grammar lowered from its program's text alone. A refusal is a parser
// misreading the text, an option the text does not list (wrappers such as zgrep, subcommands
// whose own help was not captured), or a value the filling got wrong; the rate says how far a
// help text alone carries, not which of the three a refusal is (--misses).
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { writeAtomic } from "../cli/output.js";
import type { CommandSpec } from "../ir.js";
import { parseHelp } from "../parse/help.js";
import { readCorpus } from "../pack/corpus.js";
import { readDebianCorpus } from "../pack/debian.js";
import { pairsExist, readPairs } from "./pairs.js";
import { checkCommands, examplesByKey, filledExamples, simpleCommand } from "./tldr-examples.js";

const ROOT = join(import.meta.dirname, "../../../..");

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const opt = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const usage =
    "usage: npm run report:tldr -- [DIR] [--pairs FILE] [--misses N] [--json FILE]  (no DIR: the pack's programs, from corpora/help and corpora/debian; DIR: <program>.txt help texts, e.g. from scripts/capture-path-help.sh)";
  const dir = args[0] && !args[0].startsWith("-") ? args[0] : undefined;
  if (args[0] === "--help" || args[0] === "-h") {
    console.log(usage);
    return;
  }
  if (dir && (!existsSync(dir) || !statSync(dir).isDirectory())) {
    console.error(`report:tldr: ${dir} is not a folder of help texts`);
    process.exit(2);
  }
  // What checks a program's commands: DIR's text, or the pack's spec by key.
  const specOf = new Map<string, () => CommandSpec>();
  const byProgram = new Map<string, string[]>();
  const push = (program: string, command: string) => (byProgram.get(program) ?? byProgram.set(program, []).get(program)!).push(command);
  let pairsFile: string;
  let underOther = 0;
  if (dir) {
    pairsFile = opt("pairs") ?? join(ROOT, "model/data/train.jsonl");
    if (!pairsExist(pairsFile)) {
      console.error(`report:tldr: no pairs at ${pairsFile}(.gz)`);
      process.exit(2);
    }
    for (const p of readPairs(pairsFile)) {
      if (p.source !== "tldr" || !simpleCommand(p.command)) continue;
      const program = p.command.split(/\s+/)[0]!;
      if (!/^[\w.+-]+$/.test(program) || !existsSync(join(dir, `${program}.txt`))) continue;
      if (!specOf.has(program)) specOf.set(program, () => parseHelp(readFileSync(join(dir, `${program}.txt`), "utf8"), { name: [program] }).spec);
      push(program, p.command);
    }
  } else {
    const reviewed = readCorpus(join(ROOT, "corpora/help"));
    const debian = readDebianCorpus(join(ROOT, "corpora/debian"), new Set(reviewed.map((e) => e.key)), new Map(reviewed.map((e) => [e.key, e.spec])));
    for (const e of [...reviewed, ...debian.entries]) specOf.set(e.key, () => e.spec);
    const keyOf = new Map([...reviewed, ...debian.entries].map((e) => [e.spec.path.join(" "), e.key]));
    pairsFile = opt("pairs") ?? "model/tldr_fill.py";
    const placed = examplesByKey(filledExamples(ROOT, opt("pairs")), keyOf);
    underOther = placed.underOther;
    for (const [key, commands] of placed.byKey) for (const c of commands) push(key, c);
  }
  const rows: { program: string; commands: number; accepted: number; error?: string }[] = [];
  const misses: string[] = [];
  for (const [program, commands] of [...byProgram].sort((a, b) => a[0].localeCompare(b[0]))) {
    const r = checkCommands(specOf.get(program)!(), commands);
    if ("error" in r) {
      rows.push({ program, commands: commands.length, accepted: 0, error: r.error });
      continue;
    }
    for (const m of r.misses) misses.push(`${program}\t${m.command}\t${m.reason}`);
    const accepted = r.accepted;
    rows.push({ program, commands: commands.length, accepted });
  }
  const commands = rows.reduce((s, r) => s + r.commands, 0);
  const accepted = rows.reduce((s, r) => s + r.accepted, 0);
  const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;
  console.log(`| | |\n|---|---:|`);
  console.log(`| programs with a ${dir ? "help text" : "pack grammar"} and tldr examples | ${rows.length} |`);
  console.log(`| simple commands | ${commands} |`);
  console.log(`| accepted by the grammar of the program's help text | ${accepted} (${pct(accepted, commands)}) |`);
  // Per program, so that a program with hundreds of examples (git, aws) does not outweigh the rest.
  const meanShare = rows.reduce((sum, r) => sum + r.accepted / r.commands, 0) / Math.max(1, rows.length);
  console.log(`| mean share accepted per program | ${(100 * meanShare).toFixed(1)}% |`);
  console.log(`| programs whose every command is accepted | ${rows.filter((r) => r.accepted === r.commands).length} |`);
  console.log(`| texts the parser refused | ${rows.filter((r) => r.error).length} |`);
  if (underOther) console.log(`| simple examples run under another program (sudo ...), not checked | ${underOther} |`);
  const n = Number(opt("misses") ?? 0);
  if (n > 0) {
    const worst = [...rows].sort((a, b) => b.commands - b.accepted - (a.commands - a.accepted)).slice(0, n);
    console.log("\nmost refused (program, refused/commands, one refusal):");
    for (const r of worst)
      console.log(
        `${r.program}\t${r.commands - r.accepted}/${r.commands}\t${
          misses
            .find((m) => m.startsWith(`${r.program}\t`))
            ?.split("\t")
            .slice(1)
            .join(" || ") ??
          r.error ??
          ""
        }`,
      );
  }
  const json = opt("json");
  if (json) await writeAtomic(json, `${JSON.stringify({ dir, pairs: pairsFile, commands, accepted, rows, misses }, null, 2)}\n`);
}

main().catch((e: unknown) => {
  console.error(`report:tldr: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
