// A man page's roff source (man(7) or mdoc(7) macros) -> the layout `man -P cat` prints:
// section titles at the margin, paragraphs indented, a list item's tag on its own line and its
// body indented deeper, each SYNOPSIS form starting at the margin with the program. No
// filling: every input line that carries text is an output line, which the man reader joins
// as it joins wrapped lines. Every output character keeps its source offset (a TextView), so
// the reader's spans land on the source's own lines.
import { TextView } from "./view.js";

/** The text is roff source: a .TH or .Dd/.Dt request, or section requests among request lines. */
export function isRoff(text: string): boolean {
  return /^\.(TH|Dd|Dt)\s/m.test(text) || (/^\.(SH|Sh)\s/m.test(text) && (text.match(/^\.[A-Za-z]{1,2}\b/gm)?.length ?? 0) >= 5);
}

const BODY = 7;
const STEP = 7;

const CHAR_NAMES: Record<string, string> = {
  mi: "-",
  hy: "-",
  en: "-",
  em: "--",
  aq: "'",
  dq: '"',
  lq: '"',
  rq: '"',
  oq: "'",
  cq: "'",
  bu: "o",
  co: "(C)",
  rg: "(R)",
  tm: "(TM)",
  rs: "\\",
  ti: "~",
  ha: "^",
  ga: "`",
  at: "@",
  sh: "#",
  Do: "$",
  pc: ".",
  bv: "|",
  ba: "|",
  br: "|",
  lh: "<=",
  rh: "=>",
  "->": "->",
  "<-": "<-",
  ">=": ">=",
  "<=": "<=",
  "==": "==",
  "!=": "!=",
  "**": "*",
  pl: "+",
  eq: "=",
  sl: "/",
  ct: "c",
  de: "deg",
  "+-": "+-",
  mu: "x",
  di: "/",
};
/** Own keys only: an escape named like an Object method (\(valueOf) is no character. */
const charName = (name: string): string | undefined => (Object.hasOwn(CHAR_NAMES, name) ? CHAR_NAMES[name] : undefined);
const STRINGS: Record<string, string> = { lq: '"', rq: '"', R: "(R)", Tm: "(TM)", "(Tm": "(TM)" };

/** One piece of output text with its source offset: copied (same text in the source) or made. */
interface Piece {
  text: string;
  at: number;
  copied: boolean;
  /** Set in italics: a placeholder, by man-pages(7)'s convention ("-o \fIfile\fP"). */
  italic?: boolean;
}

/**
 * A placeholder is printed in capitals, as help texts write them ("-o FILE"): a rendered page
 * shows "-o file", and "-number" would read as an option named "number".
 */
const PLACEHOLDER = /^[a-z][\w,.[\]:|-]*$/;
const shown = (p: Piece): string => (p.italic && PLACEHOLDER.test(p.text) ? p.text.replace(/[a-z][a-z0-9_]*/g, (w) => w.toUpperCase()) : p.text);

