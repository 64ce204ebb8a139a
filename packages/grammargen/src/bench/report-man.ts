// npm run report:man -- MANDIR [--help-dir DIR] [--pairs FILE] [--misses N] [--json FILE]
// How far man pages carry. MANDIR holds rendered pages (MANDIR/<program>.txt, from
// scripts/capture-path-man.sh); DIR holds help texts (from scripts/capture-path-help.sh).
// 1. Every page is read (parseManPage): how many read, how many with options found.
// 2. With --help-dir: the tldr-pages examples (as report:tldr takes them: one simple command
//    each) of every program that has a page are checked against three grammars: the help
//    text's alone, the man page's alone, and the two merged (mergeHelpAndMan). Programs are
//    grouped by their help text: none captured, thin (fewer than 3 options, or under a third
//    of the page's), or full.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { recognize } from "../check/recognize.js";
import { writeAtomic } from "../cli/output.js";
import type { Grammar } from "../grammar/ast.js";
import { lowerCommand } from "../lower/command.js";
import { type ParseResult, parseHelp } from "../parse/help.js";
import { parseManPage } from "../parse/man.js";
import { mergeHelpAndMan } from "../parse/merge-sources.js";

const ROOT = join(import.meta.dirname, "../../../..");
type Kind = "none" | "thin" | "full";

function readPairs(file: string): { command: string; source?: string }[] {
  const text = existsSync(file) ? readFileSync(file, "utf8") : gunzipSync(readFileSync(`${file}.gz`)).toString("utf8");
  return text
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { command: string; source?: string });
}

