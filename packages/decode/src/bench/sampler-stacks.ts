// npm run bench:stacks [-- --grammar FILE.gbnf] [--lines N] [--as-is]
// How much work llama.cpp's grammar sampler does on a grammar, counted instead of timed:
// the sampler keeps one parse stack per live position, so the mean number of live stacks per
// character is what accepting a token costs; checking a candidate token costs far more,
// because every live stack is advanced past its top character whether the candidate matched
// there or not (checkCosts). Replays llama.cpp's stack rules (a rule reference expands into
// one stack per alternative, identical stacks merge, a finished rule pops) over the valid
// commands of corpora/coverage, on the grammar as decoding uses it (decodingTerminals and
// forDecoding) unless --as-is. Deterministic, so it compares grammars on a loaded machine
// where timings do not.
//
// --model GGUF|qwen2|llama3 (several allowed) checks the model's own tokens of each command
// (as generated after "Command:", space-led) instead of pseudo-tokens, and reports the
// vocabulary size and what a full-vocabulary pass costs in these units (one check per token
// of the vocabulary, each at least one stack advance per live stack): the work node-llama-cpp's
// sampler does whenever the grammar rejects the greedy token. The time that adds per token
// is measured by bench:decode (added ms per token, --native-sampler for node-llama-cpp's).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseGrammarText, type Expr, type Grammar } from "@shellgen/grammargen";
import { repoPath } from "@shellgen/base";
import { decodingTerminals } from "../ground.js";
import { forDecoding } from "../plan-pack.js";
import { resolveModelArg } from "./vocab-model.js";

type El = { k: "ch"; ranges: [number, number][]; neg: boolean } | { k: "ref"; name: string };
type Alt = El[];
interface Frame {
  alt: Alt;
  pos: number;
}
const UNBOUNDED = Number.MAX_SAFE_INTEGER;

/** Rules as llama.cpp holds them: alternatives of elements, groups and repetitions as generated rules. */
export function toRules(g: Grammar): Map<string, Alt[]> {
  const rules = new Map<string, Alt[]>();
  let n = 0;
  const gen = (alts: Alt[]): El => {
    const name = `#${n++}`;
    rules.set(name, alts);
    return { k: "ref", name };
  };
  const els = (e: Expr): El[] => {
    switch (e.kind) {
      case "lit":
        return [...e.text].map((c): El => ({ k: "ch", ranges: [[c.codePointAt(0)!, c.codePointAt(0)!]], neg: false }));
      case "cls":
        return [{ k: "ch", ranges: e.ranges, neg: e.negated }];
      case "ref":
        return [{ k: "ref", name: e.name }];
      case "seq":
        return e.items.flatMap(els);
      case "alt":
        return [gen(e.items.map(els))];
      case "rep": {
        const x = els(e.item);
        const out: El[] = [];
        for (let i = 0; i < e.min; i++) out.push(...x);
        if (e.max >= UNBOUNDED) {
          const name = `#${n++}`;
          rules.set(name, [[...x, { k: "ref", name }], []]);
          out.push({ k: "ref", name });
        } else {
          let prev: El | undefined;
          for (let i = e.min; i < e.max; i++) prev = gen([[...x, ...(prev ? [prev] : [])], []]);
          if (prev) out.push(prev);
        }
        return out;
      }
    }
  };
  for (const r of g.rules) rules.set(r.name, r.expr.kind === "alt" ? r.expr.items.map(els) : [els(r.expr)]);
  return rules;
}

