// Reads Lark grammar text into the grammar AST (chevrotain lexer + parser). Supports rules,
// terminals, strings (with the i flag), /regex/flags, "a".."z" ranges, ( ), [ ], ? * +,
// ~ n and ~ n..m, priorities and -> aliases. %import/%ignore/templates are rejected.
import { createRequire } from "node:module";
import type { IToken, TokenType } from "chevrotain";
import { alt, lit, mapExpr, opt, rep, seq, type Expr, type Grammar, type Rule } from "../grammar/ast.js";
import { UNBOUNDED } from "../grammar/names.js";
import { GrammargenError } from "../diagnostics.js";
import { parseRegex } from "./regex.js";

// chevrotain (with lodash-es) costs more start-up than the rest of grammargen, so it loads,
// and the Lark parser is built, on the first read rather than when grammargen is imported.
const require = createRequire(import.meta.url);

function build() {
  const { createToken, EmbeddedActionsParser, Lexer } = require("chevrotain") as typeof import("chevrotain");
  const WS = createToken({ name: "WS", pattern: /[ \t\r\n]+/, group: Lexer.SKIPPED });
  const Comment = createToken({ name: "Comment", pattern: /\/\/[^\n]*/, group: Lexer.SKIPPED });
  const Directive = createToken({ name: "Directive", pattern: /%[a-z]+[^\n]*/ });
  const Arrow = createToken({ name: "Arrow", pattern: /->/ });
  const RuleName = createToken({ name: "RuleName", pattern: /[?!]?_?[a-z][a-z0-9_]*/ });
  const TermName = createToken({ name: "TermName", pattern: /_?[A-Z][A-Z0-9_]*/ });
  const Range = createToken({ name: "Range", pattern: /\.\./ });
  const Priority = createToken({ name: "Priority", pattern: /\.-?\d+/ });
  const Colon = createToken({ name: "Colon", pattern: /:/ });
  const Pipe = createToken({ name: "Pipe", pattern: /\|/ });
  const LParen = createToken({ name: "LParen", pattern: /\(/ });
  const RParen = createToken({ name: "RParen", pattern: /\)/ });
  const LBracket = createToken({ name: "LBracket", pattern: /\[/ });
  const RBracket = createToken({ name: "RBracket", pattern: /\]/ });
  const Question = createToken({ name: "Question", pattern: /\?/ });
  const Star = createToken({ name: "Star", pattern: /\*/ });
  const Plus = createToken({ name: "Plus", pattern: /\+/ });
  const Tilde = createToken({ name: "Tilde", pattern: /~/ });
  const Num = createToken({ name: "Num", pattern: /\d+/ });
  const Str = createToken({ name: "Str", pattern: /"(?:[^"\\\n]|\\.)*"i?/ });
  const Regex = createToken({ name: "Regex", pattern: /\/(?:[^/\\\n]|\\.)+\/[imslux]*/ });

  const tokens: TokenType[] = [
    WS,
    Comment,
    Directive,
    Arrow,
    Range,
    Priority,
    RuleName,
    TermName,
    Colon,
    Pipe,
    LParen,
    RParen,
    LBracket,
    RBracket,
    Question,
    Star,
    Plus,
    Tilde,
    Num,
    Str,
    Regex,
  ];
  const lexer = new Lexer(tokens, { positionTracking: "full", ensureOptimizations: false });

  class LarkParser extends EmbeddedActionsParser {
    constructor() {
      super(tokens, { maxLookahead: 3 });
      this.performSelfAnalysis();
    }

    private isDefStart(): boolean {
      const t1 = this.LA(1).tokenType;
      const t2 = this.LA(2).tokenType;
      return (t1 === RuleName || t1 === TermName) && (t2 === Colon || t2 === Priority);
    }

    file = this.RULE("file", (): RawDef[] => {
      const defs: RawDef[] = [];
      this.MANY(() => {
        this.OR([{ ALT: () => defs.push(this.SUBRULE(this.definition)) }, { ALT: () => this.directive() }]);
      });
      return defs;
    });

    private directive = this.RULE("directive", () => {
      const t = this.CONSUME(Directive);
      this.ACTION(() => {
        throw new GrammargenError(`line ${t.startLine}: Lark directive ${t.image.split(/\s/)[0]} is not supported by the checker`, [], "EREAD");
      });
    });

    private definition = this.RULE("definition", (): RawDef => {
      const name = this.OR([{ ALT: () => this.CONSUME(RuleName) }, { ALT: () => this.CONSUME(TermName) }]);
      this.OPTION(() => this.CONSUME(Priority));
      this.CONSUME(Colon);
      const expr = this.SUBRULE(this.expansions);
      return { name: name.image, terminal: name.tokenType === TermName, expr };
    });

    private expansions = this.RULE("expansions", (): Expr => {
      const items: Expr[] = [this.SUBRULE(this.alias)];
      this.MANY(() => {
        this.CONSUME(Pipe);
        items.push(this.SUBRULE2(this.alias));
      });
      return this.ACTION(() => alt(...items));
    });

    private alias = this.RULE("alias", (): Expr => {
      const items: Expr[] = [];
      this.MANY({ GATE: () => !this.isDefStart(), DEF: () => items.push(this.SUBRULE(this.expr)) });
      this.OPTION(() => {
        this.CONSUME(Arrow);
        this.CONSUME(RuleName);
      });
      return { kind: "seq", items };
    });

    private expr = this.RULE("expr", (): Expr => {
      let e = this.SUBRULE(this.atom);
      this.OPTION(() => {
        this.OR([
          { ALT: () => (this.CONSUME(Question), this.ACTION(() => (e = opt(e)))) },
          { ALT: () => (this.CONSUME(Star), this.ACTION(() => (e = rep(e, 0, UNBOUNDED)))) },
          { ALT: () => (this.CONSUME(Plus), this.ACTION(() => (e = rep(e, 1, UNBOUNDED)))) },
          {
            ALT: () => {
              this.CONSUME(Tilde);
              const a = Number(this.CONSUME(Num).image);
              let b = a;
              this.OPTION2(() => {
                this.CONSUME(Range);
                b = Number(this.CONSUME2(Num).image);
              });
              this.ACTION(() => (e = rep(e, a, b)));
            },
          },
        ]);
      });
      return e;
    });

    private atom = this.RULE(
      "atom",
      (): Expr =>
        this.OR([
          {
            ALT: () => {
              this.CONSUME(LParen);
              const e = this.SUBRULE(this.expansions);
              this.CONSUME(RParen);
              return e;
            },
          },
          {
            ALT: () => {
              this.CONSUME(LBracket);
              const e = this.SUBRULE2(this.expansions);
              this.CONSUME(RBracket);
              return this.ACTION(() => opt(e));
            },
          },
          {
            ALT: () => {
              const a = this.CONSUME(Str);
              let b: IToken | undefined;
              this.OPTION(() => {
                this.CONSUME(Range);
                b = this.CONSUME2(Str);
              });
              return this.ACTION(() => stringAtom(a, b));
            },
          },
          {
            ALT: () => {
              const t = this.CONSUME(Regex);
              return this.ACTION(() => regexAtom(t));
            },
          },
          { ALT: () => ({ kind: "ref", name: `\u0000${this.CONSUME2(RuleName).image}` }) as Expr },
          { ALT: () => ({ kind: "ref", name: `\u0001${this.CONSUME2(TermName).image}` }) as Expr },
        ]),
    );
  }

  return { lexer, parser: new LarkParser() };
}

