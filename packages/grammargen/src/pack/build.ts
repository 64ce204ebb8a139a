// `grammargen pack`: regenerates the grammar pack (grammars/pack/) from the help corpus.
// Everything is built in a temp directory beside the pack and swapped in by rename, so a
// killed run leaves either the old pack or the new one, never a mix. Output is a pure
// function of the inputs (no timestamps), so CI can regenerate and diff.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { syncDirSync, syncTreeSync, writeFileAtomicSync } from "@shellgen/base";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { emitGbnf } from "../emit/gbnf.js";
import { emitLark } from "../emit/lark.js";
import type { Grammar } from "../grammar/ast.js";
import { GrammargenError } from "../diagnostics.js";
import type { CommandSpec } from "../ir.js";
import { formatIrJson } from "../ir-json.js";
import { lowerCommand } from "../lower/command.js";
import { compose } from "../compose/compose.js";
import { defaultConstructs, type DefaultOptions, defaultComposeOptions, pickDefaultSpecs, emitDefault, openDefault } from "./default-grammar.js";
import type { Construct } from "../compose/limits.js";
import { loadPolicy } from "../policy/load.js";
import { readCorpus, type CorpusEntry } from "./corpus.js";
import { type DebianEntry, readDebianCorpus } from "./debian.js";
import { isSubcommandPath, withoutCommandOperand } from "../compose/commands.js";
import { fromSchema } from "../schema/index.js";
import { exportName } from "./names.js";
import { indexDts, indexJs } from "./module.js";
import { pauseAt } from "./pause.js";
import { wrapperShapesModule, wrapperUsages } from "./wrappers.js";
import { generatedCurrent, generatorHash, keepCommitted, OPEN, programHash, sha256, STAMP } from "./generated.js";

export interface PackConfig {
  /** Help corpus, relative to the pack directory. */
  corpus: string;
  /**
   * builtins: the shell builtins the default grammar holds (default: all). heredocDelimiters:
   * the words its `<<` takes (default: compose's); each costs XGrammar compile time, since a
   * heredoc line is any line but its delimiter.
   */
  default: { commands: string[]; constructs?: string[]; builtins?: string[]; heredocDelimiters?: string[] };
  /** Policy for the policy-encoded default grammar, relative to the pack directory. */
  policy?: string;
  /** Where to write @shellgen/base's wrapper table (wrapper-shapes.ts), relative to the pack directory. */
  wrapperShapes?: string;
  /** Tool schemas (MCP / OpenAI / JSON Schema), relative to the pack directory: each ships as <name>.tool.{lark,gbnf}, the grammar of a JSON call. */
  tools?: string[];
  /**
   * Help texts captured from Debian's packages (corpora/debian), relative to the pack
   * directory. Their grammars are generated into <pack root>/debian/, which is not committed:
   * pack/debian.json, which is, holds each grammar's sha256, so a build proves it made what
   * was reviewed.
   */
  debian?: string;
}

/** pack.json's heredoc delimiters: shell words a grammar can name, or the build stops. */
function heredocWords(words: unknown): string[] {
  const bad = Array.isArray(words) ? words.filter((w) => typeof w !== "string" || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(w)) : [words];
  if (!Array.isArray(words) || words.length === 0 || bad.length)
    throw new GrammargenError(
      `pack.json: default.heredocDelimiters must be a non-empty list of names (letters, digits, _)${bad.length ? `; not one: ${bad.map((w) => JSON.stringify(w)).join(", ")}` : ""}`,
      [],
      "EPACK",
    );
  return words as string[];
}

export interface PackResult {
  dir: string;
  programs: number;
  /** Programs of the Debian-derived set (in <root>/debian), counted in `programs`. */
  debian: number;
  /** Debian-derived grammars whose sha256 differs from the committed pack/debian.json (--generated only). */
  drift: string[];
  files: number;
  bytes: number;
  ms: number;
  skipped: { key: string; reason: string }[];
}

const here = dirname(fileURLToPath(import.meta.url));
const grammargenVersion = (): string => (JSON.parse(readFileSync(join(here, "../../package.json"), "utf8")) as { version: string }).version;

/** The lowered grammar of one command; emitLark lifts its repetitions for Python Lark. */
export const commandGrammar = (spec: CommandSpec): Grammar => lowerCommand(spec);

export interface PackOptions {
  /**
   * The build step (generated.ts): make the grammar files, which are not committed, only when
   * they do not already match the committed hash lists, and keep the committed files of pack/
   * as they are, reporting what a new build would list differently as drift.
   */
  generated?: boolean;
}

