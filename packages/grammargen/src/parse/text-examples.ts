// What the text's own examples show of the command.
//
// Examples that run the command with options and their values only ("kubectl get -f pod.yaml -o
// json", "# masscan --readscan bin-test.scan") show that an operand the usage line requires is
// not needed once such an option is given: the example's first option that no example beside
// operands gives (`-o` is given with `kubectl get pods -o wide`, `-f` is not) stands in for each
// required operand (PositionalSpec.suppliedBy), so `kubectl get -f x.yaml` passes while bare
// `kubectl get` and `kubectl get -o json` still fail.
//
// Examples that give a KEY=VALUE operand as a key with a trailing dash ("kubectl label pods foo
// bar-", "kubectl taint nodes foo dedicated:NoSchedule-") show the form that removes a key.
import { type CommandSpec, type OptionSpec, optionSpellings } from "../ir.js";

interface Example {
  /** The option spellings, in order. */
  options: string[];
  /** Words that are no option or option value. */
  operands: boolean;
}

/**
 * The words after the command of each example line in `text`: the command's words at the start,
 * after a shell prompt at most. Not a command wrapped onto the next line (gdaladdo's "--config A
 * B" over "--config C D abc.tif"), nor one a sentence runs into ("Generate code that can later be
 * `packed' with" over "ocamlc -pack -o <ident>.cmo").
 */
function exampleWords(commandPath: readonly string[], text: string): string[][] {
  const path = commandPath.join(" ");
  const lines = text.split("\n");
  const indent = (l: string) => l.length - l.trimStart().length;
  const command = (l: string) => l.trim().replace(/^[$%#>]\s*/, "");
  const out: string[][] = [];
  for (let k = 0; k < lines.length; k++) {
    const raw = lines[k]!;
    const line = command(raw);
    if (!line.startsWith(`${path} `)) continue;
    const next = lines[k + 1] ?? "";
    const prev = lines[k - 1] ?? "";
    if ((next.trim() !== "" && indent(next) > indent(raw)) || /\\\s*$/.test(raw)) continue;
    if (prev.trim() !== "" && !/[.:;!?)]\s*$/.test(prev) && !/^\s*#/.test(prev) && !command(prev).startsWith(`${path} `)) continue;
    out.push(line.slice(path.length).trim().split(/\s+/));
  }
  return out;
}

/** The options that, by the text's examples, stand in for `spec`'s required operands. */
export function exampleSuppliers(spec: CommandSpec, text: string): string[] {
  if (!spec.positionals.some((p) => p.min > 0) || spec.path.length === 0) return [];
  const bySpelling = new Map<string, OptionSpec>();
  for (const o of [...spec.options, ...(spec.globalOptions ?? [])]) for (const w of optionSpellings(o)) bySpelling.set(w, o);
  const lent = spec.extensions?.some((e) => e.kind === "options-of") ?? false;
  const examples: Example[] = [];
  for (const words of exampleWords(spec.path, text)) {
    const ex: Example = { options: [], operands: false };
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      const spelling = w.replace(/=.*$/, "");
      const o = w.startsWith("-") ? bySpelling.get(spelling) : undefined;
      // kubectl's "--namespace=foo", where the text says its other options are another's: an
      // option word with its value glued on, whichever option it is.
      if (!o && lent && /^--[A-Za-z][\w-]*=\S/.test(w)) continue;
      if (!o) {
        ex.operands = true;
        continue;
      }
      ex.options.push(spelling);
      if (o.arity === "required" && !w.includes("=")) i += o.valueCount ?? 1;
    }
    examples.push(ex);
  }
  const besideOperands = new Set(examples.filter((e) => e.operands).flatMap((e) => e.options));
  const found = new Set<string>();
  for (const e of examples) {
    if (e.operands) continue;
    const first = e.options.find((w) => !besideOperands.has(w));
    if (first) found.add(first);
  }
  return [...found];
}

/** `spec` with its KEY=VALUE operands taking a key with a trailing dash too, where the text's examples give one so. */
export function withExampleUnsets(spec: CommandSpec, text: string): CommandSpec {
  if (!spec.positionals.some((p) => p.type.kind === "keyvalue") || spec.path.length === 0) return spec;
  const shown = exampleWords(spec.path, text).some((words) => words.some((w) => /^[A-Za-z0-9_][\w./:-]*-$/.test(w) && !/^-/.test(w)));
  if (!shown) return spec;
  return { ...spec, positionals: spec.positionals.map((p) => (p.type.kind === "keyvalue" ? { ...p, type: { kind: "keyvalue", unset: true } } : p)) };
}

/**
 * `spec` with the flags its text's examples give that its option list lacks: mkcert's usage is
 * a set of examples ("$ mkcert -install", "$ mkcert -uninstall") over a table of the other
 * options. Only the options before an example's first other word count (after it they may be
 * a subcommand's, or the words of a command it runs), and only one that ends the example or
 * comes before another option, as a flag: one before a plain word may take it as a value or
 * not, which an example cannot tell. A word that is a known spelling, a known option with its
 * value glued on, a word with digits (-p80, -r60x72: a value glued on) or, where the program
 * has one-letter options, a one-dash word of several letters (a cluster) is no new option.
 */
export function withExampleFlags(spec: CommandSpec, text: string): CommandSpec {
  if (spec.path.length === 0 || spec.extensions?.length) return spec;
  const known = new Map<string, OptionSpec>();
  for (const o of [...spec.options, ...(spec.globalOptions ?? [])]) for (const w of optionSpellings(o)) known.set(w, o);
  const letters = new Set(spec.options.flatMap((o) => o.short).filter((c) => /[A-Za-z]/.test(c)));
  const glued = (w: string) => [...known.keys()].some((k) => w.startsWith(k) && k.length >= 2 && known.get(k)!.arity !== "none");
  const added = new Map<string, OptionSpec>();
  for (const words of exampleWords(spec.path, text)) {
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      if (w === "--" || !w.startsWith("-")) break;
      const o = known.get(w.replace(/=.*$/, ""));
      if (o) {
        if (o.arity === "required" && !w.includes("=")) i += o.valueCount ?? 1;
        continue;
      }
      if (!/^--?[A-Za-z][A-Za-z-]*$/.test(w) || added.has(w) || glued(w)) continue;
      if (/^-[^-]./.test(w) && letters.size > 0) continue;
      const next = words[i + 1];
      if (next !== undefined && !next.startsWith("-") && !/^[|;&<>]/.test(next)) continue;
      const name = w.replace(/^--?/, "");
      const flag: OptionSpec = { short: [], long: [], arity: "none", repeatable: false, description: "given by the text's examples" };
      if (w.startsWith("--")) flag.long.push(name);
      else if (name.length === 1) flag.short.push(name);
      else flag.dashLong = [name];
      added.set(w, flag);
    }
  }
  return added.size ? { ...spec, options: [...spec.options, ...added.values()] } : spec;
}
