// Shape -> grammar for the JSON text of a conforming tool call. Properties come in the
// schema's order (a canonical order, as constrained decoders use); whitespace between tokens
// is optional and bounded; strings under `pattern` are matched in their JSON.stringify form.
import { alt, cls, lit, opt, ref, rep, rule, seq, type Expr, type Grammar, type Rule } from "../grammar/ast.js";
import { sanitizeName, UNBOUNDED } from "../grammar/names.js";
import { patternJson } from "./pattern.js";
import { boundedRep } from "./repeat.js";
import { GrammargenError, type Session } from "../diagnostics.js";
import type { Shape } from "./shape.js";

/** Most whitespace between two JSON tokens (pretty-printed calls indent well under this). */
const MAX_SPACE = 64;
const bound = (n: number | undefined) => (n === undefined ? UNBOUNDED : n);
/**
 * The largest minItems/maxItems a grammar spells out. Each count up to maxItems is a rule, so
 * cost grows with the bound (5,000 items took 0.7 s); beyond this it is a clear error, never
 * a silently looser grammar.
 */
export const MAX_ITEMS = 1000;

const HEX = cls("0-9a-fA-F");
/** One character of a JSON string body, as JSON allows it. */
const jsonChar = (): Expr => alt(cls('"\\\u0000-\u001f', true), seq(lit("\\"), alt(cls('"\\/bfnrt'), seq(lit("u"), HEX, HEX, HEX, HEX))));

export class JsonLowering {
  readonly rules: Rule[] = [];
  private readonly names = new Set<string>();
  private readonly cache = new Map<string, Expr>();

  constructor(
    readonly prefix: string,
    readonly session: Session,
  ) {}

  private fresh(base: string): string {
    let name = base;
    for (let i = 2; this.names.has(name); i++) name = `${base}_${i}`;
    this.names.add(name);
    return name;
  }

  add(base: string, expr: Expr, terminal = false, comment?: string): Expr {
    const name = this.fresh(base);
    this.rules.push(rule(name, expr, terminal, comment));
    return ref(name);
  }

  /** A shared rule, made once per grammar. */
  shared(name: string, make: () => Expr, terminal: boolean): Expr {
    const hit = this.cache.get(name);
    if (hit) return hit;
    const r = this.add(name, make(), terminal);
    this.cache.set(name, r);
    return r;
  }

  /** Optional whitespace, as a rule of its own: Lark copies a rule once per `?` in a sequence. */
  get ws(): Expr {
    return this.shared("json_ws", () => opt(this.shared("json_space", () => rep(cls(" \t\n\r"), 1, MAX_SPACE), true)), false);
  }

  value(shape: Shape, hint: string): Expr {
    switch (shape.kind) {
      case "any":
        return this.anyValue();
      case "never":
        throw new GrammargenError(`no JSON value satisfies the schema at ${hint}`, [], "ESCHEMA");
      case "literal":
        return shape.values.length === 1
          ? lit(JSON.stringify(shape.values[0]))
          : this.add(`${hint}_value`, alt(...shape.values.map((v) => lit(JSON.stringify(v)))));
      case "string":
        return this.string(shape, hint);
      case "integer":
        // JSON.stringify spells integers from 1e21 up as 1.5e+21; every such double is an integer.
        return this.shared(
          "json_integer",
          () =>
            seq(
              opt(lit("-")),
              alt(
                lit("0"),
                seq(cls("1-9"), rep(cls("0-9"), 0, UNBOUNDED)),
                seq(
                  cls("1-9"),
                  opt(seq(lit("."), rep(cls("0-9"), 1, 16))),
                  lit("e+"),
                  alt(
                    seq(lit("2"), cls("1-9")),
                    seq(cls("3-9"), cls("0-9")),
                    seq(lit("1"), cls("0-9"), cls("0-9")),
                    seq(lit("2"), cls("0-9"), cls("0-9")),
                    seq(lit("30"), cls("0-7")),
                  ),
                ),
              ),
            ),
          true,
        );
      case "number":
        return this.shared(
          "json_number",
          () =>
            seq(
              opt(lit("-")),
              alt(lit("0"), seq(cls("1-9"), rep(cls("0-9"), 0, UNBOUNDED))),
              opt(seq(lit("."), rep(cls("0-9"), 1, UNBOUNDED))),
              opt(seq(cls("eE"), opt(cls("+-")), rep(cls("0-9"), 1, UNBOUNDED))),
            ),
          true,
        );
      case "boolean":
        return this.shared("json_boolean", () => alt(lit("true"), lit("false")), false);
      case "null":
        return lit("null");
      case "union":
        return this.add(`${hint}_any`, alt(...shape.items.map((s, i) => this.value(s, `${hint}_${i + 1}`))));
      case "array":
        return this.array(shape, hint);
      case "object":
        return this.object(shape, hint);
      default: {
        const never: never = shape;
        return never;
      }
    }
  }

  private string(shape: Extract<Shape, { kind: "string" }>, hint: string): Expr {
    if (shape.pattern !== undefined) {
      const body = patternJson(shape.pattern);
      return this.add(`${hint}_pattern`, seq(lit('"'), body, lit('"')), true, `pattern ${shape.pattern}`);
    }
    const key = `json_string${shape.min || shape.max !== undefined ? `_${shape.min}_${shape.max ?? "n"}` : ""}`;
    return this.shared(key, () => seq(lit('"'), boundedRep(jsonChar(), shape.min, bound(shape.max)), lit('"')), true);
  }

