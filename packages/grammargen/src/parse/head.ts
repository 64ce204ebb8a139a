// The syntax part of one option entry ("-o FILE, --output=FILE", "--color[=WHEN]",
// "-n, --namespace string", "--shout / --no-shout", "-v, --verbose...", "-c, -C NUM,
// --context[=NUM]") -> spellings, each with the value written after it (if any).
import { isPlaceholderName } from "./types.js";

export type Attach =
  /** --name=VALUE */
  | "eq"
  /** --name[=VALUE] or -x[VALUE]: only the attached form carries a value */
  | "attached-optional"
  /** --name VALUE / -x VALUE */
  | "separate"
  /** --name [VALUE] (argparse nargs='?') */
  | "separate-optional";

export interface HeadValue {
  metavar: string;
  attach: Attach;
  /** A single-dash long spelling's value glued on by this character: gcc's -std=<standard>, -Wl,<options>, java's -agentlib:<lib>. */
  joiner?: "=" | "," | ":";
}

export interface Spelling {
  kind: "short" | "long" | "dashLong";
  name: string;
  value?: HeadValue;
  /** Further value words after the first (jq --arg NAME VALUE). */
  extra: number;
  /** The value is the option itself (kill's -KILL): it takes none, whatever its entry's others take. */
  bare?: boolean;
}

export interface Head {
  spellings: Spelling[];
  negatable: boolean;
  repeatable: boolean;
}

