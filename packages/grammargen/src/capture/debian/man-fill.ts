// Fills in the man page of corpora/debian's programs whose committed help is thin (fewer than
// five options: an error message, a pointer to the manual) or missing and which have no man
// page committed; and, within a byte budget, of programs whose page names options their help
// leaves out and raises how many of their tldr examples the grammar accepts (chosen by
// `byGain`, from the gains the caller measures). It works on the committed corpus itself, so it needs no state folder that
// matches it: the page comes from the working corpus where the capture stored one for the same
// package version, otherwise from `man` on this machine where the installed package has the
// committed version. Resumable: each program's outcome (the page's record, or why there is
// none) goes to a state file as soon as it is known; a rerun asks again only for programs whose
// committed version changed.
import { existsSync, readFileSync } from "node:fs";
import { writeFileAtomicSync } from "@shellgen/base";
import { join } from "node:path";
import { readBundle } from "../../pack/bundle.js";
import { type DebianIndexEntry, readDebianIndex } from "../../pack/debian.js";
import type { CommandSpec } from "../../ir.js";
import { parseHelp } from "../../parse/help.js";
import { parseManPage } from "../../parse/man.js";
import { thinHelp } from "./help.js";
import { manPage } from "./sandbox.js";
import { HOST } from "./system.js";
import { type CommitLimits, commitWhy, type DebianCorpus, readText, sha256, type TextRecord, writeCorpus } from "./store.js";

export interface ManFill {
  /** The package version the outcome is for. */
  version: string;
  /** The page's record and its size, when there is one. */
  man?: TextRecord;
  bytes?: number;
  /** Why there is no page. */
  failure?: string;
  /** What the last write into the corpus did with the page: "added", or why it stayed out. */
  result?: string;
  /** Option spellings the page names and the committed help does not (a thin help lacks them all). */
  helpLacks?: string[];
  /** The tldr examples of the program the page makes the grammar accept, less those it makes it refuse. */
  gain?: number;
  /** The tldr examples the help's grammar accepts and the page makes it refuse. */
  lost?: number;
  /** The page alone, brotli-compressed: what it costs the corpus, about. */
  compressed?: number;
  /** Chosen by gain within the budget (so a full commit keeps it too). --except leaves a page out here, and out of the corpus. */
  chosen?: boolean;
  /** What the choice by gain made of the page: "chosen", or why not. */
  choice?: string;
}

export type ManFillState = Record<string, ManFill>;

export function readManFillState(file: string): ManFillState {
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as ManFillState) : {};
}

export function saveManFillState(file: string, state: ManFillState): void {
  const sorted = Object.fromEntries(
    Object.keys(state)
      .sort()
      .map((k) => [k, state[k]!]),
  );
  writeFileAtomicSync(file, `${JSON.stringify(sorted, null, 1)}\n`);
}

/**
 * The programs that want a man page: none committed, and the committed help thin or missing;
 * with `more`, also those of its keys whose help is full (their page goes in only where it names
 * options the help lacks and gains, see byGain).
 */
export function manFillCandidates(
  index: Record<string, Pick<DebianIndexEntry, "help" | "man">>,
  helpText: (key: string) => string | undefined,
  more: ReadonlySet<string> = new Set(),
): string[] {
  return Object.keys(index)
    .filter((k) => !index[k]!.man && (more.has(k) || thinHelp(index[k]!.help ? helpText(k) : undefined)))
    .sort();
}

/**
 * The option spellings a man page names that the help text does not, each text read by the
 * reader the pack uses (a help that is missing or does not parse lacks every one). What the
 * merge would add to the help's grammar: the page's OPTIONS beyond the help's.
 */
export function manOnlyOptions(words: string[], helpText: string | undefined, manText: string): string[] {
  const spell = (spec: CommandSpec) =>
    spec.options.flatMap((o) => [...o.short.map((s) => `-${s}`), ...o.long.map((l) => `--${l}`), ...(o.dashLong ?? []).map((d) => `-${d}`)]);
  let man: string[];
  try {
    man = spell(parseManPage(manText, { name: words }).spec);
  } catch {
    return [];
  }
  let help = new Set<string>();
  try {
    if (helpText !== undefined) help = new Set(spell(parseHelp(helpText, { name: words }).spec));
  } catch {}
  return [...new Set(man.filter((s) => !help.has(s)))].sort();
}

/** A page the old limits leave out, with what it gains and costs. */
export interface PageValue {
  key: string;
  gain: number;
  compressed: number;
}

/**
 * The pages to commit within `budget` compressed bytes: those with a gain, in order of gain per
 * compressed byte (ties: the smaller, then by key); a page larger than what is left is passed
 * over for smaller ones. A page that gains nothing stays out whatever it costs.
 */
