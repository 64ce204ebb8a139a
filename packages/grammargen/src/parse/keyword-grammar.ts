// Keyword-grammar usage (`prog [ OPTIONS ] OBJECT { COMMAND | help }`, `OBJECT := { link | route }`,
// `prog link set { DEVICE | dev DEVICE } [ mtu MTU ]`): lower-case words are keywords. The IR has no
// keyword sequences: a defined object's choices and each form's first keywords become subcommands
// taking any words, so only what the text lists completely is checked.
import type { CommandSpec, PositionalSpec, Span } from "../ir.js";
import type { ParseResult } from "./help.js";
import { MANY } from "./usage.js";

const PLACEHOLDER = /^[A-Z][A-Z0-9_-]*$/;
const KEYWORD = /^[a-z][a-z0-9_.-]*$/;
const DEFINITION = /^\s*(?:where\s+)?([A-Z][A-Z0-9_-]*)\s*:=\s*(.*)$/;
const tokens = (s: string): string[] =>
  s
    .replace(/([{}[\]|])/g, " $1 ")
    .split(/\s+/)
    .filter(Boolean);

/** The group opening at ts[i]: its inside, and the index after it. */
function group(ts: string[], i: number): { inner: string[]; next: number } {
  for (let j = i, depth = 0; j < ts.length; j++) {
    depth += ts[j] === "{" || ts[j] === "[" ? 1 : ts[j] === "}" || ts[j] === "]" ? -1 : 0;
    if (depth === 0) return { inner: ts.slice(i + 1, j), next: j + 1 };
  }
  return { inner: ts.slice(i + 1), next: ts.length };
}

/** `{ add | del }`'s alternatives. */
function choices(inner: string[]): string[] | undefined {
  const alts = inner.filter((_, k) => k % 2 === 0);
  return alts.length > 1 && inner.length % 2 === 1 && inner.every((t, k) => (k % 2 === 1) === (t === "|")) ? alts : undefined;
}
const keywords = (alts: string[]): string[] => alts.filter((w) => KEYWORD.test(w));
/** Only options or an OPTIONS placeholder: skipped before the first keyword. */
const optionGroup = (inner: string[]): boolean =>
  inner.length > 0 && inner.every((t) => t.startsWith("-") || t === "|" || PLACEHOLDER.test(t)) && inner.some((t) => t.startsWith("-") || /OPTION/.test(t));

