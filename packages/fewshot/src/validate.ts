import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { bashVerdict, simpleCommands } from "@shellgen/base";
import { corporaDir } from "./example.js";

// A pair enters the pool only if it parses as bash, every program in it that has a grammar
// accepts its invocation, and it passes the default policy. Grammar and policy come from
// other parts that may not be built yet; the validator says which checks it could run.

export interface Verdict {
  ok: boolean;
  /** one line per failed check, e.g. "grammar(find) rejects ..." */
  errors: string[];
  /** the subset of errors that came from a program grammar (generated, so possibly wrong itself) */
  grammarErrors: string[];
}

export interface ValidatorInfo {
  syntax: "tree-sitter-bash";
  grammar: "pack" | "help-corpus" | "none";
  grammarPrograms: number;
  policy: "default-policy" | "none";
}

/** Syntax gate: one line on where the command stops parsing as bash, or null when it parses. */
export function syntaxError(command: string): string | null {
  const v = bashVerdict(command);
  return v.parses ? null : `does not parse as bash: ${v.error}`;
}

export { simpleCommands };

type Recognizer = (input: string) => { accepted: boolean; reason?: string };

export class Validator {
  constructor(
    private readonly grammars: Map<string, Recognizer>,
    private readonly policy: ((command: string) => string[]) | undefined,
    readonly info: ValidatorInfo,
  ) {}