export function byGain(pages: PageValue[], budget: number): { chosen: string[]; overBudget: string[]; spent: number } {
  const order = pages
    .filter((p) => p.gain > 0)
    .sort((a, b) => b.gain / b.compressed - a.gain / a.compressed || a.compressed - b.compressed || a.key.localeCompare(b.key));
  const chosen: string[] = [];
  const overBudget: string[] = [];
  let spent = 0;
  for (const p of order) {
    if (spent + p.compressed > budget) overBudget.push(p.key);
    else {
      chosen.push(p.key);
      spent += p.compressed;
    }
  }
  return { chosen, overBudget, spent };
}

/** One program's man page (the working corpus's copy first, then `man` here), or why there is none. */
export function fetchManPage(key: string, e: DebianIndexEntry, work: DebianCorpus, installed: Map<string, string>, root = HOST): ManFill {
  const captured = work.index[key];
  if (captured?.man && captured.version === e.version) {
    const text = readText(work.dir, "man", key);
    if (text !== undefined) return { version: e.version, man: captured.man, bytes: Buffer.byteLength(text) };
  }
  const have = installed.get(e.package);
  if (!have) return { version: e.version, failure: `package ${e.package} is not installed` };
  // A page of another version could document options the committed help's program lacks.
  if (have !== e.version) return { version: e.version, failure: `${e.package} ${have} is installed, the corpus has ${e.version}` };
  const m = manPage(e.words.join("-"), root);
  if (typeof m === "string") return { version: e.version, failure: m };
  const text = m.stdout.toString("utf8");
  const sha256 = work.writeText("man", key, text);
  const man: TextRecord = { argv: m.argv, exit: m.exit, env: { MANWIDTH: "80" }, sha256 };
  // The working corpus keeps it too, so that a later commit from it agrees.
  if (captured && captured.version === e.version) captured.man = man;
  return { version: e.version, man, bytes: Buffer.byteLength(text) };
}

/**
 * Asks for the man page of every candidate of the corpus in `out` that the state holds no
 * outcome for (or one for another version; all of them with `recapture`), saving the state
 * every 25 programs and at the end.
 */
export function fetchManPages(
  out: string,
  work: DebianCorpus,
  installed: Map<string, string>,
  stateFile: string,
  opts: { recapture?: boolean; log?: (s: string) => void; more?: ReadonlySet<string>; root?: string } = {},
): ManFillState {
  const index = readDebianIndex(out);
  const help = readBundle(join(out, "help.txt.br"));
  const state = readManFillState(stateFile);
  const keys = manFillCandidates(index, (k) => help.get(k), opts.more);
  let asked = 0;
  // The working corpus's index is written only when a page went into it.
  let changed = false;
  const save = () => {
    saveManFillState(stateFile, state);
    if (changed) work.save();
    changed = false;
  };
  for (const key of keys) {
    const e = index[key]!;
    if (!opts.recapture && state[key]?.version === e.version) continue;
    const had = work.index[key]?.man;
    state[key] = fetchManPage(key, e, work, installed, opts.root);
    changed ||= work.index[key]?.man !== had;
    if (++asked % 25 === 0) {
      save();
      opts.log?.(`man: ${asked} asked`);
    }
  }
  save();
  const found = keys.filter((k) => state[k]?.man).length;
  opts.log?.(`man: ${keys.length} programs with thin or no help (or wanted beside a full one) and no man page, ${asked} asked now, ${found} pages found`);
  return state;
}

/**
 * Marks `chosen` in the state the pages to commit by their gain, within `budget` compressed
 * bytes (see byGain): of the pages the state holds for the corpus in `out`'s versions, those the
 * commit's own limits leave out (beside a full help, or too large), that name options the
 * committed help lacks, and that make no example refused which the help alone lets through.
 * `measure` says what a page gains, loses and costs. A page an earlier run chose
 * (committed, though the commit's own limits leave it out) counts against the budget first, so
 * a rerun chooses the same, from this state folder or another. Each page's outcome is recorded
 * in the state. A page of `except` is not chosen.
 */
