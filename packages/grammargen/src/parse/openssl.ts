// openssl's help: single-dash long options (`-in infile`, `-inform format`, `-iter +int`),
// grouped under "... options:" headings, with positional "Parameters:" at the end.
import { Session, type Diagnostic } from "../diagnostics.js";
import type { CommandSpec, OptionSpec, ValueType } from "../ir.js";
import { MANY, emptySpec, lineSpan, linesOf, mergeOptions, positional } from "./optionhead.js";

// `-*` stands for every cipher or digest openssl knows; the help does not list them, so
// the common names (from `openssl enc -list` / `openssl dgst -list`, OpenSSL 3.0) stand in.
const CIPHERS = [
  "aes-128-cbc",
  "aes-128-cfb",
  "aes-128-ctr",
  "aes-128-ecb",
  "aes-128-ofb",
  "aes-192-cbc",
  "aes-192-cfb",
  "aes-192-ctr",
  "aes-192-ecb",
  "aes-192-ofb",
  "aes-256-cbc",
  "aes-256-cfb",
  "aes-256-ctr",
  "aes-256-ecb",
  "aes-256-ofb",
  "aes128",
  "aes192",
  "aes256",
  "aria-128-cbc",
  "aria-256-cbc",
  "camellia-128-cbc",
  "camellia-256-cbc",
  "chacha20",
  "des-ede3",
  "des-ede3-cbc",
  "des3",
  "sm4-cbc",
];
const DIGESTS = [
  "blake2b512",
  "blake2s256",
  "md5",
  "md5-sha1",
  "ripemd",
  "ripemd160",
  "rmd160",
  "sha1",
  "sha224",
  "sha256",
  "sha3-224",
  "sha3-256",
  "sha3-384",
  "sha3-512",
  "sha384",
  "sha512",
  "sha512-224",
  "sha512-256",
  "shake128",
  "shake256",
  "sm3",
];

/** openssl's value kinds (apps/lib/opt.c): val, infile, outfile, dir, +int, int, nonneg, format, ... */
function valueType(kind: string, description: string): ValueType {
  switch (kind) {
    case "infile":
    case "outfile":
    case "dir":
      return { kind: "path" };
    case "+int":
    case "nonneg":
    case "uintmax":
    case "ulong":
      return { kind: "integer" };
    case "int":
    case "intmax":
    case "long":
      return { kind: "integer", signed: "minus" };
    case "format": {
      // "Input format - DER or PEM": the formats the description names.
      const names = [...new Set(description.match(/\b(PEM|DER|P12|ENGINE|SMIME|MSBLOB|PVK|NSS)\b/g) ?? [])];
      return names.length >= 2 ? { kind: "enum", choices: names } : { kind: "word" };
    }
    default:
      // `-keyform PEM|DER|ENGINE`: the choices are in the metavar itself.
      return /^[A-Z0-9]+(\|[A-Z0-9]+)+$/.test(kind) ? { kind: "enum", choices: kind.split("|") } : { kind: "word" };
  }
}

export function parseOpenssl(text: string, opts: { name: string | string[] }): { spec: CommandSpec; diagnostics: Diagnostic[] } {
  const session = new Session("parse");
  const path = Array.isArray(opts.name) ? opts.name : opts.name.split(/\s+/).filter(Boolean);
  const spec = emptySpec(path, "openssl");
  const options: OptionSpec[] = [];
  let section = "";
  let last: OptionSpec | undefined;
  let sawUsage = false;
  const lines = linesOf(text);
  for (const l of lines) {
    const t = l.text;
    const usage = /^Usage:\s+(\S+)\s*(.*)$/.exec(t);
    if (usage) {
      sawUsage = true;
      // `Usage: genrsa [options] numbits`: positionals written on the usage line.
      for (const w of usage[2]!.split(/\s+/).filter(Boolean)) {
        if (/^\[?options\]?$/.test(w)) continue;
        const optional = w.startsWith("[");
        const many = w.includes("...");
        spec.positionals.push(positional(w.replace(/[[\]]/g, ""), optional ? 0 : 1, many ? MANY : 1, lineSpan(l)));
      }
      continue;
    }
    const heading = /^([A-Z][A-Za-z /-]*):\s*$/.exec(t);
    if (heading) {
      section = heading[1]!;
      last = undefined;
      continue;
    }
    if (section === "Parameters") {
      const p = /^ (\S+)\s{2,}(.*)$/.exec(t);
      if (p) {
        const hit = spec.positionals.find((x) => x.name === p[1]);
        if (!hit) spec.positionals.push(positional(p[1]!, /optional/.test(p[2]!) ? 0 : 1, 1, lineSpan(l)));
      }
      continue;
    }
    const m = /^ -(\S+)(?: (\S+))?(?:\s{2,}(.*))?$/.exec(t);
    if (m) {
      const [, name, kind, description = ""] = m as unknown as [string, string, string | undefined, string | undefined];
      if (name === "*") {
        const names = /digest/i.test(description) ? DIGESTS : CIPHERS;
        for (const n of names) options.push({ short: [], long: [], dashLong: [n], arity: "none", repeatable: false, description, span: lineSpan(l) });
        last = undefined;
        continue;
      }
      const o: OptionSpec = {
        short: [],
        long: [],
        dashLong: [name],
        arity: kind ? "required" : "none",
        repeatable: /multiple times/.test(description),
        description: description.trim(),
        span: lineSpan(l),
      };
      if (kind) o.value = { type: valueType(kind, description), metavar: kind };
      options.push(o);
      last = o;
      continue;
    }
    // Continuation of the previous option's description (indented past the option column).
    if (last && /^\s{10,}\S/.test(t)) {
      last.description = `${last.description} ${t.trim()}`.trim();
      if (last.value?.metavar === "format") last.value.type = valueType("format", last.description);
    }
  }
  if (!sawUsage && !options.length) session.error("no openssl usage line or options found (is this openssl help text?)");
  // Positionals from the usage line and the Parameters section agree on names; keep one each.
  const seen = new Set<string>();
  spec.positionals = spec.positionals.filter((p) => (seen.has(p.name) ? false : (seen.add(p.name), true)));
  spec.options = mergeOptions(options);
  return { spec, diagnostics: session.diagnostics };
}
