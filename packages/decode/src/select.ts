// Which programs a request needs: the ones it names, plus a small predictor that scores
// every program in the pack by how well the request's words match its IR descriptions
// (BM25 over the command description, option names and option descriptions).
import type { CommandSpec } from "@shellgen/grammargen";

export interface Selection {
  names: string[];
  /** Per program: "mentioned" or the predictor's score, for the record. */
  why: Record<string, string>;
}

const STOP = new Set(
  "a an the and or of to in on at for from with by into onto as is are be it its this that these those all any each every my your our their me we you i do does did can could would should will please how what which who whom where when than then there here show give get use using".split(
    " ",
  ),
);
// Words that say "this request mentions a program" only when they are not everyday English.
const AMBIGUOUS_NAMES = new Set([
  "file",
  "find",
  "sort",
  "head",
  "tail",
  "cut",
  "join",
  "split",
  "touch",
  "date",
  "test",
  "time",
  "yes",
  "true",
  "false",
  "more",
  "less",
  "watch",
  "which",
  "paste",
  "expand",
  "fold",
  "comm",
  "install",
  "link",
  "stat",
  "top",
  "kill",
  "wait",
  "tee",
  "tr",
  "od",
  "nl",
  "pr",
  "env",
  "id",
  "du",
  "df",
]);

/** Lowercased word tokens with a light plural/verb-suffix strip, so "counts" meets "count". */
export function tokens(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9][a-z0-9_+.-]*/g) ?? [])
    .flatMap((w) => w.split(/[._-]+/))
    .filter((w) => w.length > 1 && !STOP.has(w))
    .map(stem);
}

function stem(w: string): string {
  if (w.length > 4 && w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  if (w.length > 5 && w.endsWith("ing")) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith("ed")) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith("es") && /(s|x|ch|sh)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) return w.slice(0, -1);
  return w;
}

/**
 * What a program is for, in the words people use when asking for it. The pack's IR
 * describes options, not purposes, so this prior fills the gap for common tools; it only
 * adds to a program's score when that program is in the pack.
 */
const PURPOSE: Record<string, string> = {
  wc: "count how many lines words characters bytes number of",
  head: "first top beginning start lines bytes",
  tail: "last end bottom final lines follow",
  cat: "show print display contents concatenate read whole file",
  grep: "search find match lines containing pattern occurrences regex",
  sed: "replace substitute edit delete lines substitution rewrite",
  awk: "column field sum total average print fields columns",
  cut: "column field characters delimiter extract columns",
  sort: "sort order alphabetical numerical reverse largest smallest",
  uniq: "unique duplicate distinct repeated count occurrences",
  tr: "translate uppercase lowercase upper lower case delete characters squeeze",
  find: "find locate search files directories recursively named modified older newer",
  ls: "list directory contents files show",
  du: "disk usage space size directory how much",
  df: "free disk space filesystem mounted",
  tar: "archive tarball bundle extract unpack pack",
  gzip: "compress compressed gz",
  gunzip: "decompress uncompress gz extract",
  zip: "zip archive compress",
  unzip: "unzip extract archive",
  cp: "copy duplicate",
  mv: "move rename",
  rm: "delete remove erase",
  mkdir: "create make new directory folder",
  rmdir: "remove empty directory folder",
  touch: "create empty file timestamp update modification time",
  chmod: "permissions executable mode permission make runnable",
  chown: "owner ownership group",
  ln: "link symlink symbolic",
  stat: "size permissions modification time inode metadata information",
  date: "date time today current day month year timestamp",
  sha256sum: "sha256 checksum hash digest verify",
  md5sum: "md5 checksum hash digest",
  sha1sum: "sha1 checksum hash digest",
  base64: "base64 encode decode",
  diff: "difference differences compare changed",
  cmp: "compare bytes identical differ",
  comm: "common lines compare sorted both",
  xargs: "each argument arguments run for every",
  tee: "write save and also display both",
  echo: "print write text message say",
  printf: "print format formatted text",
  nl: "number lines numbered",
  paste: "merge join side lines columns",
  join: "join merge on common field",
  split: "split chunks pieces parts",
  rev: "reverse characters backwards",
  tac: "reverse order lines last first",
  seq: "sequence numbers range count from to",
  jq: "json field key value array object",
  curl: "download url http fetch request",
  wget: "download url fetch",
  ps: "processes running process",
  kill: "kill stop terminate process signal",
  basename: "file name without directory strip suffix",
  dirname: "directory part path parent",
  realpath: "absolute path resolve",
  file: "type kind detect what",
  od: "octal hex dump bytes",
  xxd: "hex dump bytes",
  hexdump: "hex dump bytes",
  openssl: "encrypt decrypt certificate key random hash",
  column: "table align columns",
  fold: "wrap width lines",
  expand: "tabs spaces convert",
  truncate: "shrink extend size truncate",
  readlink: "symlink target resolve",
};

