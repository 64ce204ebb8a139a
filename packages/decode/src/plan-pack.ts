// Grammars from the generated pack (@shellgen/grammars) through grammargen: compose the
// selected programs (grounded when asked), or fall back to the pack's default grammar.
import { compose, emitGbnf, emitLark, parseGrammarText, recognize, type Grammar, type Policy } from "@shellgen/grammargen";
import { groundSpec, decodingTerminals, groundValues } from "./ground.js";
import { DEFAULT_LABEL, helpDir, loadPack, summaryFor, type Pack } from "./pack-load.js";
import type { GrammarPlan, GrammarPlanner, PlanRequest } from "./plan.js";
import { COMMAND_TERMINATOR } from "./prompt.js";
import { CommandIndex } from "./select.js";

export { DEFAULT_LABEL, loadPack, type Pack, type PackCommand } from "./pack-load.js";

function renameRefs(g: Grammar, from: string, to: string): Grammar {
  const walk = (e: Grammar["rules"][number]["expr"]): Grammar["rules"][number]["expr"] => {
    switch (e.kind) {
      case "ref":
        return e.name === from ? { kind: "ref", name: to } : e;
      case "seq":
      case "alt":
        return { ...e, items: e.items.map(walk) };
      case "rep":
        return { ...e, item: walk(e.item) };
      default:
        return e;
    }
  };
  return { start: g.start === from ? to : g.start, rules: g.rules.map((r) => ({ ...r, name: r.name === from ? to : r.name, expr: walk(r.expr) })) };
}

/**
 * The grammar as decoded: an optional leading space (base models write "Command: ls", the
 * space belonging to the first token) and an optional terminator, so the model can end the
 * way it was trained instead of being forced to pick between EOS and more arguments.
 * The stop sequence removes the terminator; the returned command is accepted by `g`.
 */
export function forDecoding(g: Grammar): Grammar {
  let body = g;
  for (const reserved of ["root", "start"]) if (body.rules.some((r) => r.name === reserved)) body = renameRefs(body, reserved, `sg_body_${reserved}`);
  const wrapper = {
    name: "sg_command",
    terminal: false,
    expr: {
      kind: "seq" as const,
      items: [
        { kind: "rep" as const, item: { kind: "lit" as const, text: " " }, min: 0, max: 1 },
        { kind: "ref" as const, name: body.start },
        { kind: "rep" as const, item: { kind: "lit" as const, text: COMMAND_TERMINATOR }, min: 0, max: 1 },
      ],
    },
  };
  return { start: "sg_command", rules: [wrapper, ...body.rules] };
}

export function planFromGrammar(g: Grammar, commands: string[], isDefault: boolean, why: Record<string, string>): GrammarPlan {
  const decoding = forDecoding(g);
  // Each engine reads one dialect; emit each only when asked.
  let gbnf: string | undefined;
  let lark: string | undefined;
  const text = {
    get gbnf() {
      return (gbnf ??= emitGbnf(decoding));
    },
    get lark() {
      return (lark ??= emitLark(decoding));
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

export async function packPlanner(pack?: Pack): Promise<GrammarPlanner> {
  const p = pack ?? (await loadPack());
  const help = helpDir();
  const index = new CommandIndex(Object.values(p.commands).map((c) => ({ name: c.name, ir: c.ir, summary: summaryFor(c.name, help) })));
  let defaultAst: Grammar | undefined;
  const defaultGrammar = (): Grammar => (defaultAst ??= p.defaultAst?.() ?? parseGrammarText(p.defaultGrammar.gbnf, "gbnf"));
  const specsOf = (names: string[]) => names.map((n) => p.commands[n]!.ir);
  const programNames = [...new Set(Object.values(p.commands).map((c) => c.ir.path?.[0] ?? c.name))];
  const topLevel = new Set(Object.values(p.commands).filter((c) => (c.ir.path?.length ?? 1) === 1).map((c) => c.name));

  // A program whose own grammar does not compose is dropped from a selection rather than
  // sinking the whole selection; the verdict is cached per program.
  const composable = new Map<string, boolean>();
  const composesAlone = (name: string): boolean => {
    let ok = composable.get(name);
    if (ok === undefined) {
      try {
        compose({ commands: [p.commands[name]!.ir] });
        ok = true;
      } catch {
        ok = false;
      }
      composable.set(name, ok);
    }
    return ok;
  };

  const composeFor = (names: string[], req: PlanRequest, constructs: string[] | undefined): { grammar: Grammar; names: string[] } => {
    const values = req.ground ? groundValues(req.request, req.workspaceFiles) : undefined;
    const build = (use: string[]) => {
      const specs = specsOf(use).map((s) => (values ? groundSpec(s, values) : s));
      // One heredoc delimiter, the one models write: each offered delimiter is one more body
      // rule the sampler keeps alive after `<<`.
      const heredoc = constructs?.includes("heredoc") ? { heredocDelimiters: ["EOF"] } : {};
      // Programs without a grammar stay usable as plain words (tac, rev); programs with one in
      // the pack are reserved, so they appear only with their grammar, never as free words.
      // A policy with an allow-list admits nothing unknown.
      const policy = req.policy as Policy | undefined;
      const g = compose({
        commands: specs,
        policy,
        constructs: constructs as NonNullable<Parameters<typeof compose>[0]>["constructs"],
        allowUnknown: !policy?.commands.allow,
        reserved: programNames,
        ...heredoc,
      });
      return { grammar: decodingTerminals(g, values), names: use };
    };
    try {
      return build(names);
    } catch (err) {
      const usable = names.filter(composesAlone);
      if (usable.length === 0 || usable.length === names.length) throw err;
      return build(usable);
    }
  };

  return {
    plans(req: PlanRequest) {
      const selection = index.select(req.request);
      for (const name of req.programs ?? []) {
        if (!topLevel.has(name) || selection.names.includes(name)) continue;
        selection.names.push(name);
        selection.why[name] = "used by the free decode";
      }
      const attempts: (() => Promise<GrammarPlan>)[] = [];
      if (selection.names.length > 0) {
        attempts.push(async () => {
          const built = composeFor(selection.names, req, constructsFor(req.request));
          return planFromGrammar(built.grammar, built.names, false, selection.why);
        });
      }
      attempts.push(async () => {
        // Grounding needs the IR, so the default is recomposed from its programs when the pack lists them.
        if (p.defaultCommands && (req.ground || req.policy)) {
          return planFromGrammar(composeFor(p.defaultCommands, req, undefined).grammar, [DEFAULT_LABEL], true, { [DEFAULT_LABEL]: "pack default (recomposed)" });
        }
        const values = req.ground ? groundValues(req.request, req.workspaceFiles) : undefined;
        return planFromGrammar(decodingTerminals(defaultGrammar(), values), [DEFAULT_LABEL], true, { [DEFAULT_LABEL]: values ? "pack default (grounded words)" : "pack default" });
      });
      return attempts;
    },
  };
}
