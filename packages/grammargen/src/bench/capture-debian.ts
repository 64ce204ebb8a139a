// Captures the help text (and, where it is thin, the man page) of every program of the
// Debian-derived program list into corpora/debian. Not part of CI: it installs packages as
// root with apt-get. Resumable: the state folder keeps the program list, each package's
// install outcome and each text as captured; rerun it and it continues where it stopped.
// Phases: list (the program list), install, capture (into the state folder), walk (the
// subcommand trees of the --walk programs, into the state folder), commit (the state
// folder's texts into --out as bundles), man (the man page of every program in --out whose
// help is thin or missing and which has none, added to --out); the default runs all six.
// --phase add --only NAME,... maps those programs to their packages (an alternative's link
// included, see alternativeProviders), installs and captures them, and adds each to --out in
// place, as a program or as a failure with its reason: the rest of --out stays as it is.
// --phase newer --root DIR (another Debian system, a newer release) captures there each
// program of --out whose grammar refuses one of its tldr examples (or each --only program), and
// replaces its texts in --out where the new texts' grammar accepts more of those examples and
// refuses none that the old accepted.
// Usage: npm run capture:debian -- [--out DIR] [--state DIR] [--tldr FILE]
//          [--phase list|install|capture|walk|commit|man|add|newer|all] [--only NAME,...] [--recapture]
//          [--walk KEY,...|all] [--walk-depth N] [--walk-max N] [--timeout S]
//          [--max-bytes N]   (capture: a help text that fits is preferred; commit, man: texts larger than N bytes stay out; default 30000)
//          [--max-man-bytes N]   (commit, man: the limit for man pages of programs with tldr examples; default --max-bytes)
//          [--man-budget N]   (man: also pages that raise report:tldr, chosen by gain per byte up to N compressed bytes)
//          [--except NAME,...]   (man: pages to leave out, whose reading was found wrong or lets wrong commands through)
//          [--root DIR]   (a Debian system made by debootstrap, with man-db installed there: packages
//                          are installed there and programs run from there; its apt-file lists map
//                          programs to packages where `apt-file update` has run there, else this
//                          machine's do; the default state folder is /var/tmp/shellgen-debian-<name of DIR>)
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { writeFileAtomicSync } from "@shellgen/base";
import { basename, join, resolve } from "node:path";
import { installedPackages, readInstalledAlternatives, readPackages, readProgramPackages } from "../capture/debian/archive.js";
import { type Captured, captureManOnly, captureProgram, HELP_MAX_BYTES } from "../capture/debian/help.js";
import { actManOnly, neverHere, type Program, programList, tldrPages } from "../capture/debian/programs.js";
import { PATH } from "../capture/debian/sandbox.js";
import { describeSystem, HOST } from "../capture/debian/system.js";
import { installAll, readState } from "../capture/debian/install.js";
import { thinHelp } from "../capture/debian/help.js";
import { addManPages, chooseManPages, fetchManPages, readManFillState, saveManFillState } from "../capture/debian/man-fill.js";
import { readBundle } from "../pack/bundle.js";
import { readDebianIndex } from "../pack/debian.js";
import { manGain, textsGain, tldrByKey } from "./man-gain.js";
import { addPrograms, commitCorpus, commitWhy, DebianCorpus, readText } from "../capture/debian/store.js";
import { walkSubcommands } from "../capture/debian/walk.js";
import { filledExamples, tldrExamplesFile } from "./tldr-examples.js";

