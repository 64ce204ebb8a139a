// The precision suite: valid commands from three sources, each mutated by kind (mutants.ts),
// measured against the pack's default grammar and per-request grammars (request-grammar.ts).
// A mutant counts for a grammar only when that grammar accepts its seed: a refusal must be
// about the mutation. Labels the real programs confirmed live in a committed file
// (mutant-labels.tsv.br, written by confirm-mutants.ts); a mutant a real program accepted is
// not wrong and is left out.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import { join } from "node:path";
import { recognize } from "../check/recognize.js";
import { BUILTIN_NAMES } from "../compose/builtins.js";
import type { Grammar } from "../grammar/ast.js";
import { MUTANT_KINDS, mutantsOf, seededRandom, type Mutant, type MutantKind, type MutantSource } from "./mutants.js";
import { pairsExist, readPairs } from "./pairs.js";
import { packGrammars, programsOf, type PackGrammars } from "./request-grammar.js";
import { readDebianIndex } from "../pack/debian.js";

export type SeedSource = "coverage" | "tldr" | "tasks" | "help";

export interface Seed {
  command: string;
  source: SeedSource;
}

/**
 * Valid commands: the coverage set, the tldr examples of the training data, the bench's
 * canonical solutions, and the invocations each captured help text lists as valid
 * (corpora/help/NAME/invocations.json, checked against the real programs by verify-invocations).
 */
export function readSeeds(root: string): Seed[] {
  const out: Seed[] = [];
  const seen = new Set<string>();
  const add = (command: string, source: SeedSource) => {
    const c = command.trim();
    if (c && !c.includes("\n") && !seen.has(c)) {
      seen.add(c);
      out.push({ command: c, source });
    }
  };
  for (const l of readFileSync(join(root, "corpora/coverage/valid.txt"), "utf8").split("\n")) if (l.trim() && !l.startsWith("#")) add(l, "coverage");
  const pairs = join(root, "model/data/train.jsonl");
  if (pairsExist(pairs)) for (const p of readPairs(pairs)) if (p.source === "tldr") add(p.command, "tldr");
  for (let tier = 1; existsSync(join(root, `corpora/tasks/tier${tier}.json`)); tier++) {
    const tasks = JSON.parse(readFileSync(join(root, `corpora/tasks/tier${tier}.json`), "utf8")) as { solutions?: string[] }[];
    for (const t of tasks) for (const s of t.solutions ?? []) add(s, "tasks");
  }
  const help = join(root, "corpora/help");
  for (const name of existsSync(help) ? readdirSync(help).sort() : []) {
    const f = join(help, name, "invocations.json");
    if (existsSync(f)) for (const c of (JSON.parse(readFileSync(f, "utf8")) as { valid?: string[] }).valid ?? []) add(c, "help");
  }
  return out;
}

/** The generator's view of the pack: its IR and its program names. */
export function packSource(root: string, grammars: PackGrammars, opts: { debian?: boolean } = {}): MutantSource {
  const read = (f: string) => (JSON.parse(readFileSync(join(root, f), "utf8")) as { programs: { path: string[] }[] }).programs.map((p) => p.path[0]!);
  const names = [...read("grammars/pack/manifest.json"), ...(opts.debian ? debianPrograms(root) : [])];
  return { spec: grammars.spec, keysOf: grammars.keysOf, programs: new Set(names) };
}

/**
 * The Debian-derived programs: grammars/pack/debian.json lists each grammar's key (the build
 * generates grammars/debian), and corpora/debian/index.json.br names the command words of a
 * subcommand's key (docker-build is docker build).
 */
export function debianPrograms(root: string): string[] {
  const f = join(root, "grammars/pack/debian.json");
  if (!existsSync(f)) return [];
  const index = readDebianIndex(join(root, "corpora/debian"));
  const keys = (JSON.parse(readFileSync(f, "utf8")) as { programs: { key: string }[] }).programs.map((p) => p.key);
  return [...new Set(keys.map((k) => (Object.hasOwn(index, k) ? index[k]!.words[0] : undefined) ?? k))];
}

