// Bounded repetition that llama.cpp accepts at any bound: GBNF refuses a repetition whose
// count times the rules it repeats passes about 2000, so x{0,2000} is written with chunks of
// 32: (x{32}){0,61} x{0,31} | (x{32}){62} x{0,16}. The same strings, each split exactly one
// way, so regex engines (Python's lexer, the fast test path) never backtrack through splits.
import { alt, rep, seq, type Expr } from "../grammar/ast.js";
import { UNBOUNDED } from "../grammar/names.js";

const CHUNK = 32;
/** A one-item group, so a repetition of a repetition is written (x{32}){0,7} in every dialect. */
const group = (e: Expr): Expr => ({ kind: "seq", items: [e] });
const chunks = (item: Expr, min: number, max: number): Expr => rep(group(rep(item, CHUNK, CHUNK)), min, max);

export function boundedRep(item: Expr, min: number, max: number): Expr {
  if (max === UNBOUNDED || max <= 64) return rep(item, min, max);
  const parts: Expr[] = [];
  // Exactly `min` first: whole chunks, then the rest.
  const q0 = Math.floor(min / CHUNK);
  const r0 = min % CHUNK;
  if (q0) parts.push(chunks(item, q0, q0));
  if (r0) parts.push(rep(item, r0, r0));
  // Then up to n = max - min more.
  const n = max - min;
  const q = Math.floor(n / CHUNK);
  const r = n % CHUNK;
  if (q === 0) parts.push(rep(item, 0, r));
  else {
    const fewer = seq(...(q > 1 ? [chunks(item, 0, q - 1)] : []), rep(item, 0, CHUNK - 1));
    const full = seq(chunks(item, q, q), ...(r ? [rep(item, 0, r)] : []));
    parts.push(group(alt(fewer, full)));
  }
  return parts.length === 1 ? parts[0]! : seq(...parts);
}
