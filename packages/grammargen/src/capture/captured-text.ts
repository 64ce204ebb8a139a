// Where a captured help text or man page is written: FILE, or brotli-compressed FILE.br when
// it is over COMPRESS_OVER bytes (readCapturedText in @shellgen/base reads either form).
import { rm } from "node:fs/promises";
import { writeFileAtomic } from "@shellgen/base";
import { brotli } from "../pack/bundle.js";

/** Texts longer than this (in UTF-8 bytes) are stored compressed. */
export const COMPRESS_OVER = 40_000;

/** Writes TEXT to FILE or, over COMPRESS_OVER bytes, compressed to FILE.br; removes the other form. Returns the path written. */
export async function writeCapturedText(file: string, text: string): Promise<string> {
  const raw = Buffer.from(text, "utf8");
  const big = raw.length > COMPRESS_OVER;
  const [to, other] = big ? [`${file}.br`, file] : [file, `${file}.br`];
  await writeFileAtomic(to, big ? brotli(raw) : raw);
  await rm(other, { force: true });
  return to;
}
