// Help texts for fuzzing: mutations of the corpus, random option tables in every style,
// texts spliced from two styles, and the damage real captures carry (CRLF, ANSI colour,
// man-page overstrike, tabs, odd Unicode, very long lines, truncation).
import fc from "fast-check";
import type { HelpStyle } from "../src/ir.js";

const ODD = [
  "\u00a0",
  "\u200b",
  "\u202e",
  "\ufeff",
  "é",
  "ß",
  "—",
  "–",
  "‘",
  "’",
  "“",
  "”",
  "…",
  "€",
  "😀",
  "👩‍👩‍👧",
  "\u0301",
  "𝔸",
  "中文",
  "\t",
  "\f",
  "\v",
  "\x1b",
  "\x08",
  "\r",
  "\u2028",
  "\ufffd",
  "\ud800",
];
const SYMBOLS = [..."-=[]<>{}()|,.:;!?'\"`*+#@$%^&~/\\_ "];

/** Short random text mixing ASCII, symbols that matter to help parsers, and odd Unicode. */
export const noise: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(..."abcXYZ09".split("")) },
      { weight: 3, arbitrary: fc.constantFrom(...SYMBOLS) },
      { weight: 1, arbitrary: fc.constantFrom(...ODD) },
      { weight: 1, arbitrary: fc.constantFrom("--", "-x", "--long", "=VALUE", "[=WHEN]", "<FILE>", "...", "\n", "\n\n", "Options:", "Usage: ", "Commands:") },
    ),
    { maxLength: 24 },
  )
  .map((a) => a.join(""));

const ansi = (w: string, code: number) => `\x1b[${code}m${w}\x1b[0m`;
const bold = (w: string) => [...w].map((c) => `${c}\b${c}`).join("");
const underline = (w: string) => [...w].map((c) => `_\b${c}`).join("");

/** Whole-text damage that captures really show. */
const transforms: ((s: string, k: number) => string)[] = [
  (s) => s.replace(/\n/g, "\r\n"),
  (s) => s.replace(/\n/g, "\r"),
  (s, k) => s.replace(/--?[a-zA-Z][\w-]*/g, (w, at: number) => ((at + k) % 3 === 0 ? ansi(w, 1) : w)),
  (s, k) => s.replace(/\b[A-Z]{2,}\b/g, (w, at: number) => ((at + k) % 2 === 0 ? ansi(w, 4) : w)),
  (s) => s.replace(/--?[a-zA-Z][\w-]*/g, bold),
  (s) => s.replace(/\b[A-Z]{2,}\b/g, underline),
  (s) => s.replace(/^ {8}/gm, "\t"),
  (s) => s.replace(/^( +)/gm, (m) => "\t".repeat(Math.ceil(m.length / 4))),
  (s, k) => s.replace(/ /g, (_m, at: number) => ((at * 7 + k) % 11 === 0 ? "\u00a0" : " ")),
  (s) => s.slice(0, Math.floor(s.length / 2)),
  (s, k) =>
    s
      .split("\n")
      .map((l, i) => ((i + k) % 5 === 0 ? l + " " + "x".repeat(2000 + k) : l))
      .join("\n"),
  (s, k) => `${"=".repeat(20_000 + k)}\n${s}`,
  (s) => s.toUpperCase(),
  (s) => s.replace(/\n\n/g, "\n"),
  (s) => s.split("\n").reverse().join("\n"),
  (s) => `\ufeff${s}`,
  (s) => s.replace(/, /g, ","),
  (s) => s.replace(/ {2,}/g, " "),
];

/** One local edit: insert noise, delete a range, duplicate or drop a line. */
type Edit = [kind: number, at: number, len: number, ins: string];
const edit: fc.Arbitrary<Edit> = fc.tuple(fc.nat({ max: 5 }), fc.nat(), fc.nat({ max: 200 }), noise);

function applyEdit(s: string, [kind, at0, len, ins]: Edit): string {
  const at = at0 % (s.length + 1);
  switch (kind) {
    case 0:
    case 1:
      return s.slice(0, at) + ins + s.slice(at);
    case 2:
      return s.slice(0, at) + s.slice(at + len);
    case 3:
      return s.slice(0, at) + ins + s.slice(at + Math.min(len, 20));
    case 4: {
      const lines = s.split("\n");
      const i = at0 % lines.length;
      lines.splice(i, 0, ...lines.slice(i, i + 1 + (len % 30)));
      return lines.join("\n");
    }
    default: {
      const lines = s.split("\n");
      lines.splice(at0 % lines.length, 1 + (len % 5));
      return lines.join("\n");
    }
  }
}