/**
 * Which grammars a suite measures: "pack", the shipped pack (default and per-request
 * grammars); "debian", per-request grammars of seeds that run a Debian-derived program
 * (grammars/debian must have been generated: npm run build).
 */
export type SuiteSet = "pack" | "debian";

export type Verdict = "refused" | "accepted" | "unclear";

export interface Label {
  verdict: Verdict;
  /** The exit status the real run ended with ("-" when it did not run). */
  exit: string;
}

// Brotli-compressed TSV: the labels are data read by code, not reviewed by eye, and compress 5 to 1.
export const LABELS_FILE = "packages/grammargen/test/fixtures/mutant-labels.tsv.br";

export const encodeLabels = (text: string): Buffer => brotliCompressSync(Buffer.from(text, "utf8"), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });

/** The committed labels: kind and command -> what the real program (or `bash -n`) said. */
export function readLabels(root: string): Map<string, Label> {
  const out = new Map<string, Label>();
  const file = join(root, LABELS_FILE);
  if (!existsSync(file)) return out;
  for (const line of brotliDecompressSync(readFileSync(file)).toString("utf8").split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const [verdict, exit, kind, ...rest] = line.split("\t");
    out.set(labelKey(kind as MutantKind, rest.join("\t")), { verdict: verdict as Verdict, exit: exit! });
  }
  return out;
}

export const labelKey = (kind: MutantKind, command: string): string => `${kind}\t${command}`;

export interface SuiteMutant extends Mutant {
  source: SeedSource;
  /** The real program refused it (or `bash -n` did): the label is confirmed. */
  confirmed: boolean;
  /** Whether each grammar accepts the seed, so that the mutant counts for it. */
  seedAccepted: { default: boolean; perRequest: boolean; open: boolean };
}

export interface Suite {
  seeds: number;
  seedsAccepted: { default: number; perRequest: number; open: number };
  mutants: SuiteMutant[];
  /** Mutants left out because the real program accepted them. */
  dropped: SuiteMutant[];
  grammars: PackGrammars;
}

/** Mutants per kind at most (a deterministic sample), so that the suite stays fast. */
export const DEFAULT_KIND_CAP = 1000;
/** The Debian-derived set: seeds sampled first (each program set is composed once), fewer mutants per kind. */
export const DEBIAN_SEEDS = 2500;
export const DEBIAN_KIND_CAP = 500;

