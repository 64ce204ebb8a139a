// Output that is either complete or absent, and stays written: @shellgen/base's
// writeFileAtomic (temp file beside the target, fsync, rename, fsync of the directory).
import { readFile } from "node:fs/promises";
import { writeFileAtomic } from "@shellgen/base";
import { GrammargenError } from "../diagnostics.js";

export async function writeAtomic(file: string, text: string | Uint8Array): Promise<void> {
  try {
    await writeFileAtomic(file, text);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new GrammargenError(
      `cannot write ${file}: ${code === "ENOENT" ? "no such directory" : code === "EACCES" || code === "EPERM" || code === "EROFS" ? "permission denied" : code === "EISDIR" ? "it is a directory" : (e as Error).message}`,
      [],
      "EWRITE",
    );
  }
}

/**
 * Where a generated text goes: stdout, the --out file (atomically), or, with --check, nowhere:
 * the --out file is compared with it, so CI can regenerate and fail on drift. Exit status:
 * 0 written or up to date, 1 drifted (with the first differing line on stderr).
 */
export async function deliver(io: Io, text: string, out: string | undefined, check: boolean): Promise<number> {
  if (check) {
    if (!out) throw new GrammargenError("--check compares with the --out file: give --out FILE", [], "EUSAGE");
    let old: string;
    try {
      old = await readFile(out, "utf8");
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== "ENOENT") throw new GrammargenError(`cannot read ${out}: ${code ?? (e as Error).message}`, [], "EREAD");
      io.stderr(`grammargen: drift: ${out} does not exist (run without --check to write it)\n`);
      return 1;
    }
    if (old === text) {
      io.stdout(`up to date: ${out}\n`);
      return 0;
    }
    io.stderr(
      `grammargen: drift: ${out} differs from the grammar generated now, first at line ${firstDifferentLine(old, text)} (run without --check to update it)\n`,
    );
    return 1;
  }
  if (out) await writeAtomic(out, text);
  else io.stdout(text);
  return 0;
}

function firstDifferentLine(a: string, b: string): number {
  const x = a.split("\n");
  const y = b.split("\n");
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return i + 1;
}

export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  readStdin(): Promise<string>;
}

export const processIo: Io = {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const c of process.stdin) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  },
};
