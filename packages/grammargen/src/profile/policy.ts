// A learned usage as a policy: the base policy's hard rules (denied programs and flags,
// required flags, wrappers, paths, URL schemes, pipelines, inline code) kept as they are,
// plus what was seen: the programs and subcommands, and for each the options seen at least
// `minCount` times. Nothing the base denies is allowed. The YAML carries, for every rule,
// how often it was seen and one example, so a person can review it before use.
import { createRequire } from "node:module";
import { commandAllowed, isFlagsOnly, type OptionsRule, type Policy } from "../policy/policy.js";
import type { CommandUsage, Learned } from "./learn.js";

const require = createRequire(import.meta.url);

export interface ProfileOptions {
  minCount: number;
  /** The header's account of where the commands came from. */
  sources: string[];
  name?: string;
}

export interface Profile {
  policy: Policy;
  yaml: string;
  /** Seen but left out, with why (denied by the base, below the count). */
  dropped: { what: string; why: string; count: number }[];
}

const programOf = (command: string): string => command.split(" ")[0]!;

/** Flags the base denies for a command outright (a flags-only deny rule). */
function deniedFlags(base: Policy, command: string): Set<string> {
  const program = programOf(command);
  return new Set(base.deny.filter((r) => (r.command === program || r.command === command) && isFlagsOnly(r) && !r.under).flatMap((r) => r.flags!));
}

export function buildProfile(learned: Learned, base: Policy, opts: ProfileOptions): Profile {
  const dropped: Profile["dropped"] = [];
  const usages = [...learned.commands.values()].sort((a, b) => a.command.localeCompare(b.command));
  const programs = new Map<string, CommandUsage[]>();
  for (const u of usages) {
    const p = programOf(u.command);
    const ok = commandAllowed(base, p);
    if (!ok.ok) {
      dropped.push({ what: u.command, why: `${ok.rule} in the base policy`, count: u.count });
      continue;
    }
    (programs.get(p) ?? programs.set(p, []).get(p)!).push(u);
  }
  // A wrapper the base requires around a program (timeout for sleep) is allowed with it; one
  // required only around some flags (tail -f) is not: without it those flags are refused.
  const needed = new Map<string, string>();
  for (const w of base.wrap.filter((x) => !x.flags))
    for (const c of w.commands) if (programs.has(c) && !programs.has(w.with) && commandAllowed(base, w.with).ok) needed.set(w.with, c);

  const rules: { rule: OptionsRule; usage: CommandUsage; notes: Map<string, string> }[] = [];
  for (const [program, list] of programs) {
    const bare = list.find((u) => u.command === program);
    const subs = list.filter((u) => u.command !== program);
    // With subcommands seen, the program's own rule holds only the options given before one.
    for (const u of bare && subs.length === 0 ? [bare] : list) {
      const denied = deniedFlags(base, u.command);
      const notes = new Map<string, string>();
      const allow: string[] = [];
      const values: string[] = [];
      for (const [id, o] of [...u.options.entries()].sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0]))) {
        const kept = o.spellings.filter((s) => !denied.has(s));
        if (kept.length < o.spellings.length) dropped.push({ what: `${u.command} ${id}`, why: "denied by the base policy", count: o.count });
        if (o.count < opts.minCount) {
          dropped.push({ what: `${u.command} ${id}`, why: `seen ${o.count} times, fewer than --min-count ${opts.minCount}`, count: o.count });
          continue;
        }
        if (kept.length === 0) continue;
        notes.set(kept[0]!, `${o.count}, e.g. ${clip(o.example)}`);
        allow.push(...kept);
        if (o.valued) values.push(...kept);
      }
      // A flag the base requires (curl -m) stays possible, or the grammar could not be satisfied.
      for (const req of base.require)
        if (req.command === u.command || (req.command === program && u.command === program))
          for (const f of req.anyOf)
            if (!allow.includes(f)) {
              allow.push(f);
              notes.set(f, "required by the base policy");
            }
      rules.push({ rule: { command: u.command, allow: [...new Set(allow)], ...(values.length ? { values: [...new Set(values)] } : {}) }, usage: u, notes });
    }
  }
  const allowNames = [...programs.keys(), ...needed.keys()].sort();
  const policy: Policy = {
    ...base,
    name: opts.name ?? `profile${base.name ? ` (base ${base.name})` : ""}`,
    commands: { allow: base.commands.allow ? allowNames.filter((n) => commandAllowed(base, n).ok) : allowNames, deny: base.commands.deny },
    options: rules.map((r) => r.rule),
  };
  return { policy, yaml: toYaml(policy, learned, rules, needed, dropped, opts), dropped };
}