let built: ReturnType<typeof build> | undefined;

interface RawDef {
  name: string;
  terminal: boolean;
  expr: Expr;
}

export function unescapeLarkString(body: string): string {
  return body.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)/g, (_m, e: string) => {
    if (e.length > 1) return String.fromCodePoint(parseInt(e.slice(1), 16));
    return ({ n: "\n", t: "\t", r: "\r", f: "\f", v: "\v", "0": "\0" } as Record<string, string>)[e] ?? e;
  });
}

function stringAtom(a: IToken, b?: IToken): Expr {
  const text = (t: IToken) => unescapeLarkString(t.image.replace(/i$/, "").slice(1, -1));
  if (b) {
    const x = [...text(a)];
    const y = [...text(b)];
    if (x.length !== 1 || y.length !== 1) throw new GrammargenError(`line ${a.startLine}: a range needs single characters`, [], "EREAD");
    return { kind: "cls", ranges: [[x[0]!.codePointAt(0)!, y[0]!.codePointAt(0)!]], negated: false };
  }
  const e = lit(text(a));
  return a.image.endsWith("i") ? parseRegexLiteral(text(a), "i") : e;
}

function parseRegexLiteral(text: string, flags: string): Expr {
  return parseRegex(
    text.replace(/[\\.^$|?*+()[\]{}/]/g, (c) => `\\${c}`),
    flags,
  );
}

