// The syntax part of one option entry ("-o FILE, --output=FILE", "--color[=WHEN]",
// "-n, --namespace string", "--shout / --no-shout", "-v, --verbose...") -> spellings and values.
import type { Arity } from "../ir.js";

export type Attach =
  /** --name=VALUE */
  | "eq"
  /** --name[=VALUE] or -x[VALUE]: only the attached form carries a value */
  | "attached-optional"
  /** --name VALUE / -x VALUE */
  | "separate"
  /** --name [VALUE] (argparse nargs='?') */
  | "separate-optional";

export interface HeadValue {
  metavar: string;
  attach: Attach;
}

export interface Head {
  short: string[];
  long: string[];
  dashLong: string[];
  negatable: boolean;
  repeatable: boolean;
  values: HeadValue[];
  /** Extra value words after the first (jq --arg NAME VALUE). */
  extraValues: number;
}

const LONG = /^--(\[no-?\])?([A-Za-z0-9][A-Za-z0-9_.+:-]*[A-Za-z0-9_+]|[A-Za-z0-9])/;
const SHORT = /^-([A-Za-z0-9?#@!%])(?=$|[\s,=[<|/.]|\.\.\.)/;
const DASHLONG = /^-([A-Za-z][A-Za-z0-9_.-]*[A-Za-z0-9])(?=$|[\s,=[<|])/;

/** Reads a bracketed or plain value token starting at s[i]; returns [token, next index]. */
function readValue(s: string, i: number): [string, number] {
  let depth = 0;
  let j = i;
  for (; j < s.length; j++) {
    const c = s[j]!;
    if (c === "[" || c === "<" || c === "{" || c === "(") depth++;
    else if (c === "]" || c === ">" || c === "}" || c === ")") depth = Math.max(0, depth - 1);
    else if (depth === 0 && (c === " " || c === "\t" || c === ",")) break;
  }
  return [s.slice(i, j), j];
}

const isRepeatMarker = (t: string): boolean => /^(\.\.\.|…|\[\.\.\.\]|\[[^\]]*\s?\.\.\.\]|\[\.\.\.[^\]]*\])$/.test(t);

const PROSE = /^(the|then|or|and|is|was|are|a|an|to|of|if|be|in|on|for|with|as|by|not|this|that|it|when|which|will|can|may|must|also|instead|only)$|[.;:!]$/;

export function parseHead(head: string): Head | undefined {
  const h: Head = { short: [], long: [], dashLong: [], negatable: false, repeatable: false, values: [], extraValues: 0 };
  let i = 0;
  let lastWasSpelling = false;
  let valuesForCurrent = 0;
  const s = head.trimEnd();
  while (i < s.length) {
    const c = s[i]!;
    if (c === " " || c === "\t" || c === "," || c === "|" || (c === "/" && (s[i + 1] === " " || i + 1 === s.length))) {
      i++;
      continue;
    }
    const rest = s.slice(i);
    let m: RegExpExecArray | null;
    if ((m = LONG.exec(rest))) {
      if (m[1]) h.negatable = true;
      let name = m[2]!;
      // exa's "--colo[u]r": both spellings.
      const infix = /^\[([a-z]+)\]([a-z][\w-]*)/.exec(rest.slice(m[0].length));
      if (infix) {
        h.long.push(name + infix[2]);
        name = name + infix[1] + infix[2];
        i += infix[0].length;
      }
      if (name.startsWith("no-") && h.long.includes(name.slice(3))) h.negatable = true;
      else if (h.long.some((l) => `no-${l}` === name || l === `no-${name}`)) h.negatable = true;
      if (!h.long.includes(name)) h.long.push(name);
      i += m[0].length;
      lastWasSpelling = true;
      valuesForCurrent = 0;
    } else if ((m = SHORT.exec(rest))) {
      if (!h.short.includes(m[1]!)) h.short.push(m[1]!);
      i += m[0].length;
      lastWasSpelling = true;
      valuesForCurrent = 0;
    } else if ((m = DASHLONG.exec(rest))) {
      // -NUM and similar uppercase placeholders are not option names.
      if (/^[A-Z]+$/.test(m[1]!)) return undefined;
      if (!h.dashLong.includes(m[1]!)) h.dashLong.push(m[1]!);
      i += m[0].length;
      lastWasSpelling = true;
      valuesForCurrent = 0;
    } else if (c === "-" || c === "+") {
      return undefined;
    } else {
      if (!lastWasSpelling && h.values.length === 0) return undefined;
      let [tok, j] = readValue(s, i);
      i = j;
      if (tok.length > 3 && /(\.\.\.|…)$/.test(tok)) {
        h.repeatable = true;
        tok = tok.replace(/(\.\.\.|…)$/, "");
      }
      if (isRepeatMarker(tok)) {
        h.repeatable = true;
        // argparse nargs='*' prints only "[X ...]": zero or more values.
        const inner = /^\[([^\]\s.]+)\s?\.\.\.\]$/.exec(tok);
        if (inner && valuesForCurrent === 0 && lastWasSpelling) {
          if (!h.values.length) h.values.push({ metavar: inner[1]!, attach: "separate-optional" });
          valuesForCurrent++;
        }
        continue;
      }
      const opt = /^\[([^\]]*)\]$/.exec(tok);
      const separateOptional = opt && !/[|]/.test(opt[1]!);
      const value: HeadValue = { metavar: separateOptional ? opt[1]! : tok, attach: separateOptional ? "separate-optional" : "separate" };
      if (valuesForCurrent === 0) {
        if (!h.values.some((v) => v.metavar === value.metavar && v.attach === value.attach)) h.values.push(value);
      } else if (valuesForCurrent >= 1) h.extraValues = Math.max(h.extraValues, valuesForCurrent);
      valuesForCurrent++;
      continue;
    }
    // A value glued to the spelling: =VALUE, [=VALUE], [VALUE], <VALUE>, and clap's "..." marker.
    const glued = s.slice(i);
    if (glued.startsWith("...")) {
      h.repeatable = true;
      i += 3;
    } else if (glued.startsWith("[=")) {
      const [tok, j] = readValue(s, i);
      h.values.push({ metavar: tok.slice(2, -1), attach: "attached-optional" });
      i = j;
      valuesForCurrent = 1;
    } else if (glued.startsWith("=")) {
      const [tok, j] = readValue(s, i + 1);
      h.values.push({ metavar: tok, attach: "eq" });
      i = j;
      valuesForCurrent = 1;
    } else if (glued.startsWith("[") || glued.startsWith("<")) {
      const [tok, j] = readValue(s, i);
      h.values.push(tok.startsWith("[") ? { metavar: tok.slice(1, -1), attach: "attached-optional" } : { metavar: tok, attach: "separate" });
      i = j;
      valuesForCurrent = 1;
    }
    if (s.slice(i).startsWith("...")) {
      h.repeatable = true;
      i += 3;
    }
  }
  if (h.short.length + h.long.length + h.dashLong.length === 0) return undefined;
  // Prose that happens to start with an option name ("--count or --count-matches.") is not a head.
  if (h.values.some((v) => PROSE.test(v.metavar))) return undefined;
  return h;
}

export function arityOf(h: Head): Arity {
  if (h.values.length === 0) return "none";
  if (h.values.every((v) => v.attach === "attached-optional" || v.attach === "separate-optional")) return "optional";
  return "required";
}