/** Reads roff escapes in source[from, to) into pieces; `font` is the font the text starts in. */
function readEscapes(src: string, from: number, to: number, font = "R"): Piece[] {
  const out: Piece[] = [];
  let run = from;
  let italic = font === "I";
  let previous = italic;
  const flush = (i: number) => {
    if (i <= run) return;
    // Italic runs word by word, so that each placeholder is one piece.
    if (!italic) out.push({ text: src.slice(run, i), at: run, copied: true });
    else for (const m of src.slice(run, i).matchAll(/\S+|\s+/g)) out.push({ text: m[0], at: run + m.index, copied: true, italic: true });
  };
  const made = (text: string, at: number) => {
    if (text) out.push({ text, at, copied: false });
  };
  // The argument of \X'...', \f[...], \f(xx, \fB: its end.
  const argEnd = (i: number): number => {
    const c = src[i];
    if (c === "[") return Math.min(to, src.indexOf("]", i) < 0 ? to : src.indexOf("]", i) + 1);
    if (c === "(") return Math.min(to, i + 3);
    if (c === "'") return Math.min(to, src.indexOf("'", i + 1) < 0 ? to : src.indexOf("'", i + 1) + 1);
    return Math.min(to, i + 1);
  };
  let i = from;
  while (i < to) {
    if (src[i] !== "\\") {
      i++;
      continue;
    }
    flush(i);
    const c = src[i + 1] ?? "";
    let next = i + 2;
    if (c === '"' || c === "#") return out; // a comment to the end of the line
    if (c === "-" || c === "'" || c === "`" || c === "." || c === "e" || c === "\\") made(c === "e" || c === "\\" ? "\\" : c, i);
    else if (c === " " || c === "~" || c === "0" || c === "t") made(" ", i);
    else if ("&|^,/:%c)".includes(c)) {
      /* zero-width */
    } else if (c === "(") {
      made(charName(src.slice(i + 2, i + 4)) ?? "", i);
      next = i + 4;
    } else if (c === "[") {
      const end = src.indexOf("]", i);
      const name = src.slice(i + 2, end < 0 ? to : end);
      made(charName(name) ?? (/^u[0-9A-F]{4}$/.test(name) ? String.fromCharCode(Number.parseInt(name.slice(1), 16)) : ""), i);
      next = end < 0 ? to : end + 1;
    } else if (c === "*") {
      next = argEnd(i + 2);
      const name = src.slice(i + 2, next).replace(/^[[(]|\]$/g, "");
      made((Object.hasOwn(STRINGS, name) ? STRINGS[name] : undefined) ?? "", i);
    } else if (c === "f") {
      next = argEnd(i + 2);
      const f = src.slice(i + 2, next).replace(/^[[(]|\]$/g, "");
      const now = f === "P" ? previous : /I/.test(f);
      previous = italic;
      italic = now;
    } else if ("FnmMsgkYVz$".includes(c)) {
      // Font, register, colour, size, ...: nothing printed. \s takes a sign and digits.
      if (c === "s") {
        let j = i + 2;
        if (src[j] === "+" || src[j] === "-") j++;
        next =
          src[j] === "[" || src[j] === "(" || src[j] === "'"
            ? argEnd(j)
            : j + (/[0-9]/.test(src[j] ?? "") ? (/[0-9]/.test(src[j + 1] ?? "") && src[j] !== "0" ? 2 : 1) : 0);
      } else next = argEnd(i + 2);
    } else if ("hvwlLoXZbDNRABCS".includes(c)) next = argEnd(i + 2);
    else made(c, i);
    i = Math.max(next, i + 2);
    run = i;
  }
  flush(to);
  return out;
}

/** A request line's arguments: words, or "quoted words" (with "" for a quote), with their offsets. */
function argsOf(src: string, from: number, to: number): { from: number; to: number; quoted: boolean }[] {
  const out: { from: number; to: number; quoted: boolean }[] = [];
  let i = from;
  while (i < to) {
    while (i < to && (src[i] === " " || src[i] === "\t")) i++;
    if (i >= to) break;
    if (src[i] === "\\" && src[i + 1] === '"') break;
    if (src[i] === '"') {
      let j = i + 1;
      while (j < to && !(src[j] === '"' && src[j + 1] !== '"')) j += src[j] === '"' ? 2 : 1;
      out.push({ from: i + 1, to: j, quoted: true });
      i = j + 1;
    } else {
      let j = i;
      while (j < to && src[j] !== " " && src[j] !== "\t") j += src[j] === "\\" ? 2 : 1;
      out.push({ from: i, to: Math.min(j, to), quoted: false });
      i = j;
    }
  }
  return out;
}

/** mdoc's inline macros (callable on a macro line), by what they do to the words after them. */
const MDOC_CALLABLE =
  /^(Fl|Ar|Op|Oo|Oc|Cm|Ic|Li|Em|Sy|Pa|Va|Ev|Dv|Er|Xr|Nm|Ns|Dq|Do|Dc|Qq|Qo|Qc|Sq|So|Sc|Pq|Po|Pc|Bq|Bo|Bc|Brq|Bro|Brc|Aq|Ao|Ac|Ql|No|Tn|Ux|Fn|Fa|Ft|Cd|Ad|An|Lk|Mt|Ms|Sx|Xo|Xc|Ek|Bk|Pf|Eo|Ec|St|At|Bx|Ox|Nx|Fx|Dx|Bsx|Mx|Ta)$/;
const CLOSE_PUNCT = /^[.,;:)\]?!]$/;
const OPEN_PUNCT = /^[([]$/;

export function renderRoff(src: string): { text: string; view: TextView } {
  const view = new TextView(src);
  let indent = BODY;
  let base = BODY;
  const rs: number[] = [];
  let section = "";
  let tagNext = false;
  let bodyIndent: number | undefined;
  let program = "";
  let mdoc = false;
  let skipUntil: string | undefined;
  /** mdoc: an .It tag that goes on to .Xc, and whether words are spaced (.Sm). */
  let xo: { pieces: Piece[]; at: number; more?: boolean } | undefined;
  let spacing = true;
  /** The last line printed is an .It tag: the next tag shares its body. */
  let tagLast = false;
  const lists: { indent: number; tag: boolean; width: number }[] = [];
  // The line being built: pieces, emitted at `indent` when a break comes.
  let line: Piece[] = [];
  let lineIndent = indent;
  let noSpace = false;

  const emit = (pieces: Piece[], at: number, col: number) => {
    const trimmed = pieces.filter((p) => p.text !== "");
    if (!trimmed.length || trimmed.every((p) => p.text.trim() === "")) return;
    tagLast = false;
    view.add(" ".repeat(col), at);
    for (const p of trimmed) {
      const t = shown(p);
      if (p.copied && t === p.text) view.copy(p.at, p.at + p.text.length);
      else view.add(t, p.at);
    }
    view.add("\n", at);
  };
  const breakLine = (at: number) => {
    if (line.length) emit(line, at, lineIndent);
    line = [];
  };
  const blank = (at: number) => {
    breakLine(at);
    view.add("\n", at);
  };
  /** Adds words to the line being built, a space between them unless told otherwise. */
  const push = (pieces: Piece[], at: number, space = true) => {
    if (!line.length) lineIndent = currentIndent();
    else if (space && !noSpace && pieces.length && !CLOSE_PUNCT.test(pieces[0]!.text)) line.push({ text: " ", at, copied: false });
    noSpace = false;
    line.push(...pieces);
  };
  const currentIndent = () => (tagNext ? indent : (bodyIndent ?? indent));
  const textLine = (pieces: Piece[], at: number) => {
    // A tag (after .TP or .It) is a line of its own; its body goes on below, deeper.
    if (tagNext) {
      breakLine(at);
      emit(pieces, at, indent);
      tagNext = false;
      bodyIndent = indent + STEP;
      return;
    }
    if (section === "SYNOPSIS" && mdoc) return push(pieces, at);
    breakLine(at);
    emit(pieces, at, currentIndent());
  };
  const para = (at: number) => {
    blank(at);
    tagNext = false;
    // mdoc's .Pp inside a list item is a paragraph of the item's body; man(7)'s .PP ends a .TP.
    if (mdoc && lists.length) return;
    indent = base;
    bodyIndent = undefined;
  };
  const heading = (pieces: Piece[], at: number, col: number) => {
    blank(at);
    const title = pieces.map((p) => p.text).join("");
    section = col === 0 ? title.trim().toUpperCase() : section;
    emit(pieces, at, col);
    rs.length = 0;
    lists.length = 0;
    base = mdoc ? 5 : BODY;
    indent = base;
    bodyIndent = undefined;
    tagNext = false;
  };
  const argText = (a: { from: number; to: number }, font = "R") => readEscapes(src, a.from, a.to, font);
  /** The words of a font macro: .I all italic, .BI and the like alternating between two fonts. */
  const joined = (args: { from: number; to: number }[], sep: string, at: number, fonts = "R"): Piece[] =>
    args.flatMap((a, k) => [...(k > 0 && sep ? [{ text: sep, at, copied: false }] : []), ...argText(a, fonts[k % fonts.length])]);

  /** mdoc: a macro line's words, with the inline macros applied. */
  const mdocInline = (args: { from: number; to: number; quoted: boolean }[], at: number): { pieces: Piece[]; nm: boolean } => {
    const out: Piece[] = [];
    const closers: string[] = [];
    let glue = true;
    let nm = false;
    let fl = false;
    let ar = false;
    const word = (p: Piece[]) => {
      const t = p.map((x) => x.text).join("");
      if (!glue && spacing && out.length && !CLOSE_PUNCT.test(t)) out.push({ text: " ", at, copied: false });
      out.push(...p);
      glue = OPEN_PUNCT.test(t);
    };
    for (let k = 0; k < args.length; k++) {
      const a = args[k]!;
      const name = src.slice(a.from, a.to);
      if (!a.quoted && MDOC_CALLABLE.test(name)) {
        fl = false;
        ar = false;
        const openWith = (o: string, c: string) => {
          word([{ text: o, at: a.from, copied: false }]);
          glue = true;
          closers.push(c);
        };
        switch (name) {
          case "Fl": {
            const next = args[k + 1];
            const nextName = next ? src.slice(next.from, next.to) : "";
            if (!next || (!next.quoted && MDOC_CALLABLE.test(nextName)) || CLOSE_PUNCT.test(nextName)) word([{ text: "-", at: a.from, copied: false }]);
            else fl = true;
            break;
          }
          case "Ar":
            if (!args[k + 1] || MDOC_CALLABLE.test(src.slice(args[k + 1]!.from, args[k + 1]!.to))) word([{ text: "FILE ...", at: a.from, copied: false }]);
            else ar = true;
            break;
          case "Nm":
            nm = true;
            if (
              !args[k + 1] ||
              MDOC_CALLABLE.test(src.slice(args[k + 1]!.from, args[k + 1]!.to)) ||
              CLOSE_PUNCT.test(src.slice(args[k + 1]!.from, args[k + 1]!.to))
            )
              word([{ text: program, at: a.from, copied: false }]);
            else if (!program) program = src.slice(args[k + 1]!.from, args[k + 1]!.to);
            break;
          case "Ns":
            glue = true;
            if (out[out.length - 1]?.text === " ") out.pop();
            break;
          case "Xr": {
            const [n, s] = [args[k + 1], args[k + 2]];
            if (n) word([...argText(n), ...(s ? [{ text: `(${src.slice(s.from, s.to)})`, at: s.from, copied: false }] : [])]);
            k += s ? 2 : 1;
            break;
          }
          case "Op":
          case "Bq":
            openWith("[", "]");
            break;
          case "Oo":
          case "Bo":
            word([{ text: "[", at: a.from, copied: false }]);
            glue = true;
            break;
          case "Oc":
          case "Bc":
            glue = true;
            word([{ text: "]", at: a.from, copied: false }]);
            break;
          case "Pq":
            openWith("(", ")");
            break;
          case "Po":
            word([{ text: "(", at: a.from, copied: false }]);
            glue = true;
            break;
          case "Pc":
            glue = true;
            word([{ text: ")", at: a.from, copied: false }]);
            break;
          case "Dq":
          case "Qq":
            openWith('"', '"');
            break;
          case "Sq":
          case "Ql":
            openWith("'", "'");
            break;
          case "Aq":
            openWith("<", ">");
            break;
          case "Brq":
            openWith("{", "}");
            break;
          case "Do":
          case "Qo":
          case "Dc":
          case "Qc":
            word([{ text: '"', at: a.from, copied: false }]);
            glue = name.endsWith("o");
            break;
          default:
            break;
        }
        continue;
      }
      const p = argText(a, ar ? "I" : "R");
      const t = p.map((x) => x.text).join("");
      // .Fl a b: each word a flag, "-a -b".
      word(fl && !CLOSE_PUNCT.test(t) ? [{ text: "-", at: a.from, copied: false }, ...p] : p);
    }
    // The enclosing macros close at the end of the line, before trailing punctuation.
    let tail: Piece[] = [];
    while (out.length && CLOSE_PUNCT.test(out[out.length - 1]!.text) && closers.length) tail = [out.pop()!, ...tail];
    for (const c of closers.reverse()) {
      if (out[out.length - 1]?.text === " ") out.pop();
      out.push({ text: c, at, copied: false });
    }
    return { pieces: [...out, ...tail], nm };
  };

  let offset = 0;
  for (const raw of src.split("\n")) {
    const at = offset;
    const end = offset + raw.length;
    offset = end + 1;
    const text = raw.replace(/\r$/, "");
    if (skipUntil !== undefined) {
      // A definition ends at "..", also written ".  ." inside a conditional block.
      if (/^\.\s*\.\s*$/.test(text)) skipUntil = undefined;
      continue;
    }
    if (text.startsWith("\\#")) continue;
    if (!/^[.']/.test(text)) {
      if (text.trim() === "") {
        if (section !== "SYNOPSIS" || !mdoc) para(at);
        continue;
      }
      textLine(readEscapes(src, at, at + text.length), at);
      continue;
    }
    if (xo && text.startsWith(".")) {
      const m0 = /^\.\s*(\w+)/.exec(text);
      if (m0?.[1] === "Sm") spacing = !/\boff\b/.test(text);
      else if (m0) {
        const a = argsOf(src, at + 1, at + text.length);
        const done = a.length > 0 && src.slice(a[a.length - 1]!.from, a[a.length - 1]!.to) === "Xc";
        const { pieces } = mdocInline(a, at);
        // The tag's own words and the first line after them are always apart ("-D [bind_address:]port").
        if (pieces.length && (spacing || !xo.more)) xo.pieces.push({ text: " ", at, copied: false });
        if (pieces.length) xo.more = true;
        xo.pieces.push(...pieces);
        if (done) {
          emit(xo.pieces, xo.at, indent);
          tagLast = true;
          xo = undefined;
          bodyIndent = indent + (lists[lists.length - 1]?.width ?? 8);
        }
      }
      continue;
    }
    const m = /^[.']\s*([A-Za-z][\w]*|\\"|\.)?/.exec(text)!;
    const req = m[1] ?? "";
    const args = argsOf(src, at + m[0].length, at + text.length);
    if (req === '\\"' || req === "" || req === ".") continue;
    switch (req) {
      case "TH":
      case "Dt": {
        mdoc = req === "Dt";
        const [n, s] = args;
        if (n) {
          program ||= src.slice(n.from, n.to).toLowerCase();
          const title = `${src.slice(n.from, n.to)}(${s ? src.slice(s.from, s.to) : ""})`;
          view.add(`${title}${" ".repeat(Math.max(1, 80 - 2 * title.length))}${title}\n`, at);
        }
        break;
      }
      case "Dd":
      case "Os":
        mdoc = true;
        break;
      case "SH":
      case "Sh":
      case "SS":
      case "Ss": {
        const col = req === "SH" || req === "Sh" ? 0 : 3;
        heading(args.length ? joined(args, " ", at) : [], at, col);
        if (!args.length) tagNext = false;
        break;
      }
      case "PP":
      case "LP":
      case "P":
      case "Pp":
      case "Lp":
      case "HP":
        para(at);
        break;
      case "TP":
      case "TQ":
        breakLine(at);
        if (req === "TP") blank(at);
        tagNext = true;
        break;
      case "IP": {
        breakLine(at);
        const tag = args[0];
        if (tag && src.slice(tag.from, tag.to).trim()) {
          emit(argText(tag), at, indent);
        }
        bodyIndent = indent + STEP;
        tagNext = false;
        break;
      }
      case "RS": {
        // An inset: by its argument (in ens) from the current margin, else to a list item's body.
        breakLine(at);
        rs.push(indent);
        const n = args[0] ? Number.parseInt(src.slice(args[0].from, args[0].to), 10) : Number.NaN;
        indent = Number.isFinite(n) ? (bodyIndent ?? indent) + n : (bodyIndent ?? indent + STEP);
        base = indent;
        bodyIndent = undefined;
        break;
      }
      case "RE":
        breakLine(at);
        indent = rs.pop() ?? BODY;
        base = rs.length ? indent : mdoc ? 5 : BODY;
        bodyIndent = undefined;
        break;
      case "br":
      case "sp":
      case "nf":
      case "fi":
      case "EX":
      case "EE":
        if (req === "sp") blank(at);
        else breakLine(at);
        break;
      case "B":
      case "I":
      case "SM":
      case "SB":
        if (args.length) textLine(joined(args, " ", at, req === "I" ? "I" : "R"), at);
        break;
      case "BR":
      case "RB":
      case "BI":
      case "IB":
      case "RI":
      case "IR":
        textLine(joined(args, "", at, req.replace(/B/g, "R")), at);
        break;
      case "SY":
        breakLine(at);
        push(joined(args, " ", at), at);
        lineIndent = indent;
        bodyIndent = indent + 4;
        break;
      case "OP":
        push([{ text: "[", at, copied: false }, ...joined(args, " ", at), { text: "]", at, copied: false }], at);
        break;
      case "YS":
        breakLine(at);
        bodyIndent = undefined;
        break;
      case "UR":
      case "UE":
      case "MT":
      case "ME":
        break;
      case "de":
      case "am":
      case "ig":
        skipUntil = "..";
        break;
      case "Nd":
        push([{ text: "- ", at, copied: false }, ...joined(args, " ", at)], at);
        break;
      case "Bl": {
        breakLine(at);
        const kinds = args.map((a) => src.slice(a.from, a.to));
        const tag = kinds.some((k) => /^-(tag|hang|ohang|inset|diag)$/.test(k));
        lists.push({ indent, tag, width: 8 });
        if (lists.length > 1 || kinds.includes("-offset")) indent = bodyIndent ?? indent;
        bodyIndent = undefined;
        break;
      }
      case "El": {
        breakLine(at);
        const l = lists.pop();
        indent = l?.indent ?? base;
        bodyIndent = undefined;
        tagNext = false;
        break;
      }
      case "It": {
        breakLine(at);
        const l = lists[lists.length - 1];
        if (l?.tag && args.length) {
          // Tags of one body (ssh's four "-L ...") stand on adjacent lines, as mandoc prints them.
          if (!tagLast) blank(at);
          const { pieces } = mdocInline(args, at);
          // ".It Fl D Xo" ... ".Xc": the tag goes on over the macro lines up to .Xc.
          if (/\bXo\s*$/.test(text)) {
            xo = { pieces, at };
            break;
          }
          emit(pieces, at, indent);
          tagLast = true;
        }
        bodyIndent = indent + (l?.width ?? 8);
        tagNext = false;
        break;
      }
      case "Sm":
        spacing = !(args[0] && src.slice(args[0].from, args[0].to) === "off");
        break;
      case "Bd":
        breakLine(at);
        rs.push(indent);
        indent = (bodyIndent ?? indent) + (args.some((a) => src.slice(a.from, a.to) === "-offset") ? 4 : 0);
        bodyIndent = undefined;
        break;
      case "Ed":
        breakLine(at);
        indent = rs.pop() ?? base;
        bodyIndent = undefined;
        break;
      case "D1":
      case "Dl":
        breakLine(at);
        emit(mdocInline(args, at).pieces, at, currentIndent() + 4);
        break;
      default: {
        if (!mdoc || !MDOC_CALLABLE.test(req)) break;
        // An mdoc macro line that prints words: in the SYNOPSIS, .Nm starts a form.
        const { pieces } = mdocInline([{ from: at + 1, to: at + 1 + req.length, quoted: false }, ...args], at);
        if (section === "SYNOPSIS" && req === "Nm") {
          breakLine(at);
          lineIndent = indent;
          line.push(...pieces);
          bodyIndent = indent + 4;
          break;
        }
        if (section === "SYNOPSIS" || section === "NAME") push(pieces, at);
        else textLine(pieces, at);
      }
    }
  }
  breakLine(src.length);
  return { text: view.text, view };
}
