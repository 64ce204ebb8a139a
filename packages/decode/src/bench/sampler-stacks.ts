// npm run bench:stacks [-- --grammar FILE.gbnf] [--lines N] [--as-is]
// How much work llama.cpp's grammar sampler does on a grammar, counted instead of timed:
// the sampler keeps one parse stack per live position and checks every candidate token
// against each, so the mean number of live stacks per character is its cost multiplier.
// Replays llama.cpp's stack rules (a rule reference expands into one stack per
// alternative, identical stacks merge, a finished rule pops) over the valid commands of
// corpora/coverage, on the grammar as decoding uses it (decodingTerminals) unless --as-is.
// Deterministic, so it compares grammars on a loaded machine where timings do not.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseGrammarText, type Expr, type Grammar } from "@shellgen/grammargen";
import { repoPath } from "@shellgen/base";
import { decodingTerminals } from "../ground.js";

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

function main(args: string[]): string {
  const opt = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const root = repoPath() ?? process.cwd();
  const file = opt("grammar") ?? join(root, "grammars", "pack", "default.gbnf");
  const parsed = parseGrammarText(readFileSync(file, "utf8"), "gbnf");
  const g = args.includes("--as-is") ? parsed : decodingTerminals(parsed);
  const rules = toRules(g);
  const lines = readFileSync(join(root, "corpora", "coverage", "valid.txt"), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "" && !l.startsWith("#"))
    .slice(0, Number(opt("lines") ?? Infinity));
  let sum = 0;
  let chars = 0;
  let max = 0;
  let accepted = 0;
  for (const line of lines) {
    const r = stackCounts(rules, g.start, line);
    if (!r.accepted) continue;
    accepted++;
    for (const c of r.counts) (sum += c), chars++, (max = Math.max(max, c));
  }
  return `${file}${args.includes("--as-is") ? "" : " (decoding form)"}: ${accepted}/${lines.length} coverage commands accepted; live parse stacks per character: mean ${(sum / chars).toFixed(1)}, max ${max}`;
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  try {
    process.stdout.write(`${main(process.argv.slice(2))}\n`);
  } catch (err) {
    process.stderr.write(`bench:stacks: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  }
}
