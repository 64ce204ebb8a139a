// `shellgen --explain`: what each flag and operand of a command means, read from the IR
// descriptions in the grammar pack. No model involved.
import { bashVerdict as parseBash, invocations as shellInvocations, UNKNOWN } from "@shellgen/base";
import type { CommandSpec, OptionSpec } from "@shellgen/grammargen";
import { DecodeError } from "./errors.js";

export interface ExplainedWord {
  text: string;
  meaning: string;
}

export interface ExplainedCommand {
  program: string;
  description: string;
  words: ExplainedWord[];
}

const firstSentence = (s: string | undefined) => (s ?? "").replace(/\s+/g, " ").trim();

function findOption(spec: CommandSpec, pred: (o: OptionSpec) => boolean): OptionSpec | undefined {
  return [...spec.options, ...(spec.globalOptions ?? [])].find(pred);
}

const optionLabel = (o: OptionSpec): string => firstSentence(o.description) || [...o.short.map((s) => `-${s}`), ...o.long.map((l) => `--${l}`)].join(", ");

/** Explain one invocation's argument words against its IR. */
export function explainWords(spec: CommandSpec, args: string[]): ExplainedWord[] {
  const out: ExplainedWord[] = [];
  let positional = 0;
  let endOfOptions = false;
  const operand = (text: string) => {
    // Walk positionals in order, letting a repeated one absorb extra words.
    let idx = 0;
    let left = positional;
    while (idx < spec.positionals.length && left >= spec.positionals[idx]!.max) {
      left -= spec.positionals[idx]!.max;
      idx++;
    }
    const p = spec.positionals[Math.min(idx, spec.positionals.length - 1)];
    positional++;
    out.push({ text, meaning: p ? `operand ${p.name}` : "operand" });
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (endOfOptions || a === "-" || !a.startsWith("-")) {
      operand(a);
      continue;
    }
    if (a === "--") {
      endOfOptions = true;
      out.push({ text: a, meaning: "end of options" });
      continue;
    }
    if (a.startsWith("--")) {
      const [name, value] = a.slice(2).split(/=(.*)/s) as [string, string | undefined];
      let o = findOption(spec, (x) => x.long.includes(name));
      let negated = false;
      if (!o && name.startsWith("no-")) {
        o = findOption(spec, (x) => !!x.negatable && x.long.includes(name.slice(3)));
        negated = !!o;
      }
      if (!o) {
        out.push({ text: a, meaning: `not an option of ${spec.path.join(" ")}` });
        continue;
      }
      const takes = o.arity === "required" && value === undefined && args[i + 1] !== undefined;
      const v = takes ? args[++i] : value;
      out.push({ text: v !== undefined && takes ? `${a} ${v}` : a, meaning: `${negated ? "(negated) " : ""}${optionLabel(o)}` });
      continue;
    }
    const dash = findOption(spec, (x) => (x.dashLong ?? []).includes(a.slice(1)));
    if (dash) {
      const takes = dash.arity === "required" && args[i + 1] !== undefined;
      out.push({ text: takes ? `${a} ${args[++i]}` : a, meaning: optionLabel(dash) });
      continue;
    }
    // Short options, possibly clustered (-lah) or with an attached value (-n5).
    const letters = a.slice(1);
    for (let j = 0; j < letters.length; j++) {
      const o = findOption(spec, (x) => x.short.includes(letters[j]!));
      if (!o) {
        out.push({ text: `-${letters[j]}`, meaning: /\d/.test(letters[j]!) ? "number" : `not an option of ${spec.path.join(" ")}` });
        continue;
      }
      if (o.arity !== "none") {
        const attached = letters.slice(j + 1);
        const v = attached !== "" ? attached : o.arity === "required" ? args[++i] : undefined;
        out.push({ text: v !== undefined ? `-${letters[j]} ${v}` : `-${letters[j]}`, meaning: optionLabel(o) });
        break;
      }
      out.push({ text: `-${letters[j]}`, meaning: optionLabel(o) });
    }
  }
  return out;
}

/** Every simple command in a (possibly compound) command line, as its words: static values where known, source text where not. */
export function invocations(command: string): string[][] {
  return shellInvocations(command, { unwrap: false }).map((inv) => [inv.name, ...inv.args].map((w) => (w.value.includes(UNKNOWN) ? w.raw : w.value)));
}

export function explain(command: string, specs: Map<string, CommandSpec>): ExplainedCommand[] {
  const verdict = parseBash(command);
  if (!verdict.parses) throw new DecodeError(`cannot explain a command that does not parse: ${verdict.error}`, "EUSAGE");
  return invocations(command).map(([program, ...args]) => {
    const name = program!.slice(program!.lastIndexOf("/") + 1);
    const spec = specs.get(name);
    if (!spec) return { program: name, description: "(no grammar in the pack for this program)", words: args.map((a) => ({ text: a, meaning: "" })) };
    // Descend into subcommands: `git log --oneline`.
    let s = spec;
    let rest = args;
    while (rest.length > 0) {
      const sub = s.subcommands.find((c) => c.path[c.path.length - 1] === rest[0] || c.aliases.includes(rest[0]!));
      if (!sub) break;
      s = sub;
      rest = rest.slice(1);
    }
    return { program: s.path.join(" ") || name, description: firstSentence(s.description ?? spec.description), words: explainWords(s, rest) };
  });
}

export function formatExplanation(items: ExplainedCommand[]): string {
  const lines: string[] = [];
  for (const item of items) {
    lines.push(item.description ? `${item.program}: ${item.description}` : item.program);
    const width = Math.min(24, Math.max(0, ...item.words.map((w) => w.text.length)));
    for (const w of item.words) lines.push(`  ${w.text.padEnd(width)}  ${w.meaning}`.trimEnd());
  }
  return lines.join("\n");
}