const clip = (s: string): string => {
  const one = s.replace(/\s*\n\s*/g, " ⏎ ");
  return one.length > 90 ? `${one.slice(0, 87)}...` : one;
};

/** A YAML scalar: plain where YAML reads it back as the same string, else JSON-quoted. */
const scalar = (s: string): string => (/^(--?)?[A-Za-z_][\w.+/-]*$/.test(s) && !/^(true|false|null|yes|no|on|off|y|n)$/i.test(s) ? s : JSON.stringify(s));

function toYaml(
  policy: Policy,
  learned: Learned,
  rules: { rule: OptionsRule; usage: CommandUsage; notes: Map<string, string> }[],
  needed: Map<string, string>,
  dropped: Profile["dropped"],
  opts: ProfileOptions,
): string {
  const { stringify } = require("yaml") as typeof import("yaml");
  const lines: string[] = [
    "# Learned by `grammargen profile`: review before use.",
    `# From ${opts.sources.join(", ")}: ${learned.read} commands read, ${learned.used} counted, ${learned.problems.length} skipped.`,
    `# Programs and subcommands: every one seen; options: those seen at least ${opts.minCount} times.`,
    "# The hard rules (commands.deny, deny, require, wrap, urls, paths, pipeline, inline) are the base policy's.",
  ];
  const denied = dropped.filter((d) => /base policy/.test(d.why));
  if (denied.length) lines.push(`# Seen but denied by the base: ${denied.map((d) => `${d.what} (${d.count})`).join(", ")}.`);
  lines.push("version: 1", `name: ${scalar(policy.name!)}`, "commands:", "  allow:");
  const counts = new Map<string, { count: number; example: string }>();
  for (const r of rules) {
    const p = programOf(r.usage.command);
    const c = counts.get(p);
    if (!c) counts.set(p, { count: r.usage.count, example: r.usage.example });
    else c.count += r.usage.count;
  }
  for (const n of policy.commands.allow ?? []) {
    const c = counts.get(n);
    lines.push(`    - ${scalar(n)}${c ? `  # ${c.count}, e.g. ${clip(c.example)}` : needed.has(n) ? `  # the base requires it around ${needed.get(n)}` : ""}`);
  }
  lines.push(`  deny: ${flow(policy.commands.deny)}`);
  const hard: Record<string, unknown> = {};
  for (const k of ["deny", "require", "wrap", "urls", "paths", "pipeline", "inline"] as const) if (policy[k] !== undefined) hard[k] = policy[k];
  lines.push(stringify(hard, { lineWidth: 0 }).trimEnd());
  lines.push("options:");
  for (const { rule, usage, notes } of rules) {
    const shapes = [...usage.shapes.entries()].sort((a, b) => b[1] - a[1]).map(([s, n]) => `${s} ${n}`);
    lines.push(
      `  # ${rule.command}: ${usage.count} invocations${usage.known ? "" : " (no help text in the pack: options as spelled)"}${shapes.length ? `; operands and values: ${shapes.join(", ")}` : ""}`,
    );
    lines.push(`  - command: ${scalar(rule.command)}`);
    if (rule.allow.length === 0) lines.push("    allow: []");
    else {
      lines.push("    allow:");
      for (const f of rule.allow) lines.push(`      - ${scalar(f)}${notes.has(f) ? `  # ${notes.get(f)}` : ""}`);
    }
    if (rule.values?.length) lines.push(`    values: ${flow(rule.values)}`);
  }
  return `${lines.join("\n")}\n`;
}

const flow = (xs: string[]): string => `[${xs.map(scalar).join(", ")}]`;
