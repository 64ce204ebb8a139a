// Wrong commands made from valid ones, by kind, for measuring what a grammar refuses
// (report:precision and the precision test). Each kind breaks one rule a program or the shell
// enforces, and is built from the program's IR so that the result is wrong by construction:
// - long-option: a long option made unknown (`--ignore-casex`); never a prefix of a real one,
//   since getopt_long accepts any unique prefix;
// - short-option: a letter the program does not list, in place of one it does;
// - value-type: an option's typed value (integer, size, duration, choice) replaced by a word
//   of the wrong type (`head -n abc`, `find -maxdepth x`, `ls --color=alwaysx`);
// - missing-value: the line cut after an option that requires a value (`cat f | head -n`);
// - subcommand: a misspelled subcommand (`git comit`);
// - shell: broken structure (a trailing `|` or `&&`, an unterminated quote, an unbalanced `$(`);
// - program: a misspelled program name.
// Generation is deterministic: each (kind, seed) pair draws from its own seeded generator, so
// adding or removing a seed changes no other seed's mutants.
import { bashVerdict, invocations, type Invocation, type Word } from "@shellgen/base";
import { BUILTIN_NAMES, KEYWORDS } from "../compose/builtins.js";
import type { CommandSpec, OptionSpec } from "../ir.js";

export const MUTANT_KINDS = ["long-option", "short-option", "value-type", "missing-value", "subcommand", "shell", "program"] as const;
export type MutantKind = (typeof MUTANT_KINDS)[number];

export interface Mutant {
  kind: MutantKind;
  /** The valid command it was made from. */
  seed: string;
  /** The wrong command line. */
  command: string;
  /** The pack entry whose rule it breaks (`grep`, `git-log`), or `(shell)`. */
  program: string;
  /** What let it be made: the option, value or word that was changed (`--ignore-case`, `-n <integer>`). */
  site: string;
  /** What it became (`--ignore-casex`). */
  wrong: string;
  /**
   * How a real run confirms the label: the mutated simple command alone (option, value and
   * subcommand kinds), the whole line for `bash -n` (shell), or the misspelled name (program).
   */
  probe: string;
  /** The same simple command unmutated, when `probe` is one: a failure both share is not the mutation's. */
  seedProbe?: string;
}

/** What the generator needs to know about the programs: the pack's IR. */
export interface MutantSource {
  /** The IR of a pack entry by key, or null. */
  spec(key: string): CommandSpec | null;
  /** Pack keys a program name brings (`git` -> `git-log`, ...; `grep` -> `grep`). */
  keysOf(program: string): string[];
  /** Every program name the pack has a grammar for (first words of its entries). */
  programs: ReadonlySet<string>;
}