const ROOT = join(import.meta.dirname, "../../../..");
const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
if (args.includes("--help") || args.includes("-h")) {
  console.log(
    "usage: npm run capture:debian -- [--out DIR] [--state DIR] [--tldr FILE] [--phase list|install|capture|walk|commit|man|add|newer|all] [--only NAME,...] [--recapture] [--walk KEY,...|all] [--walk-depth N] [--walk-max N] [--timeout S] [--max-bytes N] [--max-man-bytes N] [--man-budget N] [--except NAME,...] [--root DIR]",
  );
  process.exit(0);
}
const out = opt("out") ?? join(ROOT, "corpora/debian");
const root = opt("root") ? resolve(opt("root")!) : HOST;
const system = root === HOST ? undefined : describeSystem(root);
if (system && "error" in system) {
  console.error(`capture-debian: --root ${root}: ${system.error}`);
  process.exit(2);
}
/** Whether a program is on the sandbox's PATH in --root's system. */
const onPath = (p: string) => PATH.split(":").some((d) => existsSync(join(root, d, p)));
// Recorded on each text captured in another system.
const systemName = system && "name" in system ? { system: `${system.name}, chroot` } : {};
const state = opt("state") ?? (root === HOST ? "/var/tmp/shellgen-debian" : `/var/tmp/shellgen-debian-${basename(root)}`);
// Asked only where needed: finding it may run Python.
const tldrFile = () => opt("tldr") ?? tldrExamplesFile(ROOT);
const phase = opt("phase") ?? "all";
const only = opt("only")?.split(",");
const count = (name: string, dflt: number): number => {
  const v = Number(opt(name) ?? dflt);
  if (!Number.isInteger(v) || v < 1) {
    console.error(`capture-debian: --${name} must be a positive integer, not ${opt(name)}`);
    process.exit(2);
  }
  return v;
};
const timeoutMs = 1000 * count("timeout", 6);
const walkDepth = count("walk-depth", 2);
const walkMax = count("walk-max", 100);
const recapture = args.includes("--recapture");
const limits = {
  maxBytes: count("max-bytes", HELP_MAX_BYTES),
  maxManBytes: opt("max-man-bytes") ? count("max-man-bytes", HELP_MAX_BYTES) : undefined,
};
if (!["list", "install", "capture", "walk", "commit", "man", "add", "newer", "all"].includes(phase)) {
  console.error(`capture-debian: --phase must be list, install, capture, walk, commit, man, add, newer or all, not ${phase}`);
  process.exit(2);
}
if (phase === "newer" && root === HOST) {
  console.error("capture-debian: --phase newer needs --root DIR, another Debian system to capture the programs in");
  process.exit(2);
}
if (phase === "add" && !only?.length) {
  console.error("capture-debian: --phase add needs --only NAME,...");
  process.exit(2);
}
mkdirSync(state, { recursive: true });
const log = (s: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${s}`);
const listFile = join(state, "programs.json");
const work = join(state, "corpus");

const readList = () => (existsSync(listFile) ? (JSON.parse(readFileSync(listFile, "utf8")) as Program[]) : []);
// Which package ships each program, from apt-file's lists in --root's system, else (a mirror
// in mid-sync serves no Contents files) from this machine's: package names rarely change.
const programPackages = (): Map<string, string[]> => {
  if (root === HOST) return readProgramPackages();
  try {
    return readProgramPackages(root);
  } catch (e) {
    log(`list: no apt-file lists in ${root} (${String(e).split("\n")[0]!.slice(0, 120)}): using this machine's`);
    return readProgramPackages();
  }
};
const makeList = (): Program[] => {
  const tldr = tldrFile();
  if (!existsSync(tldr)) {
    console.error(`capture-debian: no tldr examples at ${tldr} (--tldr FILE)`);
    process.exit(2);
  }
  return programList(
    tldrPages(tldr),
    programPackages(),
    readPackages(root),
    installedPackages(root),
    readInstalledAlternatives(join(root, "var/lib/dpkg/alternatives"), join(root, "etc/alternatives"), root),
    root !== HOST,
  );
};
// The man and newer phases read the committed corpus alone: no program list needed.
if (phase === "list" || phase === "all" || (!existsSync(listFile) && !["man", "add", "newer"].includes(phase))) {
  const list = makeList();
  writeFileAtomicSync(listFile, `${JSON.stringify(list, null, 1)}\n`);
  log(
    `list: ${list.length} programs, ${list.filter((p) => p.skip).length} skipped, ${new Set(list.filter((p) => !p.skip).map((p) => p.package)).size} packages`,
  );
}
// The add phase's programs go into the list (the rest of it as it was), each mapped afresh.
if (phase === "add") {
  const fresh = new Map(makeList().map((p) => [p.name, p]));
  const kept = readList().filter((p) => !only!.includes(p.name));
  const mapped = only!.flatMap((n) => fresh.get(n) ?? []);
  for (const n of only!) if (!fresh.has(n)) log(`add: ${n}: no package ships it or provides it as an alternative`);
  for (const p of mapped) log(`add: ${p.name}: ${p.package}${p.via ? ` (${p.via})` : ""}${p.skip ? `, skipped: ${p.skip}` : ""}`);
  writeFileAtomicSync(
    listFile,
    `${JSON.stringify(
      [...kept, ...mapped].sort((a, b) => a.name.localeCompare(b.name)),
      null,
      1,
    )}\n`,
  );
}
const list = readList().filter((p) => !only || only.includes(p.name));
const installFile = join(state, "install.json");