  private array(shape: Extract<Shape, { kind: "array" }>, hint: string): Expr {
    const ws = this.ws;
    const max = bound(shape.max);
    if (shape.items.kind === "never" || max === 0) {
      if (shape.min > 0)
        throw new GrammargenError(`no array satisfies the schema at ${hint}: items can never match but minItems is ${shape.min}`, [], "ESCHEMA");
      return this.add(hint, seq(lit("["), ws, lit("]")));
    }
    for (const [k, n] of [
      ["minItems", shape.min],
      ["maxItems", shape.max],
    ] as const) {
      if (n !== undefined && n > MAX_ITEMS)
        throw new GrammargenError(`${k} ${n} at ${hint} is above ${MAX_ITEMS}, the most a grammar spells out; lower it or leave it out`, [], "ESCHEMA");
    }
    const item = this.value(shape.items, `${hint}_item`);
    const next = seq(ws, lit(","), ws, item);
    const lo = Math.max(0, shape.min - 1);
    const hi = max === UNBOUNDED ? UNBOUNDED : max - 1;
    let more: Expr = rep(next, lo, hi);
    if (hi !== UNBOUNDED && hi - lo > 8) {
      // A long bounded list as a chain of optional rules: Python Lark expands `x ~ 0..49` into
      // every count, which is slow to load; the chain is linear in both dialects.
      let tail: Expr | undefined;
      for (let j = 1; j <= hi - lo; j++) tail = this.add(`${hint}_upto${j}`, opt(tail ? seq(next, tail) : next));
      more = lo ? seq(rep(next, lo, lo), tail!) : tail!;
    }
    const items = seq(item, more);
    return this.add(hint, seq(lit("["), ws, shape.min === 0 ? opt(items) : items, ws, lit("]")));
  }

  private object(shape: Extract<Shape, { kind: "object" }>, hint: string): Expr {
    const ws = this.ws;
    if (shape.open) return this.anyObject();
    const props = shape.props.filter((p) => p.shape.kind !== "never" || p.required);
    if (props.some((p) => p.shape.kind === "never"))
      throw new GrammargenError(`no object satisfies the schema at ${hint}: a required property can never match`, [], "ESCHEMA");
    if (!props.length) return this.add(hint, seq(lit("{"), ws, lit("}")));
    // Each member, and each optional one with its comma, is a rule: sequences of plain references
    // keep Lark from multiplying the object rule by every enum and every optional member.
    const members = props.map((p) => {
      const name = `${hint}_${sanitizeName(p.key)}`;
      return this.add(`${name}_member`, seq(lit(JSON.stringify(p.key)), ws, lit(":"), ws, this.value(p.shape, name)));
    });
    // after[i]: properties i.. once one has been written (each preceded by a comma).
    const after: Expr[] = [];
    let tail: Expr | undefined;
    for (let i = props.length - 1; i >= 0; i--) {
      const one = seq(ws, lit(","), ws, members[i]!);
      const here = props[i]!.required ? one : this.add(`${hint}_${sanitizeName(props[i]!.key)}_more`, opt(one));
      tail = tail ? seq(here, tail) : here;
      after[i] = tail;
    }
    // The first written property is some k whose predecessors are all optional.
    const firsts: Expr[] = [];
    for (let k = 0; k < props.length; k++) {
      firsts.push(k + 1 < props.length ? seq(members[k]!, after[k + 1]!) : members[k]!);
      if (props[k]!.required) break;
    }
    const allOptional = props.every((p) => !p.required);
    const body = allOptional ? opt(alt(...firsts)) : alt(...firsts);
    return this.add(hint, seq(lit("{"), ws, body, ws, lit("}")));
  }

  /** Any JSON value: the recursive generic grammar, shared. */
  private anyValue(): Expr {
    const hit = this.cache.get("json_value");
    if (hit) return hit;
    const valueName = this.fresh("json_value");
    const v = ref(valueName);
    this.cache.set("json_value", v);
    const ws = this.ws;
    const str = this.string({ kind: "string", min: 0, max: undefined }, "json");
    const arr = this.add("json_array", seq(lit("["), ws, opt(seq(v, rep(seq(ws, lit(","), ws, v), 0, UNBOUNDED))), ws, lit("]")));
    const member = seq(str, ws, lit(":"), ws, v);
    const obj = this.add("json_object", seq(lit("{"), ws, opt(seq(member, rep(seq(ws, lit(","), ws, member), 0, UNBOUNDED))), ws, lit("}")));
    this.cache.set("json_object", obj);
    const num = this.value({ kind: "number" }, "json");
    this.rules.push(rule(valueName, alt(obj, arr, str, num, lit("true"), lit("false"), lit("null"))));
    return v;
  }

  private anyObject(): Expr {
    this.anyValue();
    return this.cache.get("json_object")!;
  }

  grammar(startName: string, body: Expr): Grammar {
    const name = this.fresh(startName);
    const ws = this.ws;
    return { start: name, rules: [rule(name, seq(ws, body, ws)), ...this.rules] };
  }
}
