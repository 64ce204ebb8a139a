// BSD/macOS usage-line-only help (`usage: ssh [-46AaC] [-B bind_interface] destination`),
// and the usage-line reader that git and busybox help also lean on.
import { GrammargenError, Session, type Diagnostic } from "../diagnostics.js";
import { giveRowValues, rowsBeyondUsage } from "./bsd-rows.js";
import { readGetoptStd } from "./getopt-std.js";
import { SIGNAL_NAMES } from "./head.js";
import { PASS_THROUGH_NAME, headlessUsageLine } from "./text.js";
import { definesPlaceholder, joinNumberedRun, standsForSeveralWords } from "./usage.js";
import { rangesSaid } from "./types.js";
import type { CommandSpec, OptionSpec, PositionalSpec } from "../ir.js";
import {
  MANY,
  emptySpec,
  linesOf,
  mergeOptions,
  optionsFromSpellings,
  positional,
  readOptionTable,
  readSpelling,
  spanOf,
  type Spelling,
  typeFromMetavar,
} from "./optionhead.js";

interface Word {
  kind: "word";
  text: string;
  start: number;
  end: number;
  many: boolean;
}
interface Group {
  kind: "group";
  optional: boolean;
  alts: Node[][];
  start: number;
  end: number;
  many: boolean;
}
type Node = Word | Group;

/** One usage form, as offsets into the help text. */
export interface UsageForm {
  text: string;
  offset: number;
}

/** "hostname [-b] {hostname|-F file}         set host name": drops a column of prose after a form. */
// route's "[<AF>]           List kernel routing tables", arp's "[<hostname>]     <-Display ARP cache".
// route's "{add|del|flush} ...  Modify routing table for AF.": a sentence after two spaces.
const noProse = (s: string): string =>
  s.replace(/\s{4,}(?:[a-z]|[A-Z][a-z]+ [a-z]|<-+\S)[^[\]<>{}|]*$/, "").replace(/\s{2,}[A-Z][a-z]+(?: [a-z][\w-]*){2,}[^[\]<>{}|]*\.$/, "");