/** Live stacks before each character of `input`, and whether the whole input is accepted. */
export function stackCounts(rules: Map<string, Alt[]>, start: string, input: string): { counts: number[]; accepted: boolean } {
  const ids = new Map<Alt, number>();
  const id = (a: Alt): number => ids.get(a) ?? (ids.set(a, ids.size), ids.size - 1);
  const key = (st: Frame[]): string => st.map((f) => `${id(f.alt)}:${f.pos}`).join(",");
  const advance = (st: Frame[], out: Frame[][], seen: Set<string>, depth = 0): void => {
    if (depth > 400) return;
    if (st.length === 0) {
      if (!seen.has("")) seen.add(""), out.push(st);
      return;
    }
    const top = st[st.length - 1]!;
    if (top.pos >= top.alt.length) {
      advance(st.slice(0, -1), out, seen, depth + 1);
      return;
    }
    const el = top.alt[top.pos]!;
    if (el.k === "ch") {
      const k = key(st);
      if (!seen.has(k)) seen.add(k), out.push(st);
      return;
    }
    // The referencing frame moves past the reference, or is dropped when that ends its rule.
    const next = { alt: top.alt, pos: top.pos + 1 };
    const base = next.pos < next.alt.length ? [...st.slice(0, -1), next] : st.slice(0, -1);
    for (const alt of rules.get(el.name) ?? []) advance([...base, { alt, pos: 0 }], out, seen, depth + 1);
  };
  let stacks: Frame[][] = [];
  const seen0 = new Set<string>();
  for (const alt of rules.get(start) ?? []) advance([{ alt, pos: 0 }], stacks, seen0);
  const counts: number[] = [];
  for (const ch of input) {
    const live = stacks.filter((s) => s.length > 0);
    counts.push(live.length);
    const c = ch.codePointAt(0)!;
    const out: Frame[][] = [];
    const seen = new Set<string>();
    for (const st of live) {
      const top = st[st.length - 1]!;
      const el = top.alt[top.pos] as Extract<El, { k: "ch" }>;
      if (el.ranges.some(([a, b]) => c >= a && c <= b) === el.neg) continue;
      advance([...st.slice(0, -1), { alt: top.alt, pos: top.pos + 1 }], out, seen);
    }
    stacks = out;
    if (stacks.length === 0) return { counts, accepted: false };
  }
  return { counts, accepted: stacks.some((s) => s.length === 0) };
}

/**
 * What llama.cpp's sampler spends checking each piece of `pieces` (one candidate token) before
 * accepting it, replayed from llama-grammar.cpp's llama_grammar_reject_candidates: every live
 * stack is advanced past its top character whether the candidate matched there or not, and
 * a match recurses into the stacks that advance produced. `advances` counts
 * llama_grammar_advance_stack calls, `frames` the stack frames they build (its copying and
 * allocation is what the time goes to). Undefined when the grammar refuses a piece.
 */