export function mutatedCorpus(texts: string[]): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom(...texts),
      fc.array(edit, { maxLength: 8 }),
      fc.array(fc.nat({ max: transforms.length - 1 }), { maxLength: 2 }),
      fc.nat({ max: 1000 }),
    )
    .map(([t, edits, ts, k]) => {
      let s = t;
      for (const e of edits) s = applyEdit(s, e);
      for (const i of ts) s = transforms[i]!(s, k);
      return s;
    });
}

/** Two corpus texts of (usually) different styles spliced line-wise: "mixed styles". */
export function spliced(texts: string[]): fc.Arbitrary<string> {
  return fc.tuple(fc.constantFrom(...texts), fc.constantFrom(...texts), fc.nat(), fc.nat()).map(([a, b, i, j]) => {
    const la = a.split("\n");
    const lb = b.split("\n");
    const x = i % (la.length + 1);
    const y = j % (lb.length + 1);
    return [...la.slice(0, x), ...lb.slice(y), ...la.slice(x)].join("\n");
  });
}

// --- random option tables -------------------------------------------------------------

// Pools plus numbers rather than fc.stringMatching, which made generation cost more than the cases.
const ident = fc
  .tuple(fc.constantFrom("all", "color", "no-clobber", "dry-run", "x", "output", "verbose", "max-count", "ignore-case", "a1"), fc.nat({ max: 99 }))
  .map(([w, n]) => (n < 30 ? w : `${w}-${n}`));
const metavar = fc.oneof(
  fc.constantFrom("ARG", "FILE_NAME", "DIR", "COUNT", "X"),
  fc.constantFrom("FILE", "NUM", "SIZE", "WHEN", "PATTERN", "string", "int", "duration", "N", "#", "a|b|c", "PEM|DER", "{x,y,z}"),
);
const letter = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789#?@".split(""));
const description = fc.oneof(
  fc.constantFrom(
    "turn it on",
    "set the level (default: 3)",
    "one of: always, never, auto",
    "can be given multiple times",
    "[possible values: json, yaml]",
    "  [default: 8]",
    "deprecated",
    "",
  ),
  noise,
);

interface Row {
  short?: string;
  long?: string;
  value?: string;
  shape: number;
  desc: string;
  wrap: boolean;
}
const row: fc.Arbitrary<Row> = fc.record({
  short: fc.option(letter, { nil: undefined }),
  long: fc.option(ident, { nil: undefined }),
  value: fc.option(metavar, { nil: undefined }),
  shape: fc.nat({ max: 9 }),
  desc: description,
  wrap: fc.boolean(),
});

