// Grounded value terminals. Small models pick the right program and then invent file
// names. At decode time, path-typed values in the IR become a closed choice: strings that
// occur in the request (quoted or bare), entries of the workspace, and a bounded fallback
// of output names the request implies. Every other bare word that looks like a path
// (contains "." or "/") must be one of those names too; quoted strings, patterns, modes and
// numbers stay free, so scripts like sed 's/a/b/' and chmod +x are unaffected.
import {
  alt,
  cls,
  lit,
  literalChoice,
  mapExpr,
  opt,
  ref,
  rep,
  seq,
  type CommandSpec,
  type Expr,
  type Grammar,
  type OptionSpec,
  type PositionalSpec,
  type ValueType,
  UNBOUNDED,
} from "@shellgen/grammargen";

export interface GroundValues {
  paths: string[];
}

const MAX_CANDIDATES = 96;
const EXTENSIONS = ["txt", "log", "csv", "json", "md", "out", "bak", "gz", "tar", "tar.gz", "tgz", "zip", "sh", "conf", "list", "sorted"];

/**
 * Words of a request that are never a name it means (a workspace entry of the same name still
 * is one): function words, and the words that say where or what kind ("current", "folder").
 */
const FRAME_WORDS = new Set(
  (
    "a an the this that these those all any every each some my your our its it them their of in on at to into onto from for with without by " +
    "under below above over inside within across through and or not no only just also too then than here there where which what who how when " +
    "is are be was were do does did can could should would will please me you we current working whole entire directory directories folder " +
    "folders dir dirs file files subfolder subfolders subdirectory subdirectories tree recursively everything anything"
  ).split(" "),
);

/** A request word that is only a common file extension: ".csv", ".py". */
const EXTENSION_ONLY =
  /^\.(txt|log|csv|tsv|json|md|out|bak|gz|tar|tgz|zip|sh|conf|cfg|ini|yml|yaml|xml|html|css|js|ts|py|c|h|cpp|java|go|rs|rb|php|sql|png|jpe?g|gif|pdf|mp3|mp4|iso|dat|bin|tmp)$/i;

