// Fills in the man page of corpora/debian's programs whose committed help is thin (fewer than
// five options: an error message, a pointer to the manual) or missing and which have no man
// page committed. It works on the committed corpus itself, so it needs no state folder that
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
import { thinHelp } from "./help.js";
import { manPage } from "./sandbox.js";
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

/** The programs that want a man page: none committed, and the committed help thin or missing. */
export function manFillCandidates(index: Record<string, Pick<DebianIndexEntry, "help" | "man">>, helpText: (key: string) => string | undefined): string[] {
  return Object.keys(index)
    .filter((k) => !index[k]!.man && thinHelp(index[k]!.help ? helpText(k) : undefined))
    .sort();
}

/** One program's man page (the working corpus's copy first, then `man` here), or why there is none. */
export function fetchManPage(key: string, e: DebianIndexEntry, work: DebianCorpus, installed: Map<string, string>): ManFill {
  const captured = work.index[key];
  if (captured?.man && captured.version === e.version) {
    const text = readText(work.dir, "man", key);
    if (text !== undefined) return { version: e.version, man: captured.man, bytes: Buffer.byteLength(text) };
  }
  const have = installed.get(e.package);
  if (!have) return { version: e.version, failure: `package ${e.package} is not installed` };
  // A page of another version could document options the committed help's program lacks.
  if (have !== e.version) return { version: e.version, failure: `${e.package} ${have} is installed, the corpus has ${e.version}` };
  const m = manPage(e.words.join("-"));
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
  opts: { recapture?: boolean; log?: (s: string) => void } = {},
): ManFillState {
  const index = readDebianIndex(out);
  const help = readBundle(join(out, "help.txt.br"));
  const state = readManFillState(stateFile);
  const keys = manFillCandidates(index, (k) => help.get(k));
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
    state[key] = fetchManPage(key, e, work, installed);
    changed ||= work.index[key]?.man !== had;
    if (++asked % 25 === 0) {
      save();
      opts.log?.(`man: ${asked} asked`);
    }
  }
  save();
  const found = keys.filter((k) => state[k]?.man).length;
  opts.log?.(`man: ${keys.length} programs with thin or no help and no man page, ${asked} asked now, ${found} pages found`);
  return state;
}

/**
 * Adds the pages the state holds to the corpus in `out` (man.txt.br and index.json.br; the
 * help texts and failures stay as they are), under the commit's own limits, and records in
 * the state what became of each.
 */
export function addManPages(out: string, work: DebianCorpus, state: ManFillState, limits: CommitLimits = {}): { added: string[]; leftOut: number } {
  const index = readDebianIndex(out);
  const help = readBundle(join(out, "help.txt.br"));
  const man = readBundle(join(out, "man.txt.br"));
  const added: string[] = [];
  let leftOut = 0;
  for (const key of manFillCandidates(index, (k) => help.get(k))) {
    const f = state[key];
    const e = index[key]!;
    if (!f?.man || f.version !== e.version) continue;
    const text = readText(work.dir, "man", key);
    const why =
      text === undefined || sha256(text) !== f.man.sha256
        ? "its text in the working corpus is gone or changed (rerun with --recapture)"
        : commitWhy("man", text, e, help.get(key), limits);
    f.result = why ?? "added";
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