const STYLED: { style: HelpStyle; render: (r: Row) => string; usage: (name: string) => string; header: string }[] = [
  {
    style: "gnu",
    header: "Options:",
    usage: (n) => `Usage: ${n} [OPTION]... [FILE]...`,
    render: (r) => {
      const s = r.short ? `-${r.short}` : "";
      const l = r.long ? `--${r.long}` : "";
      const v = r.value ?? "ARG";
      const head = [s, l].filter(Boolean).join(", ");
      const val = r.shape % 4 === 0 ? "" : r.shape % 4 === 1 ? (l ? `=${v}` : ` ${v}`) : r.shape % 4 === 2 ? (l ? `[=${v}]` : `[${v}]`) : ` ${v}`;
      return `  ${head || "-x"}${val}  ${r.desc}`;
    },
  },
  {
    style: "cobra",
    header: "Flags:",
    usage: (n) => `Usage:\n  ${n} [flags]\n  ${n} [command]`,
    render: (r) =>
      `  ${r.short ? `-${r.short}, ` : "    "}--${r.long ?? "flag"}${r.shape % 3 === 0 ? "" : ` ${r.shape % 3 === 1 ? "string" : (r.value ?? "int")}`}   ${r.desc}`,
  },
  {
    style: "argparse",
    header: "options:",
    usage: (n) => `usage: ${n} [-h] [--opt VALUE] src [dst ...]`,
    render: (r) =>
      `  ${[r.short && `-${r.short}${r.shape % 2 ? ` ${r.value ?? "X"}` : ""}`, r.long && `--${r.long}${r.shape % 2 ? ` ${r.value ?? "X"}` : ""}`].filter(Boolean).join(", ") || "-q"}${r.wrap ? "\n                        " : "  "}${r.desc}`,
  },
  {
    style: "click",
    header: "Options:",
    usage: (n) => `Usage: ${n} [OPTIONS] NAME`,
    render: (r) =>
      `  ${r.long ? `--${r.long}${r.shape % 3 === 0 ? ` / --no-${r.long}` : r.shape % 3 === 1 ? ` [${r.value ?? "a|b"}]` : ` ${r.value ?? "TEXT"}`}` : `-${r.short ?? "v"}`}  ${r.desc}`,
  },
  {
    style: "clap",
    header: "Options:",
    usage: (n) => `Usage: ${n} [OPTIONS] <INPUT>...`,
    render: (r) =>
      `  ${r.short ? `-${r.short}, ` : "    "}--${r.long ?? "opt"}${r.shape % 3 === 0 ? "" : ` <${r.value ?? "VAL"}>`}${r.shape % 5 === 0 ? "..." : ""}\n          ${r.desc}`,
  },
  {
    style: "openssl",
    header: "General options:",
    usage: (n) => `Usage: ${n} [options]`,
    render: (r) => ` -${r.long ?? r.short ?? "in"}${r.shape % 2 ? ` ${r.value ?? "infile"}` : ""}        ${r.desc}`,
  },
  {
    style: "busybox",
    header: "",
    usage: (n) => `BusyBox v1.36.1 multi-call binary.\n\nUsage: ${n} [-abc] [-n NUM] [FILE]...`,
    render: (r) => `\t-${r.short ?? "a"}${r.shape % 2 ? ` ${r.value ?? "N"}` : ""}\t${r.desc}`,
  },
  {
    style: "bsd",
    header: "",
    usage: (n) => `usage: ${n} [-46AaCfGgKkMNnqsTtVvXxYy] [-B bind_interface] [-b bind_address]`,
    render: (r) => `       [-${r.short ?? "o"} ${r.value ?? "option"}] [${r.long ?? "destination"}]`,
  },
];

/** A random help text in one style: usage line, maybe a commands section, an option table. */
export const randomTable: fc.Arbitrary<{ text: string; style: HelpStyle }> = fc
  .tuple(
    fc.nat({ max: STYLED.length - 1 }),
    fc.array(row, { maxLength: 40 }),
    fc.array(ident, { maxLength: 6 }),
    fc.boolean(),
    fc.constantFrom("tool", "x", "git log", "a.b"),
  )
  .map(([k, rows, commands, epilog, name]) => {
    const s = STYLED[k]!;
    const parts = [s.usage(name), "", "A tool that does things.", ""];
    if (commands.length) parts.push("Commands:", ...commands.map((c) => `  ${c}    run ${c}`), "");
    if (s.header) parts.push(s.header);
    parts.push(...rows.map(s.render));
    if (epilog) parts.push("", "See the manual for more.", "Report bugs to <bugs@example.org>.");
    return { text: parts.join("\n"), style: s.style };
  });

/** A case: the text, the command name, and sometimes a forced style (parsers meet texts of other styles). */
export interface HelpCase {
  text: string;
  name: string | string[];
  style?: HelpStyle;
}

const ALL_STYLES: HelpStyle[] = ["gnu", "cobra", "argparse", "click", "clap", "busybox", "openssl", "curl", "git", "find", "tar", "dd", "bsd", "generic"];

export function helpCases(texts: string[]): fc.Arbitrary<HelpCase> {
  const name = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom("tool", "git log", "ls", "openssl x509") },
    { weight: 1, arbitrary: fc.constantFrom("", "a;b", "$(x)", "  ", "ok name") },
    { weight: 1, arbitrary: fc.array(fc.constantFrom("git", "", "a b", "x"), { maxLength: 3 }) },
  );
  const style = fc.option(fc.constantFrom(...ALL_STYLES), { nil: undefined, freq: 4 });
  const text = fc.oneof(
    { weight: 5, arbitrary: mutatedCorpus(texts) },
    {
      weight: 3,
      arbitrary: randomTable.chain(({ text }) =>
        fc
          .tuple(fc.array(edit, { maxLength: 3 }), fc.option(fc.nat({ max: transforms.length - 1 }), { nil: undefined }))
          .map(([es, t]) => (t === undefined ? es.reduce(applyEdit, text) : transforms[t]!(es.reduce(applyEdit, text), 3))),
      ),
    },
    { weight: 2, arbitrary: spliced(texts) },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 300 }) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 200 }) },
  );
  return fc.record({ text, name, style }).map((c) => (c.style === undefined ? { text: c.text, name: c.name } : c));
}
