// What a text says about how its option names and values may be written, beyond the list:
// Netpbm's pages say "All options can be abbreviated to their shortest unique prefix" and "You
// may separate an option name and its value with white space instead of an equals sign".
// `pamslice -r 183` is `pamslice -row=183` there. Read from the sentence, never from a program list.
import type { CommandSpec } from "../ir.js";
import { withExtension } from "./extend.js";
import type { ParseResult } from "./help.js";
import { matchSpan } from "./text.js";

// "All options can be abbreviated to their shortest unique prefix", "Minimum unique abbreviation
// of option is acceptable", "You can use the minimum unique abbreviation of the options", "You
// can abbreviate any option to its shortest unique prefix". A sentence ends at . ! or ?.
const ABBREVIATED =
  /\b(?:all|any|every)\s+options?\s+(?:can|may)\s+be\s+abbreviated\b[^.!?]*\bunique\b|\bunique\s+abbreviations?\s+of\s+(?:the\s+|an\s+|any\s+|all\s+)?options?\b|\babbreviate\s+(?:any|every|all)\s+options?\b[^.!?]*\bunique\b/i;
// A sentence that names white space and an equals sign between an option name and its value, and
// denies nothing: "You may separate an option name and its value with white space instead of an
// equals sign", "You may use white space in place of the equals sign to separate an option name
// from its value", "You can use either white space or equals signs between an option name and its value".
// The text is cut into sentences first: a pattern that scans a sentence from every offset is
// quadratic on a long line with no full stop.
const SENTENCE = /[^.!?]+/g;
const apartSaid = (text: string): RegExpExecArray | undefined => {
  for (const m of text.matchAll(SENTENCE))
    if (
      /\bwhite\s*space\b/i.test(m[0]) &&
      /\boption\s+name\b/i.test(m[0]) &&
      /\bequals?\s+signs?\b/i.test(m[0]) &&
      /\bvalue\b/i.test(m[0]) &&
      !/\bnot\b|n't\b/i.test(m[0])
    )
      return m as RegExpExecArray;
  return undefined;
};

// "The names of all objects may be written in full or abbreviated form", "command names may be
// abbreviated": the listed names themselves (a keyword-grammar's objects), not the options.
const WORDS_ABBREVIATED =
  /\b(?:names\s+of\s+(?:all\s+)?(?:the\s+)?(?:objects|commands|subcommands)|(?:object|command|subcommand)\s+names)\s+(?:can|may)\s+be\s+(?:written\s+in\s+full\s+or\s+(?:in\s+)?)?abbreviated\b/i;

// openntpd's "-s all | peers | Sensors | status  ... Keywords may be abbreviated.": in an
// option's description, the words its value is one of. Not ddcutil's "Keywords can be
// abbreviated to the first 3 characters", a cut of its own.
const KEYWORDS_ABBREVIATED = /\bkeywords\s+(?:can|may)\s+be\s+abbreviated\b(?![^.]*\bto\s+the\s+first\b)/i;

/** Each choice with every leading part of it that starts no other choice, after the choices themselves. */
function withUniquePrefixes(choices: string[]): string[] {
  const cut = choices.flatMap((c) => [...c].slice(0, -1).map((_, i) => c.slice(0, i + 1))).filter((p) => choices.filter((c) => c.startsWith(p)).length === 1);
  return [...new Set([...choices, ...cut])];
}

/** `result` with the abbreviations and value spacing the text allows, when it says so. */
export function withAbbreviations(result: ParseResult, text: string): ParseResult {
  let out = result;
  const cut = result.spec.options.filter((o) => o.value?.type.kind === "enum" && KEYWORDS_ABBREVIATED.test(o.description));
  if (cut.length) {
    const options = result.spec.options.map((o) =>
      cut.includes(o) && o.value?.type.kind === "enum"
        ? { ...o, value: { ...o.value, type: { ...o.value.type, choices: withUniquePrefixes(o.value.type.choices) } } }
        : o,
    );
    out = {
      spec: { ...result.spec, options },
      diagnostics: [
        ...result.diagnostics,
        ...cut.map((o) => ({
          severity: "warning" as const,
          stage: "parse" as const,
          message: "the option's value may be cut to a leading part no other value starts with, as its description says",
          ...(o.span ? { span: o.span } : {}),
        })),
      ],
    };
  }
  const apart = apartSaid(text);
  if (apart && result.spec.options.some((o) => o.joiner === "=")) {
    const spec: CommandSpec = { ...result.spec, options: result.spec.options.map((o) => (o.joiner === "=" ? { ...o, valueApart: true } : o)) };
    out = {
      spec,
      diagnostics: [
        ...result.diagnostics,
        { severity: "warning", stage: "parse", message: "an option's value may also be the next word, as the text says", span: matchSpan(text, apart) },
      ],
    };
  }
  const words = WORDS_ABBREVIATED.exec(text);
  if (words && !out.spec.extensions?.some((e) => e.kind === "abbreviated-commands"))
    out = withExtension(
      out,
      out.spec,
      { kind: "abbreviated-commands" },
      "a listed name may be cut to any leading part, as the text says",
      matchSpan(text, words),
    );
  const said = ABBREVIATED.exec(text);
  if (!said || out.spec.extensions?.some((e) => e.kind === "abbreviations")) return out;
  return withExtension(out, out.spec, { kind: "abbreviations" }, "every option may be abbreviated to a unique prefix, as the text says", matchSpan(text, said));
}

/**
 * Whether a program's names may be cut short at every level: its text says so (ip's "names of
 * all objects may be written in full or abbreviated form"), or every command it lists takes
 * each of its leading parts (nmcli's "c[onnection]", "d[evice]").
 */
function abbreviatesNames(spec: CommandSpec): boolean {
  if (spec.extensions?.some((e) => e.kind === "abbreviated-commands")) return true;
  const listed = spec.subcommands;
  return (
    listed.length >= 2 &&
    listed.every((c) => {
      const name = c.path.at(-1) ?? "";
      return name.length > 1 && c.aliases.length === name.length - 1 && c.aliases.every((a) => name.startsWith(a));
    })
  );
}

/**
 * A command's own entry (`ip route`, `nmcli connection`) lists its commands without repeating
 * what its program's text says of names: where the program's names may be cut short, so may
 * the command's (`ip route l`, `nmcli connection a`), as one matcher reads them at every level.
 */
export function withParentAbbreviation(spec: CommandSpec, entryOf: (path: string[]) => CommandSpec | undefined): CommandSpec {
  if (spec.path.length < 2 || !spec.subcommands.length || spec.extensions?.some((e) => e.kind === "abbreviated-commands")) return spec;
  const program = entryOf(spec.path.slice(0, 1));
  if (!program || !abbreviatesNames(program)) return spec;
  return { ...spec, extensions: [...(spec.extensions ?? []), { kind: "abbreviated-commands" }] };
}
