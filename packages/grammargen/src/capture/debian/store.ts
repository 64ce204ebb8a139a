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
import { brotli, writeBundle } from "../../pack/bundle.js";
import { optionLines } from "./help.js";

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

/** corpora/debian from the working corpus: one line per program in index.json.br and failures.json.br. */
export function commitCorpus(
  work: DebianCorpus,
  out: string,
  opts: { maxBytes?: number; reviewed?: Set<string> } = {},
): { programs: number; failures: number; bytes: number } {
  const maxBytes = opts.maxBytes ?? 30_000;
  mkdirSync(out, { recursive: true });
  const index: Record<string, IndexEntry> = structuredClone(work.index);
  const failures: Record<string, Failure> = { ...work.failures };
  // A program the reviewed corpus (corpora/help) holds is built from that text: no second copy.
  for (const n of opts.reviewed ?? []) delete index[n];
  const texts = { help: new Map<string, string>(), man: new Map<string, string>() };
  for (const n of Object.keys(index)) {
    for (const kind of ["help", "man"] as const) {
      if (!index[n]![kind]) continue;
      const text = readText(work.dir, kind, n)!;
      // The man page only where the help lists no option at all: the corpus has a size budget.
      const helpText = kind === "man" && index[n]!.help ? texts.help.get(n) : undefined;
      const why = helpText && optionLines(helpText) > 0 ? "the help text lists options" : leaveOut(text, maxBytes);
      if (why) delete index[n]![kind];
      else texts[kind].set(n, text);
      if (why && !index[n]!.help && !index[n]!.man) {
        failures[n] = { package: index[n]!.package, reason: `${kind} text left out: ${why}` };
        delete index[n];
        break;
      }
    }
  }
  const names = Object.keys(index).sort();
  let bytes = 0;
  for (const kind of ["help", "man"] as const) {
    const data = writeBundle(texts[kind]);
    writeAtomicSync(join(out, `${kind}.txt.br`), data);
    bytes += data.length;
  }
  const line = (k: string, v: unknown) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`;
  // Defaults are left out to keep the index small: words [name], stream stdout.
  const drop = ({ sha256: _, stream, ...r }: TextRecord) => ({ ...r, ...(stream === "stderr" ? { stream } : {}) });
  const indexLines = names.map((n) => {
    const { help, man, words, ...e } = index[n]!;
    const w = words.length === 1 && words[0] === n ? {} : { words };
    return line(n, { ...w, ...e, ...(help ? { help: drop(help) } : {}), ...(man ? { man: drop(man) } : {}) });
  });
  const failureLines = Object.keys(failures)
    .sort()
    .map((n) => line(n, failures[n]));
  const text = (lines: string[]) => `{\n${lines.join(",\n")}\n}\n`;
  for (const [file, lines] of [
    ["index.json", indexLines],
    ["failures.json", failureLines],
  ] as const) {
    const data = brotli(Buffer.from(text(lines)));
    writeAtomicSync(join(out, `${file}.br`), data);
    // The uncompressed form an older capture wrote would be read by nothing: no stale copy.
    rmSync(join(out, file), { force: true });
    bytes += data.length;
  }
  return { programs: names.length, failures: failureLines.length, bytes };
}

export function readText(dir: string, kind: "help" | "man", name: string): string | undefined {
  const f = join(dir, kind, `${name}.txt.gz`);
  return existsSync(f) ? gunzipSync(readFileSync(f)).toString("utf8") : undefined;
}