// --- deterministic randomness --------------------------------------------------------------

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast and good enough to pick positions and letters. */
export function seededRandom(key: string): () => number {
  let a = fnv1a(key);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
const pickChar = (rng: Rng, s: string): string => s[Math.floor(rng() * s.length)]!;

const LOWER = "abcdefghijklmnopqrstuvwxyz";
const LETTERS = `${LOWER}${LOWER.toUpperCase()}`;

/** One edit of a word: a letter appended, inserted, dropped, replaced, or two swapped. */
function typo(word: string, rng: Rng, alphabet = LOWER): string {
  const at = (n: number) => Math.floor(rng() * n);
  switch (at(5)) {
    case 0:
      return word + pickChar(rng, alphabet);
    case 1: {
      const i = 1 + at(Math.max(1, word.length - 1));
      return word.slice(0, i) + pickChar(rng, alphabet) + word.slice(i);
    }
    case 2: {
      const i = at(word.length);
      return word.slice(0, i) + word.slice(i + 1);
    }
    case 3: {
      const i = at(word.length);
      return word.slice(0, i) + pickChar(rng, alphabet) + word.slice(i + 1);
    }
    default: {
      if (word.length < 2) return word + pickChar(rng, alphabet);
      const i = at(word.length - 1);
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    }
  }
}

/** A typo of `word` that `ok` accepts, in a few tries, or undefined. */
function typoWhere(word: string, rng: Rng, ok: (w: string) => boolean, alphabet = LOWER): string | undefined {
  for (let n = 0; n < 12; n++) {
    const w = typo(word, rng, alphabet);
    if (w !== word && ok(w)) return w;
  }
  return undefined;
}

// --- reading an invocation against its IR ---------------------------------------------------

interface Resolved {
  /** Pack key (`git-log`) or key plus IR subcommand path. */
  key: string;
  spec: CommandSpec;
  /** Index of the first argument the spec's options apply to. */
  first: number;
  /** The subcommand word, when the spec is a subcommand: its argument index and its siblings' names. */
  sub?: { at: number; siblings: Set<string> };
  /** Options visible here: the spec's, its global options and its parent's global ones. */
  options: OptionSpec[];
}

function resolve(call: Call, src: MutantSource): Resolved | undefined {
  const name = call.inv.name.value;
  // A builtin's options are bash's (echo, test), whatever a program of that name takes.
  if (call.inv.name.raw !== name || !src.programs.has(name) || BUILTIN_NAMES.includes(name)) return undefined;
  const keys = src.keysOf(name);
  const a0 = call.words[1];
  const subNames = (specs: CommandSpec[]) => new Set(specs.flatMap((s) => [s.path[s.path.length - 1]!, ...s.aliases]));
  // A program the pack holds as subcommand entries (git -> git-log).
  const subKeys = keys.filter((k) => (src.spec(k)?.path.length ?? 0) > 1);
  if (subKeys.length > 0) {
    const specs = subKeys.map((k) => src.spec(k)!);
    const hit = specs.find((s) => a0 && a0.raw === a0.value && (s.path[1] === a0.value || s.aliases.includes(a0.value)));
    if (!hit) return undefined;
    return {
      key: subKeys[specs.indexOf(hit)]!,
      spec: hit,
      first: 1,
      sub: { at: 0, siblings: subNames(specs) },
      options: [...hit.options, ...(hit.globalOptions ?? [])],
    };
  }
  const top = keys.length === 1 ? src.spec(keys[0]!) : null;
  if (!top) return undefined;
  const child = a0 && a0.raw === a0.value ? top.subcommands.find((s) => s.path[s.path.length - 1] === a0.value || s.aliases.includes(a0.value)) : undefined;
  if (child)
    return {
      key: `${keys[0]} ${a0!.value}`,
      spec: child,
      first: 1,
      sub: { at: 0, siblings: subNames(top.subcommands) },
      options: [...child.options, ...(child.globalOptions ?? []), ...(top.globalOptions ?? [])],
    };
  return { key: keys[0]!, spec: top, first: 0, options: [...top.options, ...(top.globalOptions ?? [])] };
}

interface OptionTable {
  long: Map<string, OptionSpec>;
  short: Map<string, OptionSpec>;
  dashLong: Map<string, OptionSpec>;
}

function optionTable(options: OptionSpec[]): OptionTable {
  const t: OptionTable = { long: new Map(), short: new Map(), dashLong: new Map() };
  for (const o of options) {
    for (const l of o.long) {
      t.long.set(l, o);
      if (o.negatable) t.long.set(`no-${l}`, o);
    }
    for (const s of o.short) t.short.set(s, o);
    for (const d of o.dashLong ?? []) t.dashLong.set(d, o);
  }
  return t;
}

/** A word of the invocation, or part of it, that a mutation replaces. */
interface Site {
  word: number;
  /** Offsets inside the word's raw text. */
  from: number;
  to: number;
}

interface Occurrences {
  longs: { site: Site; name: string }[];
  /** Flag letters of a short-option cluster, each with its site (one letter). */
  letters: { site: Site; letter: string; word: string }[];
  values: { site: Site; option: OptionSpec; spelled: string }[];
  /** Options whose required value is the next word: the option's own word index. */
  required: { word: number; option: OptionSpec; spelled: string }[];
}

const plain = (w: Word): boolean => w.raw === w.value && w.value !== "" && !w.value.includes("\u0000");

/** Options, short letters and option values of an invocation's words, as far as they read unambiguously. */
function occurrences(words: Word[], first: number, t: OptionTable): Occurrences {
  const out: Occurrences = { longs: [], letters: [], values: [], required: [] };
  const valueAt = (i: number, option: OptionSpec, spelled: string) => {
    if (i < words.length) out.required.push({ word: i - 1, option, spelled });
    const w = words[i];
    if (w && plain(w)) out.values.push({ site: { word: i, from: 0, to: w.raw.length }, option, spelled });
  };
  for (let i = first; i < words.length; i++) {
    const w = words[i]!;
    const v = w.value;
    if (v === "--") break;
    if (!plain(w) || !v.startsWith("-") || v === "-") continue;
    if (v.startsWith("--")) {
      const eq = v.indexOf("=");
      const name = v.slice(2, eq < 0 ? undefined : eq);
      const o = t.long.get(name);
      if (!o) continue;
      out.longs.push({ site: { word: i, from: 2, to: 2 + name.length }, name });
      if (o.arity !== "none" && o.value) {
        if (eq >= 0) {
          if (eq + 1 < v.length) out.values.push({ site: { word: i, from: eq + 1, to: v.length }, option: o, spelled: `--${name}` });
        } else if (o.arity === "required") valueAt(++i, o, `--${name}`);
      }
      continue;
    }
    const dash = v.slice(1);
    const dl = t.dashLong.get(dash);
    if (dl) {
      if (dl.arity === "required" && dl.value && !dl.joiner) valueAt(++i, dl, v);
      continue;
    }
    // A cluster of flag letters, the last of which may take a value (glued or the next word).
    if (!/^[A-Za-z]/.test(dash)) continue;
    const letters: { site: Site; letter: string; word: string }[] = [];
    let readable = true;
    for (let k = 0; k < dash.length; k++) {
      const o = t.short.get(dash[k]!);
      if (!o) {
        readable = false;
        break;
      }
      letters.push({ site: { word: i, from: 1 + k, to: 2 + k }, letter: dash[k]!, word: v });
      if (o.arity !== "none") {
        if (k + 1 < dash.length) {
          if (o.value) out.values.push({ site: { word: i, from: 2 + k, to: v.length }, option: o, spelled: `-${dash[k]}` });
        } else if (o.arity === "required" && o.value) valueAt(++i, o, `-${dash[k]}`);
        break;
      }
    }
    if (readable) out.letters.push(...letters);
  }
  return out;
}

// --- building mutants -----------------------------------------------------------------------

const NUMERIC = new Set(["integer", "number", "size", "duration"]);
const WRONG_NUMBERS = ["abc", "x", "ten", "lots", "foo", "many"];

/** The words of one invocation (its name, then its own arguments) and where each sits in the line. */
interface Call {
  inv: Invocation;
  words: Word[];
}

/**
 * Each invocation of a line with only its own words: a wrapper's stop where the wrapped command
 * starts. A multi-call program the pack holds as subcommands (busybox head) keeps its words:
 * what it runs is its subcommand, not the program of that name.
 */
function calls(command: string, src: MutantSource): Call[] {
  const holdsSubcommands = (name: string) => src.keysOf(name).some((k) => (src.spec(k)?.path.length ?? 0) > 1);
  const all = invocations(command);
  const invs = all.filter((inv) => !holdsSubcommands(inv.wrappers.at(-1) ?? ""));
  return invs.map((inv) => {
    const inner = invs.filter((o) => o !== inv && o.name.start > inv.name.start && o.name.start <= (inv.args.at(-1)?.start ?? -1));
    const stop = Math.min(...inner.map((o) => o.name.start), Number.POSITIVE_INFINITY);
    // find -exec CMD ... ; : the action's words belong to CMD.
    const exec = inv.args.findIndex((a) => /^-(exec|execdir|ok|okdir)$/.test(a.value));
    const args = inv.args.filter((a, k) => a.start < stop && (exec < 0 || k < exec));
    return { inv, words: [inv.name, ...args] };
  });
}

/** Replaces a site in the line and in the call's own words (the probe). */
function apply(command: string, call: Call, site: Site, text: string): { command: string; probe: string; seedProbe: string } {
  const w = call.words[site.word]!;
  const raw = w.raw.slice(0, site.from) + text + w.raw.slice(site.to);
  return {
    command: command.slice(0, w.start) + raw + command.slice(w.end),
    probe: call.words.map((x) => (x === w ? raw : x.raw)).join(" "),
    seedProbe: call.words.map((x) => x.raw).join(" "),
  };
}

function longOption(seed: string, cs: Call[], rng: Rng, src: MutantSource): Mutant | undefined {
  const cands = cs.flatMap((call) => {
    const r = resolve(call, src);
    if (!r) return [];
    const t = optionTable(r.options);
    return occurrences(call.words.slice(1), r.first, t).longs.map((o) => ({ call, r, t, o }));
  });
  if (cands.length === 0) return undefined;
  const { call, r, t, o } = pick(rng, cands);
  const names = [...t.long.keys()];
  // Not a real option, and not a prefix of one: getopt_long takes any unique prefix.
  const wrong = typoWhere(o.name, rng, (w) => /^[A-Za-z0-9][A-Za-z0-9-]*$/.test(w) && !names.some((n) => n.startsWith(w)));
  if (!wrong) return undefined;
  const site = { ...o.site, word: o.site.word + 1 };
  return { kind: "long-option", seed, program: r.key, site: `--${o.name}`, wrong: `--${wrong}`, ...apply(seed, call, site, wrong) };
}

function shortOption(seed: string, cs: Call[], rng: Rng, src: MutantSource): Mutant | undefined {
  const cands = cs.flatMap((call) => {
    const r = resolve(call, src);
    if (!r) return [];
    const t = optionTable(r.options);
    return occurrences(call.words.slice(1), r.first, t).letters.map((o) => ({ call, r, t, o }));
  });
  if (cands.length === 0) return undefined;
  const { call, r, t, o } = pick(rng, cands);
  const free = [...LETTERS].filter((c) => !t.short.has(c) && !t.dashLong.has(c));
  if (free.length === 0) return undefined;
  const letter = pick(rng, free);
  const site = { ...o.site, word: o.site.word + 1 };
  const out = apply(seed, call, site, letter);
  const word = call.words[site.word]!.raw;
  // The new word must not spell one of the program's single-dash long options (find -type).
  const changed = word.slice(0, site.from) + letter + word.slice(site.to);
  if (t.dashLong.has(changed.slice(1))) return undefined;
  return { kind: "short-option", seed, program: r.key, site: `-${o.letter}`, wrong: `-${letter} (in ${changed})`, ...out };
}

function valueType(seed: string, cs: Call[], rng: Rng, src: MutantSource): Mutant | undefined {
  const cands = cs.flatMap((call) => {
    const r = resolve(call, src);
    if (!r) return [];
    return occurrences(call.words.slice(1), r.first, optionTable(r.options))
      .values.filter((v) => v.option.value && (NUMERIC.has(v.option.value.type.kind) || v.option.value.type.kind === "enum"))
      .map((v) => ({ call, r, v }));
  });
  if (cands.length === 0) return undefined;
  const { call, r, v } = pick(rng, cands);
  const type = v.option.value!.type;
  const site = { ...v.site, word: v.site.word + 1 };
  const current = call.words[site.word]!.raw.slice(site.from, site.to);
  let wrong: string | undefined;
  if (type.kind === "enum") {
    // A choice misspelled: not a choice, and not a prefix of one (argmatch takes unique prefixes).
    const choices = type.choices;
    const base = choices.includes(current) ? current : pick(rng, choices);
    if (!base) return undefined;
    wrong = typoWhere(base, rng, (w) => /^[a-z][a-z0-9-]*$/i.test(w) && !choices.some((c) => c.startsWith(w)));
  } else wrong = pick(rng, WRONG_NUMBERS);
  if (!wrong) return undefined;
  return { kind: "value-type", seed, program: r.key, site: `${v.spelled} <${type.kind}>`, wrong, ...apply(seed, call, site, wrong) };
}

function missingValue(seed: string, cs: Call[], rng: Rng, src: MutantSource): Mutant | undefined {
  const cands = cs.flatMap((call) => {
    const r = resolve(call, src);
    if (!r) return [];
    return occurrences(call.words.slice(1), r.first, optionTable(r.options)).required.map((o) => ({ call, r, o }));
  });
  if (cands.length === 0) return undefined;
  const { call, r, o } = pick(rng, cands);
  const option = call.words[o.word + 1]!;
  // The line ends after the option; it must still be whole shell (not cut inside `$(` or quotes).
  const command = seed.slice(0, option.end);
  if (!bashVerdict(command).parses) return undefined;
  const kind = o.option.value?.type.kind ?? "value";
  return {
    kind: "missing-value",
    seed,
    program: r.key,
    site: `${o.spelled} <${kind}>`,
    wrong: "(no value)",
    command,
    probe: call.words
      .slice(0, o.word + 2)
      .map((w) => w.raw)
      .join(" "),
    seedProbe: call.words.map((w) => w.raw).join(" "),
  };
}

function subcommand(seed: string, cs: Call[], rng: Rng, src: MutantSource): Mutant | undefined {
  const cands = cs.flatMap((call) => {
    const r = resolve(call, src);
    return r?.sub ? [{ call, r, sub: r.sub }] : [];
  });
  if (cands.length === 0) return undefined;
  const { call, r, sub } = pick(rng, cands);
  const word = call.words[sub.at + 1]!.value;
  const names = [...sub.siblings];
  const wrong = typoWhere(word, rng, (w) => w.length >= 2 && /^[a-z][a-z0-9-]*$/.test(w) && !names.some((n) => n.startsWith(w)));
  if (!wrong) return undefined;
  const site = { word: sub.at + 1, from: 0, to: word.length };
  return { kind: "subcommand", seed, program: r.key, site: word, wrong, ...apply(seed, call, site, wrong) };
}

const BARE_WORD = /^[A-Za-z0-9_./=,:+-]+$/;

function shell(seed: string, cs: Call[], rng: Rng): Mutant | undefined {
  if (seed.includes("\n")) return undefined;
  const words = cs.flatMap((c) => c.words.slice(1).filter((w) => w.raw === w.value && BARE_WORD.test(w.raw)));
  const insertAt = (text: string, closer: string[]): Mutant | undefined => {
    // Only where nothing later in the line could close it.
    const spots = words.filter((w) => !closer.some((c) => seed.slice(w.start).includes(c)));
    if (spots.length === 0) return undefined;
    const w = pick(rng, spots);
    const command = seed.slice(0, w.start) + text + seed.slice(w.start);
    return { kind: "shell", seed, program: "(shell)", site: `${text} before a word`, wrong: text, command, probe: command };
  };
  const variants: (() => Mutant | undefined)[] = [
    () => ({ kind: "shell", seed, program: "(shell)", site: "trailing |", wrong: "|", command: `${seed} |`, probe: `${seed} |` }),
    () => ({ kind: "shell", seed, program: "(shell)", site: "trailing &&", wrong: "&&", command: `${seed} &&`, probe: `${seed} &&` }),
    () => insertAt(pick(rng, ["'", '"']), ["'", '"']),
    () => insertAt("$(", [")"]),
  ];
  const start = Math.floor(rng() * variants.length);
  for (let k = 0; k < variants.length; k++) {
    const m = variants[(start + k) % variants.length]!();
    if (m) return m;
  }
  return undefined;
}

function program(seed: string, cs: Call[], rng: Rng, src: MutantSource): Mutant | undefined {
  const reserved = new Set([...src.programs, ...BUILTIN_NAMES, ...KEYWORDS]);
  const cands = cs.filter((c) => c.inv.name.raw === c.inv.name.value && /^[a-z][a-z0-9_.+-]+$/.test(c.inv.name.value));
  if (cands.length === 0) return undefined;
  const call = pick(rng, cands);
  const name = call.inv.name.value;
  const wrong = typoWhere(name, rng, (w) => w.length >= 2 && /^[a-z][a-z0-9_.+-]*$/.test(w) && !reserved.has(w));
  if (!wrong) return undefined;
  const { command } = apply(seed, call, { word: 0, from: 0, to: name.length }, wrong);
  return { kind: "program", seed, program: name, site: name, wrong, command, probe: wrong };
}

type Maker = (seed: string, cs: Call[], rng: Rng, src: MutantSource) => Mutant | undefined;

const MAKERS: Record<MutantKind, Maker> = {
  "long-option": longOption,
  "short-option": shortOption,
  "value-type": valueType,
  "missing-value": missingValue,
  subcommand,
  shell: (seed, cs, rng) => shell(seed, cs, rng),
  program,
};

/** The mutant of each kind that a seed yields (at most one per kind). */
export function mutantsOf(seed: string, src: MutantSource, kinds: readonly MutantKind[] = MUTANT_KINDS): Mutant[] {
  const out: Mutant[] = [];
  const cs = calls(seed, src);
  for (const kind of kinds) {
    const m = MAKERS[kind](seed, cs, seededRandom(`${kind}\u0000${seed}`), src);
    if (m && m.command !== seed) out.push(m);
  }
  return out;
}
