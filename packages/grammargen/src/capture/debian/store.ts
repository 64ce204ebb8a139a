// The capture's working corpus (one gzip file per text, so that a run can stop and resume
// anywhere) and what it commits to corpora/debian: help.txt.br and man.txt.br (bundles, see
// pack/bundle.ts), index.json.br with each program's package, version, argv and exit status, and
// failures.json.br with every listed program that has no text and why (both one JSON line per
// program, brotli-compressed: as plain text they were most of the corpus's size). Files are
// written atomically.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { writeFileAtomicSync } from "@shellgen/base";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { brotli, readBrotliText, readBundle, writeBundle } from "../../pack/bundle.js";
import { readDebianIndex } from "../../pack/debian.js";
import { HELP_MAX_BYTES, thinHelp } from "./help.js";

export interface TextRecord {
  argv: string[];
  exit: number | string;
  stream?: "stdout" | "stderr";
  /** Environment beyond LANG=C LC_ALL=C that the text depends on. */
  env?: Record<string, string>;
  sha256: string;
}

export interface IndexEntry {
  words: string[];
  package: string;
  version: string;
  from: string[];
  tldrExamples: number;
  /** How the program was mapped to its package where no package ships a file of its name. */
  via?: string;
  /** The system the text was captured on where it is not the machine's own (a chroot's os-release name). */
  system?: string;
  help?: TextRecord;
  man?: TextRecord;
}