/** Finds the usage forms: `usage:`/`Usage:` lines, their continuations and `or:` lines. */
export function usageForms(text: string, programWords: string[]): UsageForm[] {
  const lines = linesOf(text);
  const forms: UsageForm[] = [];
  const prog = programWords[programWords.length - 1] ?? "";
  const headless = headlessUsageLine(lines, programWords[0] ?? "");
  for (let i = 0; i < lines.length; i++) {
    // "Usage : haproxy ...": a space may stand before the colon.
    // NCBI BLAST's "USAGE" alone on its line, over the forms indented below it ("  blastp [-h] ...").
    const titled =
      /^usage\s*$/i.test(lines[i]!.text) && prog !== "" && lines[i + 1]?.text.trimStart().split(/\s+/)[0] === prog && /^\s/.test(lines[i + 1]!.text)
        ? [lines[i]!.text]
        : null;
    const m = i === headless ? [""] : (/^\s*usage ?:\s*/i.exec(lines[i]!.text) ?? titled);
    if (!m) continue;
    const own = i === headless || m === titled ? [] : ownForms(lines, i, programWords[0] ?? "");
    if (own.length) {
      forms.push(...own);
      continue;
    }
    let cur: UsageForm | undefined;
    const first = noProse(lines[i]!.text.slice(m[0].length));
    if (first.trim()) cur = { text: first, offset: lines[i]!.start + m[0].length };
    if (cur) forms.push(cur);
    // Projucer's "Usage:" alone, over forms set apart by blank lines, each with its description
    // on deeper lines: the descriptions are skipped, and the block goes on while another form
    // follows at the first one's indent.
    const indentOf = (t: string) => t.length - t.trimStart().length;
    // A sentence, its second word perhaps quoted ("Invokes 'git tag' to attach ...").
    const describes = (j: number, indent: number) => /^[A-Z][a-z]+ ['"(]?[a-z]/.test(lines[j]?.text.trim() ?? "") && indentOf(lines[j]!.text) > indent;
    // pydoc's forms at the margin with no heading, each with its description on deeper lines.
    let formIndent: number | undefined = i === headless && cur && indentOf(lines[i]!.text) === 0 ? 0 : undefined;
    let skipped = false;
    const formAt = (j: number) => {
      for (let k = j; k < lines.length; k++) {
        const t = lines[k]!.text;
        if (!t.trim() || (formIndent !== undefined && indentOf(t) > formIndent)) continue;
        return indentOf(t) === formIndent && t.trim().split(/\s+/)[0] === prog;
      }
      return false;
    };
    for (let j = i + 1; j < lines.length; j++) {
      const l = lines[j]!;
      const or = /^\s*or:\s*/.exec(l.text);
      if (!first.trim() && !cur && !l.text.trim()) {
        const at = lines.findIndex((x, k) => k > j && x.text.trim() !== "");
        if (at > 0 && lines[at]!.text.trim().split(/\s+/)[0] === prog && describes(at + 1, indentOf(lines[at]!.text))) continue;
      }
      if (cur && formIndent !== undefined && (describes(j, formIndent) || (skipped && (!l.text.trim() || indentOf(l.text) > formIndent))) && formAt(j + 1)) {
        skipped = true;
        continue;
      }
      skipped = false;
      // calcurse's and minisign's "Usage:" alone over forms at the margin, each naming the program.
      const atMargin = (!first.trim() || formIndent === 0) && !/^\s/.test(l.text) && (formIndent ?? 0) === 0 && l.text.split(/\s+/)[0] === programWords[0];
      if (!l.text.trim() || (!/^\s/.test(l.text) && !or && !atMargin)) break;
      // jxlinfo's "  INPUT      input JPEG XL image filename(s)": a description of one of the
      // form's operands, not more of the form; so is "  datadir - Directory where ...".
      const described = !or && cur && /^<?([A-Za-z][\w-]*)>?(?:(?:\t|\s{2,})[a-z]+|\s+[-–]\s+[A-Za-z]+) [^[\]<>{}|]*$/.exec(l.text.trim());
      if (described && cur!.text.split(/\s+/).some((w) => w.replace(/[[\]<>{}.…]/g, "") === described[1])) break;
      if (!or && cur && definesPlaceholder(l.text, [cur])) break;
      // pcdindex's " with" alone over "W = maximum width ...": the placeholders' definitions.
      if (!or && cur && /^(where|with):?$/i.test(l.text.trim())) break;
      const body = noProse(or ? l.text.slice(or[0].length) : l.text.trimStart());
      const lead = l.text.length - l.text.trimStart().length;
      const startsNew = or || !cur || atMargin || (prog && body.split(/\s+/)[0] === prog);
      // Option tables start after the usage (tab-indented "-x  desc" lines) and end it.
      // Not under a form that ends in a bar (pkexec's "pkexec --version |", then "--help |").
      const barred = cur !== undefined && /\s\|\s*$/.test(cur.text);
      if (!or && !barred && (/^-/.test(body) || /:\s*$/.test(body))) break;
      // Under forms at the margin, an indented line goes on a form only as more brackets
      // (minisign's "            [-t trusted_comment] -m file"), not as most's " where: -1:  ...".
      if (!startsNew && formIndent === 0 && !barred && !/^[[{<(|]/.test(body)) break;
      if (startsNew) {
        formIndent ??= lead;
        // Measured from the front: noProse may have cut the line's end.
        cur = { text: body, offset: l.start + (or ? or[0].length : lead) };
        forms.push(cur);
      } else {
        cur!.text += " ".repeat(Math.max(1, l.start + lead - (cur!.offset + cur!.text.length))) + body;
      }
      i = j;
    }
  }
  return forms.map((f) => stripProgram(f, programWords));
}

/**
 * hostname's text, shared by dnsdomainname and domainname, shows each program's forms under one
 * heading ("Usage: hostname ...", then "{yp,nis,}domainname ...", "dnsdomainname ..."): when
 * the heading's form names another program, the forms that name this one are its own, with the
 * program word dropped. The block runs through blank lines to the next line at the margin.
 */
function ownForms(lines: readonly { text: string; start: number }[], at: number, program: string): UsageForm[] {
  const base = program.split("/").pop() ?? program;
  const names = (word: string) => {
    // "{yp,nis,}domainname": a brace expansion names each program it spells.
    const spelled = /^\{([^{}]*,[^{}]*)\}([\w.+-]+)$/.exec(word);
    if (spelled) return spelled[1]!.split(",").some((p) => `${p}${spelled[2]}` === base);
    return word === base || word.split("/").pop() === base;
  };
  const firstWord = (t: string) => t.trim().split(/\s+/)[0] ?? "";
  const heading = lines[at]!.text.replace(/^\s*usage ?:\s*/i, "");
  if (!heading.trim() || names(firstWord(heading))) return [];
  const out: UsageForm[] = [];
  for (let j = at + 1; j < lines.length; j++) {
    const l = lines[j]!;
    if (!l.text.trim()) continue;
    if (!/^\s/.test(l.text)) break;
    const word = firstWord(l.text);
    if (!names(word)) continue;
    const from = l.text.indexOf(word) + word.length;
    // The forms' descriptions stand in a column, two spaces away where a form is long.
    out.push({ text: noProse(l.text.slice(from)).replace(/\s{2,}[a-z][^[\]<>{}|]*$/, ""), offset: l.start + from });
  }
  return out;
}

/** Drops the program words at the front of a form ("git commit", "ssh"), keeping offsets right. */
export function stripProgram(f: UsageForm, programWords: string[]): UsageForm {
  let t = f.text;
  let off = f.offset;
  const strip = (w: string) => {
    const m = new RegExp(`^\\s*${w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?=\\s|$)`).exec(t);
    if (m) {
      t = t.slice(m[0].length);
      off += m[0].length;
      return true;
    }
    return false;
  };
  // yadm's "yadm config" prints git's "usage: git config [<options>]": the wrapped program's
  // word before this command's word stands for the wrapper.
  const [first, second] = t.trim().split(/\s+/);
  if (programWords.length > 1 && first !== programWords[0] && second === programWords[1] && /^[\w.+-]+$/.test(first ?? "")) strip(first!);
  else strip(programWords[0]!) || strip(programWords[0]!.split("/").pop()!);
  for (const w of programWords.slice(1)) if (!strip(w)) strip(w.split("/").pop()!);
  return { text: t, offset: off };
}

/**
 * hostname's `{hostname|-F file}`: a brace glued to its words is still a required choice when
 * a `|` inside it separates them (`{yp,nis,}domainname`, a shell brace expansion, has none).
 */
function choiceBraceAt(s: string, at: number): boolean {
  if (at > 0 && /[^\s[(|]/.test(s[at - 1]!)) return false;
  let depth = 0;
  for (let i = at; i < s.length; i++) {
    const c = s[i]!;
    if (c === "{" || c === "[" || c === "(") depth++;
    else if (c === "}" || c === "]" || c === ")") {
      depth--;
      if (depth === 0) return c === "}" && /\|/.test(s.slice(at + 1, i)) && !/,/.test(s.slice(at + 1, i));
    }
  }
  return false;
}

/** Reads one usage form into nested optional/required groups with alternatives. */
/** One form's top-level alternatives: `prog -a | -d <date> | -n` has three, most forms one. */
function readForm(s: string, base: number, onUnclosed: () => void = () => undefined): Node[][] {
  let i = 0;
  // Inside a choice brace (`{hostname|-F file}`) every `|` separates alternatives.
  let inChoice = 0;
  const parseSeq = (closer: string | undefined): Node[][] => {
    const alts: Node[][] = [[]];
    while (i < s.length) {
      const c = s[i]!;
      if (/\s/.test(c)) {
        i++;
        continue;
      }
      if (c === "]" || c === ")" || c === "}") {
        if (closer) {
          i++;
          return alts;
        }
        i++;
        continue;
      }
      if (c === "|") {
        alts.push([]);
        i++;
        continue;
      }
      if (c === "[" || c === "(" || (c === "{" && (/\s/.test(s[i + 1] ?? "") || choiceBraceAt(s, i)))) {
        const start = i;
        i++;
        const choice = c === "{";
        if (choice) inChoice++;
        const inner = parseSeq(c === "[" ? "]" : c === "(" ? ")" : "}");
        if (choice) inChoice--;
        const g: Group = { kind: "group", optional: c === "[", alts: inner, start: base + start, end: base + i, many: false };
        // GDAL's and HAProxy's `[-f <file>]*`: a star after a group repeats it, as "..." does.
        if (s[i] === "*" && /^[\s\])|]?$/.test(s[i + 1] ?? "")) {
          g.many = true;
          i++;
        }
        // `[bind_address:]port`: a bracket glued to the next word belongs to that word.
        if (i < s.length && /[^\s|\])[]/.test(s[i]!) && !s.startsWith("...", i)) {
          const w = readWord();
          alts[alts.length - 1]!.push({ kind: "word", text: s.slice(start, i).trim() || w.text, start: base + start, end: base + i, many: false });
          continue;
        }
        if (s.startsWith("...", i)) {
          g.many = true;
          i += 3;
        }
        alts[alts.length - 1]!.push(g);
        continue;
      }
      if (s.startsWith("...", i)) {
        const cur = alts[alts.length - 1]!;
        if (cur.length) cur[cur.length - 1]!.many = true;
        i += 3;
        continue;
      }
      alts[alts.length - 1]!.push(readWord());
    }
    if (closer) onUnclosed();
    return alts;
  };
  const readWord = (): Word => {
    const start = i;
    let depth = 0;
    while (i < s.length) {
      const c = s[i]!;
      // `PEM|DER`, `-A|B|C` and `conv=a|b` keep their bars; ` | ` separates alternatives.
      const gluedBar = c === "|" && i > start && /\S/.test(s[i + 1] ?? " ") && inChoice === 0;
      if (depth === 0 && (/\s/.test(c) || c === "]" || c === ")" || c === "}" || (c === "|" && !gluedBar))) break;
      if (c === "[" || c === "(" || c === "<" || c === "{") depth++;
      if ((c === "]" || c === ")" || c === ">" || c === "}") && depth > 0) depth--;
      i++;
    }
    let text = s.slice(start, i);
    let many = false;
    if (text.endsWith("...") && text.length > 3) {
      text = text.slice(0, -3);
      many = true;
    }
    return { kind: "word", text, start: base + start, end: base + i, many };
  };
  return parseSeq(undefined);
}

const GENERIC = /^(<?options?>?|OPTIONS?|<?flags?>?|OPTION|\[?options\]?|LONGOPT)$/i;
const isOptionWord = (w: string) => /^-[^-\s]|^--[A-Za-z[]/.test(w);

export interface UsageResult {
  options: OptionSpec[];
  positionals: PositionalSpec[];
  /** key=value operands (`[if=FILE]`), for dd-style programs. */
  operands: { key: string; metavar: string }[];
}

/** Interprets usage forms: option words become options, other words positionals. */
/** One long and one short spelling, neither with a value ("--help", "-h"), read; else undefined. */
function aliasPair(words: string[]): Spelling[] | undefined {
  if (words.length !== 2 || !words.some((w) => /^--[A-Za-z0-9][\w-]*$/.test(w)) || !words.some((w) => /^-[A-Za-z0-9?]$/.test(w))) return undefined;
  const spellings = words.map((w) => readSpelling(w));
  return spellings.every((sp) => sp !== undefined) ? spellings : undefined;
}

export function readUsage(text: string, forms: UsageForm[], opts: { dashLong?: boolean; takesValue?: (short: string) => boolean } = {}): UsageResult {
  const options: OptionSpec[] = [];
  const operands: { key: string; metavar: string }[] = [];
  const perForm: PositionalSpec[][] = [];
  const raw = (n: Node) => text.slice(n.start, n.end);
  for (const form of forms) {
    const pos: PositionalSpec[] = [];
    const walk = (seq: Node[], optional: boolean, many: boolean, inGroup: boolean) => {
      for (let k = 0; k < seq.length; k++) {
        const n = seq[k]!;
        if (n.kind === "group") {
          // route's "{add|del|flush} ...": a required choice of command words, and the words
          // after it are that command's own ("route add -net 10.0.0.0 netmask ...").
          const words = n.alts.map((a) => (a.length === 1 && a[0]!.kind === "word" && /^[a-z][a-z0-9-]*$/.test(a[0]!.text) ? a[0]!.text : ""));
          if (!n.optional && n.alts.length > 1 && words.every(Boolean) && raw(n).startsWith("{")) {
            const action = positional("ACTION", optional ? 0 : 1, 1, spanOf(text, n.start, n.end), { kind: "enum", choices: words });
            pos.push(n.many ? { ...action, rest: true } : action);
            continue;
          }
          // toolbox's "[--help | -h]", "[--verbose | -v]": a long and a short spelling, the two
          // alternatives of one bracket, are one option's spellings.
          const pair = aliasPair(n.alts.map((a) => (a.length === 1 && a[0]!.kind === "word" ? a[0]!.text : "")));
          if (n.optional && pair) {
            options.push(...optionsFromSpellings(pair, "", spanOf(text, n.start, n.end)));
            continue;
          }
          // A group of options followed by one metavar: (-c | -C | --squash) <commit>.
          const multi = n.alts.length > 1;
          for (const alt of n.alts) walk(alt, optional || n.optional || multi, many || n.many, true);
          continue;
        }
        // ssh-copy-id's "[user@]hostname": an optional prefix glued to the operand.
        let w = n.text.replace(/^\[[^[\]\s]+\](?=[<A-Za-z_])/, "");
        // kubectx's "kubectx -c, --current": one option's spellings, a comma and a space between.
        const after = seq[k + 1];
        if (/^--?[A-Za-z0-9][\w-]*,$/.test(w) && after?.kind === "word" && isOptionWord(after.text)) {
          w += after.text;
          k++;
        }
        if (w === "--" || w === "-" || GENERIC.test(w)) continue;
        const kv = /^([a-z][a-z0-9_]*)=(\S+)$/.exec(w);
        if (kv) {
          operands.push({ key: kv[1]!, metavar: kv[2]! });
          continue;
        }
        // pass's "[--force,-f]", "[--clip[=n],-c[n]]", "[--path=dir,-p dir]": one option's
        // spellings joined by a comma (not inside a bracket), the value after the last for all.
        const joined = w.split(/,(?=--?[A-Za-z0-9])(?![^[]*\])/);
        if (joined.length > 1 && joined.every(isOptionWord)) {
          const next = seq[k + 1];
          const tail = inGroup && k + 2 === seq.length && next?.kind === "word" && !isOptionWord(next.text) ? next.text : undefined;
          const spellings = joined.map((p) => readSpelling(p, opts.dashLong));
          if (spellings.every((sp) => sp !== undefined)) {
            const last = spellings[spellings.length - 1]!;
            if (tail && last.arity === "none") spellings[spellings.length - 1] = { ...last, arity: "required", metavar: tail };
            if (tail) k++;
            options.push(...optionsFromSpellings(spellings, "", spanOf(text, n.start, n.end)));
            continue;
          }
        }
        if (isOptionWord(w)) {
          // Each alternative of `-i|-o` (or bzip3's `-e/-z/-d`) written without spaces is its own option.
          const pieces =
            (w.includes("|") || w.includes("/-")) && !w.includes("[") ? w.split(/\||\/(?=-)/).map((p) => (/^[A-Za-z0-9]$/.test(p) ? `-${p}` : p)) : [w];
          // "[--help|-h]" alone in its bracket: one option's two spellings, as with spaces.
          const pair = inGroup && seq.length === 1 && w.includes("|") ? aliasPair(pieces) : undefined;
          if (pair) {
            options.push(...optionsFromSpellings(pair, "", spanOf(text, n.start, n.end)));
            continue;
          }
          for (const piece of pieces) {
            const rest = seq.slice(k + 1);
            // `[-D [bind_address:]port]`: the rest of the bracket is the metavar.
            // A nested group that opens with an option ends the metavar: help texts with an unbalanced
            // bracket (busybox sort's `[-k START[.OFS]...`) would otherwise swallow the rest of the line.
            const optGroup = (r: Node) => r.kind === "group" && r.alts.some((a) => a[0]?.kind === "word" && isOptionWord(a[0].text));
            // iscsiadm's "[-t type -p ip:port -I ifaceN ...]": in a bracket of several options, a
            // one-letter or long option's value runs to the next option word.
            const single = inGroup && /^(-[A-Za-z0-9]|--[A-Za-z][\w-]*)$/.test(piece);
            const stop = rest.findIndex((r) => optGroup(r) || (single && r.kind === "word" && isOptionWord(r.text)));
            const metaNodes = stop >= 0 ? rest.slice(0, stop) : rest;
            // bchunk's "[-w (wav)]", "[-p (PSX)]": one parenthesised gloss without a bar names what
            // the option does, no value ("(tcp|udp)" is a choice of values).
            const gloss = metaNodes.length === 1 && metaNodes[0]!.kind === "group" && metaNodes[0]!.alts.length === 1 && text[metaNodes[0]!.start] === "(";
            const tail = inGroup && metaNodes.length && !gloss && metaNodes.every((r) => r.kind === "group" || !isOptionWord(r.text)) ? metaNodes : [];
            if (gloss && inGroup && piece === pieces[pieces.length - 1]) k += 1;
            // `-Olevel` (a repeated letter) is -O with an attached value, not a cluster of flags.
            // Not a word with a value of its own after it (GDAL's `[-fielddomain name]`): that is a
            // one-dash long option, read below.
            const repeats = new Set(piece.slice(1)).size < piece.length - 1;
            if (repeats && /^-[A-Za-z0-9][a-z]{2,}$/.test(piece) && !opts.dashLong && !tail.length) {
              options.push(
                ...optionsFromSpellings([{ kind: "short", name: piece[1]!, arity: "required", metavar: piece.slice(2) }], "", spanOf(text, n.start, n.end)),
              );
              continue;
            }
            // gprof's "-[abcDhilLrsTvwxyz]" and "-[ABCeEfF][name]", xlsclients' "-[a][l]": the
            // bracketed letters are flags; a word in a last bracket is a value each may have glued on.
            // tcpflow's "[-[eE] scanner]": the rest of the bracket is a value each letter takes.
            const bracketed = /^-((?:\[[A-Za-z0-9]+\])+)$/.exec(piece);
            if (bracketed) {
              const groups = [...bracketed[1]!.matchAll(/\[([A-Za-z0-9]+)\]/g)].map((g) => g[1]!);
              const value = groups.length > 1 && /^[a-z][a-z-]+$/.test(groups[groups.length - 1]!) ? groups.pop() : undefined;
              const apart = !value && tail.length ? text.slice(tail[0]!.start, tail[tail.length - 1]!.end).trim() : undefined;
              for (const letter of groups.join(""))
                options.push(
                  ...optionsFromSpellings(
                    [
                      apart
                        ? { kind: "short", name: letter, arity: "required", metavar: apart }
                        : { kind: "short", name: letter, arity: value ? "optional" : "none", ...(value ? { metavar: value } : {}) },
                    ],
                    "",
                    spanOf(text, n.start, n.end),
                  ),
                );
              if (apart) k += tail.length;
              continue;
            }
            // fuser's `[-SIGNAL]`: a signal written as the option itself (-9, -HUP), not five letters.
            if (/^-(SIGNAL|SIG)$/.test(piece)) {
              const sig: Spelling[] = [..."0123456789"].map((d) => ({ kind: "short" as const, name: d, arity: "none" as const }));
              for (const name of SIGNAL_NAMES) sig.push({ kind: "dashLong", name, arity: "none" }, { kind: "dashLong", name: `SIG${name}`, arity: "none" });
              options.push(...optionsFromSpellings(sig, "a signal written as the option: -9, -HUP", spanOf(text, n.start, n.end)));
              continue;
            }
            // A cluster may hold "?" (graphviz's "[-dv?]", "[-Vv?]"): the help flag among the letters;
            // and "#" last (tcpdump's "[-AbdDefhH...xX#]", its -# flag). A "#" among the letters
            // or after a word stands for a number glued on (pbzip2's "[-b#cdfhklm#p#qrS#tVz]",
            // lpr's "[-#num]", netpbm's "[-image#]").
            if (/^-[A-Za-z0-9?]{2,}#?$/.test(piece) && !/^-[a-z]{3,}#$/.test(piece) && !opts.dashLong && !tail.length) {
              for (const letter of piece.slice(1))
                options.push(...optionsFromSpellings([{ kind: "short", name: letter, arity: "none" }], "", spanOf(text, n.start, n.end)));
              continue;
            }
            const sp = readSpelling(piece, opts.dashLong) ?? (opts.dashLong ? undefined : readSpelling(piece, true));
            if (!sp) continue;
            let spelling: Spelling = sp;
            // "--update [names]": an optional value, the next word when given.
            const g = tail[0];
            const apart =
              tail.length === 1 && g?.kind === "group" && g.optional && g.alts.length === 1 && g.alts[0]!.length === 1 && g.alts[0]![0]!.kind === "word";
            if (tail.length && sp.arity === "none") {
              const meta = text.slice(tail[0]!.start, tail[tail.length - 1]!.end).trim();
              spelling = apart ? { ...sp, arity: "optional", metavar: meta.slice(1, -1).trim() } : { ...sp, arity: "required", metavar: meta };
              if (piece === pieces[pieces.length - 1]) k += tail.length;
            }
            // X11's "[-display dpy]": a word after one dash with a value in its own bracket is a
            // one-dash long option; BSD letter clusters take no value ("[-abc]").
            if (spelling.kind === "dashLong" && !opts.dashLong && spelling.name.length > 1 && !(tail.length && inGroup && /^[a-z]{3,}$/.test(spelling.name)))
              continue;
            const read = optionsFromSpellings([spelling], "", spanOf(text, n.start, n.end));
            options.push(...(apart && spelling.arity === "optional" ? read.map((o) => ({ ...o, valueApart: true })) : read));
          }
          continue;
        }
        // fc-list's "{element ...}": a placeholder and dots in braces, any number of it, none included.
        const braced = /^\{([A-Za-z][\w-]*)\s*(?:\.\.\.|…)\}$/.exec(w);
        if (braced) {
          pos.push(positional(braced[1]!, 0, MANY, spanOf(text, n.start, n.end)));
          continue;
        }
        if (!/^[<A-Za-z_]/.test(w)) continue;
        // `(-c | -C | --squash) <commit>`: the word after a group of options is their value.
        const prev = seq[k - 1];
        if (
          prev?.kind === "group" &&
          !prev.optional &&
          prev.alts.length > 1 &&
          prev.alts.every((a) => a.length === 1 && a[0]!.kind === "word" && isOptionWord(a[0]!.text))
        )
          continue;
        // `[-e] <pattern>`: the positional may come as the option's value instead (git grep -e x).
        const viaOption =
          prev?.kind === "group" &&
          prev.optional &&
          prev.alts.length === 1 &&
          prev.alts[0]!.length === 1 &&
          prev.alts[0]![0]!.kind === "word" &&
          /^-[A-Za-z]$/.test(prev.alts[0]![0]!.text) &&
          !!opts.takesValue?.(prev.alts[0]![0]!.text.slice(1));
        pos.push(positional(w, optional || viaOption ? 0 : 1, many || n.many ? MANY : 1, spanOf(text, n.start, n.end)));
      }
    };
    let unclosed = false;
    const [nodes, ...others] = readForm(form.text, form.offset, () => (unclosed = true));
    // A bracket still open where the text ends: the help was cut off mid-usage.
    if (unclosed && text.slice(form.offset + form.text.length).trim() === "") {
      throw new GrammargenError(
        `help text ends inside its usage line (a bracket opened on line ${spanOf(text, form.offset, form.offset).line} is never closed); it looks truncated`,
        [],
        "ETRUNCATED",
      );
    }
    walk(nodes!, false, false, false);
    // calcurse's "calcurse -a | -d <date> | -n": bars outside any bracket part the form into
    // choices. A choice that is one option, or one option and its value, adds that option; a
    // longer one ("-u | -t host prognum") does not say which words are the option's value.
    const kept = pos.length;
    for (const alt of others) {
      const [opt, value, ...more] = alt;
      const one = opt?.kind === "word" && isOptionWord(opt.text) && !more.length && (!value || (value.kind === "word" && !isOptionWord(value.text)));
      // pkexec's "--help | [--keep-cwd] [--user username] [PROGRAM]": a choice of brackets alone
      // holds its options whole, each with its value.
      const bracketed = alt.length > 0 && alt.every((n) => n.kind === "group" && n.optional);
      if (one || bracketed) walk(alt, true, false, !bracketed);
    }
    pos.length = kept;
    joinNumberedRun(pos);
    perForm.push(pos);
  }
  return { options: mergeOptions(options), positionals: mergePositionals(perForm), operands };
}

/** Several usage forms: the longest is the base; a positional missing from some form becomes optional. */
export function mergePositionals(perForm: PositionalSpec[][]): PositionalSpec[] {
  if (!perForm.length) return [];
  const sorted = [...perForm].sort((a, b) => b.length - a.length);
  const out = sorted[0]!.map((p) => ({ ...p }));
  for (const form of sorted.slice(1)) {
    for (const p of form) {
      const hit = out.find((o) => o.name === p.name);
      if (hit) {
        hit.min = Math.min(hit.min, p.min);
        hit.max = Math.max(hit.max, p.max);
      } else out.push({ ...p, min: 0 });
    }
  }
  if (perForm.length > 1) for (const p of out) if (!perForm.every((f) => f.some((q) => q.name === p.name))) p.min = 0;
  // Two required slots with the same name (source ... target): keep names unique.
  const seen = new Map<string, number>();
  for (const p of out) {
    const n = seen.get(p.name) ?? 0;
    seen.set(p.name, n + 1);
    if (n) p.name = `${p.name}${n + 1}`;
  }
  return out;
}

/** Whether a usage form names the letter on its own ("[-M module]", "[-M]"), not only in a bundle of letters. */
const soloInUsage = (forms: UsageForm[], letter: string): boolean =>
  forms.some((f) => new RegExp(`(?:^|[\\s[|])-${letter.replace(/[?]/g, "\\?")}(?=[\\s\\]|]|$)`).test(f.text));

export function parseBsd(text: string, opts: { name: string | string[] }): { spec: CommandSpec; diagnostics: Diagnostic[] } {
  const session = new Session("parse");
  const path = Array.isArray(opts.name) ? opts.name : opts.name.split(/\s+/).filter(Boolean);
  const spec = emptySpec(path, "bsd");
  const forms = usageForms(text, path);
  if (!forms.length) {
    session.warn("no usage line found; the grammar accepts the bare command and its operands");
    spec.positionals = [positional("arg", 0, MANY)];
    return { spec, diagnostics: session.diagnostics };
  }
  const u = readUsage(text, forms);
  spec.options = readGetoptStd(text) ?? u.options;
  spec.positionals = u.positionals;
  // Descriptions, where a BSD tool also prints a summary table (nc's "Command Summary").
  // modetest's usage bundles "[-acDdefMPpsCvrw]" while its table shows "-M module<tab>use the
  // given driver": a letter the usage names only in a bundle takes the value its row shows.
  for (const l of linesOf(text)) {
    const m = /^\s+-([A-Za-z0-9])(?:[ \t]+(\S+))?\t+(.+)$/.exec(l.text);
    if (!m) continue;
    const o = spec.options.find((x) => x.short.includes(m[1]!));
    if (o && !o.description) o.description = m[3]!.trim();
    if (o && o.arity === "none" && m[2] && /^(?:<[^<>]+>|[a-z][\w-]*|[A-Z][A-Z0-9_]*)$/.test(m[2]) && !soloInUsage(forms, m[1]!)) {
      o.arity = "required";
      o.value = { metavar: m[2], type: typeFromMetavar(m[2]) };
    }
  }
  // A getopt-style table under the usage (hostname's "-s, --short   short host name") adds
  // long spellings and descriptions to the usage line's letters; the usage stays the authority
  // on what they take. The table may start at the margin and end its head at one tab
  // ("-i --dump-interval 1<tab>Number of seconds"): only letters the usage names take anything
  // from it here; the rows the usage leaves out are read below, by a stricter head.
  for (const t of readOptionTable(text, { headSeparator: /^ {0,8}(-[^\s].*?)(?:(?:\s{2,}|\t)(\S.*))?$/ })) {
    const o = spec.options.find((x) => t.short.some((c) => x.short.includes(c)));
    if (!o) continue;
    for (const l of t.long) if (!o.long.includes(l)) o.long.push(l);
    if (!o.description) o.description = t.description;
  }
  // The usage line is a summary: a letter it names only in a bundle takes the value its row
  // shows, and the option table's rows it leaves out ("-h, --help") are options too.
  giveRowValues(text, spec.options, (letter) => soloInUsage(forms, letter));
  spec.options.push(...rowsBeyondUsage(text, spec.options));
  // nc's "Port numbers can be individual or ranges: lo-hi": a number or a range of them.
  for (const p of spec.positionals) if (p.type.kind === "integer" && rangesSaid(text, p.name)) p.type = { kind: "word" };
  // "which [-a] args": a plural operand name stands for several words, and so does tcpdump's "[ expression ]".
  for (const p of spec.positionals) if (standsForSeveralWords(p.name) && p.max < MANY) p.max = MANY;
  // "image [images]": the second in the plural, any number more.
  spec.positionals = spec.positionals.filter((p, i, all) => {
    const prev = all[i - 1];
    if (!prev || p.min !== 0 || p.name.toLowerCase() !== `${prev.name.toLowerCase()}s`) return true;
    prev.max = MANY;
    return false;
  });
  // "<command> [<args>]" (git, nice, env): BSD getopt stops at the first operand, so the
  // command and every word after it, dashes included, pass through untouched. Not before a
  // "targetdirectory": "arg" inside a word names no arguments.
  spec.positionals.forEach((p, i) => {
    const next = spec.positionals[i + 1];
    if (PASS_THROUGH_NAME.test(p.name.replace(/[<>]/g, "")) && (next === undefined || /(?:^|[^a-z])arg(?:s|uments?)?(?:$|[^a-z])/i.test(next.name)))
      p.rest = true;
  });
  return { spec, diagnostics: session.diagnostics };
}