if (phase === "install" || phase === "all" || phase === "add") {
  const have = installedPackages(root);
  // The packages whose programs have the most tldr examples first: a run cut short still
  // covers the programs people use most.
  const value = new Map<string, number>();
  for (const p of list) if (!p.skip) value.set(p.package, (value.get(p.package) ?? 0) + p.tldrExamples + 1);
  const pkgs = [...value.keys()].sort((a, b) => value.get(b)! - value.get(a)! || a.localeCompare(b));
  installAll(pkgs, installFile, (p) => have.has(p), log, 60, root, root === HOST ? neverHere : undefined);
}

/** One captured text (or why there is none) into the working corpus under its key. */
function record(
  corpus: DebianCorpus,
  key: string,
  e: { words: string[]; package: string; version: string; from: string[]; tldrExamples: number; via?: string; system?: string },
  c: Captured,
): void {
  if (c.failure) {
    corpus.failures[key] = { package: e.package, reason: c.failure };
    delete corpus.index[key];
    return;
  }
  delete corpus.failures[key];
  corpus.index[key] = {
    ...e,
    ...(c.help ? { help: { argv: c.help.run.argv, exit: c.help.run.exit, stream: c.help.stream, sha256: corpus.writeText("help", key, c.help.text) } } : {}),
    ...(c.man ? { man: { argv: c.man.run.argv, exit: c.man.run.exit, env: { MANWIDTH: "80" }, sha256: corpus.writeText("man", key, c.man.text) } } : {}),
  };
}

if (phase === "capture" || phase === "all" || phase === "add") {
  const corpus = new DebianCorpus(work);
  const have = installedPackages(root);
  const tried = readState(installFile);
  const helpOf = new Map<string, string>();
  let n = 0;
  // Parents first, so that a subcommand's text can be told apart from its parent's.
  for (const p of [...list].sort((a, b) => a.words.length - b.words.length || a.name.localeCompare(b.name))) {
    n++;
    if (corpus.index[p.name] && !recapture) {
      const text = readText(work, "help", p.name);
      if (text !== undefined) helpOf.set(p.name, text);
      continue;
    }
    const fail = (reason: string) => record(corpus, p.name, { ...p, version: "" }, { failure: reason });
    const version = have.get(p.package);
    const via = p.via ? { via: p.via } : {};
    // A program that may act is never run, but the man page its installed package ships is read.
    if (p.skip && actManOnly(p.words[0]!) && version)
      record(
        corpus,
        p.name,
        { words: p.words, package: p.package, version, from: p.from, tldrExamples: p.tldrExamples, ...via, ...systemName },
        captureManOnly(p.words, p.skip, root),
      );
    else if (p.skip) fail(p.skip);
    else if (!version) fail(tried[p.package]?.reason ? `package failed to install: ${tried[p.package]!.reason}` : "package not installed");
    else if (!onPath(p.words[0]!)) fail(`not on PATH after installing ${p.package}`);
    else {
      // The parent's text, also when --only leaves the parent out of this run.
      const parent = p.words.length > 1 ? (helpOf.get(p.words[0]!) ?? readText(work, "help", p.words[0]!)) : undefined;
      const c = captureProgram(p.words, parent, timeoutMs, root, limits.maxBytes);
      if (c.help) helpOf.set(p.name, c.help.text);
      record(corpus, p.name, { words: p.words, package: p.package, version, from: p.from, tldrExamples: p.tldrExamples, ...via, ...systemName }, c);
    }
    if (n % 25 === 0) {
      corpus.save();
      log(`capture: ${n}/${list.length}, ${Object.keys(corpus.index).length} captured, ${Object.keys(corpus.failures).length} failed`);
    }
  }
  corpus.save();
  log(`capture: done, ${Object.keys(corpus.index).length} captured, ${Object.keys(corpus.failures).length} failed`);
}