interface Field {
  tf: Map<string, number>;
  length: number;
}

interface Doc {
  name: string;
  /** The words that invoke it: ["grep"], or ["git", "log"] for a subcommand entry. */
  path: string[];
  /** What the program is for: its name, description, help summary and purpose words. */
  purpose: Field;
  /** How it is used: option names and descriptions, operand names. */
  usage: Field;
}

const PURPOSE_WEIGHT = 2;

function field(text: string): Field {
  const tf = new Map<string, number>();
  const words = tokens(text);
  for (const w of words) tf.set(w, (tf.get(w) ?? 0) + 1);
  return { tf, length: words.length };
}

/** Request words that can name a program's job: file names, paths and numbers are arguments, not intent. */
export function intentTokens(request: string): string[] {
  const kept = request
    .split(/\s+/)
    .map((w) => w.replace(/^[("'`]+|[)"'`,;:!?]+$|\.$/g, ""))
    .filter((w) => !/[./~]/.test(w) && !/^\d+$/.test(w));
  return [...new Set(tokens(kept.join(" ")))];
}

/** A built CommandIndex as plain data (see CommandIndex.snapshot). */
export interface CommandIndexSnapshot {
  docs: { name: string; path: string[]; purpose: [string, number][]; usage: [string, number][] }[];
}

const fieldOf = (entries: [string, number][]): Field => ({ tf: new Map(entries), length: entries.reduce((s, [, n]) => s + n, 0) });

export class CommandIndex {
  private readonly docs: Doc[];
  private readonly df = new Map<string, number>();
  private readonly avg: { purpose: number; usage: number };
  readonly names: Set<string>;

  /** The index as plain data, for a cache file; CommandIndex.restore gives it back without tokenising. */
  snapshot(): CommandIndexSnapshot {
    return { docs: this.docs.map((d) => ({ name: d.name, path: d.path, purpose: [...d.purpose.tf], usage: [...d.usage.tf] })) };
  }

  static restore(s: CommandIndexSnapshot): CommandIndex {
    return new CommandIndex(s.docs.map((d) => ({ name: d.name, path: d.path, purpose: fieldOf(d.purpose), usage: fieldOf(d.usage) })));
  }

  constructor(specs: { name: string; ir: CommandSpec; summary?: string }[] | Doc[]) {
    this.docs = specs.map((s) =>
      "purpose" in s
        ? s
        : {
            name: s.name,
            path: s.ir.path?.length ? s.ir.path : [s.name],
            purpose: field([s.name, s.ir.description ?? "", s.summary ?? "", PURPOSE[s.name] ?? ""].join(" ")),
            usage: field([...s.ir.options.flatMap((o) => [...o.long, ...(o.dashLong ?? []), o.description]), ...s.ir.positionals.map((p) => p.name)].join(" ")),
          },
    );
    for (const d of this.docs) for (const w of new Set([...d.purpose.tf.keys(), ...d.usage.tf.keys()])) this.df.set(w, (this.df.get(w) ?? 0) + 1);
    const n = Math.max(1, this.docs.length);
    this.avg = {
      purpose: this.docs.reduce((s, d) => s + d.purpose.length, 0) / n || 1,
      usage: this.docs.reduce((s, d) => s + d.usage.length, 0) / n || 1,
    };
    this.names = new Set(specs.map((s) => s.name));
  }

  /** BM25F-style scores of every program for the request, best first. */
  score(request: string): { name: string; score: number }[] {
    const q = intentTokens(request);
    const n = this.docs.length;
    const k1 = 1.2;
    const b = 0.75;
    const part = (f: Field, avg: number, w: string) => {
      const tf = f.tf.get(w) ?? 0;
      return tf === 0 ? 0 : (tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * f.length) / avg));
    };
    const out = this.docs.map((d) => {
      let score = 0;
      for (const w of q) {
        const df = this.df.get(w);
        if (!df) continue;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        score += idf * (PURPOSE_WEIGHT * part(d.purpose, this.avg.purpose, w) + part(d.usage, this.avg.usage, w));
      }
      return { name: d.name, score };
    });
    return out.filter((s) => s.score > 0).sort((a, b2) => b2.score - a.score || a.name.localeCompare(b2.name));
  }

  /** Programs the request names: `grep`, "use sed", "with jq"; everyday words only in code-ish context. */
  mentioned(request: string): string[] {
    return namedIn(
      request,
      (w) => this.names.has(w),
      (w) => AMBIGUOUS_NAMES.has(w),
    );
  }

  select(request: string, opts: { predicted?: number } = {}): Selection {
    const why: Record<string, string> = {};
    const names = this.mentioned(request);
    for (const n of names) why[n] = "mentioned";
    // Subcommand and multi-call entries (git log, busybox grep) are candidates only when the
    // request names their program; otherwise they would shadow the plain tool.
    const words = new Set(request.toLowerCase().match(/[a-z0-9][a-z0-9_+.-]*/g) ?? []);
    const eligible = new Set(this.docs.filter((d) => d.path.length === 1 || words.has(d.path[0]!)).map((d) => d.name));
    const scored = this.score(request).filter((s) => eligible.has(s.name));
    const top = scored[0]?.score ?? 0;
    let added = 0;
    for (const s of scored) {
      if (added >= (opts.predicted ?? 3)) break;
      // Keep only programs scoring close to the best, so one shared word does not pull in noise.
      if (s.score < top * 0.5) break;
      if (names.includes(s.name)) continue;
      names.push(s.name);
      why[s.name] = `predicted ${s.score.toFixed(2)}`;
      added++;
    }
    return { names, why };
  }
}

/**
 * The words of a request that name a program `known` accepts: quoted (`rsync`), or after
 * "use", "with", "run"... ; a word `ambiguous` accepts (an everyday word) only in those forms.
 */
export function namedIn(request: string, known: (w: string) => boolean, ambiguous: (w: string) => boolean): string[] {
  const found: string[] = [];
  const words = request.match(/[`'"]?[A-Za-z0-9][A-Za-z0-9_+.-]*[`'"]?/g) ?? [];
  for (const raw of words) {
    const quoted = /^[`'"]/.test(raw) && /[`'"]$/.test(raw);
    const w = raw.replace(/^[`'"]|[`'"]$/g, "");
    if (!known(w) || found.includes(w)) continue;
    const codeish = quoted || new RegExp(`\\b(use|using|with|run|via|call|pipe (in)?to|into)\\s+${w.replace(/[.+]/g, "\\$&")}\\b`, "i").test(request);
    if (!ambiguous(w) || codeish) found.push(w);
  }
  return found;
}

/** The purpose paragraph of a --help text: what follows the usage lines, before the options. */
export function helpSummary(help: string): string {
  const lines = help.split("\n");
  let i = 0;
  while (i < lines.length && (/^\s*(usage|or):/i.test(lines[i]!) || lines[i]!.trim() === "")) i++;
  const out: string[] = [];
  for (; i < lines.length && out.join(" ").length < 400; i++) {
    const l = lines[i]!;
    if (l.trim() === "" || /^\s*-/.test(l) || /^\S.*:\s*$/.test(l)) break;
    out.push(l.trim());
  }
  return out.join(" ");
}
