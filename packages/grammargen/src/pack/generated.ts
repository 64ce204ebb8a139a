// What `grammargen pack --generated` (the build step) checks. The grammar files are generated,
// not committed: git holds the lists of their hashes (pack/manifest.json for the reviewed
// programs, the default grammars and the tool grammars; pack/debian.json for the
// Debian-derived set and default-open) and the package entry (pack/index.js, index.d.ts). A
// build is current when every listed file is there with its hash and was made by this
// grammargen code; otherwise it is made again, the committed lists are kept as they are, and
// whatever the new build would list differently is reported as drift.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

/** One hash per program over its three files, so the committed manifest stays small. */
// 96 bits: the manifest guards against drift, not against a forger, and stays small.
export const programHash = (lark: string, gbnf: string, ir: string): string => sha256(`${lark}\0${gbnf}\0${ir}`).slice(0, 24);

/** The committed files of pack/: the hash lists and the package entry. */
export const TRACKED = ["manifest.json", "debian.json", "index.js", "index.d.ts"];

/** The default grammar that also takes every other pack program by name (default-grammar.ts). */
export const OPEN = "default-open";

export const STAMP = ".generator";

const here = dirname(fileURLToPath(import.meta.url));

/**
 * The generator's identity: a hash of grammargen's own compiled code (src/ when run from
 * source). Grammars made by other code are not taken as current, even when they match the
 * committed hashes, so a parser change is always built and any drift reported.
 */
export function generatorHash(): string {
  const h = createHash("sha256");
  const walk = (d: string) => {
    for (const f of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (f.isDirectory()) {
        if (f.name !== "bench") walk(join(d, f.name));
      } else if (/\.(js|ts)$/.test(f.name) && !f.name.endsWith(".d.ts")) h.update(f.name).update(readFileSync(join(d, f.name)));
    }
  };
  walk(join(here, ".."));
  return h.digest("hex");
}

type Sha = Record<string, string>;
interface Manifest {
  programs: { key: string; sha256: Sha }[];
  default: { grammars: Record<string, { sha256: Sha }> };
  tools?: Record<string, { sha256: Sha }>;
}
interface DebianList {
  programs: { key: string; sha256: string }[];
  [OPEN]?: string;
}

const readJson = <T>(file: string): T | undefined => {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
};

/** file name -> sha256, for every generated file pack/manifest.json lists. */
function packFiles(m: Manifest): Map<string, string> {
  const want = new Map<string, string>();
  for (const p of m.programs) want.set(`${p.key}.lark`, p.sha256.lark!).set(`${p.key}.gbnf`, p.sha256.gbnf!).set(`${p.key}.ir.json`, p.sha256.ir!);
  for (const [name, g] of Object.entries(m.default.grammars)) want.set(`${name}.lark`, g.sha256.lark!).set(`${name}.gbnf`, g.sha256.gbnf!);
  for (const [name, t] of Object.entries(m.tools ?? {})) want.set(`${name}.tool.lark`, t.sha256.lark!).set(`${name}.tool.gbnf`, t.sha256.gbnf!);
  return want;
}

const stamped = (dir: string, generator: string): boolean => existsSync(join(dir, STAMP)) && readFileSync(join(dir, STAMP), "utf8").trim() === generator;

/** Whether pack/ and debian/ hold every file the committed lists name, made by `generator` (generatorHash). */
export function generatedCurrent(root: string, withDebian: boolean, generator: string): boolean {
  const pack = join(root, "pack");
  const manifest = readJson<Manifest>(join(pack, "manifest.json"));
  if (!manifest || !stamped(pack, generator)) return false;
  for (const [file, hash] of packFiles(manifest)) {
    const f = join(pack, file);
    if (!existsSync(f) || sha256(readFileSync(f, "utf8")) !== hash) return false;
  }
  if (!withDebian) return true;
  const dir = join(root, "debian");
  const list = readJson<DebianList>(join(pack, "debian.json"));
  if (!list || !stamped(dir, generator)) return false;
  if (readdirSync(dir).filter((f) => !f.startsWith(".")).length !== list.programs.length * 3 + (list[OPEN] ? 2 : 0)) return false;
  const read = (file: string) => (existsSync(join(dir, file)) ? readFileSync(join(dir, file), "utf8") : undefined);
  const open = list[OPEN] && [read(`${OPEN}.lark`), read(`${OPEN}.gbnf`)];
  if (open && (open[0] === undefined || open[1] === undefined || programHash(open[0], open[1], "") !== list[OPEN])) return false;
  for (const { key, sha256: hash } of list.programs) {
    const [lark, gbnf, ir] = [read(`${key}.lark`), read(`${key}.gbnf`), read(`${key}.ir.json`)];
    if (lark === undefined || gbnf === undefined || ir === undefined || programHash(lark, gbnf, ir) !== hash) return false;
  }
  return true;
}

/**
 * Keeps the committed texts of TRACKED in `files` (a fresh build of pack/) and names what the
 * fresh build lists differently: a program key, a default or tool grammar's name, default-open,
 * or the file itself (index.js).
 */
export function keepCommitted(root: string, files: Map<string, string>): string[] {
  const drift = new Set<string>();
  for (const name of TRACKED) {
    const file = join(root, "pack", name);
    const fresh = files.get(name);
    if (!existsSync(file) || fresh === undefined) continue;
    const committed = readFileSync(file, "utf8");
    if (committed === fresh) continue;
    files.set(name, committed);
    const before = drift.size;
    if (name === "manifest.json") {
      const [was, now] = [packFiles(JSON.parse(committed) as Manifest), packFiles(JSON.parse(fresh) as Manifest)];
      for (const f of new Set([...was.keys(), ...now.keys()])) if (was.get(f) !== now.get(f)) drift.add(f.replace(/(\.tool)?\.(lark|gbnf|ir\.json)$/, ""));
    } else if (name === "debian.json") {
      const [was, now] = [JSON.parse(committed) as DebianList, JSON.parse(fresh) as DebianList];
      const [a, b] = [new Map(was.programs.map((p) => [p.key, p.sha256])), new Map(now.programs.map((p) => [p.key, p.sha256]))];
      for (const k of new Set([...a.keys(), ...b.keys()])) if (a.get(k) !== b.get(k)) drift.add(k);
      if (was[OPEN] !== now[OPEN]) drift.add(OPEN);
    }
    if (drift.size === before) drift.add(name);
  }
  return [...drift].sort();
}
