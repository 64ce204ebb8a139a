// Output that is either complete or absent: write a temp file next to the target, then rename.
import { randomBytes } from "node:crypto";
import { rename, unlink, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { GrammargenError } from "../diagnostics.js";

export async function writeAtomic(file: string, text: string): Promise<void> {
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    await writeFile(tmp, text, { flag: "wx" });
    await rename(tmp, file);
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    const code = (e as NodeJS.ErrnoException).code;
    throw new GrammargenError(
      `cannot write ${file}: ${code === "ENOENT" ? "no such directory" : code === "EACCES" || code === "EPERM" || code === "EROFS" ? "permission denied" : code === "EISDIR" ? "it is a directory" : (e as Error).message}`,
      [],
      "EWRITE",
    );
  }
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
