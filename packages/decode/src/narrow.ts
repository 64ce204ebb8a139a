import { literalChoice, ref, type CommandSpec, type Grammar, type Policy } from "@shellgen/grammargen";

// Narrowing a request's grammar: only the flags the plan predicts for each selected
// program, and only program names that exist for words outside the pack. Each is one
// step the planner can take back when the narrowed grammar fails.

const WRAPPERS = new Set(["sudo", "env", "nohup", "time", "nice", "command", "exec", "timeout", "xargs", "watch"]);

/** The flags each program is called with in these commands: `ls -lS` gives ls: -lS -l -S. */
export function flagsByProgram(commands: string[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const command of commands) {
    for (const segment of command.split(/\|\||&&|[|;&]|\$\(|`/)) {
      const words = segment.trim().split(/\s+/).filter(Boolean);
      let i = 0;
      while (i < words.length && (/^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i]!) || WRAPPERS.has(words[i]!))) {
        i++;
        while (i < words.length && (words[i]!.startsWith("-") || /^\d+[smhd]?$/.test(words[i]!))) i++;
      }
      const program = words[i]?.replace(/^.*\//, "");
      if (!program) continue;
      let set = out.get(program);
      if (!set) out.set(program, (set = new Set()));
      for (const w of words.slice(i + 1)) {
        if (w === "--") break;
        if (!/^--?[A-Za-z0-9]/.test(w)) continue;
        const flag = w.replace(/=.*$/, "");
        set.add(flag);
        if (!flag.startsWith("--") && flag.length > 2) for (const c of flag.slice(1)) if (/[A-Za-z0-9]/.test(c)) set.add(`-${c}`);
      }
    }
  }
  return out;
}

/** The spec with only the options spelled in `flags` (any of an option's spellings). */
export function narrowSpec(spec: CommandSpec, flags: Set<string>): CommandSpec {
  const keep = (o: CommandSpec["options"][number]) =>
    o.short.some((s) => flags.has(`-${s}`)) || o.long.some((l) => flags.has(`--${l}`)) || (o.dashLong ?? []).some((l) => flags.has(`-${l}`));
  return { ...spec, options: spec.options.filter(keep), subcommands: spec.subcommands.map((s) => narrowSpec(s, flags)) };
}

const glob = (p: string) =>
  new RegExp(
    `^${p
      .replace(/[.+^${}()|[\]\\]/g, "\\$&")
      .replace(/\*/g, ".*")
      .replace(/\?/g, ".")}$`,
  );

/**
 * The composed grammar with its generic program names (the words a program without a
 * grammar may be called by) restricted to `names`, minus what the policy keeps out of
 * each slot. Needs a grammar composed with allowUnknown.
 */
export function existingOnly(g: Grammar, names: string[], policy?: Policy): Grammar {
  const deny = (policy?.commands.deny ?? []).map(glob);
  const wrapOnly = new Set((policy?.wrap ?? []).filter((w) => !w.flags).flatMap((w) => w.commands));
  const denyInto = new Set(policy?.pipeline?.denyInto ?? []);
  const base = [...new Set(names)].filter((n) => !deny.some((d) => d.test(n)));
  const slot: Record<string, string[]> = {
    sh_gnamewith: base,
    sh_gname: base.filter((n) => !wrapOnly.has(n)),
    sh_gnamerest: base.filter((n) => !wrapOnly.has(n) && !denyInto.has(n)),
  };
  // A slot with the same names as sh_gname refers to it rather than repeating the trie
  // (one trie of every program on PATH is some 14 KB of GBNF).
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((n, i) => n === b[i]);
  const exprOf = (name: string) =>
    name !== "sh_gname" && g.rules.some((r) => r.name === "sh_gname") && slot.sh_gname!.length && same(slot[name]!, slot.sh_gname!)
      ? ref("sh_gname")
      : literalChoice(slot[name]!);
  return {
    ...g,
    rules: g.rules.map((r) => (slot[r.name]?.length ? { ...r, expr: exprOf(r.name), comment: "programs that exist here" } : r)),
  };
}
