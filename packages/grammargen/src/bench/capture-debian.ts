// Captures the help text (and, where it is thin, the man page) of every program of the
// Debian-derived program list into corpora/debian. Not part of CI: it installs packages as
// root with apt-get. Resumable: the state folder keeps the program list, each package's
// install outcome and each text as captured; rerun it and it continues where it stopped.
// Phases: list (the program list), install, capture (into the state folder), commit (the
// state folder's texts into --out as bundles); the default runs all four.
// Usage: npm run capture:debian -- [--out DIR] [--state DIR] [--tldr FILE]
//          [--phase list|install|capture|commit|all] [--only NAME,...] [--recapture]
//          [--max-bytes N]   (commit: texts larger than N bytes stay out; default 30000)
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { writeFileAtomicSync } from "@shellgen/base";
import { join } from "node:path";
import { installedPackages, readPackages, readProgramPackages } from "../capture/debian/archive.js";
import { captureProgram } from "../capture/debian/help.js";
import { type Program, programList, tldrPages } from "../capture/debian/programs.js";
import { PATH } from "../capture/debian/sandbox.js";
import { installAll, readState } from "../capture/debian/install.js";
import { commitCorpus, DebianCorpus, readText } from "../capture/debian/store.js";

const ROOT = join(import.meta.dirname, "../../../..");
const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
if (args.includes("--help") || args.includes("-h")) {
  console.log(
    "usage: npm run capture:debian -- [--out DIR] [--state DIR] [--tldr FILE] [--phase list|install|capture|commit|all] [--only NAME,...] [--recapture] [--max-bytes N]",
  );
  process.exit(0);
}
const out = opt("out") ?? join(ROOT, "corpora/debian");
const state = opt("state") ?? "/var/tmp/shellgen-debian";
const tldr = opt("tldr") ?? process.env.SHELLGEN_TLDR ?? join(ROOT, "../shared/data/tldr/examples.jsonl");
const phase = opt("phase") ?? "all";
const only = opt("only")?.split(",");
mkdirSync(state, { recursive: true });
const log = (s: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${s}`);
const listFile = join(state, "programs.json");
const work = join(state, "corpus");

if (phase === "list" || phase === "all" || !existsSync(listFile)) {
  if (!existsSync(tldr)) {
    console.error(`capture-debian: no tldr examples at ${tldr} (--tldr FILE)`);
    process.exit(2);
  }
  const list = programList(tldrPages(tldr), readProgramPackages(), readPackages(), installedPackages());
  writeFileAtomicSync(listFile, `${JSON.stringify(list, null, 1)}\n`);
  log(
    `list: ${list.length} programs, ${list.filter((p) => p.skip).length} skipped, ${new Set(list.filter((p) => !p.skip).map((p) => p.package)).size} packages`,
  );
}
const list = (JSON.parse(readFileSync(listFile, "utf8")) as Program[]).filter((p) => !only || only.includes(p.name));
const installFile = join(state, "install.json");

if (phase === "install" || phase === "all") {
  const have = installedPackages();
  // The packages whose programs have the most tldr examples first: a run cut short still
  // covers the programs people use most.
  const value = new Map<string, number>();
  for (const p of list) if (!p.skip) value.set(p.package, (value.get(p.package) ?? 0) + p.tldrExamples + 1);
  const pkgs = [...value.keys()].sort((a, b) => value.get(b)! - value.get(a)! || a.localeCompare(b));
  installAll(pkgs, installFile, (p) => have.has(p), log);
}

if (phase === "capture" || phase === "all") {
  const corpus = new DebianCorpus(work);
  const have = installedPackages();
  const tried = readState(installFile);
  const onPath = (p: string) => PATH.split(":").some((d) => existsSync(join(d, p)));
  const helpOf = new Map<string, string>();
  let n = 0;
  // Parents first, so that a subcommand's text can be told apart from its parent's.
  for (const p of [...list].sort((a, b) => a.words.length - b.words.length || a.name.localeCompare(b.name))) {
    n++;
    if (corpus.index[p.name] && !args.includes("--recapture")) {
      const text = readText(work, "help", p.name);
      if (text !== undefined) helpOf.set(p.name, text);
      continue;
    }
    const fail = (reason: string) => {
      corpus.failures[p.name] = { package: p.package, reason };
      delete corpus.index[p.name];
    };
    const version = have.get(p.package);
    if (p.skip) fail(p.skip);
    else if (!version) fail(tried[p.package]?.reason ? `package failed to install: ${tried[p.package]!.reason}` : "package not installed");
    else if (!onPath(p.words[0]!)) fail(`not on PATH after installing ${p.package}`);
    else {
      const c = captureProgram(p.words, p.words.length > 1 ? helpOf.get(p.words[0]!) : undefined);
      if (c.help) helpOf.set(p.name, c.help.text);
      if (c.failure) fail(c.failure);
      else {
        delete corpus.failures[p.name];
        corpus.index[p.name] = {
          words: p.words,
          package: p.package,
          version,
          from: p.from,
          tldrExamples: p.tldrExamples,
          ...(c.help
            ? { help: { argv: c.help.run.argv, exit: c.help.run.exit, stream: c.help.stream, sha256: corpus.writeText("help", p.name, c.help.text) } }
            : {}),
          ...(c.man
            ? { man: { argv: c.man.run.argv, exit: c.man.run.exit, env: { MANWIDTH: "80" }, sha256: corpus.writeText("man", p.name, c.man.text) } }
            : {}),
        };
      }
    }
    if (n % 25 === 0) {
      corpus.save();
      log(`capture: ${n}/${list.length}, ${Object.keys(corpus.index).length} captured, ${Object.keys(corpus.failures).length} failed`);
    }
  }
  corpus.save();
  log(`capture: done, ${Object.keys(corpus.index).length} captured, ${Object.keys(corpus.failures).length} failed`);
}

if (phase === "commit" || phase === "all") {
  const helpDir = join(ROOT, "corpora/help");
  const reviewed = new Set(existsSync(helpDir) ? readdirSync(helpDir) : []);
  const r = commitCorpus(new DebianCorpus(work), out, { maxBytes: Number(opt("max-bytes") ?? 30_000), reviewed });
  log(`commit: ${r.programs} programs, ${r.failures} failures, ${(r.bytes / 1e6).toFixed(2)} MB in ${out}`);
}