export interface Failure {
  package: string;
  reason: string;
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

const writeAtomicSync = (file: string, data: string | Buffer): void => writeFileAtomicSync(file, data);

export class DebianCorpus {
  readonly index: Record<string, IndexEntry>;
  readonly failures: Record<string, Failure>;
  constructor(readonly dir: string) {
    mkdirSync(join(dir, "help"), { recursive: true });
    mkdirSync(join(dir, "man"), { recursive: true });
    this.index = existsSync(join(dir, "index.json")) ? JSON.parse(readFileSync(join(dir, "index.json"), "utf8")) : {};
    this.failures = existsSync(join(dir, "failures.json")) ? JSON.parse(readFileSync(join(dir, "failures.json"), "utf8")) : {};
  }
  /** gzip without a name or time stamp: the same text gives the same bytes. */
  writeText(kind: "help" | "man", name: string, text: string): string {
    writeAtomicSync(join(this.dir, kind, `${name}.txt.gz`), gzipSync(Buffer.from(text, "utf8"), { level: 9 }));
    return sha256(text);
  }
  save(): void {
    const sorted = <T>(o: Record<string, T>) =>
      Object.fromEntries(
        Object.keys(o)
          .sort()
          .map((k) => [k, o[k]!]),
      );
    writeAtomicSync(join(this.dir, "index.json"), `${JSON.stringify(sorted(this.index), null, 1)}\n`);
    writeAtomicSync(join(this.dir, "failures.json"), `${JSON.stringify(sorted(this.failures), null, 1)}\n`);
  }
}

/**
 * Why a captured text is left out of corpora/debian, or undefined when it goes in: one larger
 * than `maxBytes` (a manual of hundreds of kilobytes is not an option list, and the corpus
 * has a size budget), or one that is mostly the same lines over and over (a program that
 * prompted instead of printing help).
 */
export function leaveOut(text: string, maxBytes: number): string | undefined {
  const bytes = Buffer.byteLength(text);
  if (bytes > maxBytes) return `larger than ${maxBytes} bytes (${bytes})`;
  const lines = text.split("\n").filter((l) => l.trim());
  if (lines.length >= 50 && new Set(lines).size < lines.length / 4) return "mostly repeated lines, not help text";
  return undefined;
}

/** What the commit keeps: texts up to `maxBytes`, man pages of programs with tldr examples up to `maxManBytes`. */
export interface CommitLimits {
  maxBytes?: number;
  maxManBytes?: number;
}

/**
 * Why one text of an entry stays out of corpora/debian, or undefined when it goes in. A man page
 * the man phase `chosen` by its gain (it names options the help lacks and raises the program's
 * tldr acceptance, within that phase's byte budget) goes in beside any help and at any size.
 */
export function commitWhy(
  kind: "help" | "man",
  text: string,
  e: { tldrExamples: number },
  helpText: string | undefined,
  limits: CommitLimits = {},
  chosen = false,
): string | undefined {
  if (kind === "man" && chosen) return leaveOut(text, Number.POSITIVE_INFINITY);
  const maxBytes = limits.maxBytes ?? HELP_MAX_BYTES;
  // The man page only beside a thin help text (or none): the corpus has a size budget.
  if (kind === "man" && helpText !== undefined && !thinHelp(helpText)) return "the help text documents five options or more";
  // A long man page is worth its bytes where people's examples use the program.
  const limit = kind === "man" && e.tldrExamples > 0 ? Math.max(maxBytes, limits.maxManBytes ?? maxBytes) : maxBytes;
  return leaveOut(text, limit);
}

/** corpora/debian from the working corpus: one line per program in index.json.br and failures.json.br. */
export function commitCorpus(
  work: DebianCorpus,
  out: string,
  opts: CommitLimits & { reviewed?: Set<string>; manChosen?: ReadonlySet<string> } = {},
): { programs: number; failures: number; bytes: number } {
  const index: Record<string, IndexEntry> = structuredClone(work.index);
  const failures: Record<string, Failure> = { ...work.failures };
  // A program the reviewed corpus (corpora/help) holds is built from that text: no second copy.
  for (const n of opts.reviewed ?? []) delete index[n];
  const texts = { help: new Map<string, string>(), man: new Map<string, string>() };
  for (const n of Object.keys(index)) {
    for (const kind of ["help", "man"] as const) {
      if (!index[n]![kind]) continue;
      const text = readText(work.dir, kind, n)!;
      const why = commitWhy(kind, text, index[n]!, kind === "man" ? texts.help.get(n) : undefined, opts, opts.manChosen?.has(n));
      if (why) delete index[n]![kind];
      else texts[kind].set(n, text);
      if (why && !index[n]!.help && !index[n]!.man) {
        failures[n] = { package: index[n]!.package, reason: `${kind} text left out: ${why}` };
        delete index[n];
        break;
      }
    }
  }
  const r = writeCorpus(out, index, failures, texts);
  return { programs: Object.keys(index).length, failures: Object.keys(failures).length, bytes: r.bytes };
}

/**
 * Adds `keys` of the working corpus to the committed corpus in `out` in place, as the commit
 * would take them (commitWhy; a key the reviewed corpus holds stays out), each as a program
 * with its texts or as a failure with its reason; the other programs stay as they are. Keys the
 * working corpus holds neither way are left alone and returned as `unknown`.
 */
export function addPrograms(
  out: string,
  work: DebianCorpus,
  keys: string[],
  opts: CommitLimits & { reviewed?: Set<string> } = {},
): { added: string[]; failed: string[]; unknown: string[] } {
  const index = readDebianIndex(out);
  const failures = existsSync(join(out, "failures.json.br")) ? (JSON.parse(readBrotliText(join(out, "failures.json.br"))) as Record<string, Failure>) : {};
  const texts = { help: readBundle(join(out, "help.txt.br")), man: readBundle(join(out, "man.txt.br")) };
  const r = { added: [] as string[], failed: [] as string[], unknown: [] as string[] };
  for (const key of keys) {
    if (opts.reviewed?.has(key)) continue;
    const e = work.index[key];
    const f = work.failures[key];
    if (!e && !f) {
      r.unknown.push(key);
      continue;
    }
    delete index[key];
    delete failures[key];
    texts.help.delete(key);
    texts.man.delete(key);
    if (!e) {
      failures[key] = f!;
      r.failed.push(key);
      continue;
    }
    const entry = structuredClone(e);
    let why: string | undefined;
    for (const kind of ["help", "man"] as const) {
      if (!entry[kind]) continue;
      const text = readText(work.dir, kind, key);
      why = text === undefined ? `${kind} text missing from the working corpus` : commitWhy(kind, text, entry, texts.help.get(key), opts);
      if (why) delete entry[kind];
      else texts[kind].set(key, text!);
    }
    if (!entry.help && !entry.man) {
      failures[key] = { package: entry.package, reason: `text left out: ${why}` };
      r.failed.push(key);
    } else {
      index[key] = entry;
      r.added.push(key);
    }
  }
  writeCorpus(out, index, failures, texts);
  return r;
}

/**
 * Writes corpora/debian's files, each atomically: the text bundles, index.json.br (defaults left
 * out to keep it small: words [name], stream stdout; no sha256) and failures.json.br. Only the
 * parts given are written.
 */
export function writeCorpus(
  out: string,
  index: Record<string, Omit<IndexEntry, "help" | "man"> & { help?: Omit<TextRecord, "sha256">; man?: Omit<TextRecord, "sha256"> }> | undefined,
  failures: Record<string, Failure> | undefined,
  texts: { help?: Map<string, string>; man?: Map<string, string> },
): { bytes: number } {
  mkdirSync(out, { recursive: true });
  let bytes = 0;
  for (const kind of ["help", "man"] as const) {
    const t = texts[kind];
    if (!t) continue;
    const data = writeBundle(t);
    writeAtomicSync(join(out, `${kind}.txt.br`), data);
    bytes += data.length;
  }
  const line = (k: string, v: unknown) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`;
  const drop = ({ sha256: _, stream, ...r }: Partial<TextRecord>) => ({ ...r, ...(stream === "stderr" ? { stream } : {}) });
  const text = (lines: string[]) => `{\n${lines.join(",\n")}\n}\n`;
  const files: [string, string[]][] = [];
  if (index)
    files.push([
      "index.json",
      Object.keys(index)
        .sort()
        .map((n) => {
          const { help, man, words, ...e } = index[n]!;
          const w = words.length === 1 && words[0] === n ? {} : { words };
          return line(n, { ...w, ...e, ...(help ? { help: drop(help) } : {}), ...(man ? { man: drop(man) } : {}) });
        }),
    ]);
  if (failures)
    files.push([
      "failures.json",
      Object.keys(failures)
        .sort()
        .map((n) => line(n, failures[n])),
    ]);
  for (const [file, lines] of files) {
    const data = brotli(Buffer.from(text(lines)));
    writeAtomicSync(join(out, `${file}.br`), data);
    // The uncompressed form an older capture wrote would be read by nothing: no stale copy.
    rmSync(join(out, file), { force: true });
    bytes += data.length;
  }
  return { bytes };
}

export function readText(dir: string, kind: "help" | "man", name: string): string | undefined {
  const f = join(dir, kind, `${name}.txt.gz`);
  return existsSync(f) ? gunzipSync(readFileSync(f)).toString("utf8") : undefined;
}
