// The capture's working corpus (one gzip file per text, so that a run can stop and resume
// anywhere) and what it commits to corpora/debian: help.txt.br and man.txt.br (bundles, see
// pack/bundle.ts), index.json with each program's package, version, argv and exit status, and
// failures.json with every listed program that has no text and why. Files are written atomically.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { writeFileAtomicSync } from "@shellgen/base";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { writeBundle } from "../../pack/bundle.js";

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

/** corpora/debian from the working corpus: one line per program in index.json and failures.json. */
export function commitCorpus(work: DebianCorpus, out: string): { programs: number; failures: number; bytes: number } {
  mkdirSync(out, { recursive: true });
  const names = Object.keys(work.index).sort();
  let bytes = 0;
  for (const kind of ["help", "man"] as const) {
    const texts = new Map<string, string>();
    for (const n of names) if (work.index[n]![kind]) texts.set(n, readText(work.dir, kind, n)!);
    const data = writeBundle(texts);
    writeAtomicSync(join(out, `${kind}.txt.br`), data);
    bytes += data.length;
  }
  const line = (k: string, v: unknown) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`;
  const drop = ({ sha256: _, ...r }: TextRecord) => r;
  const index = names.map((n) => {
    const { help, man, ...e } = work.index[n]!;
    return line(n, { ...e, ...(help ? { help: drop(help) } : {}), ...(man ? { man: drop(man) } : {}) });
  });
  const failures = Object.keys(work.failures)
    .sort()
    .map((n) => line(n, work.failures[n]));
  const text = (lines: string[]) => `{\n${lines.join(",\n")}\n}\n`;
  writeAtomicSync(join(out, "index.json"), text(index));
  writeAtomicSync(join(out, "failures.json"), text(failures));
  bytes += Buffer.byteLength(text(index)) + Buffer.byteLength(text(failures));
  return { programs: names.length, failures: failures.length, bytes };
}

export function readText(dir: string, kind: "help" | "man", name: string): string | undefined {
  const f = join(dir, kind, `${name}.txt.gz`);
  return existsSync(f) ? gunzipSync(readFileSync(f)).toString("utf8") : undefined;
}
