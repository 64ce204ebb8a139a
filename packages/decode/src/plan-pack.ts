// Grammars from the generated pack (@shellgen/grammars) through grammargen: compose the
// selected programs (grounded when asked), or fall back to the pack's default grammar.
import {
  compose,
  optimizeComposed,
  emitGbnf,
  leftFactorChars,
  emitLark,
  exprNodes,
  mapExpr,
  parseGrammarText,
  recognize,
  type Expr,
  type Grammar,
  type Policy,
} from "@shellgen/grammargen";
import { groundSpec, decodingTerminals, groundValues } from "./ground.js";
import { decodingSubset } from "./decoding-subset.js";
import { DEFAULT_LABEL, loadPack, type Pack } from "./pack-load.js";
import { plannerIndexes } from "./plan-cache.js";
import type { GrammarPlan, GrammarPlanner, PlanRequest } from "./plan.js";
import { COMMAND_TERMINATOR } from "./prompt.js";
import type { OptionIndex } from "@shellgen/fewshot";
import { programsOnPath, workspaceScripts } from "./exists.js";
import { namedIn } from "./select.js";
import { existingOnly, flagsByProgram, narrowSpec } from "./narrow.js";

export { DEFAULT_LABEL, loadPack, type Pack, type PackCommand } from "./pack-load.js";

function renameRefs(g: Grammar, from: string, to: string): Grammar {
  const rename = (e: Expr): Expr => (e.kind === "ref" && e.name === from ? { kind: "ref", name: to } : e);
  return { start: g.start === from ? to : g.start, rules: g.rules.map((r) => ({ ...r, name: r.name === from ? to : r.name, expr: mapExpr(r.expr, rename) })) };
}

/** How many head rules forDecoding spells inside its wrapper (see there). */
const HEAD_UNFOLDS = 4;

/**
 * The grammar as decoded: an optional leading space (base models write "Command: ls", the
 * space belonging to the first token) and an optional terminator, so the model can end the
 * way it was trained instead of being forced to pick between EOS and more arguments.
 * The stop sequence removes the terminator; the returned command is accepted by `g`.
 */
export function forDecoding(g: Grammar): Grammar {
  let body = decodingSubset(g);
  for (const reserved of ["root", "start"]) if (body.rules.some((r) => r.name === reserved)) body = renameRefs(body, reserved, `sg_body_${reserved}`);
  // The head of the grammar (a composed grammar's first line, its list and its first
  // pipeline: sh_top, sh_line, sh_list, sh_items) is spelled inside the wrapper, each rule
  // staying defined for its other uses: the same language, and llama.cpp's sampler carries
  // one frame fewer per unfolded rule on every parse stack it copies, for every token.
  const byName = new Map(body.rules.map((r) => [r.name, r]));
  const items: Expr[] = [{ kind: "ref", name: body.start }];
  for (let n = 0; n < HEAD_UNFOLDS; n++) {
    const i = items.findIndex((e) => e.kind === "ref");
    const r = i >= 0 ? byName.get((items[i] as { name: string }).name) : undefined;
    if (!r || (r.expr.kind !== "seq" && r.expr.kind !== "ref")) break;
    items.splice(i, 1, ...(r.expr.kind === "seq" ? r.expr.items : [r.expr]));
  }
  const wrapper = {
    name: "sg_command",
    terminal: false,
    expr: {
      kind: "seq" as const,
      items: [
        { kind: "rep" as const, item: { kind: "lit" as const, text: " " }, min: 0, max: 1 },
        ...items,
        { kind: "rep" as const, item: { kind: "lit" as const, text: COMMAND_TERMINATOR }, min: 0, max: 1 },
      ],
    },
  };
  // Rules the unfolding left unreferenced go.
  const reached = new Set<string>();
  const todo = ["sg_command"];
  const all = new Map([...byName, ["sg_command", wrapper]]);
  while (todo.length) {
    const name = todo.pop()!;
    if (reached.has(name)) continue;
    reached.add(name);
    const r = all.get(name);
    if (r) for (const e of exprNodes(r.expr)) if (e.kind === "ref" && !reached.has(e.name)) todo.push(e.name);
  }
  return leftFactorChars({ start: "sg_command", rules: [wrapper, ...body.rules.filter((r) => reached.has(r.name))] });
}

/**
 * `g` answers `accepts`; `optimized` (default: `g` itself), a smaller grammar of the same
 * language, is what engines sample under.
 */