/** Definitions and forms; a man page's from its SYNOPSIS (prose may start with the name). */
function readLines(text: string, program: string): { defs: Map<string, string[]>; forms: { tokens: string[]; span: Span }[] } {
  const lines = text.split("\n");
  const defs = new Map<string, string[]>();
  const forms: { tokens: string[]; span: Span }[] = [];
  const starts = new RegExp(`^\\s*(?:usage:\\s*)?(?:\\S*/)?${program.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:\\s|$)`, "i");
  const synopsis = lines.findIndex((l) => /^SYNOPSIS\s*$/.test(l));
  const end = synopsis < 0 ? -1 : lines.findIndex((l, n) => n > synopsis && /^[A-Z][A-Z ]*\s*$/.test(l));
  let offset = 0;
  let current: string[] | undefined;
  for (const [n, line] of lines.entries()) {
    const start = offset;
    offset += line.length + 1;
    if (n < synopsis || (end >= 0 && n >= end)) continue;
    const def = DEFINITION.exec(line);
    if (def) {
      current = tokens(def[2]!);
      if (!defs.has(def[1]!)) defs.set(def[1]!, current);
    } else if (starts.test(line)) {
      current = tokens(line.replace(/^\s*usage:\s*/i, "").replace(/^\S*\//, ""));
      forms.push({ tokens: current, span: { start, end: start + line.length, line: n + 1 } });
    } else if (current && /^\s+\S/.test(line)) current.push(...tokens(line));
    else current = undefined;
  }
  return { defs, forms };
}

/**
 * A definition that is only keywords, `{ a | b }` or `{ [ a | b ] }` (all of them optional):
 * its keywords; undefined for anything else (`{ NH | nhid ID }`).
 */
function definedKeywords(def: string[] | undefined): string[] | undefined {
  if (!def || (def[0] !== "{" && def[0] !== "[")) return undefined;
  const { inner, next } = group(def, 0);
  if (next !== def.length) return undefined;
  const alts = inner[0] === "[" && group(inner, 0).next === inner.length ? choices(group(inner, 0).inner) : choices(inner);
  return alts && keywords(alts).length === alts.length ? alts : undefined;
}

/** 1 when tokens need a word outside `[ ]`; a placeholder defined as all optional needs none. */
function requiredIn(ts: string[], defs: Map<string, string[]>, seen: string[] = []): number {
  let depth = 0;
  for (const t of ts) {
    depth += t === "[" ? 1 : t === "]" ? -1 : 0;
    if (depth === 0 && !"[]{}|".includes(t) && (!defs.has(t) || seen.includes(t) || requiredIn(defs.get(t)!, defs, [...seen, t]))) return 1;
  }
  return 0;
}

/** `result` with the subcommands keyword-grammar usage forms give. */
export function withKeywordGrammar(result: ParseResult, text: string): ParseResult {
  const { spec } = result;
  if (spec.path.length === 0) return result;
  const { defs, forms } = readLines(text, spec.path[0]!);
  // Definitions, or `obj { COMMAND | help }` (not `prog { file | URL }`: `file` is a value).
  const mixed = (ts: string[]) =>
    ts.some((t, k) => {
      const alts = t === "{" && k > 1 && KEYWORD.test(ts[k - 1]!) ? choices(group(ts, k).inner) : undefined;
      return !!alts && keywords(alts).length > 0 && alts.some((x) => PLACEHOLDER.test(x));
    });
  if (defs.size === 0 && !forms.some((f) => mixed(f.tokens))) return result;
  const verbs = new Map<string, { min: number; span: Span }>();
  const verb = (v: string, min: number, span: Span) => verbs.set(v, { min: Math.min(min, verbs.get(v)?.min ?? 1), span: verbs.get(v)?.span ?? span });
  let object: { choices: string[]; span: Span } | undefined;
  let loose: Span | undefined; // a form led by `[ all | OBJECTS ] [ FILE ]` also goes on without its keyword
  for (const { tokens: ts, span } of forms) {
    // The command's words, cut short or after options (`ip [ OPTIONS ] neigh`).
    let i = 0;
    const skip = () => {
      while ((ts[i] === "[" || ts[i] === "{") && optionGroup(group(ts, i).inner)) i = group(ts, i).next;
    };
    if (!spec.path.every((w, k) => (k > 0 && skip(), ts[i] === w || (k > 0 && KEYWORD.test(ts[i] ?? "") && w.startsWith(ts[i]!))) && ++i > 0)) continue;
    skip();
    const t = ts[i];
    if (t === undefined) continue;
    const def = defs.get(t);
    const defined = def && (def[0] === "{" || def[0] === "[") ? choices(group(def, 0).inner) : undefined;
    if (PLACEHOLDER.test(t) && defined && keywords(defined).length === defined.length) object ??= { choices: defined, span };
    else if (KEYWORD.test(t)) verb(t, requiredIn(ts.slice(i + 1), defs), span);
    else if (t === "{" || t === "[") {
      const g = group(ts, i);
      const alts = choices(g.inner);
      if (t === "[" && g.next < ts.length) loose ??= span;
      // `{ add | del } ROUTE`, `[ add | del ] ADDR`; `{ COMMAND | help }`: help alone, or with
      // COMMAND's keywords where a definition lists them (`COMMAND := { status | show }`).
      if (alts?.every((x) => KEYWORD.test(x) || PLACEHOLDER.test(x))) {
        for (const c of keywords(alts)) verb(c, keywords(alts).length === alts.length ? requiredIn(ts.slice(g.next), defs) : 0, span);
        for (const c of alts.flatMap((x) => definedKeywords(defs.get(x)) ?? [])) verb(c, 0, span);
      }
      // `obj [ show [ dev IF ] ]`: all optional.
      else if (!alts && t === "[" && KEYWORD.test(g.inner[0] ?? "") && g.next >= ts.length) verb(g.inner[0]!, requiredIn(g.inner.slice(1), defs), span);
    }
  }
  if (verbs.size === 0 && !object) return result;
  const words = (min: number, span: Span): PositionalSpec => ({ name: "ARGS", type: { kind: "word" }, min, max: MANY, span });
  const known = new Set(spec.subcommands.map((s) => s.path.at(-1)));
  const sub = (v: string, positionals: PositionalSpec[]): CommandSpec => ({
    path: [...spec.path, v],
    aliases: [],
    style: spec.style,
    options: [],
    positionals,
    subcommands: [],
  });
  const subs = [
    ...(object?.choices ?? []).map((c) => sub(c, [])),
    ...[...verbs].filter(([v]) => !object?.choices.includes(v)).map(([v, { min, span }]) => sub(v, [words(min, span)])),
  ].filter((s) => !known.has(s.path.at(-1)));
  const names = subs.map((s) => s.path.at(-1)).join(", ");
  return {
    spec: { ...spec, positionals: loose ? [words(0, loose)] : [], subcommands: [...spec.subcommands, ...subs] },
    diagnostics: [
      ...result.diagnostics,
      {
        severity: "warning",
        stage: "parse",
        message: `keyword-grammar usage: subcommands ${names}, each taking any words`,
        span: (object ?? [...verbs.values()][0])!.span,
      },
    ],
  };
}
