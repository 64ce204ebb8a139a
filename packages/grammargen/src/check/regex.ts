// Reads the regular expressions inside Lark `/.../` terminals (the subset Python `re` and
// Rust `regex` share) into grammar expressions, so the checker can match them exactly.
// \d, \s and \w mean what they mean to Python's `re` on text (Unicode: U+00A0 is \s, U+0661
// is \d), since Python Lark is the reference reader of a Lark file; grammargen's own Lark never
// uses them (emit/regex.ts writes explicit classes), so its grammars mean the same everywhere.
// JSON Schema patterns are ECMAScript and are read elsewhere (schema/ecma-regex.ts).
import { GrammargenError } from "../diagnostics.js";
import { alt, complementRanges, lit, rep, seq, type Expr } from "../grammar/ast.js";
import { UNBOUNDED } from "../grammar/names.js";
import { PYTHON_DIGIT, PYTHON_SPACE, PYTHON_WORD } from "./python-classes.js";

const DIGIT: [number, number][] = [...PYTHON_DIGIT];
const WORDC: [number, number][] = [...PYTHON_WORD];
const SPACE: [number, number][] = [...PYTHON_SPACE];

function caseless(e: Expr): Expr {
  switch (e.kind) {
    case "lit":
      return seq(
        ...[...e.text].map((ch): Expr => {
          const lo = ch.toLowerCase();
          const up = ch.toUpperCase();
          return lo === up || [...lo].length !== 1 || [...up].length !== 1
            ? lit(ch)
            : {
                kind: "cls",
                ranges: [
                  [lo.codePointAt(0)!, lo.codePointAt(0)!],
                  [up.codePointAt(0)!, up.codePointAt(0)!],
                ],
                negated: false,
              };
        }),
      );
    case "cls": {
      const extra: [number, number][] = [];
      for (const [a, b] of e.ranges)
        for (let c = a; c <= Math.min(b, a + 400); c++) {
          const ch = String.fromCodePoint(c);
          for (const v of [ch.toLowerCase(), ch.toUpperCase()]) if ([...v].length === 1 && v !== ch) extra.push([v.codePointAt(0)!, v.codePointAt(0)!]);
        }
      return { ...e, ranges: [...e.ranges, ...extra] };
    }
    case "seq":
    case "alt":
      return { kind: e.kind, items: e.items.map(caseless) };
    case "rep":
      return { ...e, item: caseless(e.item) };
    case "ref":
      return e;
  }
}

export function parseRegex(source: string, flags = ""): Expr {
  const s = [...source];
  let i = 0;
  const err = (msg: string): never => {
    throw new GrammargenError(`regex /${source}/ at ${i}: ${msg}`, [], "EREAD");
  };
  const escapeClass = (c: string): [number, number][] | undefined =>
    c === "d"
      ? DIGIT
      : c === "D"
        ? complementRanges(DIGIT)
        : c === "w"
          ? WORDC
          : c === "W"
            ? complementRanges(WORDC)
            : c === "s"
              ? SPACE
              : c === "S"
                ? complementRanges(SPACE)
                : undefined;
  const escapeChar = (): number => {
    const c = s[i++] ?? err("dangling backslash");
    const simple: Record<string, number> = { n: 10, t: 9, r: 13, f: 12, v: 11, a: 7, "0": 0 };
    if (c in simple) return simple[c]!;
    if (c === "x") {
      if (s[i] === "{") {
        const close = s.indexOf("}", i);
        const v = parseInt(s.slice(i + 1, close).join(""), 16);
        i = close + 1;
        return v;
      }
      const v = parseInt(s.slice(i, i + 2).join(""), 16);
      i += 2;
      return v;
    }
    if (c === "u" || c === "U") {
      const len = c === "u" ? 4 : 8;
      const v = parseInt(s.slice(i, i + len).join(""), 16);
      i += len;
      return v;
    }
    if (/[A-Za-z0-9]/.test(c)) err(`unsupported escape \\${c}`);
    return c.codePointAt(0)!;
  };

  const parseAlt = (): Expr => {
    const items = [parseSeq()];
    while (s[i] === "|") {
      i++;
      items.push(parseSeq());
    }
    return alt(...items);
  };
  const parseSeq = (): Expr => {
    const items: Expr[] = [];
    while (i < s.length && s[i] !== "|" && s[i] !== ")") items.push(parseQuantified());
    return items.length === 1 ? items[0]! : { kind: "seq", items };
  };
  const parseQuantified = (): Expr => {
    let atom = parseAtom();
    for (;;) {
      const c = s[i];
      let min: number, max: number;
      if (c === "*") [min, max] = [0, UNBOUNDED];
      else if (c === "+") [min, max] = [1, UNBOUNDED];
      else if (c === "?") [min, max] = [0, 1];
      else if (c === "{" && /^\{\d*(,\d*)?\}/.test(s.slice(i).join(""))) {
        const m = /^\{(\d*)(,(\d*))?\}/.exec(s.slice(i).join(""))!;
        min = m[1] ? Number(m[1]) : 0;
        max = m[2] === undefined ? min : m[3] ? Number(m[3]) : UNBOUNDED;
        i += m[0].length - 1;
      } else return atom;
      i++;
      if (s[i] === "?" || s[i] === "+") err("lazy and possessive quantifiers are not supported");
      atom = rep(atom, min, max);
    }
  };
  const parseAtom = (): Expr => {
    const c = s[i++]!;
    if (c === "(") {
      if (s[i] === "?") {
        if (s[i + 1] === ":") i += 2;
        else err("only (?:...) groups are supported");
      }
      const inner = parseAlt();
      if (s[i++] !== ")") err("missing )");
      return inner;
    }
    if (c === "[") return parseClass();
    if (c === ".") return { kind: "cls", ranges: flags.includes("s") ? [] : [[10, 10]], negated: true };
    if (c === "^" || c === "$") err("anchors are not supported");
    if (c === "\\") {
      const cls = escapeClass(s[i]!);
      if (cls) {
        i++;
        return { kind: "cls", ranges: cls, negated: false };
      }
      if (s[i] === "b" || s[i] === "B" || s[i] === "A" || s[i] === "Z") err("assertions are not supported");
      return lit(String.fromCodePoint(escapeChar()));
    }
    if (c === ")" || c === "*" || c === "+" || c === "?") err(`unexpected ${c}`);
    return lit(c);
  };
  const parseClass = (): Expr => {
    let negated = false;
    if (s[i] === "^") {
      negated = true;
      i++;
    }
    const ranges: [number, number][] = [];
    let first = true;
    const one = (): number | [number, number][] => {
      const c = s[i++] ?? err("unterminated class");
      if (c === "\\") {
        const cls = escapeClass(s[i]!);
        if (cls) {
          i++;
          return cls;
        }
        return escapeChar();
      }
      if (c === "[" && s[i] === ":") err("POSIX classes are not supported");
      return c.codePointAt(0)!;
    };
    while (s[i] !== "]" || first) {
      if (i >= s.length) err("unterminated class");
      first = false;
      const a = one();
      if (typeof a !== "number") {
        ranges.push(...a);
        continue;
      }
      if (s[i] === "-" && s[i + 1] !== "]" && i + 1 < s.length) {
        i++;
        const b = one();
        if (typeof b !== "number") err("class range ends in a class escape");
        ranges.push([a, b as number]);
      } else ranges.push([a, a]);
    }
    i++;
    return { kind: "cls", ranges, negated };
  };
  const e = parseAlt();
  if (i < s.length) err(`unexpected ${s[i]}`);
  return flags.includes("i") ? caseless(e) : e;
}
