// A captured text (a program's help text or man page, as the program printed it) over 40 KB is
// committed brotli-compressed, as FILE.br where FILE would be: it never changes without a new
// capture, and compressed it takes a quarter of the space. Every reader takes either form
// through these two functions; grammargen's writeCapturedText chooses the form.
import { existsSync, readFileSync } from "node:fs";
import { brotliDecompressSync } from "node:zlib";

/** FILE where it exists, else FILE.br where that exists, else undefined. */
export function capturedTextPath(file: string): string | undefined {
  if (existsSync(file)) return file;
  return existsSync(`${file}.br`) ? `${file}.br` : undefined;
}

/** The text at FILE, or decompressed from FILE.br; undefined where neither exists. A damaged FILE.br is an error that names it. */
export function readCapturedText(file: string): string | undefined {
  const at = capturedTextPath(file);
  if (at === undefined) return undefined;
  if (at === file) return readFileSync(file, "utf8");
  try {
    return brotliDecompressSync(readFileSync(at)).toString("utf8");
  } catch (e) {
    throw new Error(`${at}: not a brotli-compressed text (${(e as Error).message})`);
  }
}