// The subcommands each --walk program's help lists, and theirs (to --walk-depth levels, at most
// --walk-max per program): a key the capture already holds is read, not run again.
const walk = opt("walk");
if (walk && (phase === "walk" || phase === "all")) {
  const corpus = new DebianCorpus(work);
  const roots = walk === "all" ? Object.keys(corpus.index).filter((k) => corpus.index[k]!.words.length === 1) : walk.split(",");
  for (const top of roots.sort()) {
    const e = corpus.index[top];
    const text = e && readText(work, "help", top);
    if (!e || text === undefined) {
      log(`walk: ${top} has no captured help text to walk`);
      continue;
    }
    let ran = 0;
    const visited = walkSubcommands({ key: top, words: e.words, text }, { depth: walkDepth, max: walkMax }, ({ key, words, parentHelp }) => {
      const have = corpus.index[key];
      if (have && !recapture) return have.words.join(" ") === words.join(" ") ? readText(work, "help", key) : undefined;
      // A failure is final unless it ran out of a shorter time than this run allows.
      const timedOut = /did not finish within (\d+) s/.exec(corpus.failures[key]?.reason ?? "");
      if (corpus.failures[key] && !recapture && !(timedOut && 1000 * Number(timedOut[1]) < timeoutMs)) return undefined;
      const c = captureProgram(words, parentHelp, timeoutMs, root, limits.maxBytes);
      const sys = e.system ? { system: e.system } : {};
      record(
        corpus,
        key,
        { words, package: e.package, version: e.version, from: have?.from ?? ["subcommand"], tldrExamples: have?.tldrExamples ?? 0, ...sys },
        c,
      );
      if (++ran % 25 === 0) corpus.save();
      return c.help?.text;
    });
    corpus.save();
    log(`walk: ${top}: ${visited} subcommands visited, ${ran} run`);
  }
}

if (phase === "commit" || phase === "all") {
  const helpDir = join(ROOT, "corpora/help");
  const reviewed = new Set(existsSync(helpDir) ? readdirSync(helpDir) : []);
  // The pages the man phase chose by their gain go in beside a full help too, so that a full commit agrees with it.
  const fills = readManFillState(join(state, "man-fill.json"));
  const manChosen = new Set(Object.keys(fills).filter((k) => fills[k]!.chosen));
  const r = commitCorpus(new DebianCorpus(work), out, { ...limits, reviewed, manChosen });
  log(`commit: ${r.programs} programs, ${r.failures} failures, ${(r.bytes / 1e6).toFixed(2)} MB in ${out}`);
}

// The man page of every program in --out whose help is thin or missing and which has none:
// each outcome (or why there is none) in man-fill.json of the state folder. With
// --man-budget N, also the page of each program whose help is full and whose grammar refuses one
// of its tldr examples: such a page (or a thin help's page over the size limits) goes in where
// it names options the help lacks and makes more of the program's examples accepted, in order
// of gain per compressed byte, until the pages chosen so take N compressed bytes.
if (phase === "man" || phase === "all") {
  const corpus = new DebianCorpus(work);
  const fillFile = join(state, "man-fill.json");
  const budget = opt("man-budget") ? count("man-budget", 1) : 0;
  let more = new Set<string>();
  let byKey = new Map<string, string[]>();
  if (budget > 0) {
    process.env.SHELLGEN_TLDR = tldrFile();
    const t = tldrByKey(ROOT, out, filledExamples(ROOT));
    byKey = t.byKey;
    const index = readDebianIndex(out);
    const help = readBundle(join(out, "help.txt.br"));
    more = new Set([...t.refusing].filter((k) => index[k]?.help && !index[k]!.man && !thinHelp(help.get(k))));
    log(`man: ${more.size} programs with a full help, no man page and a tldr example refused`);
  }
  const fills = fetchManPages(out, corpus, installedPackages(root), fillFile, { recapture, log, more, root });
  if (budget > 0) {
    const except = new Set(opt("except")?.split(",") ?? []);
    const c = chooseManPages(out, corpus, fills, budget, (key, words, help, man) => manGain(words, help, man, byKey.get(key) ?? []), limits, except);
    log(`man: ${c.chosen.length} pages chosen by gain (${c.spent} compressed bytes of ${budget}), ${c.overBudget.length} over the budget`);
  }
  const r = addManPages(out, corpus, fills, limits);
  saveManFillState(fillFile, fills);
  log(`man: ${r.added.length} man pages added to ${out}, ${r.leftOut} left out (the reason is in ${fillFile})`);
}

