// `grammargen compose`, `grammargen check-policy` and `grammargen pack`.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { repoRoot } from "@shellgen/base";
import { compose } from "../compose/compose.js";
import { BUILTIN_NAMES } from "../compose/builtins.js";
import { captureFullHelp } from "../capture/help.js";
import { parseHelp } from "../parse/help.js";
import { parseConstructs } from "../compose/limits.js";
import { emitGbnf } from "../emit/gbnf.js";
import { emitLark } from "../emit/lark.js";
import { GrammargenError } from "../diagnostics.js";
import type { CommandSpec } from "../ir.js";
import { readCorpus } from "../pack/corpus.js";
import { buildPack } from "../pack/build.js";
import { checkPolicy } from "../policy/check.js";
import { loadPolicy } from "../policy/load.js";
import type { Policy } from "../policy/policy.js";
import { outputFormat, readArgs, usageError } from "./args.js";
import { deliver, type Io } from "./output.js";
import { readFileSync } from "node:fs";

/** The shellgen checkout, which holds corpora/help and grammars/. */
function checkout(): string {
  const root = repoRoot();
  if (root) return root;
  throw new GrammargenError("cannot find corpora/help (run inside the shellgen repository or pass --corpus DIR)", [], "ENOENT");
}

/** The grammar pack's folder: the checkout's, else an installed @shellgen/grammars (an optional peer). */
function packFolder(root: string | undefined): string | undefined {
  if (root) return join(root, "grammars", "pack");
  try {
    return join(dirname(createRequire(import.meta.url).resolve("@shellgen/grammars/package.json")), "pack");
  } catch {
    return undefined;
  }
}

/**
 * Command specs by name: from the pack when it exists, else parsed from the corpus, else an
 * installed program's --help captured and parsed on the spot (as `grammargen awk` does).
 * Shell builtins need no spec: every composition has their grammars. A name that is none of
 * these is an error naming it, unless allowUnknown (then it takes any arguments).
 */
async function specsFor(names: string[], corpus: string | undefined, allowUnknown: boolean): Promise<CommandSpec[]> {
  const root = corpus ? undefined : repoRoot();
  const packDir = corpus ? undefined : packFolder(root);
  const fromPack = (key: string): CommandSpec | undefined => {
    const f = packDir && join(packDir, `${key}.ir.json`);
    return f && existsSync(f) ? (JSON.parse(readFileSync(f, "utf8")) as CommandSpec) : undefined;
  };
  let corpusSpecs: Map<string, CommandSpec> | undefined;
  const corpusDir = corpus ?? (root && join(root, "corpora", "help"));
  const fromCorpus = (key: string): CommandSpec | undefined => {
    if (!corpusDir) return undefined;
    corpusSpecs ??= new Map(readCorpus(corpusDir).map((e) => [e.key, e.spec]));
    return corpusSpecs.get(key);
  };
  const specs: CommandSpec[] = [];
  const unknown: string[] = [];
  for (const n of names) {
    if (BUILTIN_NAMES.includes(n)) continue;
    const known = fromPack(n) ?? fromCorpus(n);
    if (known) {
      specs.push(known);
      continue;
    }
    let text: string;
    try {
      text = (await captureFullHelp(n)).text;
    } catch (e) {
      if (allowUnknown) continue;
      if (e instanceof GrammargenError && e.code === "ENOENT") unknown.push(n);
      else throw new GrammargenError(`compose: ${n} is not in the pack and its --help could not be read: ${(e as Error).message}`, [], "EUNKNOWN");
      continue;
    }
    specs.push(parseHelp(text, { name: [n] }).spec);
  }
  if (unknown.length)
    throw new GrammargenError(
      `compose: ${unknown.join(", ")} ${unknown.length === 1 ? "is" : "are"} not a shell builtin, not in the grammar pack and not an installed program (not found on PATH); use --allow-unknown to let any program take any arguments`,
      [],
      "EUNKNOWN",
    );
  return specs;
}

/**
 * The programs a policy names (no globs), with the subcommands its options rules name as the
 * pack's keys (`git commit` is git-commit); a program given by subcommands is not read whole.
 */
function policyPrograms(policy: Policy): string[] {
  const subs = (policy.options ?? []).map((r) => r.command.split(" ")).filter((w) => w.length > 1);
  const bySub = new Set(subs.map((w) => w[0]!));
  const names = policy.commands.allow!.filter((n) => !/[*?]/.test(n) && !bySub.has(n));
  return [...names, ...subs.filter((w) => policy.commands.allow!.includes(w[0]!)).map((w) => w.join("-"))];
}