export function buildPack(packRoot: string, opts: PackOptions = {}): PackResult {
  const t0 = performance.now();
  const root = resolve(packRoot);
  const configFile = join(root, "pack.json");
  if (!existsSync(configFile)) throw new GrammargenError(`no pack.json in ${root}`, [], "ENOENT");
  const config = JSON.parse(readFileSync(configFile, "utf8")) as PackConfig;
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { name: string; version: string };
  // Checked before the corpus is read, so a bad pack.json fails at once.
  const heredocDelimiters = config.default.heredocDelimiters === undefined ? undefined : heredocWords(config.default.heredocDelimiters);
  const generatorId = generatorHash();
  if (opts.generated && generatedCurrent(root, !!config.debian, generatorId)) {
    const m = JSON.parse(readFileSync(join(root, "pack", "manifest.json"), "utf8")) as { programs: unknown[] };
    const d = config.debian ? (JSON.parse(readFileSync(join(root, "pack", "debian.json"), "utf8")) as { programs: unknown[] }).programs.length : 0;
    return { dir: join(root, "pack"), programs: m.programs.length + d, debian: d, drift: [], files: 0, bytes: 0, ms: performance.now() - t0, skipped: [] };
  }
  const { files, debian, kept, skipped } = computePack(root, config, pkg, heredocDelimiters);
  const drift = opts.generated ? keepCommitted(root, files) : [];
  let bytes = 0;
  for (const t of files.values()) bytes += Buffer.byteLength(t);
  const generator = `${generatorId}\n`;
  const write = opts.generated ? writeGenerated : (dir: string, n: string, f: Map<string, string>) => swapIn(dir, n, f.set(STAMP, generator));
  write(root, "pack", files, generator);
  // The wrapper table is committed in @shellgen/base: only `grammargen pack` writes it.
  if (config.wrapperShapes && !opts.generated) {
    const file = resolve(root, config.wrapperShapes);
    try {
      writeFileAtomicSync(file, wrapperShapesModule(wrapperUsages([...kept, ...(debian?.entries ?? [])])));
    } catch (e) {
      throw new GrammargenError(
        `cannot write the wrapper table ${file} (pack.json's wrapperShapes): ${(e as NodeJS.ErrnoException).code ?? String(e)}`,
        [],
        "EWRITE",
      );
    }
  }
  if (debian) {
    for (const t of debian.files.values()) bytes += Buffer.byteLength(t);
    write(root, "debian", debian.files, generator);
  }
  const n = debian?.programs.length ?? 0;
  return {
    dir: join(root, "pack"),
    programs: kept.length + n,
    debian: n,
    drift,
    files: files.size + (debian?.files.size ?? 0),
    bytes,
    ms: performance.now() - t0,
    skipped,
  };
}

