// Option hints: for the programs a request's examples (and option retrieval) point to, the
// options whose help descriptions best match the request, written as example pairs in the
// shape of the IR pairs the default model was trained on ("With sort, reverse the result of
// comparisons" -> "sort -r"). The model can then copy a flag it has no example of.
import { programsIn } from "@shellgen/base";
import { packOptionIndex, readPackIr, type OptionIndex } from "@shellgen/fewshot";
import { flagsByProgram } from "./narrow.js";
import type { Example } from "./prompt.js";

/** Hints per request when SHELLGEN_OPTION_HINTS does not say (0: none). */
export const DEFAULT_OPTION_HINTS = 0;
/** A hit must score at least this share of the best hit for the same programs, so weak matches stay out. */
const HIT_SHARE = 0.75;
const MAX_DESCRIPTION = 90;

/** SHELLGEN_OPTION_HINTS=N (0-4) sets how many hints generate() adds; anything else is an error. */
export function optionHintsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SHELLGEN_OPTION_HINTS;
  if (raw === undefined || raw === "") return DEFAULT_OPTION_HINTS;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 4) throw new Error(`SHELLGEN_OPTION_HINTS=${raw}: expected a whole number from 0 to 4`);
  return n;
}

let valueFlags: Map<string, Set<string>> | undefined;
/** Per top-level program, the spellings of its options that take a value (a hint shows no value, so those are left out). */
function takesValue(program: string, flag: string): boolean {
  if (!valueFlags) {
    valueFlags = new Map();
    for (const { ir } of readPackIr()) {
      if ((ir.path?.length ?? 0) !== 1) continue;
      const set = valueFlags.get(ir.path[0]!) ?? new Set<string>();
      for (const o of ir.options ?? []) {
        if (!o.value) continue;
        for (const s of o.short ?? []) set.add(`-${s}`);
        for (const l of o.long ?? []) set.add(`--${l}`);
        for (const l of o.dashLong ?? []) set.add(`-${l}`);
      }
      valueFlags.set(ir.path[0]!, set);
    }
  }
  return valueFlags.get(program)?.has(flag) ?? false;
}

function describe(d: string): string | undefined {
  const text = d
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.;:]+$/, "");
  if (text.length < 6 || text.length > MAX_DESCRIPTION) return undefined;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/**
 * Up to `n` hint pairs for `request`. Programs come from the examples' commands and the
 * request's own words; flags the examples already show are not
 * repeated, and options that take a value are skipped (a hint cannot show a right value).
 */
export function optionHints(request: string, examples: Example[], n: number, index: OptionIndex = packOptionIndex()): Example[] {
  if (n <= 0) return [];
  // The examples' programs and any program the request names: option retrieval alone
  // proposes unrelated programs too often (a "log" request finds hugo --log).
  const named = new Set(request.toLowerCase().match(/[a-z0-9][a-z0-9_.+-]*/g) ?? []);
  const programs = new Set(examples.flatMap((e) => programsIn(e.command)));
  for (const p of index.programEvidence(request).keys()) if (named.has(p)) programs.add(p);
  if (programs.size === 0) return [];
  const shown = new Set([...flagsByProgram(examples.map((e) => e.command)).values()].flatMap((f) => [...f]));
  const forPrograms = index.search(request, 60).filter((h) => h.entry === h.program && programs.has(h.program));
  // The bar is set by the best option of these programs, shown or not: when the examples
  // already show the option that fits, a weaker one would only pull the model away.
  const best = forPrograms[0]?.score ?? 0;
  const hits = forPrograms.filter((h) => !shown.has(h.flag) && !takesValue(h.program, h.flag));
  const out: Example[] = [];
  const seen = new Set<string>();
  for (const h of hits) {
    if (out.length >= n || h.score < best * HIT_SHARE) break;
    const desc = describe(h.description);
    const command = `${h.program} ${h.flag}`;
    if (!desc || seen.has(command)) continue;
    seen.add(command);
    out.push({ request: `With ${h.program}, ${desc}`, command });
  }
  return out;
}
