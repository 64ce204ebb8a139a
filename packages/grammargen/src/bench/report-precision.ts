// npm run report:precision [-- --leaks N] [--json FILE] [--debian]
// How many wrong commands the grammars refuse, by kind of mistake (mutants.ts), on the pack's
// default grammar and on per-request grammars; with --debian, on per-request grammars of the
// Debian-derived programs (grammars/debian), which the default grammar does not hold; and on
// default-open when the build has generated it, over all its seeds and over the seeds the
// default grammar accepts (the programs it holds). The leakiest programs follow, each with the
// options or operands whose mutants got through and one such mutant.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { writeAtomic } from "../cli/output.js";
import { buildSuite, type KindFigures, leakiest, measure } from "./mutant-suite.js";

const ROOT = join(import.meta.dirname, "../../../..");

const pct = (a: number, b: number) => (b === 0 ? "-" : `${((100 * a) / b).toFixed(1)}%`);

function main(): void {
  const args = process.argv.slice(2);
  const opt = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  if (args.includes("--help") || args.includes("-h")) {
    console.log(
      "usage: npm run report:precision [-- --leaks N] [--json FILE] [--debian]  (--debian: per-request grammars of the Debian-derived programs; needs grammars/debian, from npm run build)",
    );
    return;
  }
  const n = Number(opt("leaks") ?? 10);
  if (!Number.isInteger(n) || n < 0) {
    console.error("report:precision: --leaks takes a count");
    process.exit(2);
  }
  const debian = args.includes("--debian");
  if (debian && !existsSync(join(ROOT, "grammars/debian"))) {
    console.error("report:precision: grammars/debian is missing; npm run build generates it");
    process.exit(2);
  }
  const suite = buildSuite(ROOT, { set: debian ? "debian" : "pack" });
  const def = measure(suite, "default");
  const req = measure(suite, "perRequest");
  // default-open takes every other pack program by name with any words: its figures are
  // given apart for the programs the default grammar holds and for those it knows by name.
  const open = suite.grammars.open ? measure(suite, "open") : undefined;
  const openHeld = suite.grammars.open ? measure(suite, "open", (m) => m.seedAccepted.default) : undefined;
  console.log(
    `seeds: ${suite.seeds} ${debian ? "running a Debian-derived program" : "of pack programs"} (accepted: ${suite.seedsAccepted.default} by the default grammar, ${suite.seedsAccepted.perRequest} per request` +
      `${open ? `, ${suite.seedsAccepted.open} by default-open` : ""}); ` +
      `mutants: ${suite.mutants.length}, ${suite.dropped.length} more left out because the real program accepted them\n`,
  );
  const cell = (f: KindFigures) => `${pct(f.refused, f.mutants)} (${f.refused}/${f.mutants})`;
  const openHead = open ? " default-open: refused | default-open, seeds the default grammar accepts |" : "";
  console.log(`| kind | default: refused | per-request: refused |${openHead} labels confirmed by the real program |`);
  console.log(`|---|---:|---:|${open ? "---:|---:|" : ""}---:|`);
  for (let i = 0; i < def.length; i++) {
    const d = def[i]!;
    const all = suite.mutants.filter((m) => m.kind === d.kind);
    const openCells = open ? ` ${cell(open[i]!)} | ${cell(openHeld![i]!)} |` : "";
    console.log(`| ${d.kind} | ${cell(d)} | ${cell(req[i]!)} |${openCells} ${all.filter((m) => m.confirmed).length}/${all.length} |`);
  }
  for (const [name, figures] of [["default", def], ["per-request", req], ...(open ? ([["default-open", open]] as const) : [])] as const) {
    const worst = leakiest(figures, n);
    console.log(`\n${name}: leakiest programs${worst.length === 0 ? ": none, every mutant refused" : ""}`);
    for (const w of worst) {
      console.log(`  ${w.program}: ${w.leaks} accepted`);
      for (const s of w.sites) console.log(`    ${s.site} (${s.count}), e.g. ${s.example}`);
    }
  }
  const json = opt("json");
  if (json) {
    const strip = (fs: KindFigures[]) => fs.map((f) => ({ ...f, leaks: f.leaks.map((m) => ({ program: m.program, site: m.site, command: m.command })) }));
    void writeAtomic(
      json,
      `${JSON.stringify({ seeds: suite.seeds, seedsAccepted: suite.seedsAccepted, default: strip(def), perRequest: strip(req), ...(open ? { open: strip(open), openHeld: strip(openHeld!) } : {}) }, null, 2)}\n`,
    );
  }
}

main();