export function buildSuite(root: string, opts: { kindCap?: number; labels?: boolean; set?: SuiteSet } = {}): Suite {
  const debian = opts.set === "debian";
  const grammars = packGrammars(root, { debian });
  const src = packSource(root, grammars, { debian });
  const labels = opts.labels === false ? new Map<string, Label>() : readLabels(root);
  const cap = opts.kindCap ?? (debian ? DEBIAN_KIND_CAP : DEFAULT_KIND_CAP);
  // Only seeds whose every program has a grammar or is a builtin can be accepted; sample those.
  const known = (c: string) => programsOf(c).every((p) => src.programs.has(p) || BUILTIN_NAMES.includes(p));
  const fromDebian = new Set(debian ? debianPrograms(root) : []);
  const order = (s: Seed) => seededRandom(s.command)();
  const seeds = debian
    ? readSeeds(root)
        .filter((s) => known(s.command) && programsOf(s.command).some((p) => fromDebian.has(p)))
        .sort((a, b) => order(a) - order(b))
        .slice(0, DEBIAN_SEEDS)
    : readSeeds(root).filter((s) => known(s.command));
  const accepts = (g: Grammar, c: string) => recognize(g, c).accepted;
  const made: SuiteMutant[] = [];
  const seedsAccepted = { default: 0, perRequest: 0, open: 0 };
  const open = grammars.open;
  for (const seed of seeds) {
    let request: Grammar;
    try {
      request = grammars.forCommand(seed.command);
    } catch {
      continue;
    }
    const seedAccepted = {
      default: accepts(grammars.default, seed.command),
      perRequest: accepts(request, seed.command),
      open: !!open && accepts(open, seed.command),
    };
    // default-open is measured on the same sample, so adding it moves no other figure.
    if (!seedAccepted.default && !seedAccepted.perRequest) continue;
    if (seedAccepted.default) seedsAccepted.default++;
    if (seedAccepted.perRequest) seedsAccepted.perRequest++;
    if (seedAccepted.open) seedsAccepted.open++;
    for (const m of mutantsOf(seed.command, src)) made.push({ ...m, source: seed.source, confirmed: false, seedAccepted });
  }
  // The sample: per kind, the first `cap` in an order fixed by the mutants' own text.
  const rank = new Map(made.map((m) => [m, seededRandom(m.command)()]));
  const mutants: SuiteMutant[] = [];
  const dropped: SuiteMutant[] = [];
  for (const kind of MUTANT_KINDS)
    for (const m of made
      .filter((x) => x.kind === kind)
      .sort((a, b) => rank.get(a)! - rank.get(b)!)
      .slice(0, cap)) {
      const label = labels.get(labelKey(m.kind, m.command));
      m.confirmed = label?.verdict === "refused";
      (label?.verdict === "accepted" ? dropped : mutants).push(m);
    }
  return { seeds: seeds.length, seedsAccepted, mutants, dropped, grammars };
}

export interface KindFigures {
  kind: MutantKind;
  mutants: number;
  confirmed: number;
  refused: number;
  /** Mutants the grammar accepted: what let each through. */
  leaks: SuiteMutant[];
}

export type SuiteGrammar = "default" | "perRequest" | "open";

/**
 * Share refused per kind by one grammar: the default grammar, per-request grammars, or
 * default-open (the default grammar that takes every other pack program by name); `only`
 * narrows the mutants (to those of seeds another grammar accepts, say).
 */
export function measure(suite: Suite, which: SuiteGrammar, only: (m: SuiteMutant) => boolean = () => true): KindFigures[] {
  const g = (m: SuiteMutant) => (which === "default" ? suite.grammars.default : which === "open" ? suite.grammars.open! : suite.grammars.forCommand(m.seed));
  return MUTANT_KINDS.map((kind) => {
    const ms = suite.mutants.filter((m) => m.kind === kind && m.seedAccepted[which] && only(m));
    const leaks = ms.filter((m) => recognize(g(m), m.command).accepted);
    return { kind, mutants: ms.length, confirmed: ms.filter((m) => m.confirmed).length, refused: ms.length - leaks.length, leaks };
  });
}

/** Leaks grouped by program, most first, each with the sites that let them through. */
export function leakiest(figures: KindFigures[], n: number): { program: string; leaks: number; sites: { site: string; count: number; example: string }[] }[] {
  const byProgram = new Map<string, SuiteMutant[]>();
  for (const f of figures) for (const m of f.leaks) (byProgram.get(m.program) ?? byProgram.set(m.program, []).get(m.program)!).push(m);
  return [...byProgram]
    .map(([program, ms]) => {
      const sites = new Map<string, SuiteMutant[]>();
      for (const m of ms) (sites.get(`${m.kind}: ${m.site}`) ?? sites.set(`${m.kind}: ${m.site}`, []).get(`${m.kind}: ${m.site}`)!).push(m);
      return {
        program,
        leaks: ms.length,
        sites: [...sites].map(([site, xs]) => ({ site, count: xs.length, example: xs[0]!.command })).sort((a, b) => b.count - a.count),
      };
    })
    .sort((a, b) => b.leaks - a.leaks || a.program.localeCompare(b.program))
    .slice(0, n);
}