export function checkCosts(rules: Map<string, Alt[]>, start: string, pieces: string[]): { advances: number; frames: number }[] | undefined {
  const ids = new Map<Alt, number>();
  const id = (a: Alt): number => ids.get(a) ?? (ids.set(a, ids.size), ids.size - 1);
  const key = (st: Frame[]): string => st.map((f) => `${id(f.alt)}:${f.pos}`).join(",");
  let advances = 0;
  let frames = 0;
  const advance = (from: Frame[]): Frame[][] => {
    advances++;
    const out: Frame[][] = [];
    const seen = new Set<string>();
    const todo = [from];
    while (todo.length) {
      const st = todo.pop()!;
      const k = key(st);
      if (seen.has(k)) continue;
      seen.add(k);
      frames += st.length;
      const top = st[st.length - 1];
      if (!top) {
        out.push(st);
        continue;
      }
      if (top.pos >= top.alt.length) {
        todo.push(st.slice(0, -1));
        continue;
      }
      const el = top.alt[top.pos]!;
      if (el.k === "ch") {
        out.push(st);
        continue;
      }
      const next = { alt: top.alt, pos: top.pos + 1 };
      const base = next.pos < next.alt.length ? [...st.slice(0, -1), next] : st.slice(0, -1);
      for (const alt of rules.get(el.name) ?? []) todo.push([...base, { alt, pos: 0 }]);
    }
    return out;
  };
  const matches = (st: Frame[], c: number): boolean => {
    const top = st[st.length - 1]!;
    const el = top.alt[top.pos] as Extract<El, { k: "ch" }>;
    return el.ranges.some(([a, b]) => c >= a && c <= b) !== el.neg;
  };
  const past = (st: Frame[]): Frame[] => {
    const top = st[st.length - 1]!;
    const next = { alt: top.alt, pos: top.pos + 1 };
    return next.pos < next.alt.length ? [...st.slice(0, -1), next] : st.slice(0, -1);
  };
  // One candidate: `at` is how many of its code points are consumed; returns whether it is rejected.
  let cps: number[] = [];
  const rejected = (stacks: Frame[][], at: number | undefined): number | undefined => {
    for (const st of stacks) at = rejectedFor(st, at);
    return at;
  };
  const rejectedFor = (st: Frame[], at: number | undefined): number | undefined => {
    if (st.length === 0) return at !== undefined && at < cps.length ? at : undefined;
    const next = at !== undefined && at < cps.length && matches(st, cps[at]!) ? at + 1 : undefined;
    const own = at !== undefined && next === undefined && at < cps.length ? at : undefined;
    const stacks = advance(past(st));
    if (next === undefined) return own;
    const r = rejected(stacks, next);
    return r === undefined ? undefined : r - 1;
  };
  let stacks: Frame[][] = [];
  for (const alt of rules.get(start) ?? []) stacks.push(...advance([{ alt, pos: 0 }]));
  const out: { advances: number; frames: number }[] = [];
  for (const piece of pieces) {
    advances = frames = 0;
    cps = [...piece].map((c) => c.codePointAt(0)!);
    if (rejected(stacks, 0) !== undefined) return undefined;
    out.push({ advances, frames });
    for (const c of cps) {
      const next: Frame[][] = [];
      const seen = new Set<string>();
      for (const st of stacks) {
        if (st.length === 0 || !matches(st, c)) continue;
        for (const n of advance(past(st))) {
          const k = key(n);
          if (!seen.has(k)) seen.add(k), next.push(n);
        }
      }
      stacks = next;
    }
  }
  return out;
}

/** Token-like pieces of a command: a word's first few characters with the space before it, the rest in short runs, punctuation alone. */
export const pseudoTokens = (command: string): string[] => command.match(/ ?[A-Za-z0-9_./-]{1,5}|[A-Za-z0-9_./-]{1,5}| ?[^A-Za-z0-9_./ -]| /g) ?? [];

/** GPT-2's byte-level spelling: printable bytes stand for themselves, the others for 256 + n. */
function byteLevelDecoder(): Map<string, number> {
  const bytes: number[] = [];
  for (let b = 0; b < 256; b++) if ((b >= 33 && b <= 126) || (b >= 161 && b <= 172) || b >= 174) bytes.push(b);
  const map = new Map<string, number>();
  let extra = 0;
  for (let b = 0; b < 256; b++) map.set(String.fromCodePoint(bytes.includes(b) ? b : 256 + extra++), b);
  return map;
}

/** A token's text from its vocabulary spelling (byte-level BPE or SentencePiece), not the detokenizer, which tidies spaces. */
function pieceText(spelling: string, spm: boolean, byteLevel: Map<string, number>): string {
  if (spm) {
    const m = /^<0x([0-9A-F]{2})>$/.exec(spelling);
    return m ? String.fromCharCode(Number.parseInt(m[1]!, 16)) : spelling.replace(/\u2581/g, " ");
  }
  return Buffer.from([...spelling].map((c) => byteLevel.get(c) ?? 63)).toString("utf8");
}

