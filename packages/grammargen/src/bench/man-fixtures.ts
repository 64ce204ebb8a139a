// The man page fixtures: test/fixtures/man/<program>/ with man.txt (as `man --nh --nj -P cat`
// printed it at MANWIDTH=80, LANG=C), man.roff (its source, decompressed), meta.json (program,
// page, Debian package and version), ir.json and roff.ir.json (the reviewed specs read from
// each), invocations.json, and help.txt where the program has a help text. A page over
// 40 KB is committed brotli-compressed (man.txt.br, man.roff.br): its text never changes
// without a new capture, and the goldens read from it stay plain JSON for review.
import { existsSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { capturedTextPath, readCapturedText as read } from "@shellgen/base";
import type { CommandSpec } from "../ir.js";

export interface ManFixture {
  name: string;
  dir: string;
  man: string;
  /** The page's roff source (decompressed from /usr/share/man), where committed. */
  roff?: string;
  help?: string;
  meta: { program: string; page: string; package: string; version: string; command: string[] };
  ir?: CommandSpec;
  /** The reviewed spec read from the roff source. */
  roffIr?: CommandSpec;
  invocations?: { valid: string[]; invalid: string[] };
}

/** test/fixtures/man, found from src/bench or dist/bench. */
export function manFixtureDir(): string {
  const d = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "test", "fixtures", "man");
  if (!existsSync(d)) throw new Error(`${d} not found`);
  return d;
}

export function readManFixtures(dir = manFixtureDir()): ManFixture[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && capturedTextPath(join(dir, d.name, "man.txt")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const p = join(dir, name);
      const json = <T>(f: string) => (read(join(p, f)) === undefined ? undefined : (JSON.parse(read(join(p, f))!) as T));
      return {
        name,
        dir: p,
        man: read(join(p, "man.txt"))!,
        roff: read(join(p, "man.roff")),
        help: read(join(p, "help.txt")),
        meta: json<ManFixture["meta"]>("meta.json")!,
        ir: json<CommandSpec>("ir.json"),
        roffIr: json<CommandSpec>("roff.ir.json"),
        invocations: json<{ valid: string[]; invalid: string[] }>("invocations.json"),
      };
    });
}
