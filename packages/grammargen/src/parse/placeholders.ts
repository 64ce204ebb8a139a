// A usage placeholder that stands for options, defined under the option table (net-tools):
//   <AF>=Use '-6|-4' or '-A <af>' or '--<af>'; default: inet
//   List of possible address families (which support routing):
//     inet (DARPA Internet) inet6 (IPv6) ax25 (AMPR AX.25)
//   <Socket>={-t|--tcp} {-u|--udp} {-U|--udplite} {-S|--sctp} {-w|--raw}
//            {-x|--unix} --ax25 --ipx --netrom
// `[<AF>]` in the usage line is then not an operand (route -n inet is refused); the options it
// names are taken, `--<af>` once per listed value.
import type { OptionSpec, Span } from "../ir.js";
import type { ParseResult } from "./help.js";
import { splitLines } from "./text.js";

const DEFINITION = /^(\s*)<([\w-]+)>=(.*)$/;

interface Definition {
  name: string;
  text: string;
  values: string[];
  span: Span;
}

/** A line of a value list: "    inet (DARPA Internet) inet6 (IPv6) ax25 (AMPR AX.25)". */
const LISTED = /^\s{2,}[a-z][a-z0-9]* \(.*\)\s*$/;
const valuesOf = (line: string): string[] => [...line.matchAll(/(?:^|\s)([a-z][a-z0-9]*) \(/g)].map((v) => v[1]!);

function definitions(text: string): Definition[] {
  const lines = splitLines(text);
  const out: Definition[] = [];
  // The lists go to stderr and the rest to stdout: captured together, a list may stand apart
  // from its "List of possible ..." heading (printed first). Headings without a list below take
  // the lists that follow no heading, in order.
  const blocks: { at: number; values: string[] }[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!LISTED.test(lines[i]!.text) || (i > 0 && LISTED.test(lines[i - 1]!.text))) continue;
    const values: string[] = [];
    for (let k = i; k < lines.length && LISTED.test(lines[k]!.text); k++) values.push(...valuesOf(lines[k]!.text));
    blocks.push({ at: i, values });
  }
  const heading = (i: number) => /^\s*List of possible [^:]*:\s*$/.test(lines[i]?.text ?? "");
  const orphans = blocks.filter((b) => !heading(b.at - 1));
  for (let i = 0; i < lines.length; i++) {
    const m = DEFINITION.exec(lines[i]!.text);
    if (!m) continue;
    const l = lines[i]!;
    let body = m[3]!;
    let j = i + 1;
    // Continued on lines indented past the '<'.
    for (; j < lines.length && !lines[j]!.blank && lines[j]!.indent > m[1]!.length && !/^\s*(<|List of)/.test(lines[j]!.text); j++)
      body += ` ${lines[j]!.text.trim()}`;
    const values = heading(j) ? [...(blocks.find((b) => b.at === j + 1) ?? orphans.shift() ?? { values: [] }).values] : [];
    const fallback = /\bdefault:\s*([a-z][a-z0-9]*)/i.exec(body);
    if (fallback && !values.includes(fallback[1]!)) values.push(fallback[1]!);
    out.push({ name: m[2]!, text: body, values, span: { start: l.offset, end: l.offset + l.text.length, line: l.no } });
  }
  return out;
}

/** The options a definition names: `{-t|--tcp}`, `-A <af>`, `-6|-4`, `--<af>` (one per value), `--ax25`. */
function optionsOf(d: Definition): OptionSpec[] {
  const out: OptionSpec[] = [];
  const make = (short: string[], long: string[], metavar?: string): OptionSpec => ({
    short,
    long,
    arity: metavar ? "required" : "none",
    repeatable: false,
    description: `${d.name}: ${d.text.trim()}`,
    span: d.span,
    ...(metavar ? { value: { type: { kind: "word" as const }, metavar } } : {}),
  });
  for (const m of d.text.matchAll(/\{([^}]*)\}|--<[\w-]+>|(?<![\w-])(--?)([A-Za-z0-9][\w-]*)(?:\s+<([\w-]+)>)?/g)) {
    if (m[1] !== undefined) {
      const names = m[1].split("|").map((x) => x.trim());
      out.push(
        make(
          names.filter((x) => /^-\w$/.test(x)).map((x) => x.slice(1)),
          names.filter((x) => /^--\w/.test(x)).map((x) => x.slice(2)),
        ),
      );
    } else if (m[0].startsWith("--<")) for (const v of d.values) out.push(make([], [v]));
    else if (m[2] === "-" && m[3]!.length === 1) out.push(make([m[3]!], [], m[4]));
    else if (m[2] === "--") out.push(make([], [m[3]!], m[4]));
  }
  return out;
}

/** `result` with each placeholder's options in place of the operand it seemed to be. */
export function withPlaceholderOptions(result: ParseResult, text: string): ParseResult {
  const defs = definitions(text);
  if (!defs.length) return result;
  const spec = { ...result.spec, options: [...result.spec.options] };
  const has = (o: OptionSpec) => spec.options.find((x) => o.short.some((s) => x.short.includes(s)) || o.long.some((l) => x.long.includes(l)));
  for (const d of defs) {
    const named = optionsOf(d);
    // ifconfig's "<AF>=Address family. Default: inet" names no option: the operand stays.
    if (!named.length) continue;
    for (const o of named) {
      const same = has(o);
      if (!same) {
        spec.options.push(o);
        continue;
      }
      // "{-t|--tcp}" where the usage line gave -t: one option with both spellings. The table's
      // "-A, -p, --protocol  specify protocol family" shows no value; "-A <af>" does.
      const merged: OptionSpec = { ...same, short: [...new Set([...same.short, ...o.short])], long: [...new Set([...same.long, ...o.long])] };
      if (same.arity === "none" && o.arity === "required") Object.assign(merged, { arity: "required", value: o.value! });
      spec.options[spec.options.indexOf(same)] = merged;
    }
    spec.positionals = spec.positionals.filter((p) => p.name.toLowerCase() !== d.name.toLowerCase());
  }
  return { spec, diagnostics: result.diagnostics };
}