/** Each command's pieces as the model's tokenizer splits the text it would generate. */
async function modelPieces(model: string, lines: string[]): Promise<{ pieces: string[][]; vocabulary: number }> {
  const { getLlama, LlamaLogLevel } = await import("node-llama-cpp");
  const llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
  const m = await llama.loadModel({ modelPath: resolveModelArg(model), vocabOnly: true });
  try {
    const ggml = m.fileInfo.metadata?.tokenizer?.ggml as { model?: string; tokens?: readonly string[] } | undefined;
    const spm = ggml?.model === "llama";
    const spellings = ggml?.tokens ?? [];
    const byteLevel = byteLevelDecoder();
    const pieces = lines.map((l) =>
      m
        .tokenize(spm ? l : ` ${l}`, false)
        // The first token's leading space belongs to the decoding form, not the command.
        .map((t, i) => (i === 0 ? pieceText(spellings[t] ?? "", spm, byteLevel).replace(/^ /, "") : pieceText(spellings[t] ?? "", spm, byteLevel)))
        .filter((p) => p !== ""),
    );
    return { pieces, vocabulary: spellings.length };
  } finally {
    await m.dispose();
  }
}

async function main(args: string[]): Promise<string> {
  const opt = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const root = repoPath() ?? process.cwd();
  const file = opt("grammar") ?? join(root, "grammars", "pack", "default.gbnf");
  const parsed = parseGrammarText(readFileSync(file, "utf8"), "gbnf");
  const g = args.includes("--as-is") ? parsed : forDecoding(decodingTerminals(parsed));
  const rules = toRules(g);
  const lines = readFileSync(join(root, "corpora", "coverage", "valid.txt"), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "" && !l.startsWith("#"))
    .slice(0, Number(opt("lines") ?? Infinity));
  let sum = 0;
  let chars = 0;
  let max = 0;
  let accepted = 0;
  const acceptedLines: string[] = [];
  for (const line of lines) {
    const r = stackCounts(rules, g.start, line);
    if (!r.accepted) continue;
    accepted++;
    acceptedLines.push(line);
    for (const c of r.counts) (sum += c), chars++, (max = Math.max(max, c));
  }
  const meanStacks = sum / chars;
  const out = [
    `${file}${args.includes("--as-is") ? "" : " (decoding form)"}: ${accepted}/${lines.length} coverage commands accepted; live parse stacks per character: mean ${meanStacks.toFixed(1)}, max ${max}`,
  ];
  const check = (label: string, tokenised: string[][]): void => {
    let pieces = 0;
    let advances = 0;
    let frames = 0;
    let refused = 0;
    for (const p of tokenised) {
      const costs = checkCosts(rules, g.start, p);
      if (!costs) refused++;
      for (const c of costs ?? []) pieces++, (advances += c.advances), (frames += c.frames);
    }
    out.push(
      `checking a candidate token (${label}): ${(advances / pieces).toFixed(1)} stack advances and ${(frames / pieces).toFixed(0)} frames built per token over ${pieces} tokens${refused ? ` (${refused} commands whose token split the replay refuses left out)` : ""}`,
    );
  };
  const models: string[] = [];
  for (let i = 0; i < args.length; i++) if (args[i] === "--model" && args[i + 1]) models.push(args[++i]!);
  if (!models.length) check("pseudo-tokens of the accepted commands", acceptedLines.map(pseudoTokens));
  for (const m of models) {
    const { pieces, vocabulary } = await modelPieces(m, acceptedLines);
    out.push(`model ${m}: vocabulary ${vocabulary} tokens`);
    check("the model's own tokens of the accepted commands", pieces);
    out.push(
      `  a full-vocabulary pass (node-llama-cpp's sampler after a rejected greedy token) checks all ${vocabulary} tokens against a mean ${meanStacks.toFixed(1)} live stacks: at least ${Math.round(vocabulary * meanStacks).toLocaleString("en")} stack-top comparisons, against 1 check of the greedy token otherwise`,
    );
  }
  return out.join("\n");
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  main(process.argv.slice(2))
    .then((text) => process.stdout.write(`${text}\n`))
    .catch((err: unknown) => {
      process.stderr.write(`bench:stacks: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    });
}