// The --only programs, as the capture holds them, into --out in place.
if (phase === "add") {
  const helpDir = join(ROOT, "corpora/help");
  const reviewed = new Set(existsSync(helpDir) ? readdirSync(helpDir) : []);
  const corpus = new DebianCorpus(work);
  // A mapping guessed before the install (a NAME.x file, a Provides) is recorded as the link the install made.
  const alts = readInstalledAlternatives(join(root, "var/lib/dpkg/alternatives"), join(root, "etc/alternatives"), root);
  for (const k of only!) {
    const e = corpus.index[k];
    const alt = alts.get(k);
    if (e?.via && alt?.package === e.package) e.via = `alternative ${alt.link} -> ${alt.target}`;
  }
  corpus.save();
  const r = addPrograms(out, corpus, only!, { ...limits, reviewed });
  for (const k of r.failed) log(`add: ${k} failed: ${corpus.failures[k]?.reason ?? "its text is left out"}`);
  log(
    `add: ${r.added.length} programs added to ${out}, ${r.failed.length} recorded as failures, ${r.unknown.length} not captured (${r.unknown.join(", ") || "none"})`,
  );
}

// The committed programs whose grammar refuses a tldr example, captured again in --root's
// system; a program's texts are replaced where the new ones gain examples and lose none.
if (phase === "newer") {
  process.env.SHELLGEN_TLDR = tldrFile();
  const t = tldrByKey(ROOT, out, filledExamples(ROOT));
  const index = readDebianIndex(out);
  const keys = [...(only ?? t.refusing)]
    .filter((k) => index[k] && t.byKey.has(k))
    .sort((a, b) => index[a]!.words.length - index[b]!.words.length || a.localeCompare(b));
  log(`newer: ${keys.length} programs to capture in ${"name" in system! ? system.name : root}`);
  const before = installedPackages(root);
  installAll([...new Set(keys.map((k) => index[k]!.package))], installFile, (p) => before.has(p), log, 60, root);
  const have = installedPackages(root);
  const corpus = new DebianCorpus(work);
  let n = 0;
  for (const k of keys) {
    const e = index[k]!;
    // A capture holds until the program maps to another package (docker: podman-docker, then docker.io).
    if ((corpus.index[k] ?? corpus.failures[k])?.package === e.package && !recapture) continue;
    const version = have.get(e.package);
    const base = { words: e.words, package: e.package, from: e.from, tldrExamples: e.tldrExamples, ...(e.via ? { via: e.via } : {}), ...systemName };
    if (!version) record(corpus, k, { ...base, version: "" }, { failure: `package ${e.package} is not installed in ${root}` });
    else if (!onPath(e.words[0]!)) record(corpus, k, { ...base, version }, { failure: `not on PATH in ${root}` });
    else
      record(
        corpus,
        k,
        { ...base, version },
        captureProgram(e.words, e.words.length > 1 ? readText(work, "help", e.words[0]!) : undefined, timeoutMs, root, limits.maxBytes),
      );
    if (++n % 25 === 0) {
      corpus.save();
      log(`newer: ${n} captured`);
    }
  }
  corpus.save();
  const texts = { help: readBundle(join(out, "help.txt.br")), man: readBundle(join(out, "man.txt.br")) };
  const chosen: string[] = [];
  for (const k of keys) {
    const e = corpus.index[k];
    if (!e || e.version === index[k]!.version) continue;
    // The texts as the commit would take them (its limits; a man page beside a thin help only).
    const read = (kind: "help" | "man", beside?: string) => {
      const text = e[kind] ? readText(work, kind, k) : undefined;
      return text !== undefined && !commitWhy(kind, text, e, beside, limits) ? text : undefined;
    };
    const help = read("help");
    const man = read("man", help);
    if (help === undefined && man === undefined) {
      log(`newer: ${k} ${index[k]!.version} -> ${e.version}: the commit's limits leave its texts out; the old ones stay`);
      continue;
    }
    const g = textsGain(e.words, { help: texts.help.get(k), man: texts.man.get(k) }, { help, man }, t.byKey.get(k) ?? []);
    log(`newer: ${k} ${index[k]!.version} -> ${e.version}: ${g.gain} examples gained, ${g.lost} lost`);
    if (g.gain > 0 && g.lost === 0) chosen.push(k);
  }
  const helpDir = join(ROOT, "corpora/help");
  const reviewed = new Set(existsSync(helpDir) ? readdirSync(helpDir) : []);
  const r = addPrograms(out, corpus, chosen, { ...limits, reviewed });
  log(`newer: ${r.added.length} programs' texts replaced in ${out} (${r.added.join(", ") || "none"}), ${r.failed.length} left out by the commit's limits`);
}