export function planFromGrammar(
  g: Grammar,
  commands: string[],
  isDefault: boolean,
  why: Record<string, string>,
  optimized: () => Grammar = () => g,
): GrammarPlan {
  // The decoding form (20-80 ms for the default grammar) and each engine's dialect are built
  // only when asked: generate() often needs no more than `accepts`, when the free decode passes.
  let decoding: Grammar | undefined;
  const form = (): Grammar => (decoding ??= forDecoding(optimized()));
  let gbnf: string | undefined;
  let lark: string | undefined;
  const text = {
    get gbnf() {
      return (gbnf ??= emitGbnf(form()));
    },
    get lark() {
      return (lark ??= emitLark(form()));
    },
  };
  return {
    commands,
    isDefault,
    why,
    text,
    accepts: (command: string) => recognize(g, command),
  };
}

// Shell constructs for a selected grammar. Heredoc bodies are by far the most expensive
// part of a composed GBNF to sample (bench:decode measures it), so they are offered only
// when the request asks for literal multi-line content. A bare `NAME=value` line is left
// out: it is never the answer to a request, and a small model that cannot spell the right
// program escapes into it. The pack default keeps every construct.
export const CHEAP_CONSTRUCTS = ["pipe", "and", "or", "seq", "redirect", "subst", "xargs", "exec", "loop", "if", "background"];
const HEREDOC_HINT = /here-?doc|here document|<<|multi-?line|\b(following|these|the|two|three|four|five|several) lines\s*:|\blines?\s*:|:\s*\n/i;

export function constructsFor(request: string): string[] {
  return HEREDOC_HINT.test(request) ? [...CHEAP_CONSTRUCTS, "heredoc"] : CHEAP_CONSTRUCTS;
}

export interface PlannerOptions {
  /** Option retrieval over the pack IR adds the programs and flags whose descriptions match the request (default true). */
  optionRetrieval?: boolean;
  /**
   * First try a grammar with only the planned flags of each program, then all of them.
   * Default false: on the default model the planned-flags step pushed drafts into other
   * accepted commands (README, "Ablation": bench 44 -> 50 of 299 and held-out 38.9% ->
   * 47.9% right program without it, in constrained-retry+ground).
   */
  narrowFlags?: boolean;
  /** Words outside the pack may name only programs that exist: on PATH or a workspace script (default true). */
  existingOnly?: boolean;
  /**
   * Of the programs on PATH, only those the request, the examples or the free decode use, or
   * the shipped examples run (default true); false offers all of PATH, as before.
   */
  knownOnly?: boolean;
  /** The option index (default: the shipped pack's). */
  options?: OptionIndex;
}

/** Programs option retrieval may add: those within this share of the best option score, at most two. */
const OPTION_PROGRAM_SHARE = 0.8;
/** Flags option retrieval plans per program: its best few options for the request. */
const OPTION_FLAGS = 4;

/** A composed grammar: `grammar` for recognizing, `optimized()` (same language) for sampling. */
interface Composed {
  grammar: Grammar;
  optimized: () => Grammar;
  names: string[];
}

/** How many composed grammars a planner keeps: a request's plans, not a session's. */
const COMPOSED_KEPT = 4;

/** Everything composeFor reads, as one string (the policy is compared by identity). */
function composeKey(
  names: string[],
  req: PlanRequest,
  constructs: string[] | undefined,
  narrow: { flags?: Map<string, Set<string>>; generic?: string[] },
): string {
  const flags = narrow.flags ? [...narrow.flags].map(([n, fs]) => [n, [...fs]]) : null;
  return JSON.stringify([names, req.ground ? [req.request, req.workspaceFiles] : null, constructs ?? null, flags, narrow.generic ?? null]);
}