const attempt = <T>(f: () => T): T | undefined => {
  try {
    return f();
  } catch {
    return undefined;
  }
};

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const opt = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const usage = "usage: npm run report:man -- MANDIR [--help-dir DIR] [--pairs FILE] [--misses N] [--json FILE]  (MANDIR: from scripts/capture-path-man.sh)";
  const dir = args[0];
  if (dir === "--help" || dir === "-h") return void console.log(usage);
  if (!dir || dir.startsWith("-")) {
    console.error(usage);
    process.exit(2);
  }
  for (const d of [dir, opt("help-dir")].filter((x): x is string => x !== undefined))
    if (!existsSync(d) || !statSync(d).isDirectory()) {
      console.error(`report:man: ${d} is not a folder of texts`);
      process.exit(2);
    }
  const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;

  // 1. Every page.
  const pages = new Map<string, ParseResult | string>();
  for (const f of readdirSync(dir)
    .filter((x) => x.endsWith(".txt"))
    .sort()) {
    const program = f.slice(0, -4);
    try {
      pages.set(program, parseManPage(readFileSync(join(dir, f), "utf8"), { name: [program] }));
    } catch (e) {
      pages.set(program, (e as Error).message.split("\n")[0]!);
    }
  }
  const read = [...pages.values()].filter((r): r is ParseResult => typeof r !== "string");
  const withOptions = read.filter((r) => r.spec.options.length > 0);
  const counts = withOptions.map((r) => r.spec.options.length).sort((a, b) => a - b);
  console.log("| man pages | |\n|---|---:|");
  console.log(`| pages | ${pages.size} |`);
  console.log(`| read without error | ${read.length} |`);
  console.log(`| with a SYNOPSIS read | ${read.filter((r) => !r.diagnostics.some((d) => /no SYNOPSIS/.test(d.message))).length} |`);
  console.log(`| with options found | ${withOptions.length} (${pct(withOptions.length, pages.size)}) |`);
  console.log(`| options per page with options, median | ${counts[Math.floor(counts.length / 2)] ?? 0} |`);

  const helpDir = opt("help-dir");
  if (!helpDir) return;
  // 2. tldr examples: help-only, man-only, merged.
  const pairsFile = opt("pairs") ?? join(ROOT, "model/data/train.jsonl");
  const byProgram = new Map<string, string[]>();
  for (const p of readPairs(pairsFile)) {
    if (p.source !== "tldr" || /[|;&<>`$(){}]/.test(p.command)) continue;
    const program = p.command.split(/\s+/)[0]!;
    const page = pages.get(program);
    if (!page || typeof page === "string") continue;
    (byProgram.get(program) ?? byProgram.set(program, []).get(program)!).push(p.command);
  }
  interface Row {
    program: string;
    kind: Kind;
    commands: number;
    help: number;
    man: number;
    merged: number;
    /** Of the wrong commands (one per example), how many each grammar refuses. */
    refused: { help: number; man: number; merged: number };
  }
  const rows: Row[] = [];
  const misses: string[] = [];
  for (const [program, commands] of [...byProgram].sort((a, b) => a[0].localeCompare(b[0]))) {
    const man = pages.get(program) as ParseResult;
    const file = join(helpDir, `${program}.txt`);
    const help = existsSync(file) ? attempt(() => parseHelp(readFileSync(file, "utf8"), { name: [program] })) : undefined;
    const n = help?.spec.options.length ?? 0;
    const kind: Kind = !help ? "none" : n < 3 || n * 3 < man.spec.options.length ? "thin" : "full";
    const grammar = (r: ParseResult | undefined): Grammar | undefined => (r ? attempt(() => lowerCommand(r.spec)) : undefined);
    const [gh, gm, gb] = [grammar(help), grammar(man), grammar(attempt(() => mergeHelpAndMan(help, man)))];
    const count = (g: Grammar | undefined, tag?: string) =>
      commands.filter((c) => {
        const r = g ? recognize(g, c) : { accepted: false, reason: "no grammar" };
        if (!r.accepted && tag) misses.push(`${program}\t${tag}\t${c}\t${r.reason ?? ""}`);
        return r.accepted;
      }).length;
    // Wrong commands: each example with an option no program has at its end, where a grammar
    // that passes the words after a command word through (docker COMMAND [ARG...]) takes it.
    const wrong = commands.map((c) => `${c} --zz-no-such-option`);
    const refused = (g: Grammar | undefined) => wrong.filter((c) => !g || !recognize(g, c).accepted).length;
    rows.push({
      program,
      kind,
      commands: commands.length,
      help: count(gh),
      man: count(gm, "man"),
      merged: count(gb, "merged"),
      refused: { help: refused(gh), man: refused(gm), merged: refused(gb) },
    });
  }
  console.log("\nAccepted: tldr examples taken. Refused: the same examples with `--zz-no-such-option` at the end, refused.\n");
  console.log(
    "| tldr examples of programs with a man page | programs | commands | accepted: help only | man only | merged | refused: help only | man only | merged |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|",
  );
  const line = (label: string, rs: Row[]) => {
    const c = rs.reduce((s, r) => s + r.commands, 0);
    const sum = (k: "help" | "man" | "merged") => rs.reduce((s, r) => s + r[k], 0);
    const no = (k: "help" | "man" | "merged") => rs.reduce((s, r) => s + r.refused[k], 0);
    console.log(
      `| ${label} | ${rs.length} | ${c} | ${pct(sum("help"), c)} | ${pct(sum("man"), c)} | ${pct(sum("merged"), c)} | ${pct(no("help"), c)} | ${pct(no("man"), c)} | ${pct(no("merged"), c)} |`,
    );
  };
  // Per program too, so that one program with hundreds of examples (gcloud) does not decide a row.
  const mean = (label: string, rs: Row[]) => {
    const m = (f: (r: Row) => number) =>
      pct(
        rs.reduce((s, r) => s + f(r) / r.commands, 0),
        rs.length,
      );
    console.log(
      `| ${label}, mean per program | ${rs.length} | | ${m((r) => r.help)} | ${m((r) => r.man)} | ${m((r) => r.merged)} | ${m((r) => r.refused.help)} | ${m((r) => r.refused.man)} | ${m((r) => r.refused.merged)} |`,
    );
  };
  const none = rows.filter((r) => r.kind === "none");
  const thin = rows.filter((r) => r.kind === "thin");
  const full = rows.filter((r) => r.kind === "full");
  line("no help text captured", none);
  line("thin help text", thin);
  line("missing or thin, together", [...none, ...thin]);
  line("full help text", full);
  line("all", rows);
  mean("missing or thin", [...none, ...thin]);
  mean("full help text", full);
  const n = Number(opt("misses") ?? 0);
  if (n > 0) {
    console.log("\nmost refused with the merged grammar, help missing or thin (program, refused/commands, one refusal):");
    for (const r of rows
      .filter((x) => x.kind !== "full")
      .sort((a, b) => b.commands - b.merged - (a.commands - a.merged))
      .slice(0, n))
      console.log(
        `${r.program}\t${r.commands - r.merged}/${r.commands}\t${
          misses
            .find((m) => m.startsWith(`${r.program}\tmerged\t`))
            ?.split("\t")
            .slice(2)
            .join(" || ") ?? ""
        }`,
      );
  }
  const json = opt("json");
  if (json) await writeAtomic(json, `${JSON.stringify({ dir, helpDir, pairs: pairsFile, rows, misses }, null, 2)}\n`);
}

main().catch((e: unknown) => {
  console.error(`report:man: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