export function chooseManPages(
  out: string,
  work: DebianCorpus,
  state: ManFillState,
  budget: number,
  measure: (key: string, words: string[], helpText: string | undefined, manText: string) => { gain: number; lost?: number; compressed: number },
  limits: CommitLimits = {},
  except: ReadonlySet<string> = new Set(),
): ReturnType<typeof byGain> {
  const index = readDebianIndex(out);
  const help = readBundle(join(out, "help.txt.br"));
  const committed = readBundle(join(out, "man.txt.br"));
  const values: PageValue[] = [];
  // A page committed where the commit's own rule (under the same limits) would leave it out was
  // chosen by an earlier run: it spends the budget first, whatever this state holds, so that a
  // state folder that did not choose it chooses no more. The state and the working corpus
  // learn it, so that a full commit keeps it.
  const kept: string[] = [];
  let keptBytes = 0;
  let learned = false;
  for (const key of Object.keys(index).sort()) {
    const e = index[key]!;
    const text = e.man ? committed.get(key) : undefined;
    const helpText = e.help ? help.get(key) : undefined;
    if (text === undefined || !commitWhy("man", text, e, helpText, limits)) continue;
    const man: TextRecord = { ...e.man!, sha256: sha256(text) };
    const m = measure(key, e.words, helpText, text);
    state[key] = {
      version: e.version,
      man,
      bytes: Buffer.byteLength(text),
      helpLacks: manOnlyOptions(e.words, helpText, text),
      ...m,
      chosen: true,
      choice: "committed",
    };
    const w = work.index[key];
    if (w && w.version === e.version && w.man?.sha256 !== man.sha256) {
      w.man = { ...man, sha256: work.writeText("man", key, text) };
      learned = true;
    }
    kept.push(key);
    keptBytes += m.compressed;
  }
  if (learned) work.save();
  for (const key of Object.keys(state).sort()) {
    const f = state[key]!;
    const e = index[key];
    if (kept.includes(key)) continue;
    delete f.chosen;
    delete f.choice;
    if (!e || e.man || !f.man || f.version !== e.version) continue;
    const text = readText(work.dir, "man", key);
    if (text === undefined || sha256(text) !== f.man.sha256) continue;
    const helpText = e.help ? help.get(key) : undefined;
    // What the commit's own rule takes needs no choosing, but is measured: a page that makes
    // the grammar refuse what the help's grammar took stays out (addManPages).
    if (!commitWhy("man", text, e, helpText, limits)) {
      Object.assign(f, measure(key, e.words, helpText, text));
      if (except.has(key)) f.choice = "left out by --except";
      continue;
    }
    // A page whose reading a person found wrong (dash(1)'s "-e errexit" rows read as values).
    if (except.has(key)) {
      f.choice = "left out by --except";
      continue;
    }
    f.helpLacks = manOnlyOptions(e.words, helpText, text);
    if (!f.helpLacks.length) {
      delete f.gain;
      f.choice = "names no option the help text lacks";
      continue;
    }
    Object.assign(f, measure(key, e.words, helpText, text));
    // A page that makes the grammar refuse an example the help's grammar accepts is misread
    // somewhere: whatever it gains, it stays out.
    if (f.lost) f.choice = `makes ${f.lost} accepted tldr example(s) refused`;
    else if (f.gain! <= 0) f.choice = "makes no more tldr example accepted";
    else values.push({ key, gain: f.gain!, compressed: f.compressed! });
  }
  const r = byGain(values, budget - keptBytes);
  for (const k of r.chosen) Object.assign(state[k]!, { chosen: true, choice: "chosen" });
  for (const k of r.overBudget) state[k]!.choice = `over the budget of ${budget} compressed bytes`;
  return { chosen: [...kept, ...r.chosen], overBudget: r.overBudget, spent: keptBytes + r.spent };
}

/**
 * Adds the pages the state holds to the corpus in `out` (man.txt.br and index.json.br; the
 * help texts and failures stay as they are), under the commit's own limits or, for a page the
 * state marks `chosen`, by that choice; and records in the state what became of each.
 */
export function addManPages(out: string, work: DebianCorpus, state: ManFillState, limits: CommitLimits = {}): { added: string[]; leftOut: number } {
  const index = readDebianIndex(out);
  const help = readBundle(join(out, "help.txt.br"));
  const man = readBundle(join(out, "man.txt.br"));
  const added: string[] = [];
  let leftOut = 0;
  const chosen = new Set(Object.keys(state).filter((k) => state[k]!.chosen));
  for (const key of manFillCandidates(index, (k) => help.get(k), chosen)) {
    const f = state[key];
    const e = index[key]!;
    if (!f?.man || f.version !== e.version) continue;
    const text = readText(work.dir, "man", key);
    // A page that makes the grammar refuse commands its help's grammar took stays out, thin
    // help or not: a grammar that refuses a correct command is worse than a loose one. (Known
    // only where the gains were measured, with --man-budget.)
    const why =
      text === undefined || sha256(text) !== f.man.sha256
        ? "its text in the working corpus is gone or changed (rerun with --recapture)"
        : f.lost
          ? `its grammar refuses ${f.lost} tldr example(s) the help's grammar accepted`
          : f.choice === "left out by --except"
            ? f.choice
            : commitWhy("man", text, e, help.get(key), limits, chosen.has(key));
    f.result = why ?? (chosen.has(key) ? `added: ${f.gain} more tldr example(s) accepted` : "added");
    if (why) {
      leftOut++;
      continue;
    }
    const { sha256: _, ...record } = f.man;
    e.man = record;
    man.set(key, text!);
    added.push(key);
  }
  if (added.length) writeCorpus(out, index, undefined, { man });
  return { added, leftOut };
}
