// Reads GBNF (llama.cpp) text into the grammar AST with a chevrotain lexer + parser.
// Non-recursive rules built only from other such rules are marked terminal, so the
// checker matches them at the character level instead of through Earley items.
import { createRequire } from "node:module";
import type { IToken, TokenType } from "chevrotain";
import { alt, mapExpr, rep, seq, type Expr, type Grammar, type Rule } from "../grammar/ast.js";
import { refsOf, UNBOUNDED } from "../grammar/names.js";
import { GrammargenError } from "../diagnostics.js";

// chevrotain (with lodash-es) costs more start-up than the rest of grammargen, so it loads,
// and the GBNF parser is built, on the first read rather than when grammargen is imported.
const require = createRequire(import.meta.url);

function build() {
  const { createToken, EmbeddedActionsParser, Lexer } = require("chevrotain") as typeof import("chevrotain");
  const WS = createToken({ name: "WS", pattern: /[ \t\r\n]+/, group: Lexer.SKIPPED });
  const Comment = createToken({ name: "Comment", pattern: /#[^\n]*/, group: Lexer.SKIPPED });
  const Assign = createToken({ name: "Assign", pattern: /::=/ });
  const Name = createToken({ name: "Name", pattern: /[a-zA-Z0-9-]+/ });
  const Str = createToken({ name: "Str", pattern: /"(?:[^"\\\n]|\\.)*"/ });
  const Cls = createToken({ name: "Cls", pattern: /\[(?:[^\]\\]|\\.)*\]/ });
  const Dot = createToken({ name: "Dot", pattern: /\./ });
  const Pipe = createToken({ name: "Pipe", pattern: /\|/ });
  const LParen = createToken({ name: "LParen", pattern: /\(/ });
  const RParen = createToken({ name: "RParen", pattern: /\)/ });
  const Question = createToken({ name: "Question", pattern: /\?/ });
  const Star = createToken({ name: "Star", pattern: /\*/ });
  const Plus = createToken({ name: "Plus", pattern: /\+/ });
  const Brace = createToken({ name: "Brace", pattern: /\{\s*\d*\s*(?:,\s*\d*\s*)?\}/ });
  const tokens: TokenType[] = [WS, Comment, Assign, Name, Str, Cls, Dot, Pipe, LParen, RParen, Question, Star, Plus, Brace];
  const lexer = new Lexer(tokens, { positionTracking: "full", ensureOptimizations: false });

  class GbnfParser extends EmbeddedActionsParser {
    constructor() {
      super(tokens, { maxLookahead: 3 });
      this.performSelfAnalysis();
    }

    file = this.RULE("file", (): { name: IToken; expr: Expr }[] => {
      const defs: { name: IToken; expr: Expr }[] = [];
      this.MANY(() => {
        const name = this.CONSUME(Name);
        this.CONSUME(Assign);
        defs.push({ name, expr: this.SUBRULE(this.alternates) });
      });
      return defs;
    });

    private alternates = this.RULE("alternates", (): Expr => {
      const items = [this.SUBRULE(this.sequence)];
      this.MANY(() => {
        this.CONSUME(Pipe);
        items.push(this.SUBRULE2(this.sequence));
      });
      return this.ACTION(() => alt(...items));
    });

    private sequence = this.RULE("sequence", (): Expr => {
      const items: Expr[] = [];
      this.MANY({
        GATE: () => !(this.LA(1).tokenType === Name && this.LA(2).tokenType === Assign),
        DEF: () => items.push(this.SUBRULE(this.item)),
      });
      return this.ACTION(() => (items.length === 1 ? items[0]! : { kind: "seq", items }));
    });

    private item = this.RULE("item", (): Expr => {
      let e = this.SUBRULE(this.primary);
      this.MANY(() => {
        this.OR([
          { ALT: () => (this.CONSUME(Question), this.ACTION(() => (e = rep(e, 0, 1)))) },
          { ALT: () => (this.CONSUME(Star), this.ACTION(() => (e = rep(e, 0, UNBOUNDED)))) },
          { ALT: () => (this.CONSUME(Plus), this.ACTION(() => (e = rep(e, 1, UNBOUNDED)))) },
          {
            ALT: () => {
              const t = this.CONSUME(Brace);
              this.ACTION(() => {
                const m = /^\{\s*(\d*)\s*(,\s*(\d*)\s*)?\}$/.exec(t.image)!;
                const min = m[1] ? Number(m[1]) : 0;
                const max = m[2] === undefined ? min : m[3] ? Number(m[3]) : UNBOUNDED;
                if (max < min) throw new GrammargenError(`gbnf: line ${t.startLine}: bad repetition ${t.image}`, [], "EREAD");
                e = rep(e, min, max);
              });
            },
          },
        ]);
      });
      return e;
    });

    private primary = this.RULE(
      "primary",
      (): Expr =>
        this.OR([
          { ALT: () => ({ kind: "ref", name: this.CONSUME(Name).image }) as Expr },
          {
            ALT: () => {
              const t = this.CONSUME(Str);
              return this.ACTION(() => stringExpr(t));
            },
          },
          {
            ALT: () => {
              const t = this.CONSUME(Cls);
              return this.ACTION(() => classExpr(t));
            },
          },
          { ALT: () => (this.CONSUME(Dot), { kind: "cls", ranges: [], negated: true }) as Expr },
          {
            ALT: () => {
              this.CONSUME(LParen);
              const e = this.SUBRULE(this.alternates);
              this.CONSUME(RParen);
              return e;
            },
          },
        ]),
    );
  }

  return { lexer, parser: new GbnfParser() };
}

let built: ReturnType<typeof build> | undefined;

/** Decodes one GBNF character (with escapes) starting at chars[i]; returns [code point, next index]. */
function readChar(chars: string[], i: number, where: IToken): [number, number] {
  const c = chars[i]!;
  if (c !== "\\") return [c.codePointAt(0)!, i + 1];
  const e = chars[i + 1];
  const simple: Record<string, number> = { n: 10, r: 13, t: 9, "\\": 92, '"': 34, "[": 91, "]": 93 };
  if (e !== undefined && e in simple) return [simple[e]!, i + 2];
  const len = e === "x" ? 2 : e === "u" ? 4 : e === "U" ? 8 : 0;
  const hex = chars.slice(i + 2, i + 2 + len).join("");
  if (!len || !/^[0-9a-fA-F]+$/.test(hex) || hex.length !== len)
    throw new GrammargenError(`gbnf: line ${where.startLine}: unknown escape \\${e ?? ""}`, [], "EREAD");
  return [parseInt(hex, 16), i + 2 + len];
}

function stringExpr(t: IToken): Expr {
  const chars = [...t.image.slice(1, -1)];
  let out = "";
  for (let i = 0; i < chars.length; ) {
    const [c, next] = readChar(chars, i, t);
    out += String.fromCodePoint(c);
    i = next;
  }
  return { kind: "lit", text: out };
}

function classExpr(t: IToken): Expr {
  const chars = [...t.image.slice(1, -1)];
  let i = 0;
  let negated = false;
  if (chars[0] === "^") {
    negated = true;
    i = 1;
  }
  const ranges: [number, number][] = [];
  while (i < chars.length) {
    const [a, n1] = readChar(chars, i, t);
    i = n1;
    if (chars[i] === "-" && i + 1 < chars.length) {
      const [b, n2] = readChar(chars, i + 1, t);
      ranges.push([a, b]);
      i = n2;
    } else ranges.push([a, a]);
  }
  return { kind: "cls", ranges, negated };
}

export function parseGbnf(text: string): Grammar {
  const { lexer, parser } = (built ??= build());
  const lexed = lexer.tokenize(text);
  if (lexed.errors.length) {
    const e = lexed.errors[0]!;
    throw new GrammargenError(`gbnf: line ${e.line}, column ${e.column}: unexpected character ${JSON.stringify(text.substr(e.offset, 1))}`, [], "EREAD");
  }
  parser.input = lexed.tokens;
  const defs = parser.file();
  if (parser.errors.length) {
    const e = parser.errors[0]!;
    throw new GrammargenError(`gbnf: line ${e.token.startLine ?? "?"}: ${e.message}`, [], "EREAD");
  }
  // GBNF names may hold '-', capitals and leading digits; the AST allows [a-z][a-z0-9_]*.
  const map = new Map<string, string>();
  const used = new Set<string>();
  for (const d of defs) {
    if (map.has(d.name.image)) throw new GrammargenError(`gbnf: line ${d.name.startLine}: rule ${d.name.image} is defined twice`, [], "EREAD");
    let base = d.name.image.toLowerCase().replace(/-/g, "_");
    if (!/^[a-z]/.test(base)) base = `r_${base}`;
    let name = base;
    for (let i = 2; used.has(name); i++) name = `${base}_${i}`;
    used.add(name);
    map.set(d.name.image, name);
  }
  const rename = (e: Expr): Expr =>
    mapExpr(e, (x) => {
      if (x.kind !== "ref") return x;
      const n = map.get(x.name);
      if (!n) throw new GrammargenError(`gbnf: undefined rule ${x.name}`, [], "EREAD");
      return { kind: "ref", name: n };
    });

  const rules: Rule[] = defs.map((d) => ({ name: map.get(d.name.image)!, expr: rename(d.expr), terminal: false }));
  const start = map.get("root");
  if (!start) throw new GrammargenError("gbnf: no root rule", [], "EREAD");
  // Mark non-recursive rules that only use other such rules as lexical (never the start).
  const byName = new Map(rules.map((r) => [r.name, r]));
  for (let changed = true; changed; ) {
    changed = false;
    for (const r of rules) {
      if (r.terminal || r.name === start) continue;
      if ([...refsOf(r.expr)].every((n) => byName.get(n)?.terminal)) r.terminal = changed = true;
    }
  }
  return { start, rules };
}
