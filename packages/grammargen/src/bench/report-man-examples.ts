// npm run report:man-examples -- MANDIR [--misses N] [--json FILE]
// Do the pack's grammars accept the commands program authors show? MANDIR holds rendered man
// pages (MANDIR/<program>.txt, from scripts/capture-path-man.sh). Every line of a page's
// EXAMPLES section that runs the page's program as one simple command (no pipe, list,
// redirection or substitution; not continued with a backslash; no placeholder such as <file>,
// [options] or "...") is checked against the grammar of the pack entry for it, a subcommand's
// where the pack has one (`git commit ...`). These commands come from the pages, not from
// tldr-pages: a second, independent sample of real invocations beside report:tldr.
// A refusal is a misread text, an option the captured text does not list (another version,
// another program of the same name), or an example the page cut off at its width.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { writeAtomic } from "../cli/output.js";
import type { CommandSpec } from "../ir.js";
import { readCorpus } from "../pack/corpus.js";
import { readDebianCorpus } from "../pack/debian.js";
import { checkCommands, examplesByKey, simpleCommand } from "./tldr-examples.js";

const ROOT = join(import.meta.dirname, "../../../..");

/** The lines of a rendered page's EXAMPLES section, up to the next section title. */
export function examplesSection(page: string): string[] {
  const out: string[] = [];
  let inside = false;
  for (const line of page.split("\n")) {
    if (/^EXAMPLES?\b/.test(line)) inside = true;
    else if (/^[A-Z][A-Z0-9 ]+$/.test(line)) inside = false;
    else if (inside) out.push(line);
  }
  return out;
}

/** The commands an EXAMPLES section shows that run `program` as one whole, simple command. */
export function exampleCommands(lines: string[], program: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (/\\\s*$/.test(lines[i]!) || (i > 0 && /\\\s*$/.test(lines[i - 1]!))) continue;
    // Indented, after a prompt at most.
    const m = /^\s+(?:[$%#>]\s+)?(\S.*?)\s*$/.exec(lines[i]!);
    if (!m) continue;
    const command = m[1]!;
    if (command.split(/\s+/)[0] !== program) continue;
    // A gap of three spaces or more: a description in a column beside the command.
    if (/\s{3,}/.test(command)) continue;
    // Placeholders outside quotes: <file>, [options], {a|b}, "...".
    const unquoted = command.replace(/'[^']*'|"[^"]*"/g, "");
    if (/[[\]{}]|\.\.\.|<[^>\s]*>/.test(unquoted)) continue;
    // A line the page's width cut inside a quote.
    if ((unquoted.match(/["']/g) ?? []).length % 2 === 1) continue;
    if (!simpleCommand(command)) continue;
    out.push(command);
  }
  return out;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const opt = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const usage = "usage: npm run report:man-examples -- MANDIR [--misses N] [--json FILE]  (MANDIR: from scripts/capture-path-man.sh)";
  const dir = args[0];
  if (dir === "--help" || dir === "-h") return void console.log(usage);
  if (!dir || dir.startsWith("-")) {
    console.error(usage);
    process.exit(2);
  }
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    console.error(`report:man-examples: ${dir} is not a folder of man pages`);
    process.exit(2);
  }
  const reviewed = readCorpus(join(ROOT, "corpora/help"));
  const debian = readDebianCorpus(join(ROOT, "corpora/debian"), new Set(reviewed.map((e) => e.key)), new Map(reviewed.map((e) => [e.key, e.spec])));
  const entries = [...reviewed, ...debian.entries];
  const specOf = new Map<string, CommandSpec>(entries.map((e) => [e.key, e.spec]));
  const keyOf = new Map(entries.map((e) => [e.spec.path.join(" "), e.key]));

  let pages = 0;
  let withExamples = 0;
  const shown: { id: string; page: string; command: string }[] = [];
  for (const f of readdirSync(dir)
    .filter((x) => x.endsWith(".txt"))
    .sort()) {
    const program = f.slice(0, -4);
    pages++;
    const commands = exampleCommands(examplesSection(readFileSync(join(dir, f), "utf8")), program);
    if (commands.length) withExamples++;
    if (!specOf.has(program)) continue;
    for (const command of commands) shown.push({ id: program, page: program, command });
  }
  const { byKey } = examplesByKey(shown, keyOf);
  const rows: { key: string; commands: number; accepted: number }[] = [];
  const misses: string[] = [];
  for (const [key, commands] of [...byKey].sort((a, b) => a[0].localeCompare(b[0]))) {
    const r = checkCommands(specOf.get(key)!, commands);
    if ("error" in r) continue;
    rows.push({ key, commands: commands.length, accepted: r.accepted });
    for (const m of r.misses) misses.push(`${key}\t${m.command}\t${m.reason}`);
  }
  const commands = rows.reduce((s, r) => s + r.commands, 0);
  const accepted = rows.reduce((s, r) => s + r.accepted, 0);
  const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;
  console.log("| | |\n|---|---:|");
  console.log(`| man pages | ${pages} |`);
  console.log(`| pages whose EXAMPLES run the program as one simple command | ${withExamples} |`);
  console.log(`| of them with a pack grammar | ${rows.length} |`);
  console.log(`| commands | ${commands} |`);
  console.log(`| accepted by the pack's grammar | ${accepted} (${pct(accepted, commands)}) |`);
  console.log(`| programs whose every command is accepted | ${rows.filter((r) => r.accepted === r.commands).length} |`);
  const n = Number(opt("misses") ?? 0);
  if (n > 0) {
    console.log("\nrefused (program, command, why):");
    for (const m of misses.slice(0, n)) console.log(m);
  }
  const json = opt("json");
  if (json) await writeAtomic(json, `${JSON.stringify({ dir, commands, accepted, rows, misses }, null, 2)}\n`);
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  main().catch((e: unknown) => {
    console.error(`report:man-examples: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  });
}