  /** The grammar keyed by the longest run of leading words ("git add" before "git"). */
  private grammarFor(text: string): Recognizer | undefined {
    const words = text.trim().split(/\s+/).slice(0, 3);
    words[0] = words[0]!.replace(/^.*\//, "");
    for (let n = words.length; n > 0; n--) {
      const g = this.grammars.get(words.slice(0, n).join(" "));
      if (g) return g;
    }
    return undefined;
  }

  check(command: string): Verdict {
    const errors: string[] = [];
    if (!command.trim()) return { ok: false, errors: ["the command is empty"], grammarErrors: [] };
    if (/\n\s*\n/.test(command)) errors.push("a command may not contain a blank line (the prompt format ends examples there)");
    const syn = syntaxError(command);
    if (syn) return { ok: false, errors: [syn, ...errors], grammarErrors: [] };
    const grammarErrors: string[] = [];
    for (const sc of simpleCommands(command)) {
      const g = this.grammarFor(sc.text);
      if (!g) continue;
      const r = g(sc.text);
      if (!r.accepted) grammarErrors.push(`grammar(${sc.program}) rejects ${JSON.stringify(sc.text)}${r.reason ? `: ${r.reason}` : ""}`);
    }
    if (this.policy) for (const v of this.policy(command)) errors.push(`policy: ${v}`);
    errors.push(...grammarErrors);
    return { ok: errors.length === 0, errors, grammarErrors };
  }
}

const dynamicImport = (name: string): Promise<any> => import(name);

let shared: Promise<Validator> | undefined;
/** The validator with every check available in this checkout; built once per process. */
export function loadValidator(): Promise<Validator> {
  shared ??= buildValidator();
  return shared;
}

async function buildValidator(): Promise<Validator> {
  let gg: any = {};
  try {
    gg = await dynamicImport("@shellgen/grammargen");
  } catch {
    gg = {};
  }
  const grammars = new Map<string, Recognizer>();
  let grammarSource: ValidatorInfo["grammar"] = "none";
  if (typeof gg.recognize === "function") {
    const fromPack = await packGrammars(gg);
    if (fromPack.size > 0) {
      grammarSource = "pack";
      for (const [k, v] of fromPack) grammars.set(k, v);
    } else {
      const fromHelp = helpGrammars(gg);
      if (fromHelp.size > 0) grammarSource = "help-corpus";
      for (const [k, v] of fromHelp) grammars.set(k, v);
    }
  }
  let policy: ((c: string) => string[]) | undefined;
  if (typeof gg.checkPolicy === "function") {
    const p = await defaultPolicy(gg);
    if (p !== undefined) {
      policy = (c) =>
        (gg.checkPolicy(p, c) as { rule?: string; message?: string }[]).map((v) => `${v.rule ?? "rule"}: ${v.message ?? ""}`);
    }
  }
  return new Validator(grammars, policy, {
    syntax: "tree-sitter-bash",
    grammar: grammarSource,
    grammarPrograms: grammars.size,
    policy: policy ? "default-policy" : "none",
  });
}

async function packGrammars(gg: any): Promise<Map<string, Recognizer>> {
  const out = new Map<string, Recognizer>();
  let pack: any;
  try {
    pack = await dynamicImport("@shellgen/grammars");
  } catch {
    return out;
  }
  const commands = pack?.commands ?? pack?.default?.commands;
  if (!commands || typeof commands !== "object") return out;
  for (const [name, entry] of Object.entries<any>(commands)) {
    let grammar: unknown;
    try {
      if (entry?.ir && typeof gg.lowerCommand === "function") grammar = gg.lowerCommand(entry.ir);
      else if (typeof entry?.lark === "string" && typeof gg.parseGrammarText === "function") grammar = gg.parseGrammarText(entry.lark, "lark");
    } catch {
      continue; // a broken grammar is the pack's problem; it must not veto every example
    }
    if (grammar) out.set(entry?.name ?? name, (s) => gg.recognize(grammar, s));
  }
  return out;
}

/**
 * Grammars straight from the help corpus, keyed by the words that start an invocation
 * ("find", "git add"). Multi-call wrappers (busybox) are skipped: the pool writes the
 * GNU tools, and a busybox grammar would veto their flags.
 */
function helpGrammars(gg: any): Map<string, Recognizer> {
  const out = new Map<string, Recognizer>();
  if (typeof gg.parseHelp !== "function" || typeof gg.lowerCommand !== "function") return out;
  const helpDir = join(corporaDir(), "help");
  if (!existsSync(helpDir)) return out;
  for (const name of readdirSync(helpDir)) {
    const txt = join(helpDir, name, "help.txt");
    const metaFile = join(helpDir, name, "meta.json");
    if (!existsSync(txt) || !existsSync(metaFile)) continue;
    try {
      const meta = JSON.parse(readFileSync(metaFile, "utf8"));
      const cmd: string[] = Array.isArray(meta.command) ? meta.command : [meta.program ?? name];
      const cut = cmd.findIndex((w, i) => i > 0 && (w.startsWith("-") || w === "help"));
      const words = cut > 0 ? cmd.slice(0, cut) : cmd;
      if (words[0] === "busybox") continue;
      const { spec } = gg.parseHelp(readFileSync(txt, "utf8"), { name: words.length === 1 ? words[0] : words, style: meta.style });
      const grammar = gg.lowerCommand(spec);
      out.set(words.join(" "), (s) => gg.recognize(grammar, s));
    } catch {
      continue; // a help text its parser cannot handle yet vetoes nothing
    }
  }
  return out;
}

async function defaultPolicy(gg: any): Promise<unknown> {
  if (gg.defaultPolicy !== undefined) return typeof gg.defaultPolicy === "function" ? gg.defaultPolicy() : gg.defaultPolicy;
  if (typeof gg.loadPolicy !== "function") return undefined;
  if (typeof gg.defaultPolicyPath === "string" && existsSync(gg.defaultPolicyPath)) {
    try {
      return gg.loadPolicy(gg.defaultPolicyPath);
    } catch {
      return undefined;
    }
  }
  for (const f of ["grammars/policy.json", "grammars/policy.yaml", "grammars/default-policy.json", "grammars/policy/default.json"]) {
    const p = join(corporaDir(), "..", f);
    if (existsSync(p)) {
      try {
        return gg.loadPolicy(p);
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
