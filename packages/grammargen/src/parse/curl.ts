// curl's `--help all`: one line per option, `-o, --output <file> Write to file instead of stdout`,
// where the description follows the metavar after a single space and metavars contain spaces
// and brackets (`<fractional seconds>`, `<provider1[:provider2[:region[:service]]]>`).
import { Session, type Diagnostic } from "../diagnostics.js";
import type { CommandSpec, OptionSpec, ValueType } from "../ir.js";
import { readUsage, usageForms } from "./bsd.js";
import { emptySpec, lineSpan, linesOf, mergeOptions, typeFromMetavar } from "./optionhead.js";

function curlType(metavar: string): ValueType {
  const m = metavar.slice(1, -1);
  if (/^(seconds|fractional seconds)$/.test(m)) return { kind: "number" };
  if (/^(num|integer|bytes|retries|speed)$/.test(m)) return { kind: m === "speed" || m === "bytes" ? "size" : "integer" };
  if (/^(url|URL)$/.test(m)) return { kind: "url" };
  if (/^(file|file name|filename|path|dir|directory)$/.test(m)) return { kind: "path" };
  return typeFromMetavar(m === "speed" ? "size" : "word");
}

export function parseCurl(text: string, opts: { name: string | string[] }): { spec: CommandSpec; diagnostics: Diagnostic[] } {
  const session = new Session("parse");
  const path = Array.isArray(opts.name) ? opts.name : opts.name.split(/\s+/).filter(Boolean);
  const spec = emptySpec(path, "curl");
  const options: OptionSpec[] = [];
  for (const l of linesOf(text)) {
    const m = /^ {1,6}(?:-(\S), )?--([A-Za-z0-9][\w.-]*)(?: (<[^>]*>))?(?:\s+(.*))?$/.exec(l.text);
    if (!m) continue;
    const [, short, long, metavar, description = ""] = m as unknown as [string, string | undefined, string, string | undefined, string | undefined];
    const o: OptionSpec = {
      short: short ? [short] : [],
      long: [long],
      arity: metavar ? "required" : "none",
      repeatable: true,
      description: description.trim(),
      span: lineSpan(l),
    };
    if (metavar) o.value = { type: curlType(metavar), metavar };
    options.push(o);
  }
  if (!options.length) session.error("no curl options found (expected lines such as ' -o, --output <file> ...')");
  spec.options = mergeOptions(options);
  spec.positionals = readUsage(text, usageForms(text, path)).positionals.map((p) => (p.name === "url" ? { ...p, type: { kind: "url" as const }, max: 16 } : p));
  return { spec, diagnostics: session.diagnostics };
}