/** Every file of pack/ and debian/, built from the corpora; nothing is written. */
function computePack(
  root: string,
  config: PackConfig,
  pkg: { name: string; version: string },
  heredocDelimiters: string[] | undefined,
): { files: Map<string, string>; debian: DebianBuild | undefined; kept: CorpusEntry[]; skipped: PackResult["skipped"] } {
  const entries = readCorpus(resolve(root, config.corpus));

  const files = new Map<string, string>();
  const skipped: PackResult["skipped"] = [];
  const programs: Record<string, unknown>[] = [];
  const kept: CorpusEntry[] = [];
  for (const e of entries) {
    let lark: string, gbnf: string;
    try {
      const g = commandGrammar(e.spec);
      lark = emitLark(g);
      gbnf = emitGbnf(g);
    } catch (err) {
      skipped.push({ key: e.key, reason: (err as Error).message });
      continue;
    }
    const ir = formatIrJson(e.spec);
    files.set(`${e.key}.lark`, lark).set(`${e.key}.gbnf`, gbnf).set(`${e.key}.ir.json`, ir);
    kept.push(e);
    programs.push({
      key: e.key,
      export: exportName(e.key),
      path: e.spec.path,
      style: e.style,
      version: e.version ?? null,
      sha256: { lark: sha256(lark), gbnf: sha256(gbnf), ir: sha256(ir) },
    });
  }

  const withSubcommands = new Set(entries.filter((e) => isSubcommandPath(e.spec.path)).map((e) => e.spec.path[0]!));
  const debian = config.debian
    ? buildDebian(resolve(root, config.debian), new Set(entries.map((e) => e.key)), new Map(entries.map((e) => [e.key, e.spec])), withSubcommands)
    : undefined;
  if (debian) skipped.push(...debian.skipped);

  // The default grammar holds reviewed programs, and Debian-derived ones pack.json names
  // (ping, egrep): a reviewed text wins where both have the program.
  // A shell builtin (printf) keeps bash's grammar there, not /usr/bin's.
  // A program the pack promises must get a grammar: a shell builtin (printf) has its own in
  // every composition; anything else needs corpora/help/<name>/ or a Debian-derived text, or the build fails.
  const reviewedSpecs = new Map(kept.map((e) => [e.key, e.spec]));
  const { specs: defaultSpecs, keys: defaultKeys, missing } = pickDefaultSpecs(config.default, reviewedSpecs, debian?.entries ?? []);
  if (missing.length) {
    const why = missing.map((k) => skipped.find((s) => s.key === k)?.reason).filter(Boolean);
    throw new GrammargenError(
      `pack.json promises ${missing.join(", ")} in the default grammar, but neither corpus has a usable help text for ${missing.length === 1 ? "it" : "them"} (add corpora/help/<name>/ with help.txt and meta.json, or capture it into corpora/debian)${why.length ? `: ${why.join("; ")}` : ""}`,
      [],
      "EPACK",
    );
  }
  const constructs = defaultConstructs(config.default);
  const defaults: Record<string, unknown> = {};
  const addDefault = (name: string, g: Grammar) => {
    const { lark, gbnf, rules } = emitDefault(g);
    files.set(`${name}.lark`, lark).set(`${name}.gbnf`, gbnf);
    defaults[name] = { rules, sha256: { lark: sha256(lark), gbnf: sha256(gbnf) } };
  };
  const defaultOptions = defaultComposeOptions(config.default, heredocDelimiters);
  if (debian) {
    addOpen(debian, defaultSpecs, [...reviewedSpecs.values()], constructs, defaultOptions);
    files.set("debian.json", debianManifest(debian));
  }
  addDefault("default", compose({ commands: defaultSpecs, constructs, ...defaultOptions }));
  if (config.policy)
    addDefault("default-policy", compose({ commands: defaultSpecs, constructs, ...defaultOptions, policy: loadPolicy(resolve(root, config.policy)) }));

  // Tool-call grammars (`grammargen from-schema --as json`), so a model calling the tool is constrained too.
  const tools: Record<string, unknown> = {};
  for (const rel of config.tools ?? []) {
    const doc = JSON.parse(readFileSync(resolve(root, rel), "utf8")) as { name?: string };
    const name = doc.name ?? rel.replace(/^.*\//, "").replace(/\.json$/, "");
    const g = fromSchema(doc, { as: "json", name }).grammar;
    const lark = emitLark(g);
    const gbnf = emitGbnf(g);
    files.set(`${name}.tool.lark`, lark).set(`${name}.tool.gbnf`, gbnf);
    tools[name] = { source: rel.replace(/^.*\//, ""), sha256: { lark: sha256(lark), gbnf: sha256(gbnf) } };
  }

  const manifest = {
    name: pkg.name,
    version: pkg.version,
    generator: { name: "@shellgen/grammargen", version: grammargenVersion() },
    default: { commands: defaultKeys, missing, constructs, ...defaultOptions, grammars: defaults },
    programs,
    ...(config.tools ? { tools } : {}),
    skipped,
  };
  files.set("manifest.json", `${JSON.stringify(manifest, null, 2)}\n`);
  const entriesForModule = kept.map((e) => ({ key: e.key, exportName: exportName(e.key), path: e.spec.path }));
  const debianForModule = (debian?.programs ?? []).map((p) => ({ key: p.key, exportName: "", path: p.path }));
  files.set("index.js", indexJs(entriesForModule, !!config.policy, Object.keys(tools), debianForModule));
  files.set("index.d.ts", indexDts(entriesForModule, !!config.policy, Object.keys(tools), debianForModule.length > 0));

  return { files, debian, kept, skipped };
}

interface DebianBuild {
  programs: { key: string; path: string[]; source: string; sha256: string }[];
  files: Map<string, string>;
  skipped: { key: string; reason: string }[];
  /** The programs built, for the wrapper table (a Debian-derived program that runs a COMMAND operand is a wrapper too). */
  entries: DebianEntry[];
  /** The hash of default-open's two files (default-grammar.ts), built beside the programs. */
  open?: string;
}

/** Adds default-open, which names every program of both sets, to the Debian-derived files. */
function addOpen(d: DebianBuild, held: CommandSpec[], reviewed: CommandSpec[], constructs: Construct[], options: DefaultOptions): void {
  const open = openDefault(held, [...reviewed, ...d.entries.map((e) => e.spec)], constructs, options);
  d.files.set(`${OPEN}.lark`, open.lark).set(`${OPEN}.gbnf`, open.gbnf);
  d.open = programHash(open.lark, open.gbnf, "");
}

/** `skip`: the reviewed corpus's keys; `reviewed`: their specs, which may lend a wrapper its options. */
function buildDebian(corpus: string, skip: Set<string>, reviewed: ReadonlyMap<string, CommandSpec>, reviewedWithSubcommands: Set<string>): DebianBuild {
  const read = readDebianCorpus(corpus, skip, reviewed);
  const { skipped } = read;
  // A program whose subcommands have entries of their own (git: git-log, git-subtree...) takes
  // its commands from them; its `COMMAND [ARGS]...` operand would take any word with any
  // arguments, every wrong option of theirs included.
  const withSubcommands = new Set([...reviewedWithSubcommands, ...read.entries.filter((e) => isSubcommandPath(e.spec.path)).map((e) => e.spec.path[0]!)]);
  const entries = read.entries.map((e) =>
    e.spec.path.length === 1 && withSubcommands.has(e.spec.path[0]!) ? { ...e, spec: withoutCommandOperand(e.spec) } : e,
  );
  const files = new Map<string, string>();
  const programs: DebianBuild["programs"] = [];
  const built: DebianEntry[] = [];
  for (const e of entries) {
    let lark: string, gbnf: string;
    try {
      const g = commandGrammar(e.spec);
      lark = emitLark(g);
      gbnf = emitGbnf(g);
    } catch (err) {
      skipped.push({ key: e.key, reason: (err as Error).message.split("\n")[0]! });
      continue;
    }
    const ir = formatIrJson(e.spec);
    files.set(`${e.key}.lark`, lark).set(`${e.key}.gbnf`, gbnf).set(`${e.key}.ir.json`, ir);
    programs.push({ key: e.key, path: e.spec.path, source: e.source, sha256: programHash(lark, gbnf, ir) });
    built.push(e);
  }
  return { programs, files, skipped, entries: built };
}

/** pack/debian.json: one line per program, so a review reads as a list. */
function debianManifest(d: DebianBuild): string {
  // The words are in corpora/debian/index.json; the manifest keeps what a review compares.
  const lines = d.programs.map(({ key, sha256 }) => `  ${JSON.stringify({ key, sha256 })}`);
  const skipped = d.skipped.map((s) => `  ${JSON.stringify(s)}`);
  const list = (items: string[]) => (items.length ? `[\n${items.join(",\n")}\n]` : "[]");
  const open = d.open ? `${JSON.stringify(OPEN)}: ${JSON.stringify(d.open)},\n` : "";
  return `{\n${open}"programs": ${list(lines)},\n"skipped": ${list(skipped)}\n}\n`;
}

/**
 * Writes `files` into root/<name> atomically: build root/.<name>-tmp-<pid>, move the old
 * directory aside, rename the new one in, delete the old. A run killed between the two
 * renames leaves the old pack in root/.<name>-old-<pid>; the next run puts it back first.
 */
export function swapIn(root: string, name: string, files: Map<string, string>): void {
  const target = join(root, name);
  recover(root, name);
  const tmp = join(root, `.${name}-tmp-${process.pid}`);
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  try {
    let n = 0;
    for (const [file, text] of files) {
      writeFileSync(join(tmp, file), text);
      pauseAt(`pack-file-${++n}`);
    }
    // The new directory becomes visible only by its rename: its files need to be on disk
    // by then, not each atomic on its own.
    syncTreeSync(
      tmp,
      [...files.keys()].map((f) => join(tmp, f)),
    );
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    throw new GrammargenError(`cannot write the pack in ${root}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`, [], "EWRITE");
  }
  const old = join(root, `.${name}-old-${process.pid}`);
  if (existsSync(target)) renameSync(target, old);
  pauseAt("pack-between-renames");
  renameSync(tmp, target);
  syncDirSync(root);
  rmSync(old, { recursive: true, force: true });
}

/**
 * The build step's write: where root/<name> already holds exactly these texts (another copy of
 * the same grammargen code built them: the compiled one, or its sources under a test runner),
 * only its stamp is rewritten, so a reader never sees the directory swapped.
 */
function writeGenerated(root: string, name: string, files: Map<string, string>, generator: string): void {
  const dir = join(root, name);
  const have = existsSync(dir) ? readdirSync(dir).filter((f) => !f.startsWith(".")) : [];
  const same = have.length === files.size && have.every((f) => files.get(f) === readFileSync(join(dir, f), "utf8"));
  if (same) writeFileAtomicSync(join(dir, STAMP), generator);
  else swapIn(root, name, files.set(STAMP, generator));
}

/** Whether process `pid` is running (a build beside this one, whose files are not leftovers). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

function recover(root: string, name: string): void {
  const target = join(root, name);
  const leftovers = readdirSync(root).filter((f) => f.startsWith(`.${name}-old-`) || f.startsWith(`.${name}-tmp-`));
  for (const f of leftovers) {
    const pid = Number(f.slice(f.lastIndexOf("-") + 1));
    if (pid !== process.pid && running(pid)) continue;
    const p = join(root, f);
    if (f.startsWith(`.${name}-old-`) && !existsSync(target)) renameSync(p, target);
    else rmSync(p, { recursive: true, force: true });
  }
}
