// dd: `key=value` operands (`bs=BYTES`, `conv=CONVS`) instead of options, with the symbol
// lists for conv/iflag/oflag given in "Each CONV symbol may be:" sections.
import { Session, type Diagnostic } from "../diagnostics.js";
import type { CommandSpec, ValueType } from "../ir.js";
import { emptySpec, linesOf, mergeOptions, readOptionTable } from "./optionhead.js";

export function parseDd(text: string, opts: { name: string | string[] }): { spec: CommandSpec; diagnostics: Diagnostic[] } {
  const session = new Session("parse");
  const path = Array.isArray(opts.name) ? opts.name : opts.name.split(/\s+/).filter(Boolean);
  const spec = emptySpec(path, "dd");
  const operands: { key: string; metavar: string }[] = [];
  const symbols = new Map<string, string[]>();
  const lists = new Set<string>();
  let listing: string | undefined;
  for (const l of linesOf(text)) {
    const op = /^ {1,8}([a-z][a-z0-9_]*)=([A-Z][A-Z_]*)\s{2,}/.exec(l.text);
    if (op) {
      operands.push({ key: op[1]!, metavar: op[2]! });
      if (/comma separated/.test(l.text)) lists.add(op[1]!);
      // `(or oseek=N)`: an alias written in the description.
      for (const alias of l.text.matchAll(/\(or ([a-z]+)=([A-Z]+)\)/g)) operands.push({ key: alias[1]!, metavar: alias[2]! });
      continue;
    }
    const head = /^Each ([A-Z]+) symbol may be:/.exec(l.text);
    if (head) {
      listing = head[1]!;
      symbols.set(listing, []);
      continue;
    }
    if (listing) {
      const sym = /^ {2}([a-z_]+)\s{2,}/.exec(l.text);
      if (sym) symbols.get(listing)!.push(sym[1]!);
      else if (l.text.trim() && !/^\s{4,}/.test(l.text)) listing = undefined;
    }
  }
  // status=LEVEL names its levels in quotes in the description: 'none', 'noxfer', 'progress'.
  const levels = [...text.matchAll(/^\s+'([a-z]+)' /gm)].map((m) => m[1]!);
  const typeOf = (metavar: string): ValueType => {
    if (metavar === "CONVS" && symbols.has("CONV")) return { kind: "enum", choices: symbols.get("CONV")! };
    if (metavar === "FLAGS" && symbols.has("FLAG")) return { kind: "enum", choices: symbols.get("FLAG")! };
    if (metavar === "LEVEL" && levels.length) return { kind: "enum", choices: levels };
    if (metavar === "N" || metavar === "BYTES") return { kind: "size" };
    if (metavar === "FILE") return { kind: "path" };
    return { kind: "word" };
  };
  if (!operands.length) session.error("no key=value operands found (expected lines such as 'bs=BYTES  ...')");
  const seen = new Set<string>();
  const keys = operands
    .filter((o) => !seen.has(o.key) && (seen.add(o.key), true))
    .map((o) => {
      const type = typeOf(o.metavar);
      return lists.has(o.key) && type.kind === "enum" ? { key: o.key, type, list: true } : { key: o.key, type };
    });
  spec.extensions = [{ kind: "dd-operands", keys }];
  spec.options = mergeOptions(readOptionTable(text).filter((o) => o.long.length || o.short.length));
  return { spec, diagnostics: session.diagnostics };
}
