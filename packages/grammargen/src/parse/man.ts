// A man page -> CommandSpec, from the text `man -P cat` prints (sections at the margin, their
// bodies indented, option lists as a term line and an indented description) or from its roff
// source, which roff.ts renders into that layout first. The page is laid out as
// a help text - "Usage:" with the SYNOPSIS forms, "Options:" with the option entries - and
// read by the same entry and usage readers as --help text; every span is moved back onto the
// page, so diagnostics name the page's own line numbers.
import { withAbbreviations } from "./abbreviated.js";
import { withKeywordGrammar } from "./keyword-grammar.js";
import { withSubcommandOperand } from "./subcommand-operand.js";
import { GrammargenError, type Diagnostic } from "../diagnostics.js";
import type { CommandSpec } from "../ir.js";
import { withBorrowedOptions } from "./borrowed.js";
import { nameWords, parseGetoptStyle, type ParseResult, withTextLeftOff } from "./help.js";
import { isRoff, renderRoff } from "./roff.js";
import { detectStyle, manPageParser } from "./styles.js";
import { checkHelpText, isUsageHeading, normalize, splitLines, type Line } from "./text.js";
import { TextView } from "./view.js";

export interface ManParseOptions {
  /** The command words, as for parseHelp. */
  name: string | string[];
}

/** Sections that never hold the program's own option list. */
const NOT_OPTIONS =
  /^(name|synopsis|syntax|see also|examples?|authors?|author and copyright|copyright|copying|licen[cs]e|reporting bugs|(known )?bugs|history|environment( variables)?|files|exit (status|codes?)|return values?|diagnostics|standards|conforming to|colophon|notes|caveats|availability|acknowledge?ments|translations?|key bindings|signals)$/i;
/** Keys pressed while the program runs (top's "INTERACTIVE Commands", less's "COMMANDS"), not its arguments. */
const INTERACTIVE = /\binteractive\b|\bkey ?bindings?\b/i;
const SYNOPSIS = /^(synopsis|syntax|usage)$/i;
/** A term that names an option: -x, --long, -?, +N, -# ... */
const TERM = /^(?:--?[^\s-]|\+[^\s+])/;
/** The running header and footer: "LS(1)   User Commands   LS(1)". */
const PAGE_TITLE = /^([^\s()]+)\(([0-9][\w]*)\)(?:\s|$)/;

interface Section {
  title: string;
  heading: Line;
  lines: Line[];
}

/** The text is a rendered man page: a running header "NAME(section)" and a NAME or SYNOPSIS section. */
export function isRenderedManPage(text: string): boolean {
  const first = text.split("\n", 1)[0] ?? "";
  // nix's pages: "Name", "Synopsis" under a page title.
  if (PAGE_TITLE.test(first.trim())) return /^(NAME|SYNOPSIS|Name|Synopsis)\s*$/m.test(text);
  return /^NAME\s*$/m.test(text) && /^(NAME|SYNOPSIS)\s*$/m.test(text);
}

/** Sections at the margin; subsections (indented less than the body) become sections of their own, titled "PARENT / Sub". */
function sectionsOf(lines: Line[]): Section[] {
  const body = lines.filter((l) => !l.blank && l.indent > 0).map((l) => l.indent);
  // The body's indentation: 7 for man(7) pages, 5 for mdoc(7) pages.
  const bodyIndent = body.length ? Math.min(...body.filter((n) => n >= 4).concat([7])) : 7;
  const out: Section[] = [];
  let parent = "";
  for (const l of lines) {
    if (l.blank) {
      out[out.length - 1]?.lines.push(l);
      continue;
    }
    const title = l.text.trim();
    if (l.indent === 0) {
      parent = title;
      out.push({ title, heading: l, lines: [] });
    } else if (l.indent < bodyIndent && out.length && !TERM.test(title)) {
      out.push({ title: `${parent} / ${title}`, heading: l, lines: [] });
    } else out[out.length - 1]?.lines.push(l);
  }
  return out;
}

/** "1. COMMAND-LINE Options" -> "COMMAND-LINE Options"; a remark after the title ("SYNOPSIS (deprecated)") goes too. */
const bareTitle = (t: string): string =>
  t
    .replace(/^\d+[a-z]?\.\s+/, "")
    .replace(/\s+\([^()]*\)$/, "")
    .trim();