function regexAtom(t: IToken): Expr {
  const m = /^\/(.*)\/([imslux]*)$/s.exec(t.image)!;
  try {
    return parseRegex(m[1]!.replace(/\\\//g, "/"), m[2]!);
  } catch (e) {
    if (e instanceof GrammargenError) throw new GrammargenError(`line ${t.startLine}: ${e.message}`, [], "EREAD");
    throw e;
  }
}

/** Lark names -> AST names: strip ?/!/_ decorations, lowercase terminals, keep both namespaces apart. */
function mapNames(defs: RawDef[]): Map<string, string> {
  const map = new Map<string, string>();
  const used = new Set<string>();
  for (const d of defs) {
    const key = `${d.terminal ? "\u0001" : "\u0000"}${d.name.replace(/^[?!]/, "")}`;
    let base = d.name.replace(/^[?!]/, "").replace(/^_+/, "").toLowerCase();
    if (!/^[a-z]/.test(base)) base = `r_${base}`;
    let name = base;
    for (let i = 2; used.has(name); i++) name = `${base}_${d.terminal ? "t" : "r"}${i}`;
    used.add(name);
    map.set(key, name);
  }
  return map;
}

function rename(e: Expr, map: Map<string, string>): Expr {
  return mapExpr(e, (x) => {
    if (x.kind !== "ref") return x;
    const n = map.get(x.name);
    if (!n) throw new GrammargenError(`undefined ${x.name.startsWith("\u0001") ? "terminal" : "rule"} ${x.name.slice(1)}`, [], "EREAD");
    return { kind: "ref", name: n };
  });
}

export function parseLark(text: string): Grammar {
  const { lexer, parser } = (built ??= build());
  const lexed = lexer.tokenize(text);
  if (lexed.errors.length) {
    const e = lexed.errors[0]!;
    throw new GrammargenError(`lark: line ${e.line}, column ${e.column}: unexpected character ${JSON.stringify(text.substr(e.offset, 1))}`, [], "EREAD");
  }
  parser.input = lexed.tokens;
  const defs = parser.file();
  if (parser.errors.length) {
    const e = parser.errors[0]!;
    throw new GrammargenError(`lark: line ${e.token.startLine ?? "?"}: ${e.message}`, [], "EREAD");
  }
  const map = mapNames(defs);
  const seen = new Set<string>();
  const rules: Rule[] = [];
  for (const d of defs) {
    const key = `${d.terminal ? "\u0001" : "\u0000"}${d.name.replace(/^[?!]/, "")}`;
    if (seen.has(key)) throw new GrammargenError(`lark: ${d.name} is defined twice`, [], "EREAD");
    seen.add(key);
    rules.push({ name: map.get(key)!, expr: rename(d.expr, map), terminal: d.terminal });
  }
  const start = map.get("\u0000start");
  if (!start) throw new GrammargenError("lark: no start rule", [], "EREAD");
  return { start, rules };
}