// An optional prefix in brackets: "--[no-]pager", "--[no]pager", ld's "--[disable-]nxcompat".
const LONG = /^--(\[(?:no-?|[a-z]+-)\])?([A-Za-z0-9][A-Za-z0-9_.+:-]*[A-Za-z0-9_+]|[A-Za-z0-9])/;
const SHORT = /^-([A-Za-z0-9?#@!%.])(?=$|[\s,=[<|/.#]|\{[^}|\s]+\})/;
// "+" inside or at the end: GCC's -Wc++11-compat, -Weffc++, -gstabs+. A slash before another
// one-dash word joins two spellings: haproxy's "-sf/-st", mplayer's "-alang/-slang".
const DASHLONG = /^-([A-Za-z][A-Za-z0-9_.+-]*[A-Za-z0-9+])(?=$|[\s,=[<|]|:<|\/-)/;

const SIGNAL_PLACEHOLDER = /^(sig|signal|signum|signame)$/i;
const NUMBER_PLACEHOLDER = /^(n|num|number|count|lines|digits?|level)$/i;
/** Linux's signal names (signal(7)), without "SIG". */
export const SIGNAL_NAMES =
  "HUP INT QUIT ILL TRAP ABRT IOT BUS FPE KILL USR1 SEGV USR2 PIPE ALRM TERM STKFLT CHLD CLD CONT STOP TSTP TTIN TTOU URG XCPU XFSZ VTALRM PROF WINCH IO POLL PWR SYS RTMIN RTMAX".split(
    " ",
  );

/** A signal written as the option itself: -9 (the digits as flag letters), -KILL, -SIGKILL. */
function signalSpellings(): Spelling[] {
  return [
    { kind: "short", name: "#", extra: 0 },
    ...SIGNAL_NAMES.flatMap((n) => [n, `SIG${n}`]).map((name) => ({ kind: "dashLong" as const, name, extra: 0, bare: true })),
  ];
}

/** Reads a bracketed or plain value token starting at s[i]; returns [token, next index]. */
function readValue(s: string, i: number): [string, number] {
  let depth = 0;
  let j = i;
  // pdfcrop's '--margins "<left> <top> <right> <bottom>"', influx's "-host 'host name'": a
  // quoted value is one word, spaces and all.
  const quote = /^(["'])[^"'\s][^"']*\1(?=$|[\s,])/.exec(s.slice(i));
  if (quote?.[0].includes(" ")) return [quote[0], i + quote[0].length];
  for (; j < s.length; j++) {
    const c = s[j]!;
    if (c === "[" || c === "<" || c === "{" || c === "(") depth++;
    else if (c === "]" || c === ">" || c === "}" || c === ")") depth = Math.max(0, depth - 1);
    // A comma ends the value unless a letter, a digit or another placeholder follows:
    // "CODE1,CODE2.." (shellcheck) and "--map-users=<outeruid>,<inneruid>,<count>" (unshare) are one list value.
    else if (depth === 0 && (c === " " || c === "\t" || (c === "," && !/^[A-Za-z0-9<[{]/.test(s.slice(j + 1, j + 2))))) break;
  }
  return [s.slice(i, j), j];
}

// ".." too: bzip2's "-1 .. -9" writes the range with two dots.
// inotifywait's "-e|--event <event1> [ -e|--event <event2> ... ]" too.
const isRepeatMarker = (t: string): boolean => /^(\.\.\.?|…|\[\.\.\.\]|\[[^\]]*\s?\.\.\.\s?\]|\[\.\.\.[^\]]*\])$/.test(t);
// haproxy's "finishes/terminates": words joined by a slash are prose too.
const PROSE_WORD = /^[A-Za-z][a-z'-]+(\/[a-z][a-z'-]+)*[.,;:]?$|^(a|I)$/;
const PROSE = /^(the|then|or|and|is|was|are|an|to|of|if|be|in|on|for|with|as|by|not|this|that|it|when|which|will|can|may|must|also|instead|only)$|[.;:!]$/;

export function parseHead(head: string): Head | undefined {
  const h: Head = { spellings: [], negatable: false, repeatable: false };
  // lsof's "+|-w", "+f|-f": the option spelled with a plus too; the dash spelling is the option
  // (a word led by a plus passes as an operand).
  const s = head
    .trimEnd()
    .replace(/^\+\|(?=-\w)/, "")
    .replace(/^\+(\w)\|(?=-\1(?![\w-]))/, "");
  let i = 0;
  let current: Spelling | undefined;
  let alternative = false;
  const add = (sp: Spelling) => {
    h.spellings.push(sp);
    current = sp;
  };
  while (i < s.length) {
    const c = s[i]!;
    if (c === " " || c === "\t" || c === ",") {
      i++;
      continue;
    }
    // "-e/-z, --encode", "-c/--configuration FILE": a slash between two spellings separates them.
    if (c === "|" || (c === "/" && (s[i + 1] === " " || i + 1 === s.length || (s[i + 1] === "-" && current && !current.value)))) {
      alternative = c === "|";
      i++;
      continue;
    }
    const rest = s.slice(i);
    let m: RegExpExecArray | null;
    if ((m = LONG.exec(rest))) {
      let name = m[2]!;
      i += m[0].length;
      // "--[no-]pager" negates as --no-pager; "--[no]pager" spells it --nopager.
      if (m[1] === "[no]") add({ kind: "long", name: `no${name}`, extra: 0 });
      else if (m[1] === "[no-]") h.negatable = true;
      else if (m[1]) add({ kind: "long", name: m[1].slice(1, -1) + name, extra: 0 });
      // exa's "--colo[u]r": both spellings.
      const infix = /^\[([a-z]+)\]([a-z][\w-]*)/.exec(s.slice(i));
      if (infix) {
        add({ kind: "long", name: name + infix[2], extra: 0 });
        name = name + infix[1] + infix[2];
        i += infix[0].length;
      }
      if (h.spellings.some((x) => x.kind === "long" && (x.name === `no-${name}` || `no-${x.name}` === name))) h.negatable = true;
      add({ kind: "long", name, extra: 0 });
    } else if (h.spellings.length === 0 && (m = /^-,[ \t]*(?=-)/.exec(rest))) {
      // su's "-, -l, --login": a lone dash first is the operand its usage shows ([-]), and the
      // spellings after it are the option.
      i += m[0].length;
      continue;
    } else if ((m = /^-(#{2,})(?=$|\s)/.exec(rest))) {
      // gcc's "-###": an option of its own, not -# with a value.
      add({ kind: "dashLong", name: m[1]!, extra: 0 });
      i += m[0].length;
    } else if ((m = /^-[0-9]{2,}(?=$|[\s,])/.exec(rest)) && h.spellings.some((x) => x.kind === "short" && /^[0-9]$/.test(x.name))) {
      // "-0 to -9, -11": a level past 9 beside the single digits is a number written as the option.
      add({ kind: "short", name: "#", extra: 0 });
      i += m[0].length;
    } else if ((m = SHORT.exec(rest))) {
      add({ kind: "short", name: m[1]!, extra: 0 });
      i += m[0].length;
    } else if ((m = /^-\[no(-?)\]([A-Za-z][A-Za-z0-9_.-]*[A-Za-z0-9])(?=$|[\s,=[<|])/.exec(rest))) {
      // sqlite3's "-[no]header": -header and -noheader.
      add({ kind: "dashLong", name: `no${m[1]}${m[2]}`, extra: 0 });
      add({ kind: "dashLong", name: m[2]!, extra: 0 });
      i += m[0].length;
    } else if ((m = /^-<([A-Za-z][\w-]*)>(?=$|[\s,])/.exec(rest))) {
      // kill's "-<signal>", last's "-<number>": the value written as the option itself.
      if (SIGNAL_PLACEHOLDER.test(m[1]!)) for (const x of signalSpellings()) add(x);
      else if (NUMBER_PLACEHOLDER.test(m[1]!)) add({ kind: "short", name: "#", extra: 0 });
      else return undefined;
      i += m[0].length;
    } else if (
      (m = /^-\[([A-Za-z]{2,})\](?:\[-\])?([a-z][\w-]*)?(?=$|[\s,])/.exec(rest)) &&
      new Set(m[1]).size === m[1]!.length &&
      (!m[2] || isPlaceholderName(m[2]))
    ) {
      // perl's "-[mM][-]module": either letter, each with the value glued on. Not bfs's
      // "-[aBcm]min N", four names (-amin, -Bmin).
      for (const letter of m[1]!) add({ kind: "short", name: letter, extra: 0, ...(m[2] ? { value: { metavar: m[2], attach: "eq" as const } } : {}) });
      i += m[0].length;
    } else if ((m = /^-([A-Z])(directory|dir|file|filename|path|pathname|name|pattern|module)(?=$|[\s,])/.exec(rest))) {
      // perl's "-Idirectory", a C compiler's "-Ldir", cpp's "-Uname": a capital letter with its
      // placeholder glued on, not a name of its own (cmake's "-Wdev" is one).
      add({ kind: "short", name: m[1]!, extra: 0, value: { metavar: m[2]!, attach: "separate" } });
      i += m[0].length;
    } else if ((m = DASHLONG.exec(rest))) {
      // -NUM, -COLUMN, -WIDTH: a number written as the option itself (pr -3, fmt -60), read
      // like "-#": the digits are flag letters, so -3 and -72 both spell it.
      // Not a doubled letter (unzip's "-UU", a stronger -U). fuser's -SIGNAL: a number or a name.
      if (SIGNAL_PLACEHOLDER.test(m[1]!) && /^[A-Z]+$/.test(m[1]!)) for (const x of signalSpellings()) add(x);
      else if (/^[A-Z_]+$/.test(m[1]!) && !/^(.)\1+$/.test(m[1]!)) add({ kind: "short", name: "#", extra: 0 });
      else add({ kind: "dashLong", name: m[1]!, extra: 0 });
      i += m[0].length;
    } else if (c === "+" && /^\+[A-Z_]+(\[[^\]\s]*\])?(?=$|[\s,])/.test(rest)) {
      // pr's "+FIRST_PAGE[:LAST_PAGE]": a +NUMBER form beside a long spelling; the long one is kept.
      i += /^\+[A-Z_]+(\[[^\]\s]*\])?/.exec(rest)![0].length;
      continue;
    } else if (c === "-" || c === "+") {
      return undefined;
    } else {
      if (!current) return undefined;
      let [tok, j] = readValue(s, i);
      // Prose after a single space ("--synchronous synchronous output (safer ...") ends the head.
      const [next] = readValue(s, j + 1);
      // "-g or --debug", "-h or -? or --help" (ICU tools, chromium): "or" joins two spellings.
      if ((tok === "or" || tok === "OR") && /^--?[A-Za-z0-9?]/.test(s.slice(j).trimStart())) {
        i = j;
        continue;
      }
      // pigz's "-0 to -9, -11": a range of digit options, read as the digits are (-#).
      if (tok === "to" && current.kind === "short" && /^[0-9]$/.test(current.name) && /^-[0-9]+,?$/.test(next)) {
        i = j;
        continue;
      }
      if ((PROSE_WORD.test(tok) && PROSE_WORD.test(next) && next !== "") || (current.value && PROSE.test(tok))) break;
      i = j;
      // shellcheck's "CODE1,CODE2..": one value that is a list.
      if (tok.length > 3 && /[^.]\.\.$/.test(tok)) tok = tok.slice(0, -2);
      if (tok.length > 3 && /(\.\.\.|…)$/.test(tok)) {
        h.repeatable = true;
        tok = tok.replace(/(\.\.\.|…)$/, "");
      }
      if (isRepeatMarker(tok)) {
        h.repeatable = true;
        // argparse nargs='*' prints only "[X ...]": zero or more values.
        const inner = /^\[([^\]\s.]+)\s?\.\.\.\]$/.exec(tok);
        if (inner && !current.value) current.value = { metavar: inner[1]!, attach: "separate-optional" };
        continue;
      }
      // ctest's "-j <jobs>, --parallel <jobs> = Run the tests ...": the description follows.
      if (tok === "=" && current.value) break;
      // pw-top's "-n, --iterations = NUMBER": the '=' set apart on both sides, the value still glued on.
      if (tok === "=" && /^(?:[A-Z][A-Z0-9_]*|<[^<>\s]+>)$/.test(next)) {
        current.value = { metavar: next, attach: "eq", ...(current.kind === "dashLong" ? { joiner: "=" as const } : {}) };
        i = readValue(s, j + 1)[1];
        continue;
      }
      // Mercurial's "-I --include PATTERN [+]" under "options ([+] can be repeated)": a marker
      // after the value says the option repeats, not that it takes a second value.
      if (tok === "[+]" && current.value) {
        h.repeatable = true;
        continue;
      }
      if (PROSE.test(tok)) return undefined;
      // procps aligns the '=' in a column apart from the name ("-d, --delay =SECS",
      // "-n, --iterations =NUMBER", "-w, --width [=COLUMNS]"): the value is still glued on.
      // Boost.Program_options writes the value a bare spelling implies after it in parentheses
      // ("--current-song [=FORMAT(={{%a - }%t})]"): the value is still optional and glued on.
      const implied = /^\[=([A-Za-z<][\w<>.-]*)\(=.*\)\]$/.exec(tok);
      if (implied && !current.value) {
        current.value = { metavar: implied[1]!, attach: "attached-optional" };
        continue;
      }
      const apart = /^(\[)?=([A-Za-z<][^\s=[\]]*)(\])?$/.exec(tok);
      if (apart && !current.value && !!apart[1] === !!apart[3]) {
        current.value = { metavar: apart[2]!, attach: apart[1] ? "attached-optional" : "eq", ...(current.kind === "dashLong" ? { joiner: "=" as const } : {}) };
        continue;
      }
      // "SECS [.TENTHS]": a bracket that opens with a separator continues the value before it.
      if (current.value && /^\[[.,:][^\]\s]*\]$/.test(tok)) {
        current.value.metavar += tok;
        continue;
      }
      // tput's "-S <<": a redirection the option reads from, shown beside it, is no value.
      if (!current.value && /^[<>|]+$/.test(tok)) continue;
      // iptables' "-L [chain [rulenum]]": a nested optional value is optional too, named by its first word.
      const opt = /^\[([^\][]*)(?:\[[^\][]*\])?\]$/.exec(tok);
      // aria2c's "--check-certificate [true|false]": a boolean in brackets is left off as well.
      const separateOptional = opt && (!/[|]/.test(opt[1]!) || /^\s*(?:true\|false|false\|true|yes\|no|no\|yes|on\|off)\s*$/i.test(opt[1]!));
      const value: HeadValue = { metavar: separateOptional ? opt[1]!.trim() : tok, attach: separateOptional ? "separate-optional" : "separate" };
      // "-W <receive_window_buffer> (default 24576, larger may be faster)": a parenthesis after the value is prose.
      if (current.value && !alternative && tok.startsWith("(")) break;
      // lsof's "-L [l] list (+) suppress (-) link counts": a plain word after an optional value
      // is no required second value; the description starts there.
      if (current.value?.attach === "separate-optional" && !separateOptional && !alternative && !/^[<{]|^[A-Z][A-Z0-9_]*$/.test(tok)) break;
      if (!current.value) current.value = value;
      // "--add url [name]": a bracketed second value is not required.
      else if (!alternative && !separateOptional) current.extra++;
      alternative = false;
      continue;
    }
    // A value glued to the spelling: =VALUE, [=VALUE], [VALUE], <VALUE>, #, and clap's "..." marker.
    const sp = current!;
    const glued = s.slice(i);
    if (glued.startsWith("...")) {
      h.repeatable = true;
      i += 3;
    } else if (glued.startsWith("[=")) {
      const [tok, j] = readValue(s, i);
      sp.value = { metavar: tok.slice(2, -1), attach: "attached-optional" };
      i = j;
    } else if (glued.startsWith("=")) {
      const [tok, j] = readValue(s, i + 1);
      // util-linux's "--list=[<signal>]": the value is optional, and attached when given.
      const optional = /^\[[^\]]+\]$/.test(tok);
      const metavar = optional ? tok.slice(1, -1) : /[^.]\.\.$/.test(tok) ? tok.slice(0, -2) : tok;
      sp.value = { metavar, attach: optional ? "attached-optional" : "eq", ...(sp.kind === "dashLong" ? { joiner: "=" as const } : {}) };
      i = j;
    } else if (sp.kind === "dashLong" && /^[,:]</.test(glued)) {
      // gcc's "-Wl,<options>", java's "-agentlib:<libname>": the value glued on after the comma or colon.
      const [tok, j] = readValue(s, i + 1);
      sp.value = { metavar: tok, attach: "eq", joiner: glued[0] as "," | ":" };
      i = j;
    } else if (glued.startsWith("[") || glued.startsWith("<")) {
      const [tok, j] = readValue(s, i);
      // ip's "-f[amily] { inet | inet6 }", unsquashfs' "-d[est] <pathname>": lower-case letters in
      // brackets, then a value apart, complete the name (-family); they are no value of their own.
      const completion = /^\[(-?[a-z][a-z-]*)\]$/.exec(tok);
      if (completion && sp.kind !== "long" && /^[ \t]+(?:[{<"]|[A-Z][A-Z0-9_]*(?:$|[\s.,[]))/.test(s.slice(j))) {
        add({ kind: "dashLong", name: sp.name + completion[1], extra: 0 });
        i = j;
        continue;
      }
      sp.value = tok.startsWith("[") ? { metavar: tok.slice(1, -1), attach: "attached-optional" } : { metavar: tok, attach: "separate" };
      i = j;
    } else if (glued.startsWith("{") && sp.kind === "short") {
      // 7-Zip's "-o{Directory}", "-p{Password}", as's "-O{012s}": the value glued to the letter.
      const [tok, j] = readValue(s, i);
      sp.value = { metavar: tok.slice(1).replace(/\}/, ""), attach: "eq" };
      i = j;
    } else if (glued.startsWith("#") && sp.kind === "short" && sp.name !== "#") {
      // zstd's "-T#": a number glued to the letter.
      sp.value = { metavar: "#", attach: "eq" };
      i += 1;
    }
    if (s.slice(i).startsWith("...")) {
      h.repeatable = true;
      i += 3;
    }
  }
  if (h.spellings.length === 0) return undefined;
  return h;
}
