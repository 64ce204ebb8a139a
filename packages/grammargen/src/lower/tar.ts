// Bundled letters without a dash as the first word: tar's old style (`tar xzf a.tgz`,
// `tar cvf - dir`) and procps ps's BSD options (`ps aux`, `ps axo pid,comm`), where each
// value-taking letter consumes the next word, in order. The rest of the invocation is the
// ordinary one, so this is the generic grammar with that word after the program.
import { alt, cls, mapExpr, rep, seq, type Expr, type Grammar } from "../grammar/ast.js";
import type { CommandSpec } from "../ir.js";
import { UNBOUNDED } from "../grammar/names.js";
import { mergeGrammars, RuleSet } from "./ruleset.js";

/** Value-taking letters in one bundle; `tar cfb a.tar 20` has two, more is unheard of. */
const MAX_VALUED = 2;

type LowerPlain = (spec: CommandSpec, prefix: string) => Grammar;

export function lowerTar(spec: CommandSpec, letters: string[], prefix: string, lowerPlain: LowerPlain): Grammar {
  const valued = new Set(spec.options.filter((o) => o.arity === "required").flatMap((o) => o.short));
  return lowerBundle(
    spec,
    letters.filter((l) => !valued.has(l)),
    letters.filter((l) => valued.has(l)),
    prefix,
    lowerPlain,
    true,
  );
}

/** ps: the bundle is optional, and the dashed form may have no option at all (`ps`). */
export function lowerBsdLetters(spec: CommandSpec, flags: string[], valued: string[], prefix: string, lowerPlain: LowerPlain): Grammar {
  return lowerBundle(spec, flags, valued, prefix, lowerPlain, false);
}

function lowerBundle(spec: CommandSpec, flags: string[], takes: string[], prefix: string, lowerPlain: LowerPlain, dashedOpensWithOption: boolean): Grammar {
  const plain: CommandSpec = { ...spec, extensions: [] };
  const dashed = lowerPlain(plain, prefix);
  const old = lowerPlain(plain, `${prefix}_old`);

  const R = new RuleSet(`${prefix}_old`);
  const sp = R.sp;
  // Each shape of the letters is one lexeme (never empty), so both dialects lex it whole.
  const F = flags.length ? rep(cls(flags.join("")), 0, UNBOUNDED) : undefined;
  const V = takes.length ? cls(takes.join("")) : undefined;
  const forms: Expr[] = [];
  if (F) forms.push(R.add(`${prefix}_old_letters0`, rep(cls(flags.join("")), 1, UNBOUNDED), true, "bundled flags"));
  if (V) {
    for (let n = 1; n <= MAX_VALUED; n++) {
      const parts: Expr[] = F ? [F] : [];
      for (let i = 0; i < n; i++) parts.push(V, ...(F ? [F] : []));
      const letters = R.add(`${prefix}_old_letters${n}`, seq(...parts), true, `bundled letters, ${n} taking a value`);
      forms.push(seq(letters, ...Array.from({ length: n }, () => seq(sp, R.t("word")))));
    }
  }
  const bundle = R.add(`${prefix}_old_bundle`, alt(...forms), false, "old-style bundled letters and their values");

  // Put the bundle right after the command words of the copy's start rule.
  const head = spec.path[spec.path.length - 1]!;
  const startRule = old.rules.find((r) => r.name === old.start)!;
  const bundleAfter = bundle;
  const swap = (e: Expr, after: Expr): Expr => mapExpr(e, (x) => (x.kind === "lit" && x.text === head ? seq(x, sp, after) : x));
  const oldRules = old.rules.map((r) => (r === startRule ? { ...r, expr: swap(r.expr, bundleAfter) } : r));
  // tar reads a first word without a dash as letters, so the dashed form must open with an option.
  const optRule = dashedOpensWithOption ? dashed.rules.find((r) => r.name === `${prefix}_opt`) : undefined;
  const dashedRules = optRule
    ? dashed.rules.map((r) => (r.name === dashed.start ? { ...r, expr: swap(r.expr, { kind: "ref", name: optRule.name }) } : r))
    : dashed.rules;
  const extra = R.grammar(`${prefix}_old_bundle`);
  return mergeGrammars(`${prefix}_any`, alt({ kind: "ref", name: dashed.start }, { kind: "ref", name: old.start }), [
    { start: dashed.start, rules: dashedRules },
    { start: old.start, rules: oldRules },
    extra,
  ]);
}
