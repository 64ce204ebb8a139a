// npm run report:helpdir -- DIR [--misses] [--json FILE]
// Generality on help texts nobody reviewed: parses every DIR/<program>.txt (for example the
// --help of every program on a machine, captured by scripts/capture-path-help.sh), lowers it,
// emits Lark and GBNF and reads both back. Reports how many texts gave options, how many
// option lines could not be read, and any text that threw or gave a grammar that does not load.
// There is no golden IR here: the figures say how often the parser gives up, not whether
// what it read is right (report:help measures that on the reviewed corpus).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { GrammargenError } from "../diagnostics.js";
import { parseGrammarText } from "../check/reader.js";
import { emitGbnf } from "../emit/gbnf.js";
import { emitLark } from "../emit/lark.js";
import { lowerCommand } from "../lower/command.js";
import { parseHelp } from "../parse/help.js";
import { MAX_HELP_BYTES } from "../parse/text.js";
import { writeAtomic } from "../cli/output.js";

interface TextReport {
  name: string;
  options: number;
  subcommands: number;
  unreadable: string[];
  /** Set when parsing threw or a grammar did not load. */
  error?: string;
}

function reportOne(name: string, text: string): TextReport {
  const r: TextReport = { name, options: 0, subcommands: 0, unreadable: [] };
  try {
    const { spec, diagnostics } = parseHelp(text, { name: [name] });
    r.options = spec.options.length;
    r.subcommands = spec.subcommands.length;
    r.unreadable = diagnostics.filter((d) => /could not read an option/.test(d.message)).map((d) => d.message.replace(/^could not read an option in /, ""));
    const grammar = lowerCommand(spec);
    parseGrammarText(emitLark(grammar), "lark");
    parseGrammarText(emitGbnf(grammar), "gbnf");
  } catch (e) {
    // A typed refusal (binary, empty, huge) is the parser working; anything else is a bug.
    r.error = e instanceof GrammargenError ? `refused: ${e.message.split("\n")[0]}` : `threw: ${(e as Error).stack?.split("\n").slice(0, 2).join(" ")}`;
  }
  return r;
}

async function main(): Promise<void> {
  const usage = "usage: npm run report:helpdir -- DIR [--misses] [--json FILE]  (DIR: <program>.txt help texts, e.g. from scripts/capture-path-help.sh)";
  const dir = process.argv[2];
  if (dir === "--help" || dir === "-h") {
    console.log(usage);
    return;
  }
  if (!dir || dir.startsWith("-")) {
    console.error(usage);
    process.exit(2);
  }
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith(".txt"))
      .sort();
  } catch (e) {
    console.error(`report:helpdir: cannot read ${dir}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    process.exit(2);
  }
  const reports = files.map((f) => {
    const path = join(dir, f);
    // parseHelp refuses such a text too; reading it whole first could exceed a string's length.
    if (statSync(path).size > MAX_HELP_BYTES)
      return { name: f.slice(0, -4), options: 0, subcommands: 0, unreadable: [], error: `refused: over ${MAX_HELP_BYTES} bytes` };
    return reportOne(f.slice(0, -4), readFileSync(path, "utf8"));
  });
  const ok = reports.filter((r) => !r.error);
  const count = (f: (r: TextReport) => boolean) => ok.filter(f).length;
  const unreadable = ok.reduce((a, r) => a + r.unreadable.length, 0);
  const read = ok.reduce((a, r) => a + r.options, 0);
  const rows = [
    ["help texts", files.length],
    ["parsed, both grammars load", ok.length],
    ["refused with a typed error", reports.filter((r) => r.error?.startsWith("refused")).length],
    ["threw (a bug)", reports.filter((r) => r.error?.startsWith("threw")).length],
    ["texts with options read", count((r) => r.options > 0 || r.subcommands > 0)],
    ["options read", read],
    ["option lines not read", unreadable],
    ["texts with an option line not read", count((r) => r.unreadable.length > 0)],
  ];
  console.log(["| | |", "|---|---:|", ...rows.map(([k, v]) => `| ${k} | ${v} |`)].join("\n"));
  for (const r of reports) if (r.error?.startsWith("threw")) console.log(`- ${r.name}: ${r.error}`);
  if (process.argv.includes("--misses")) for (const r of ok) for (const u of r.unreadable) console.log(`- ${r.name}: ${u}`);
  const json = process.argv.indexOf("--json");
  if (json > 0 && process.argv[json + 1])
    await writeAtomic(process.argv[json + 1]!, `${JSON.stringify({ dir, rows: Object.fromEntries(rows), reports }, null, 1)}\n`);
}

await main();