export async function packPlanner(pack?: Pack, popts: PlannerOptions = {}): Promise<GrammarPlanner> {
  const p = pack ?? (await loadPack());
  const useOptions = popts.optionRetrieval ?? true;
  const narrowFlags = popts.narrowFlags ?? false;
  const onlyExisting = popts.existingOnly ?? true;
  const onlyKnown = popts.knownOnly ?? true;
  const indexes = plannerIndexes(p, pack === undefined);
  const options = useOptions ? (popts.options ?? indexes.options()) : undefined;
  const index = indexes.commands;
  let defaultAst: Grammar | undefined;
  const defaultGrammar = (): Grammar => (defaultAst ??= p.defaultAst?.() ?? parseGrammarText(p.defaultGrammar.gbnf, "gbnf"));
  // The pack lists each entry's words, so no IR is read here (that is a JSON parse per program).
  const pathOf = (c: Pack["commands"][string]): string[] | undefined => c.path ?? c.ir.path;
  const programNames = [...new Set(Object.values(p.commands).map((c) => pathOf(c)?.[0] ?? c.name))];
  const topLevel = new Set(
    Object.values(p.commands)
      .filter((c) => (pathOf(c)?.length ?? 1) === 1)
      .map((c) => c.name),
  );
  const reservedSet = new Set(programNames);
  // A pack program by key: the reviewed set, then the Debian-derived one.
  const entry = (name: string): Pack["commands"][string] => p.commands[name] ?? p.debian![name]!;
  const debian = p.debian ?? {};
  const inDebian = (name: string) => Object.hasOwn(debian, name) && !Object.hasOwn(p.commands, name);

  // A program whose own grammar does not compose is dropped from a selection rather than
  // sinking the whole selection; the verdict is cached per program.
  const composable = new Map<string, boolean>();
  // Composing is the costly step of a plan (tens of ms; more while the JIT is cold). The CLI
  // composes a request's first plan while the model is still loading (warmPlan), and the
  // same plan asked for again is then taken from here.
  const composed = new Map<string, { policy?: Policy; value: Composed }>();
  const composesAlone = (name: string): boolean => {
    let ok = composable.get(name);
    if (ok === undefined) {
      try {
        compose({ commands: [entry(name).ir], optimize: false });
        ok = true;
      } catch {
        ok = false;
      }
      composable.set(name, ok);
    }
    return ok;
  };

  /**
   * flags: per program, the only flags to offer (absent: all of them). generic: the program
   * names words outside the pack may take (absent: any name that is not a pack program).
   */
  const composeFor = (
    names: string[],
    req: PlanRequest,
    constructs: string[] | undefined,
    narrow: { flags?: Map<string, Set<string>>; generic?: string[] } = {},
  ): Composed => {
    const key = composeKey(names, req, constructs, narrow);
    const hit = composed.get(key);
    if (hit && hit.policy === req.policy) return hit.value;
    const values = req.ground ? groundValues(req.request, req.workspaceFiles) : undefined;
    const build = (use: string[]) => {
      const specs = use.map((n) => {
        const flags = narrow.flags?.get(n);
        const spec = flags ? narrowSpec(entry(n).ir, flags) : entry(n).ir;
        return values ? groundSpec(spec, values) : spec;
      });
      // One heredoc delimiter, the one models write: each offered delimiter is one more body
      // rule the sampler keeps alive after `<<`.
      const heredoc = constructs?.includes("heredoc") ? { heredocDelimiters: ["EOF"] } : {};
      // Programs without a grammar stay usable as plain words (tac, rev); programs with one in
      // the pack are reserved, so they appear only with their grammar, never as free words.
      // A policy with an allow-list admits nothing unknown.
      const policy = req.policy as Policy | undefined;
      // A Debian-derived program in the plan is reserved like a pack program.
      const brought = use.filter(inDebian);
      const generic = narrow.generic?.filter((n) => !reservedSet.has(n) && !brought.includes(n));
      // Unoptimized: most requests only need `accepts` (the free decode passes), and merging
      // and left-factoring are half of composing; they run when the engine samples.
      const raw = compose({
        optimize: false,
        commands: specs,
        policy,
        constructs: constructs as NonNullable<Parameters<typeof compose>[0]>["constructs"],
        allowUnknown: !policy?.commands.allow && (generic === undefined || generic.length > 0),
        reserved: brought.length ? [...programNames, ...brought] : programNames,
        // A decoded word no typed slot takes must not lead into a `-- WORDS` form that cannot end.
        dashDash: "after-typed",
        ...heredoc,
      });
      const finish = (g: Grammar) => decodingTerminals(generic?.length ? existingOnly(g, generic, policy) : g, values);
      let optimized: Grammar | undefined;
      return { grammar: finish(raw), optimized: () => (optimized ??= finish(optimizeComposed(raw))), names: use };
    };
    let value: Composed;
    try {
      value = build(names);
    } catch (err) {
      const usable = names.filter(composesAlone);
      if (usable.length === 0 || usable.length === names.length) throw err;
      value = build(usable);
    }
    composed.set(key, { policy: req.policy, value });
    if (composed.size > COMPOSED_KEPT) composed.delete(composed.keys().next().value!);
    return value;
  };

  return {
    plans(req: PlanRequest) {
      const selection = index.select(req.request);
      const add = (name: string, why: string) => {
        if (!topLevel.has(name) || selection.names.includes(name)) return;
        selection.names.push(name);
        selection.why[name] = why;
      };
      const fromExamples = flagsByProgram(req.examples ?? []);
      for (const name of fromExamples.keys()) add(name, "in a retrieved example");
      // Debian-derived programs join when named: by the examples, quoted or used ("with
      // rsync") in the request, or by the free decode; and their subcommands the draft uses.
      const bring = (name: string, why: string) => {
        if (!inDebian(name) || selection.names.includes(name)) return;
        selection.names.push(name);
        selection.why[name] = `${why} (Debian-derived grammar)`;
      };
      for (const name of fromExamples.keys()) bring(name, "in a retrieved example");
      for (const name of namedIn(req.request, inDebian, () => true)) bring(name, "named by the request");
      const hits = options?.search(req.request, 40) ?? [];
      if (options) {
        const ev = [...options.programEvidence(req.request)].filter(([, v]) => v >= OPTION_PROGRAM_SHARE).slice(0, 2);
        for (const [name, v] of ev) add(name, `option retrieval ${v.toFixed(2)}`);
      }
      // The plan: what the request, the examples and the IR point to. The free decode's own
      // programs join only when the plan widens, so a fluent wrong program does not pass.
      const planned = [...selection.names];
      for (const name of req.programs ?? []) add(name, "used by the free decode");
      for (const name of req.programs ?? []) bring(name, "used by the free decode");
      const draftWords = req.draft?.split(/\s+/) ?? [];
      for (const name of [...selection.names]) for (const w of draftWords) bring(`${name}-${w}`, "a subcommand the free decode uses");
      // Existing programs outside the pack the plan expects: named by the examples, the free
      // decode or the request itself; all of PATH when the plan widens.
      const scripts = workspaceScripts(req.workspaceFiles);
      const path = onlyExisting ? new Set(programsOnPath()) : undefined;
      const requestWords = req.request.toLowerCase().match(/[a-z0-9][a-z0-9_.+-]*/g) ?? [];
      const expected = [...fromExamples.keys(), ...requestWords].filter((n) => path?.has(n));
      // The names a program outside the pack may take: those the request, the examples or the
      // free decode use, and the programs people are known to ask for (the shipped examples'),
      // when they exist here. Not all of PATH: a model pushed off its first token would be
      // completed into whatever exotic name shares the prefix (rstpep2html.py, git-shell).
      const wanted = new Set([...expected, ...(req.programs ?? []), ...indexes.known()]);
      const plausible = path ? [...path].filter((n) => !onlyKnown || wanted.has(n)) : undefined;
      const attempts: (() => Promise<GrammarPlan>)[] = [];
      if (selection.names.length > 0) {
        if (narrowFlags && planned.length > 0) {
          attempts.push(async () => {
            const flags = new Map<string, Set<string>>();
            const merge = (from: Map<string, Set<string>>) => {
              for (const [prog, fs] of from) for (const f of fs) (flags.get(prog) ?? flags.set(prog, new Set()).get(prog)!).add(f);
            };
            merge(fromExamples);
            merge(flagsByProgram(req.draft ? [req.draft] : []));
            const perEntry = new Map<string, number>();
            for (const h of hits) {
              const n = perEntry.get(h.entry) ?? 0;
              if (n >= OPTION_FLAGS) continue;
              perEntry.set(h.entry, n + 1);
              (flags.get(h.entry) ?? flags.set(h.entry, new Set()).get(h.entry)!).add(h.flag);
            }
            for (const n of planned) if (!flags.has(n)) flags.set(n, new Set());
            const built = composeFor(planned, req, constructsFor(req.request), { flags, generic: path ? [...expected, ...scripts] : undefined });
            const why: Record<string, string> = { "<flags>": planned.map((n) => `${n}: ${[...flags.get(n)!].join(" ") || "none"}`).join("; ") };
            for (const n of planned) why[n] = selection.why[n]!;
            return planFromGrammar(built.grammar, built.names, false, why, built.optimized);
          });
        }
        attempts.push(async () => {
          const built = composeFor(selection.names, req, constructsFor(req.request), { generic: plausible ? [...plausible, ...scripts] : undefined });
          return planFromGrammar(built.grammar, built.names, false, selection.why, built.optimized);
        });
      }
      attempts.push(async () => {
        // Grounding needs the IR, so the default is recomposed from its programs when the pack lists them.
        if (p.defaultCommands && (req.ground || req.policy)) {
          const generic = plausible ? [...plausible, ...scripts] : undefined;
          const built = composeFor(p.defaultCommands, req, undefined, { generic });
          return planFromGrammar(built.grammar, [DEFAULT_LABEL], true, { [DEFAULT_LABEL]: "pack default (recomposed)" }, built.optimized);
        }
        const values = req.ground ? groundValues(req.request, req.workspaceFiles) : undefined;
        return planFromGrammar(decodingTerminals(defaultGrammar(), values), [DEFAULT_LABEL], true, {
          [DEFAULT_LABEL]: values ? "pack default (grounded words)" : "pack default",
        });
      });
      return attempts;
    },
  };
}