/** Candidate path values for one request and workspace. Deterministic order, bounded size. */
export function groundValues(request: string, workspaceFiles: string[] = []): GroundValues {
  const out = new Set<string>();
  const add = (s: string) => {
    const v = s.trim();
    if (v === "" || v.length > 200 || v.includes("\n")) return;
    // Raw strings: the lowering spells each choice as a shell word, quoting where needed.
    out.add(v);
  };
  // Quoted strings first: the user's exact spelling.
  for (const m of request.matchAll(/"([^"\n]+)"|'([^'\n]+)'|`([^`\n]+)`/g)) add(m[1] ?? m[2] ?? m[3]!);
  // Bare tokens that look like paths or names: strip sentence punctuation around them.
  const bare = request.split(/\s+/).map((t) => t.replace(/^[("'`[{<]+|[)"'`\]}>,;:!?]+$|\.$/g, ""));
  const pathish = bare.filter((t) => /[./~]/.test(t) || /^[A-Za-z0-9_-]+$/.test(t));
  // ".txt" in "all .txt files" means the glob added below, not a file of that name (a dotfile
  // such as .env stays a name, and so does any entry the workspace really has).
  for (const t of pathish) if (/[./~]/.test(t) && !EXTENSION_ONLY.test(t)) add(t);
  for (const f of workspaceFiles) {
    add(f);
    if (f.endsWith("/")) add(f.slice(0, -1));
  }
  // Globs over extensions the request or workspace mentions: "all .log files" -> *.log.
  const exts = new Set<string>();
  for (const t of [...bare, ...workspaceFiles]) {
    const m = /(?:^|[^./])\.([A-Za-z0-9]{1,8})$/.exec(t) ?? /^\.([A-Za-z0-9]{1,8})$/.exec(t);
    if (m) exts.add(m[1]!);
  }
  for (const e of exts) add(`*.${e}`);
  for (const s of [".", "..", "*", "-", "/dev/null"]) add(s);
  // Bounded fallback: new output names the request implies ("into a file called report").
  const named = /\b(?:called|named|name|into|to|as)\s+([A-Za-z0-9_-]{1,40})\b/gi;
  for (const m of request.matchAll(named)) {
    const stemName = m[1]!;
    if (/^(the|a|an|it|them|file|files|directory|folder|stdout|stderr|each|every|one|new)$/i.test(stemName)) continue;
    add(stemName);
    for (const e of EXTENSIONS.slice(0, 8)) add(`${stemName}.${e}`);
  }
  // Bare words as names (directories without dots, e.g. "the folder archive"), lowest priority;
  // not the words that only frame a request ("the current directory", "this project").
  for (const t of pathish) if (!/[./~]/.test(t) && t.length > 1 && !FRAME_WORDS.has(t.toLowerCase())) add(t);
  return { paths: [...out].slice(0, MAX_CANDIDATES) };
}

/**
 * A path slot's choices: the grounded names, and each name without an extension or glob
 * also with a trailing "/" (mv *.log logs/, cp a ../), as the free word allows. Without it
 * a model that writes `logs/` into a path slot can only go on through a command's
 * `... -- WORDS` form, which never ends until it writes `--`.
 */
function pathChoices(values: GroundValues): string[] {
  const dirs = values.paths.filter(
    (p) => p !== "-" && p !== "/dev/null" && !p.endsWith("/") && !/[*?[]/.test(p) && (p === "." || p === ".." || !/\.[^/]*$/.test(p)),
  );
  return [...values.paths, ...dirs.map((d) => `${d}/`)];
}

/**
 * A choice no name can spell, offered in every grounded path slot: decodingTerminals turns it
 * into a variable reference (`"$f"`, `"${f%.txt}.md"`, `$dir/out`), which names a file at run
 * time (a loop's variable), not one the model made up.
 */
export const VARIABLE = "\u0000variable";

const groundType = (t: ValueType, values: GroundValues): ValueType => (t.kind === "path" ? { kind: "enum", choices: [...pathChoices(values), VARIABLE] } : t);

/**
 * A word that starts with a parameter expansion or a double-quoted string holding one, then
 * any more word text: `$f`, `"$f"`, `"${f%.txt}.md"`, `"$dir/$f"`, `$HOME/x`.
 */
function variableWord(): Expr {
  const name = alt(seq(cls("A-Za-z_"), rep(cls("A-Za-z0-9_"), 0, 31)), cls("0-9@#?!"));
  const expansion = seq(lit("$"), alt(name, seq(lit("{"), rep(cls("}\n\"'`", true), 1, 64), lit("}"))));
  const plainInQuotes = cls('"\\\n$`', true);
  const quoted = seq(lit('"'), rep(plainInQuotes, 0, 64), expansion, rep(alt(plainInQuotes, expansion), 0, 64), lit('"'));
  const plain = cls(" \t\n'\"\\|&;<>()`$", true);
  return seq(alt(expansion, quoted), rep(alt(plain, expansion, quoted), 0, 64));
}

function groundOption(o: OptionSpec, values: GroundValues): OptionSpec {
  if (!o.value || o.value.type.kind !== "path") return o;
  return { ...o, value: { ...o.value, type: groundType(o.value.type, values) } };
}

const groundPositional = (p: PositionalSpec, values: GroundValues): PositionalSpec => ({ ...p, type: groundType(p.type, values) });

/** The same command with every path-typed value restricted to the grounded candidates. */
export function groundSpec(spec: CommandSpec, values: GroundValues): CommandSpec {
  if (values.paths.length === 0) return spec;
  return {
    ...spec,
    options: spec.options.map((o) => groundOption(o, values)),
    globalOptions: spec.globalOptions?.map((o) => groundOption(o, values)),
    positionals: spec.positionals.map((p) => groundPositional(p, values)),
    subcommands: spec.subcommands.map((s) => groundSpec(s, values)),
  };
}

// The shell word pieces of the shared terminals (grammargen lower/terminals.ts), specialised
// for decoding: quoted strings stay on one line (a command never holds a blank line, and a
// small model that opens a quote and then wants to stop would otherwise write newlines
// into it until the token limit), and, when grounding, a bare word cannot contain "." or "/" (a trailing "/" aside).
const BARE_EXCLUDED = " \t\n'\"\\|&;<>()`";
const escaped = (): Expr => seq(lit("\\"), cls("\n", true));
const squoted = (): Expr => seq(lit("'"), rep(cls("'\n", true), 0, 256), lit("'"));
// As in the composed terminals, "..." holds no $( or ` of its own: a quoted substitution goes
// through the grammar's sh_piece, which parses the command inside. Two readings of every
// quoted string would keep two parse stacks alive through all of it.
// "${" opens an expansion that must close on the same line: bash -n refuses "${f%.txt".
const dqChar = (): Expr =>
  alt(cls('"\\\n$`', true), escaped(), seq(lit("$"), alt(cls('("\\`\n{', true), seq(lit("{"), rep(cls('}"`$\n', true), 1, UNBOUNDED), lit("}")))));
const dquoted = (): Expr => seq(lit('"'), rep(dqChar(), 0, 256), opt(lit("$")), lit('"'));

/**
 * Whether the grounded free word (segments of bare characters without "." or "/", and
 * single-line quotes, with an optional trailing "/") spells `name`. Mirrors the Expr that
 * decodingTerminals builds from the same constants; a name it spells that does not start
 * with "-" is spelled by the free operand too.
 */
function freeSpells(name: string): boolean {
  const body = name.length > 1 && name.endsWith("/") ? name.slice(0, -1) : name;
  let segments = 0;
  for (let i = 0; i < body.length; segments++) {
    if (body[i] === "'") {
      const close = body.indexOf("'", i + 1);
      if (close < 0 || close - i - 1 > 256 || body.slice(i + 1, close).includes("\n")) return false;
      i = close + 1;
    } else {
      if (`${BARE_EXCLUDED}./`.includes(body[i]!)) return false;
      i++;
    }
  }
  return segments >= 1 && segments <= 256;
}

/** A choice spelled the way the lowering spells enum choices: bare when safe, else single-quoted. */
const spelled = (choice: string): string => (/^[^\s'"\\|&;<>()`$]+$/.test(choice) ? choice : `'${choice.replace(/'/g, "")}'`);

/**
 * Override the shared `word` and `operand` terminals of a composed grammar for decoding:
 * single-line quotes always; with grounding values, a bare word with "." or "/" in it must
 * be a grounded name. Applied after composition, so it also covers operands after `--`,
 * redirection targets and words inside compound commands.
 */
export function decodingTerminals(g: Grammar, values?: GroundValues): Grammar {
  const bare = (extra = ""): Expr => cls(`${BARE_EXCLUDED}${values ? "./" : ""}${extra}`, true);
  const segment = (): Expr => alt(bare(), escaped(), squoted(), dquoted());
  // A name the free branch below spells too ("notes", 'my file.txt') is left out of the
  // literal choice: the language is the same, and llama.cpp's sampler would otherwise keep a
  // second parse stack alive along every word that starts like it.
  const names = values ? [...new Set(values.paths.map(spelled))].filter((c) => c !== "" && !freeSpells(c)) : [];
  const operandNames = names.filter((c) => !c.startsWith("-") || c === "-");
  // Grounded, a new bare name may still end in "/" (mv *.log backup/): a directory to create.
  const slash = values ? [opt(lit("/"))] : [];
  const replacement: Record<string, Expr> = {
    // The text around a quoted substitution ("$(date): done") stays on one line too.
    sh_dqtext: rep(dqChar(), 1, 256),
    word: alt(...(names.length ? [literalChoice(names)] : []), seq(rep(segment(), 1, 256), ...slash)),
    operand: alt(
      ...(operandNames.length ? [literalChoice(operandNames)] : []),
      seq(alt(bare("-"), escaped(), squoted(), dquoted()), rep(segment(), 0, 255), ...slash),
      lit("-"),
    ),
  };
  const rules = g.rules.map((r) =>
    replacement[r.name] ? { ...r, expr: replacement[r.name]!, comment: values ? "grounded for decoding" : "single-line for decoding" } : r,
  );
  if (!values) return { ...g, rules };
  const variable = (e: Expr): Expr => (e.kind === "lit" && e.text === VARIABLE ? ref("sg_varword") : e);
  return {
    ...g,
    rules: [
      ...rules.map((r) => ({ ...r, expr: mapExpr(r.expr, variable) })),
      { name: "sg_varword", terminal: true, expr: variableWord(), comment: "a variable reference in a grounded path slot" },
    ],
  };
}

const SPECIAL = new Set([".", "..", "-", "*", "/dev/null"]);
const bigrams = (s: string): string[] => Array.from({ length: Math.max(0, s.length - 1) }, (_, i) => s.slice(i, i + 2));
function dice(a: string, b: string): number {
  const x = bigrams(a);
  const y = bigrams(b);
  if (x.length === 0 || y.length === 0) return a === b ? 1 : 0;
  const pool = [...y];
  let hits = 0;
  for (const g of x) {
    const i = pool.indexOf(g);
    if (i >= 0) {
      hits++;
      pool.splice(i, 1);
    }
  }
  return (2 * hits) / (x.length + y.length);
}
const extension = (s: string): string | undefined => /\.([A-Za-z0-9]{1,8})$/.exec(s)?.[1];

/** The grounded name a made-up path most likely meant: same extension first, then most shared bigrams. */
function nearestGrounded(word: string, candidates: string[]): string | undefined {
  const ext = extension(word);
  const sameExt = ext ? candidates.filter((c) => extension(c) === ext) : [];
  const pool = sameExt.length ? sameExt : candidates;
  let best: string | undefined;
  let bestScore = sameExt.length ? -1 : 0.25; // without the extension to go on, ask for some resemblance
  for (const c of pool) {
    const s = dice(word, c);
    if (s > bestScore) [best, bestScore] = [c, s];
  }
  return best;
}

/**
 * Grounding applied to a finished command: every bare path-like word (with "." or "/") that
 * is not a grounded name is replaced by the grounded name it most resembles. The constrained
 * decode uses it when a free decode was rejected, before sampling under the grammar: a small
 * model under a grounded grammar, denied the name it invented, tends to end the command
 * instead of spelling the right one. Quoted words, options, globs and assignments stay.
 */
export function snapToGrounded(command: string, values: GroundValues): { command: string; replaced: string[] } {
  const names = values.paths.filter((p) => !SPECIAL.has(p) && !p.includes("*"));
  const known = new Set(values.paths);
  const replaced: string[] = [];
  if (names.length === 0) return { command, replaced };
  // Bare words only: a run of characters outside quotes, whitespace and shell operators.
  const out = command.replace(/(^|[\s|&;<>()=])([^\s'"`\\|&;<>()$=*?[\]{}-][^\s'"`\\|&;<>()$=*?[\]{}]*)(?=$|[\s|&;<>()])/g, (m, pre: string, word: string) => {
    if (!/[./]/.test(word) || known.has(word) || /^[0-9.]+$/.test(word) || /^[a-z]+:\/\//i.test(word)) return m;
    const to = nearestGrounded(word, names);
    if (!to || to === word) return m;
    replaced.push(`${word} -> ${to}`);
    return pre + spelled(to);
  });
  return { command: out, replaced };
}
