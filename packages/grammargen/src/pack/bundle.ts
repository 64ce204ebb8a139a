// Many texts in one brotli-compressed file: one record per text, a header line
// "=== NAME BYTES" then exactly BYTES bytes of text and a newline. Compressing the texts
// together takes half the space of compressing each alone (they share most of their words),
// and the framing keeps a decompressed bundle readable in a diff. The corpus's index and
// failure list are stored the same way (one JSON line per program, brotli-compressed).
import { existsSync, readFileSync } from "node:fs";
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import { GrammargenError } from "../diagnostics.js";

export function writeBundle(texts: Map<string, string>): Buffer {
  const parts: Buffer[] = [];
  for (const name of [...texts.keys()].sort()) {
    if (!/^[\w.+@-]+$/.test(name)) throw new GrammargenError(`bundle: ${JSON.stringify(name)} is not a program name`, [], "EUSAGE");
    const body = Buffer.from(texts.get(name)!, "utf8");
    parts.push(Buffer.from(`=== ${name} ${body.length}\n`), body, Buffer.from("\n"));
  }
  return brotli(Buffer.concat(parts));
}

/** Brotli at its densest setting: the same input gives the same bytes. */
export function brotli(raw: Buffer): Buffer {
  return brotliCompressSync(raw, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
  });
}

/** A brotli-compressed text file, decompressed; a damaged one is an error that names the file. */
export function readBrotliText(file: string): string {
  try {
    return brotliDecompressSync(readFileSync(file)).toString("utf8");
  } catch (e) {
    throw new GrammargenError(`${file}: ${(e as Error).message}`, [], (e as NodeJS.ErrnoException).code === "ENOENT" ? "ENOENT" : "EBUNDLE");
  }
}

export function parseBundle(raw: Buffer, file: string): Map<string, string> {
  const out = new Map<string, string>();
  let at = 0;
  while (at < raw.length) {
    const eol = raw.indexOf(10, at);
    const m = eol < 0 ? null : /^=== ([\w.+@-]+) (\d+)$/.exec(raw.subarray(at, eol).toString("utf8"));
    if (!m) throw new GrammargenError(`${file}: no record header at byte ${at}`, [], "EBUNDLE");
    const start = eol + 1;
    const end = start + Number(m[2]);
    if (end + 1 > raw.length || raw[end] !== 10) throw new GrammargenError(`${file}: record ${m[1]} is cut short`, [], "EBUNDLE");
    out.set(m[1]!, raw.subarray(start, end).toString("utf8"));
    at = end + 1;
  }
  return out;
}

export function readBundle(file: string): Map<string, string> {
  if (!existsSync(file)) return new Map();
  return parseBundle(brotliDecompressSync(readFileSync(file)), file);
}