function readsOptions(s: Section): boolean {
  const parts = s.title.split(" / ").map(bareTitle);
  if (parts.some((p) => INTERACTIVE.test(p))) return false;
  if (PAGE_TITLE.test(s.title)) return false;
  return !NOT_OPTIONS.test(parts[0]!) && !(parts[1] !== undefined && NOT_OPTIONS.test(parts[1]));
}

const content = (l: Line): string => l.text.slice(l.start).trimEnd();

/**
 * The SYNOPSIS forms, one view line each: "Usage:" and then every form that starts with
 * the program (all forms, where none does), its wrapped lines joined and words broken by a
 * hyphen at a line's end put back together.
 */
function addSynopsis(view: TextView, s: Section, program: string, names: string[]): boolean {
  // less's "(See the OPTIONS section for alternate option syntax ...)", over two lines: a
  // remark, not a form; so is a sentence, and so is a paragraph that starts as prose.
  // run-mailcap's "The see, edit, compose and print versions are just aliases ..." paragraph
  // under its forms: prose to the paragraph's end.
  const lines: Line[] = [];
  let remark = false;
  let prose = false;
  let previous: Line | undefined;
  for (const l of s.lines) {
    if (l.blank) continue;
    const c = content(l);
    if (!previous || l.no > previous.no + 1) prose = /^[A-Z][a-z]+,? [a-z]+,? [a-z]/.test(c) && !/[[\]<>{}|]/.test(c);
    previous = l;
    if (!remark && /^\([A-Z][a-z]+ [a-z]/.test(c)) remark = true;
    if (remark) {
      if (/\)\.?$/.test(c)) remark = false;
      continue;
    }
    if (!prose && !/^[A-Z][a-z]+ [a-z]+ [a-z]+ .*\.$/.test(c)) lines.push(l);
  }
  if (!lines.length) return false;
  const margin = Math.min(...lines.map((l) => l.indent));
  const base = program.split("/").pop() ?? program;
  const firstWord = (l: Line) => content(l).split(/\s+/)[0]!.split("/").pop()!;
  // A form starts at the margin with a program's name: this one, one the NAME section lists,
  // or the first form's. man(7) pages wrap a form at the margin too, so any other word there
  // goes on with the form before it.
  // cmake's "Generate a Project Buildsystem" above its forms: a title, no form (no brackets,
  // dashes or placeholders, a capital and then lower-case words).
  const title = (l: Line) => /^[A-Z][a-z]+( [A-Za-z-]+)*$/.test(content(l)) && !programs.has(firstWord(l));
  const programs = new Set([base, ...names]);
  const first = lines.find((l) => !title(l));
  if (first) programs.add(firstWord(first));
  // fprintd's "fprintd-enroll [-f finger] [usename]" over "fprintd-list username ...", ghdl's
  // "ghdl [command] ..." over "ghdl-gcc [command] ...": a word at the margin that names a
  // kindred program (a name before a dash shared with one known), with usage syntax after it,
  // starts another program's form.
  const stem = (w: string) => (w.includes("-") ? w.slice(0, w.indexOf("-")) : w);
  const kindred = (l: Line) =>
    /^[a-z][\w.+]*(-[\w.+]+)+$/.test(firstWord(l)) &&
    /^\S+ +([[<{-]|[a-z]+(\s|$)|$)/.test(content(l)) &&
    [...programs].some((p) => stem(p) === stem(firstWord(l)));
  const forms: Line[][] = [];
  // A paragraph below the forms that starts with no program's name is no part of a form, to
  // its end, where it starts as prose ("where subcommand is one of the following:", "Main
  // commands:"), as an option list's entry ("--help/-h:      show this message") or with no
  // word, bracket or option at all ("~$: ln -s ..."). (Netpbm's pages put each bracket of one
  // form in a paragraph of its own.)
  const sentence = (c: string) =>
    (!/[[\]<>{}|]/.test(c) && (/:$/.test(c) || /^[A-Za-z]+,? [A-Za-z]+,? [A-Za-z]+/.test(c))) || /^[^\w[<{(|+-]/.test(c) || /^-\S* {2,}[a-z]/.test(c);
  let aside = false;
  // mono-xsp's "xsp4 [options]" / "or" / "mod-mono-server [options]": "or" alone on its line
  // ends a form, and the next line starts another; one that names no program of this page is
  // another program's, left out.
  let or = false;
  const foreign = new Set<Line[]>();
  lines.forEach((l, k) => {
    if (/^or$/i.test(content(l))) {
      or = forms.length > 0;
      return;
    }
    if (k > 0 && l.no > lines[k - 1]!.no + 1 && !or)
      aside = forms.length > 0 && !programs.has(firstWord(l)) && !kindred(l) && !title(l) && sentence(content(l));
    if (aside || title(l)) return;
    const atMargin = l.indent === margin || (forms.length > 0 && l.indent <= forms[forms.length - 1]![0]!.indent);
    if (!forms.length || (atMargin && (or || programs.has(firstWord(l)) || kindred(l)))) {
      forms.push([l]);
      if (or && !programs.has(firstWord(l)) && !kindred(l)) foreign.add(forms[forms.length - 1]!);
    } else forms[forms.length - 1]!.push(l);
    or = false;
  });
  for (const f of foreign) forms.splice(forms.indexOf(f), 1);
  const own = forms.filter((f) => firstWord(f[0]!) === base);
  view.add("Usage:\n", s.heading.offset);
  for (const form of own.length ? own : forms) {
    view.add("  ", form[0]!.offset);
    // "[-o omit-" / "pid[,omitpid...]]": a word hyphenated at the line's end, the hyphen dropped.
    // "[MIME-" / "TYPE:[ENCODING:]]FILE": a compound broken after its hyphen, which stays.
    const hyphenated = (k: number) => {
      const [a, b] = [content(form[k]!), content(form[k + 1]!)];
      return /[a-z]-$/.test(a) && !/\s-\S*-$/.test(` ${a}`) && /^[a-z]/.test(b) && !compound(k);
    };
    // argparse's "{install,upgrade-" / "all,list}": a name in a list of choices keeps its hyphen.
    const compound = (k: number) => {
      const [a, b] = [content(form[k]!), content(form[k + 1]!)];
      const upTo = form
        .slice(0, k + 1)
        .map(content)
        .join(" ");
      return (/[A-Z]-$/.test(a) && /^[A-Z]/.test(b)) || (/-$/.test(a) && /\{[^{}]*$/.test(upTo));
    };
    form.forEach((l, k) => {
      const from = l.offset + l.start;
      let to = l.offset + l.text.trimEnd().length;
      const next = form[k + 1];
      if (k > 0 && !hyphenated(k - 1) && !compound(k - 1)) view.add(" ", from);
      if (next && hyphenated(k)) to--;
      view.copy(from, to);
    });
    view.add("\n", form[form.length - 1]!.offset + form[form.length - 1]!.text.length);
  }
  view.add("\n", s.heading.offset);
  return true;
}

interface Entry {
  terms: Line[];
  /** Where the description starts on the last term line (a source offset), if it starts there. */
  inline?: number;
  description: Line[];
}

/**
 * The option entries of a section: a term line that starts with an option, then its
 * description, either on the same line (at the column the next lines continue at, or after
 * two spaces) or on the lines below, indented deeper. Several term lines in a row ("-h" /
 * "--help") share the description below the last. A paragraph of prose that happens to start
 * with an option name goes on at its own indentation, and is no entry.
 */
/** DocBook's bulleted option lists (mariadb's "o   --add-drop-database"): the bullet is no part of the term. */
const BULLET = /^(?:o|\u00b7|\u2022|\*) {2,}(?=[-+]{1,2}[^\s-])/;
const unbulleted = (l: Line): Line => {
  const m = BULLET.exec(content(l));
  return m ? { ...l, start: l.start + m[0].length } : l;
};
/** Sections whose every paragraph may be an option: go-md2man writes "--debug Produce verbose output." as one. */
const OPTIONS_SECTION = /\b(options|flags)\b/i;

function entriesOf(s: Section): Entry[] {
  const lines = s.lines.filter((l) => !l.blank).map(unbulleted);
  // ssh's four "-L ..." term lines over one description: one option, its first form read.
  const firstWord = (l: Line) => /^[-+]+[^\s,=[]+/.exec(content(l))?.[0];
  const distinct = (terms: Line[]) => terms.filter((t, k) => !terms.slice(0, k).some((u) => firstWord(u) === firstWord(t)));
  // The column descriptions start at (14 in man(7) pages, 13 in mdoc(7) ones): a short term's
  // description starts there on the term's own line, after as little as one space ("--help display ...").
  const votes = new Map<number, number>();
  lines.forEach((l, k) => {
    const next = lines[k + 1];
    if (TERM.test(content(l)) && next && next.indent > l.indent) votes.set(next.indent, (votes.get(next.indent) ?? 0) + 1);
  });
  const column = [...votes].sort((a, b) => b[1] - a[1])[0]?.[0];
  const inlineAt = (l: Line, at: number | undefined) => inlineFrom(l, at ?? column);
  const out: Entry[] = [];
  let i = 0;
  while (i < lines.length) {
    const l = lines[i]!;
    if (!TERM.test(content(l))) {
      i++;
      continue;
    }
    // Term lines in a row at one indentation, none with its own description.
    let j = i;
    while (
      j + 1 < lines.length &&
      lines[j + 1]!.no === lines[j]!.no + 1 &&
      lines[j + 1]!.indent === l.indent &&
      TERM.test(content(lines[j + 1]!)) &&
      !inlineAt(lines[j]!, undefined)
    )
      j++;
    const last = lines[j]!;
    const next = lines[j + 1];
    if (next && next.indent > l.indent) {
      let k = j + 1;
      while (k < lines.length && lines[k]!.indent > l.indent) k++;
      const terms = distinct(lines.slice(i, j + 1));
      out.push({ terms, inline: terms[terms.length - 1] === last ? inlineAt(last, next.indent) : undefined, description: lines.slice(j + 1, k) });
      i = k;
      continue;
    }
    // go-md2man: in an options section, a paragraph that starts with a term and goes on at its
    // indentation, the description after the term's last word before a capitalised one.
    const paragraph = j === i && OPTIONS_SECTION.test(s.title) && (i === 0 || l.no > lines[i - 1]!.no + 1);
    const sentence = paragraph
      ? /^((?:[-+]{1,2}[^\s-]\S*|[^\sA-Z]\S*)(?: (?:[-+]{1,2}[^\s-]\S*|[^\sA-Z]\S*|[A-Z][A-Z0-9_-]+))*) (?=[A-Z][a-z])/.exec(content(l))
      : null;
    // go-md2man's '--dry-run="none"      Must ...', going on at the term's indentation.
    const gap =
      paragraph && next?.indent === l.indent && next.no === l.no + 1 && !TERM.test(content(next)) ? /\S {2,}(?=\S)/.exec(l.text.slice(l.start)) : null;
    if (gap && /^[-+]+[^\s,]+(?:, [-+]+[^\s,]+)*$/.test(l.text.slice(l.start, l.start + gap.index + 1))) {
      let k = j + 1;
      while (k < lines.length && lines[k]!.indent === l.indent && lines[k]!.no === lines[k - 1]!.no + 1 && !TERM.test(content(lines[k]!))) k++;
      out.push({ terms: [l], inline: l.offset + l.start + gap.index + gap[0].length, description: lines.slice(j + 1, k) });
      i = k;
      continue;
    }
    if (sentence && !inlineAt(l, undefined)) {
      let k = j + 1;
      while (k < lines.length && lines[k]!.indent === l.indent && lines[k]!.no === lines[k - 1]!.no + 1) k++;
      out.push({ terms: [l], inline: l.offset + l.start + sentence[1]!.length + 1, description: lines.slice(j + 1, k) });
      i = k;
      continue;
    }
    // No deeper lines: an entry only with a description on its own line, and only where the
    // text below does not go on at the same indentation (which would make it prose).
    const inline = inlineAt(last, undefined);
    // Below it: nothing, a blank line, a shallower line, or another item of the list (a term,
    // or a line with deeper lines under it, as ifconfig's "interface").
    const after = next ? lines[j + 2] : undefined;
    const item = (n: Line) => TERM.test(content(n)) || n.no > last.no + 1 || (after !== undefined && after.indent > n.indent);
    if (j === i && inline !== undefined && (!next || next.indent < l.indent || item(next))) out.push({ terms: [l], inline, description: [] });
    i = j + 1;
  }
  return out;
}

/**
 * The source offset where a term line's own description starts: at `column` (where the
 * description below continues) after a space, else after a run of two spaces; undefined
 * when the line is all term.
 */
function inlineFrom(l: Line, column: number | undefined): number | undefined {
  const t = l.text;
  // Not where the term goes on: "-bn or --buffers=n" reaches past the column, and so does
  // ansible's "-C 'CHECKOUT', --checkout 'CHECKOUT'" (a value, a comma, another spelling).
  const goesOn = (at: number) => /^[-+]/.test(t.slice(at)) || /(\sor|,)\s*$/.test(t.slice(0, at)) || /^[^\s,]+, +[-+]{1,2}[^\s-]/.test(t.slice(at));
  // Nor mono-xsp's "--port PORT" over a description indented just as far: a placeholder alone
  // to the line's end, one space after the name, is the option's value.
  const value = (at: number) => /^(?:[A-Z][A-Z0-9_]*|<[^<>\s]+>)$/.test(t.slice(at).trimEnd()) && /^\S+ $/.test(t.slice(l.start, at));
  if (
    column !== undefined &&
    !t.includes("\t") &&
    column < t.trimEnd().length &&
    t[column - 1] === " " &&
    t[column] !== " " &&
    !goesOn(column) &&
    !value(column)
  ) {
    // Not inside a bracket: "-o omitpid[,omitpid ...]".
    const head = t.slice(l.start, column);
    if (depth(head) === 0) return l.offset + column;
  }
  const m = /\S(?: {2,}|\t+)(?=\S)/g;
  for (let x = m.exec(t); x; x = m.exec(t)) {
    const at = x.index + x[0].length;
    if (at > l.start && depth(t.slice(l.start, at)) === 0 && !goesOn(at)) return l.offset + at;
  }
  return undefined;
}

const depth = (s: string): number => {
  let d = 0;
  for (const c of s) {
    if (c === "[" || c === "<" || c === "{") d++;
    else if ((c === "]" || c === ">" || c === "}") && d > 0) d--;
  }
  return d;
};

/**
 * Copies a term as a help text would write it. top's "--delay = SECS": the '=' goes against
 * the name. less's "-ppattern or --pattern=pattern": a short option written with the long
 * one's value glued on takes that value ("-p pattern"), and "-n" there, the value written as
 * an option of its own ("-zn or --window=n or -n"), is no option letter.
 */
function copyTerm(view: TextView, from: number, to: number): void {
  const t = view.source.slice(from, to);
  const edits: { at: number; drop: number; add?: string }[] = [];
  for (const m of t.matchAll(/(?<=--?[\w-]+) ?= (?=\S)| =(?=\S)/g)) edits.push({ at: m.index, drop: m[0].length, add: "=" });
  // "--width [=COLUMNS]": an optional value glued on; "= k | m | g": one value of a few.
  for (const m of t.matchAll(/(?<=--[\w-]+) (?=\[=)/g)) edits.push({ at: m.index, drop: 1 });
  // "--filter-only-euser = USER (as: number or name)": a remark in parentheses ends the term.
  const remark = /\s+\([a-z][^()]*\)$/.exec(t);
  if (remark) edits.push({ at: remark.index, drop: remark[0].length });
  // "--delay=SECS [.TENTHS]": the bracket goes on with the same value.
  for (const m of t.matchAll(/(?<=\w) (?=\[[.,:])/g)) edits.push({ at: m.index, drop: 1 });
  for (const m of t.matchAll(/(?<=\w) \| (?=\w)/g)) edits.push({ at: m.index, drop: m[0].length, add: "|" });
  // (A page rendered from roff writes the placeholder in capitals: "-zN or --window=N or -N".)
  const long = /--[\w-]+=([A-Za-z]\w*)/.exec(t)?.[1];
  if (long) {
    for (const m of t.matchAll(/(^|[\s,])-([A-Za-z0-9])([A-Za-z]\w*)(?=[\s,]|$|,\.\.\.)/g))
      if (m[3] === long) edits.push({ at: m.index + m[1]!.length + 2, drop: 0, add: " " });
    for (const m of t.matchAll(/\s+or\s+-([A-Za-z]\w*)$/g)) if (m[1] === long) edits.push({ at: m.index, drop: m[0].length });
  }
  // "-D xcolor or --color=xcolor": two spellings of one option, as a help text's comma says.
  for (const m of t.matchAll(/ +or +(?=[-+]{1,2}[^\s-])/g)) if (!edits.some((e) => e.at === m.index)) edits.push({ at: m.index, drop: m[0].length, add: ", " });
  edits.sort((a, b) => a.at - b.at);
  let at = 0;
  for (const e of edits) {
    if (e.at < at) continue;
    view.copy(from + at, from + e.at);
    if (e.add) view.add(e.add, from + e.at);
    at = e.at + e.drop;
  }
  view.copy(from + at, to);
}

/** One entry as help text: "  HEAD  description" and the description's lines beneath, at its column. */
function addEntry(view: TextView, e: Entry): void {
  view.add("  ", e.terms[0]!.offset);
  let headWidth = 2;
  e.terms.forEach((t, k) => {
    if (k > 0) view.add(", ", t.offset);
    const end = k === e.terms.length - 1 && e.inline !== undefined ? e.inline : t.offset + t.text.trimEnd().length;
    const to = t.offset + t.text.slice(0, end - t.offset).trimEnd().length;
    copyTerm(view, t.offset + t.start, to);
    headWidth += to - t.offset - t.start + (k > 0 ? 2 : 0);
  });
  const last = e.terms[e.terms.length - 1]!;
  // The description starts on the head's line, as in a help text: a head alone on its line
  // would be read for prose after one space (lsof's "-s list file size").
  const column = headWidth + 4;
  const first = e.inline !== undefined ? { from: e.inline, to: last.offset + last.text.trimEnd().length } : e.description[0];
  const rest = e.inline !== undefined ? e.description : e.description.slice(1);
  if (first) {
    const [from, to] = "from" in first ? [first.from, first.to] : [first.offset + first.start, first.offset + first.text.trimEnd().length];
    view.add("    ", from);
    view.copy(from, to);
  }
  view.add("\n", last.offset + last.text.length);
  for (const d of rest) {
    view.add(" ".repeat(column), d.offset + d.start);
    view.copy(d.offset + d.start, d.offset + d.text.trimEnd().length);
    view.add("\n", d.offset + d.text.length);
  }
}

/** The programs the NAME section lists: "gzip, gunzip, zcat - compress or expand files". */
function namesOf(sections: Section[]): string[] {
  const name = sections.find((s) => /^name$/i.test(s.title));
  const text = name?.lines.map(content).join(" ") ?? "";
  const m = /^(.*?)\s+(?:-{1,2}|\u2013|\u2014)\s/.exec(text);
  return m ? m[1]!.split(/\s*,\s*/).filter((w) => /^[\w.+-]+$/.test(w)) : [];
}

const COMMAND_OPERAND = /^ {2}\S+ .*(?:^|[\s[<{])(?:command|subcommand|cmd|group|operation|COMMAND|SUBCOMMAND|CMD|GROUP|OPERATION)(?:[>\]}\s]|\.\.\.|$)/m;
/** gcloud's pages list "GROUPS" beside "COMMANDS": both are words that may follow the program; pacman's OPERATIONS are options (-D, -Q). */
const COMMANDS_TITLE = /^((sub)?commands|groups|operations|available commands|(sub)?commands and their options)$/i;

/**
 * Every row of the section at its terms' indentation is an option ("-A      Increase ...") but
 * the one sentence that opens it, and there are three or more: not less's keys ("SPACE",
 * "^F", a lone "-"), which are mostly no option.
 */
function allOptionRows(s: Section): boolean {
  const lines = s.lines.filter((l) => !l.blank);
  const indent = Math.min(...lines.map((l) => l.indent));
  const rows = lines.filter((l) => l.indent === indent).map(content);
  const option = (r: string) => /^--?[A-Za-z0-9][\w-]*(?:[,\s]|$)/.test(r);
  return rows.filter(option).length >= 3 && rows.slice(1).every(option);
}

/** A COMMANDS section's entries as a help text's "Commands:": a lone lower-case word, its description beside or below it. */
function addCommands(view: TextView, s: Section): void {
  const lines = s.lines.filter((l) => !l.blank);
  let opened = false;
  lines.forEach((l, k) => {
    const word = /^[a-z][\w.:-]*(?=$|\s{2,}\S)/.exec(content(l))?.[0];
    const next = lines[k + 1];
    const rest = content(l)
      .slice(word?.length ?? 0)
      .trim();
    // "help   Show help for commands." or "install" over its indented description.
    if (!word || (!(next && next.indent > l.indent) && !/^\S/.test(rest)) || (next && next.indent <= l.indent && next.no === l.no + 1 && !rest)) return;
    if (rest && !(next === undefined || next.indent !== l.indent || next.no > l.no + 1 || /^[a-z][\w.:-]*(\s{2,}|$)/.test(content(next)))) return;
    if (!opened) view.add("Commands:\n", s.heading.offset);
    opened = true;
    view.add("  ", l.offset);
    view.copy(l.offset + l.start, l.offset + l.start + word.length);
    const desc = rest ? content(l).slice(content(l).indexOf(rest)) : next && next.indent > l.indent ? content(next) : "";
    view.add(`    ${desc.replace(/\s+/g, " ")}\n`, l.offset + l.start);
  });
  if (opened) view.add("\n", s.heading.offset);
}

/** The page's running title, "ifconfig(8)", if it has one. */
export function manPageTitle(text: string): string | undefined {
  const m = PAGE_TITLE.exec(
    text
      .split("\n")
      .find((l) => l.trim() !== "")
      ?.trim() ?? "",
  );
  return m ? `${m[1]!.toLowerCase()}(${m[2]})` : undefined;
}

/** A rendered man page (already normalised) -> the help-text view and what was found. */
export function manView(text: string, program: string): { view: TextView; synopsis: boolean; entries: number } {
  const lines = splitLines(text);
  const view = new TextView(text);
  const sections = sectionsOf(lines);
  let synopsis = false;
  const names = namesOf(sections);
  for (const s of sections) if (SYNOPSIS.test(bareTitle(s.title)) && !synopsis) synopsis = addSynopsis(view, s, program, names);
  // A SYNOPSIS with a command operand ("pip <command> [options]"): its COMMANDS section lists
  // subcommands, or commands spelled as options (gpg's --sign, -d), not keys pressed while the
  // program runs (less's COMMANDS, with its "-!" key).
  const commands = synopsis && COMMAND_OPERAND.test(view.text);
  if (commands) for (const s of sections.filter((x) => COMMANDS_TITLE.test(bareTitle(x.title)))) addCommands(view, s);
  let entries = 0;
  let heading = "";
  for (const s of sections) {
    const commandSection = COMMANDS_TITLE.test(bareTitle(s.title.split(" / ")[0]!));
    // light's "COMMANDS" of "-A  Increase brightness by value" rows beside a SYNOPSIS with no
    // command operand ("light [OPTIONS] [VALUE]"): options that act, not words or keys.
    const actsAsOptions = !commands && commandSection && allOptionRows(s);
    if (!readsOptions(s) || (!commands && commandSection && !actsAsOptions)) continue;
    for (const e of entriesOf(s)) {
      // gpg's COMMANDS are options (--sign, -d): under "Commands:", as dpkg's help writes them,
      // one of them stands for the SYNOPSIS's command operand.
      const want = commandSection && !actsAsOptions ? "Commands:\n" : "Options:\n";
      if (heading !== want) view.add(want, s.heading.offset);
      heading = want;
      addEntry(view, e);
      entries++;
    }
  }
  return { view, synopsis, entries };
}

/**
 * A help text laid out as a man page (git's `--help`): the text with its SYNOPSIS laid out as
 * the man page reader does ("Usage:", a line per form), the rest as it is. Undefined for no
 * rendered page, a page with a usage heading, or no SYNOPSIS form of the command.
 */
export function synopsisAsUsage(text: string, path: string[]): TextView | undefined {
  if (!isRenderedManPage(text)) return undefined;
  const lines = splitLines(text);
  if (lines.some((l) => isUsageHeading(l.text))) return undefined;
  const sections = sectionsOf(lines);
  const at = sections.findIndex((s) => s.heading.indent === 0 && SYNOPSIS.test(bareTitle(s.title)));
  if (at < 0) return undefined;
  const s = sections[at]!;
  const end = sections.slice(at + 1).find((x) => x.heading.indent === 0)?.heading.offset ?? text.length;
  const view = new TextView(text).copy(0, s.heading.offset);
  // nix-env's "Operation --install" subsections, each with a "Synopsis" of its own: more forms.
  const more = sections.filter((x) => x.heading.indent > 0 && SYNOPSIS.test(x.title.split(" / ").pop()!));
  if (!addSynopsis(view, { ...s, lines: [...s.lines, ...more.flatMap((x) => x.lines)] }, path[0]!, namesOf(sections))) return undefined;
  // `aws help` prints aws's manual: forms not naming the command say nothing of it.
  const names = (form: string) => path.slice(1).every((w, k) => form.split(/\s+/)[k + 1]?.split("|").includes(w));
  if (!view.text.split("\n").some((l) => /^ {2}\S/.test(l) && names(l.trim()))) return undefined;
  return view.copy(end, text.length);
}

/**
 * The page as the signs of a program's own commands are read from it (subcommand-operand.ts):
 * a line that would read as a "command:" heading but goes on with the sentence above it, at
 * its indentation ("execute as that" / "command:"), joined to that sentence; and a section of
 * a kind of the program's commands ("PRIMARY COMMANDS", "QUILT COMMANDS REFERENCE") as a help
 * text's heading ("Commands:"). Not a section of keys pressed while the program runs.
 */
function signText(page: string): string {
  const out: string[] = [];
  let previous: Line | undefined;
  const kind = (t: string) => /^(?:[\w-]+ )+commands(?: reference)?$/i.test(t) && !INTERACTIVE.test(t) && !/key/i.test(t);
  const heading = /^(?:[\w-]+ ){0,2}(?:sub)?(?:commands?|cmds?):/i;
  for (const l of splitLines(page)) {
    const wrapped = !l.blank && previous && !previous.blank && l.indent > 0 && l.indent === previous.indent && /[a-z,]$/.test(previous.text.trimEnd());
    if (wrapped && heading.test(content(l))) out[out.length - 1] += ` ${content(l)}`;
    else out.push(!l.blank && l.indent === 0 && kind(l.text.trim()) ? "Commands:" : l.text);
    previous = l;
  }
  return out.join("\n");
}

/**
 * A SYNOPSIS of three or more forms that each go on with a word of their own ("keyctl add
 * ...", "keyctl show ...", "keyctl session ...") lists the program's commands: a sign of them,
 * as a help text's "Commands:" heading is.
 */
function formsOfCommands(view: string): string {
  const usage = /^Usage:\n((?: {2}.*\n)+)/m.exec(view)?.[1] ?? "";
  const words = new Set([...usage.matchAll(/^ {2}\S+ ([a-z][\w-]*)(?=\s|$)/gm)].map((m) => m[1]!));
  return words.size >= 3 ? "\nCommands:\n" : "";
}

/**
 * Reads a man page, rendered (`MANWIDTH=80 LANG=C man --nh --nj -P cat PROG`, or any width)
 * or as roff source (man(7) or mdoc(7) macros; roff.ts lays it out as `man` would), into a
 * CommandSpec. Spans and diagnostics refer to the page's own text: the rendered page as
 * normalised (CR, ANSI codes and overstrike removed), or the roff source.
 */
export function parseManPage(text: string, opts: ManParseOptions): ParseResult {
  if (typeof text !== "string") throw new GrammargenError("man page text must be a string", [], "EUSAGE");
  checkHelpText(text);
  const path = nameWords(opts.name);
  if (path.length === 0) throw new GrammargenError("a command name is required (--name)", [], "EUSAGE");
  for (const w of path)
    if (!/^[\w.+@:/-]+$/.test(w)) throw new GrammargenError(`command word ${JSON.stringify(w)} has characters a shell would interpret`, [], "EUSAGE");
  const roff = isRoff(text) ? renderRoff(text) : undefined;
  const page = roff ? roff.text : normalize(text);
  // A page whose layout a style's own parser reads (find's expression language).
  const special = manPageParser(page);
  if (special) {
    const result = special(page, { name: path });
    return roff ? { spec: roff.view.remap(result.spec), diagnostics: roff.view.remapDiagnostics(result.diagnostics) } : result;
  }
  try {
    const { view, synopsis, entries } = manView(page, path[0]!);
    const style = detectStyle(view.text) === "gnu" ? "gnu" : "generic";
    // A rendered page loses the italics of its placeholders: "--color=xcolor" names a value, never a literal.
    let result = parseGetoptStyle(view.text, { name: path, placeholders: "plain" }, style);
    result = { spec: view.remap(result.spec), diagnostics: view.remapDiagnostics(result.diagnostics) };
    const notes: Diagnostic[] = [];
    if (!synopsis) notes.push({ severity: "warning", stage: "parse", message: "the man page has no SYNOPSIS section" });
    if (entries === 0)
      notes.push({
        severity: "warning",
        stage: "parse",
        message: "the man page lists no options (no term line starting with - or + above an indented description)",
      });
    // A wrapper's page that says its options are another program's ("OPTIONs are the same as for
    // grep", "lrztar takes the same options as lrzip"), with no option list of its own: the
    // letters its SYNOPSIS spells (lrztar's "-d") are no list.
    if (result.spec.options.length === 0 || entries === 0) result = withBorrowedOptions(result, page);
    if (roff) result = { spec: roff.view.remap(result.spec), diagnostics: roff.view.remapDiagnostics(result.diagnostics) };
    const spec: CommandSpec = result.spec;
    const title = manPageTitle(page);
    spec.source = { program: path[0]!, ...(title ? { manPage: title } : {}) };
    return withTextLeftOff(
      withAbbreviations(
        withSubcommandOperand(withKeywordGrammar({ spec, diagnostics: [...notes, ...result.diagnostics] }, page), signText(page) + formsOfCommands(view.text)),
        page,
      ),
      page,
    );
  } catch (e) {
    if (e instanceof GrammargenError) throw e;
    throw new GrammargenError(`could not parse the man page: ${(e as Error)?.message ?? String(e)}`, [], "EPARSE");
  }
}