export async function composeCommand(argv: string[], io: Io): Promise<number> {
  const args = readArgs(argv, { values: ["commands", "constructs", "policy", "format", "out", "corpus", "names-only"], booleans: ["allow-unknown", "check"] });
  if (args.positionals.length) throw usageError(`unexpected argument ${args.positionals[0]}`);
  const policy = args.values.has("policy") ? loadPolicy(args.values.get("policy")!) : undefined;
  // Without --commands, a policy that lists its programs (a learned one) names them.
  const fromPolicy = !args.values.has("commands") && policy?.commands.allow ? policyPrograms(policy) : undefined;
  const names = (fromPolicy ?? (args.values.get("commands") ?? "").split(",")).map((s) => s.trim()).filter(Boolean);
  // Programs taken by name, with any words after them: a misspelled name stays refused.
  const namesOnly = (args.values.get("names-only") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0 && !args.booleans.has("allow-unknown") && namesOnly.length === 0)
    throw usageError(
      "usage: grammargen compose --commands cat,sort,uniq|--policy FILE [--constructs pipe,and,...] [--policy FILE] [--format lark|gbnf] [--allow-unknown] [--names-only docker,kubectl] [--out FILE]",
    );
  const format = outputFormat(args, ["lark", "gbnf"] as const);
  let constructs;
  try {
    constructs = args.values.has("constructs") ? parseConstructs(args.values.get("constructs")!) : undefined;
  } catch (e) {
    throw usageError((e as Error).message);
  }
  const allowUnknown = args.booleans.has("allow-unknown");
  const g = compose({
    // A learned policy may list programs with no help text anywhere: those get no grammar.
    commands: await specsFor(names, args.values.get("corpus"), allowUnknown || !!fromPolicy),
    ...(constructs ? { constructs } : {}),
    ...(policy ? { policy } : {}),
    allowUnknown,
    ...(namesOnly.length ? { namesOnly } : {}),
  });
  const text = format === "lark" ? emitLark(g) : emitGbnf(g);
  const out = args.values.get("out");
  return deliver(io, out ? text : text.endsWith("\n") ? text : `${text}\n`, out, args.booleans.has("check"));
}

export async function checkPolicyCommand(argv: string[], io: Io): Promise<number> {
  const args = readArgs(argv, { values: ["policy"], booleans: ["json"] });
  const file = args.values.get("policy");
  if (!file || args.positionals.length !== 1) throw usageError("usage: grammargen check-policy --policy FILE [--json] -- '<command>'");
  const command = args.positionals[0]!;
  const violations = checkPolicy(loadPolicy(file), command);
  if (args.booleans.has("json")) io.stdout(`${JSON.stringify({ ok: violations.length === 0, violations })}\n`);
  else if (violations.length === 0) io.stdout("ok: no policy violations\n");
  else
    for (const v of violations) {
      const text = command.slice(v.span.start, v.span.end);
      io.stdout(`${v.rule}: ${v.message} (at ${v.span.line}:${v.span.start + 1}-${v.span.end}, \`${text}\`)\n  fix: ${v.fix}\n`);
    }
  return violations.length === 0 ? 0 : 1;
}

export async function packCommand(argv: string[], io: Io): Promise<number> {
  const args = readArgs(argv, { values: ["dir"], booleans: ["json", "generated"] });
  if (args.positionals.length) throw usageError(`unexpected argument ${args.positionals[0]}`);
  const dir = args.values.get("dir") ?? join(checkout(), "grammars");
  const generated = args.booleans.has("generated");
  const r = buildPack(dir, { generated });
  if (args.booleans.has("json")) io.stdout(`${JSON.stringify(r)}\n`);
  else {
    const debian = r.debian ? ` (${r.debian} from corpora/debian)` : "";
    if (generated && r.files === 0) io.stdout(`pack: ${r.dir} is current: ${r.programs} programs (${r.ms.toFixed(0)} ms)\n`);
    else io.stdout(`pack: ${r.programs} programs${debian}, ${r.files} files, ${(r.bytes / 1024).toFixed(0)} KiB in ${r.dir} (${r.ms.toFixed(0)} ms)\n`);
    if (!generated) for (const s of r.skipped) io.stderr(`pack: skipped ${s.key}: ${s.reason}\n`);
  }
  // A generated grammar that is not what pack/manifest.json or pack/debian.json lists: the
  // parser changed since the pack was reviewed. The files are written (a build goes on);
  // grammars/test fails until `npm run pack` records the new hashes for review.
  if (r.drift.length)
    io.stderr(
      `pack: warning: ${r.drift.length} generated grammar(s) differ from pack/manifest.json and pack/debian.json (${r.drift.slice(0, 8).join(", ")}${r.drift.length > 8 ? ", ..." : ""}); run npm run pack and review\n`,
    );
  return 0;
}
