// Shape -> grammar for a command line: `<tool> --key value ...`, one option per property in
// the schema's order. Booleans are flags (`--key` / `--no-key`), arrays repeat their option
// once per item, strings are shell words. Shapes a command line cannot carry exactly
// (nested objects, null) are refused with their pointer rather than loosened.
import { alt, cls, lit, opt, rep, seq, type Expr, type Grammar } from "../grammar/ast.js";
import { sanitizeName, UNBOUNDED } from "../grammar/names.js";
import { GrammargenError } from "../diagnostics.js";
import { RuleSet, shellLiteral } from "../lower/ruleset.js";
import { patternBody } from "./pattern.js";
import { boundedRep } from "./repeat.js";
import type { Shape } from "./shape.js";

/** Characters a bare shell word may hold (no quoting, no expansion). */
const SHELL_SPECIAL = " \t\n'\"\\|&;<>()`$*?[]#~={}!";

export function cliGrammar(command: string, root: Shape, pointer: string): Grammar {
  if (root.kind !== "object" || root.open)
    throw new GrammargenError(
      `--as cli needs an object schema with properties (at ${pointer || "/"})`,
      [{ severity: "error", stage: "schema", message: "not an object with properties", pointer }],
      "ESCHEMA",
    );
  const prefix = sanitizeName(command);
  const R = new RuleSet(prefix);
  const sp = R.sp;
  const parts: Expr[] = [lit(command)];
  for (const p of root.props) {
    const at = `${pointer}/properties/${p.key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
    const flag = `--${p.key}`;
    if (p.shape.kind === "boolean") {
      const f = R.add(`${prefix}_${sanitizeName(p.key)}`, alt(lit(flag), lit(`--no-${p.key}`)));
      parts.push(p.required ? seq(sp, f) : R.add(`${prefix}_${sanitizeName(p.key)}_opt`, opt(seq(sp, f))));
      continue;
    }
    if (p.shape.kind === "array") {
      const item = R.add(
        `${prefix}_${sanitizeName(p.key)}`,
        seq(lit(flag), sp, valueOf(R, p.shape.items, `${at}/items`, `${prefix}_${sanitizeName(p.key)}_v`)),
      );
      const max = p.shape.max ?? 32;
      parts.push(R.add(`${prefix}_${sanitizeName(p.key)}_list`, rep(seq(sp, item), p.shape.min, Math.min(max, 64))));
      continue;
    }
    const one = R.add(`${prefix}_${sanitizeName(p.key)}`, seq(lit(flag), sp, valueOf(R, p.shape, at, `${prefix}_${sanitizeName(p.key)}_v`)));
    // Optional parts are rules of their own, so Lark does not copy the command rule per `?`.
    parts.push(p.required ? seq(sp, one) : R.add(`${prefix}_${sanitizeName(p.key)}_opt`, opt(seq(sp, one))));
  }
  R.add(prefix, seq(...parts));
  return R.grammar(prefix);
}

function valueOf(R: RuleSet, shape: Shape, at: string, name: string): Expr {
  switch (shape.kind) {
    case "literal":
      return alt(
        ...shape.values.map((v) => {
          if (v === null || typeof v === "object") throw refuse(at, "a null, object or array constant cannot be a command-line value");
          return lit(shellLiteral(String(v)));
        }),
      );
    case "string": {
      if (shape.pattern !== undefined) {
        // Single-quoted, so the pattern's characters need no escaping (a quote itself cannot
        // appear); bare as well where the pattern allows no character the shell would interpret.
        const quoted = seq(lit("'"), patternBody(shape.pattern, "'"), lit("'"));
        let bare: Expr | undefined;
        try {
          bare = patternBody(shape.pattern, SHELL_SPECIAL + "\r\u000b\f");
        } catch {
          bare = undefined;
        }
        return R.add(name, bare ? alt(bare, quoted) : quoted, true, `pattern ${shape.pattern}`);
      }
      if (shape.min === 0 && shape.max === undefined) return R.t("word");
      const max = shape.max ?? UNBOUNDED;
      const bare = boundedRep(cls(SHELL_SPECIAL, true), Math.max(shape.min, 1), max);
      const quoted = seq(lit("'"), boundedRep(cls("'", true), shape.min, max), lit("'"));
      return R.add(name, alt(bare, quoted), true, `${shape.min}..${shape.max ?? "any"} characters`);
    }
    case "integer":
      return R.t("int_m");
    case "number":
      return R.t("num");
    case "union":
      return alt(...shape.items.map((s, i) => valueOf(R, s, at, `${name}_${i + 1}`)));
    case "boolean":
      return alt(lit("true"), lit("false"));
    case "any":
      return R.t("word");
    case "null":
    case "object":
    case "array":
    case "never":
      throw refuse(at, `${shape.kind === "object" || shape.kind === "array" ? "an" : "a"} ${shape.kind} value cannot be passed as --name value; use --as json`);
    default: {
      const never: never = shape;
      return never;
    }
  }
}

function refuse(pointer: string, message: string): GrammargenError {
  return new GrammargenError(`${message} (at ${pointer})`, [{ severity: "error", stage: "schema", message, pointer }], "ESCHEMA");
}
