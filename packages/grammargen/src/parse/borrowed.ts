// Wrappers whose help says their options are another program's: zgrep's "OPTIONs are the same
// as for 'grep'", xzless's "Options are the same as for 'less'", lrztar's "lrztar takes the same
// options as lrzip.", bzgrep's usage placeholder
// "[grep_options]". The help lists none of them, so the spec records whose they are
// (an `options-of` extension) and the lowering takes any option word.
import { withExtension } from "./extend.js";
import type { ParseResult } from "./help.js";
import { matchSpan } from "./text.js";

// The program's name is quoted ('grep') or ends the clause ("as for grep."): "the same as in
// the previous release" names no program.
const SAME_AS =
  /\b(?:options\s+are\s+the\s+same|takes\s+the\s+same\s+options)\s+as\s+(?:for\s+|those\s+of\s+|in\s+)?(?:['`"\u2018]([a-z][\w.+-]*)['`"\u2019]|([a-z][\w+-]*)(?=[.,;:)]|\s*$))/im;
const PLACEHOLDER = /^\[?<?([a-z][\w+-]*)[_ -]options>?\]?$/i;

/** A heading in the text for the placeholder's options: "Package Index Options:". */
const ownSection = (text: string, name: string): boolean =>
  new RegExp(
    `^[ \\t]*${name
      .split(/[_ -]+/)
      .map((w) => w.replace(/[.+]/g, "\\$&"))
      .join("[ \\t_-]+")}[ \\t_-]+options[ \\t]*:?[ \\t]*$`,
    "im",
  ).test(text);

// cobra's 'Use "prog options" for a list of global command-line options': the command it names
// lists the options every command of prog takes, the root's own included.
const GLOBAL = /\bUse ["'`]([a-z][\w.+-]*) ([\w-]+)["'`] for a list of global (?:command-line )?(?:options|flags)\b/i;

/** The command words a help text names for its program's global options (`kubectl options`), if it names one. */
export function globalOptionsCommand(text: string): [string, string] | undefined {
  const m = GLOBAL.exec(text);
  return m ? [m[1]!, m[2]!] : undefined;
}

/** `result` with the program whose options the text says it takes, when it says so. */
export function withBorrowedOptions(result: ParseResult, text: string): ParseResult {
  const spec = result.spec;
  const global = GLOBAL.exec(text);
  const pointed = global ? [global[1]!, global[2]!] : [];
  if (global && global[1] === spec.path[0] && spec.path.join(" ") !== pointed.join(" ") && !spec.extensions?.some((e) => e.kind === "options-of"))
    return withExtension(
      result,
      spec,
      { kind: "options-of", program: pointed.join(" "), said: true },
      `${global[1]}'s global options (listed by \`${pointed.join(" ")}\`, not here) are taken`,
      matchSpan(text, global),
    );
  const placeholder = spec.positionals.find((p) => PLACEHOLDER.test(p.name));
  const said = SAME_AS.exec(text);
  const named = said?.[1] ?? said?.[2] ?? (placeholder ? PLACEHOLDER.exec(placeholder.name)![1]! : undefined);
  // autossh's "[SSH_OPTIONS]": a placeholder in capitals names the program in them.
  const program = named && /^[A-Z][A-Z0-9_-]*$/.test(named) ? named.toLowerCase() : named;
  if (!program || spec.extensions?.some((e) => e.kind === "options-of")) return result;
  // pip's "[package-index-options]" names a section of this text ("Package Index Options:"),
  // whose options are listed: the placeholder stands for them, not for another program's.
  // Its "..." ("<requirement specifier> [package-index-options] ...") repeats the operand before it.
  if (!said && placeholder && ownSection(text, program)) {
    const at = spec.positionals.indexOf(placeholder);
    const positionals = spec.positionals.flatMap((p, i) =>
      p === placeholder ? [] : i === at - 1 && placeholder.max > 1 ? [{ ...p, max: Math.max(p.max, placeholder.max) }] : [p],
    );
    return { ...result, spec: { ...spec, positionals } };
  }
  const span = said ? matchSpan(text, said) : placeholder?.span;
  const positionals = spec.positionals.filter((p) => p !== placeholder);
  // pip's "<requirement specifier> [package-index-options] ...": the dots after the options
  // repeat the operand before them too.
  const at = placeholder ? spec.positionals.indexOf(placeholder) - 1 : -1;
  if (at >= 0 && placeholder!.max > 1) positionals[at] = { ...positionals[at]!, max: Math.max(positionals[at]!.max, placeholder!.max) };
  return withExtension(
    result,
    { ...spec, positionals },
    { kind: "options-of", program, ...(said ? { said: true as const } : {}) },
    // "fs" in mkfs's [fs-options] names a kind of program, not one: say "the fs options".
    `any option word is taken for the ${program} options, which this text does not list`,
    span,
  );
}

// go test's "[build/test flags]", go install's "[build flags]": a placeholder for the options of
// another command of the same program, among the options before the command's first operand.
const SIBLING_PLACEHOLDER = /^\[<?([a-z][\w-]*(?:\/[a-z][\w-]*)*)[ _-](?:flags|options)>?\]$/;

/**
 * `result` with the options of each other command of its program that its usage line names by
 * a placeholder before its operands (`go test [build/test flags] [packages]`): lent where the
 * collection holds that command (`options-of` with `ifHeld`, pack/lent-options.ts), nothing
 * taken where it does not. Only a command's own usage line, and only a placeholder among its
 * options: docker top's "CONTAINER [ps OPTIONS]", after an operand, is the ps program's.
 */
export function withSiblingOptions(result: ParseResult, text: string): ParseResult {
  const path = result.spec.path;
  if (path.length < 2) return result;
  const own = path[path.length - 1]!;
  const named: string[] = [];
  for (const line of text.split("\n")) {
    const form = line.replace(/^\s*(?:usage:|or:)?\s*/i, "");
    if (!form.startsWith(`${path.join(" ")} `)) continue;
    for (const tok of form.slice(path.join(" ").length).matchAll(/\[[^\]]*\]|\S+/g)) {
      const t = tok[0];
      const p = SIBLING_PLACEHOLDER.exec(t);
      if (p) {
        for (const w of p[1]!.split("/")) if (w !== own && !named.includes(w)) named.push(w);
        continue;
      }
      if (!/^\[?-/.test(t)) break;
    }
  }
  let out = result;
  for (const w of named)
    out = withExtension(
      out,
      out.spec,
      { kind: "options-of", program: `${path[0]} ${w}`, ifHeld: true },
      `the usage names ${path[0]} ${w}'s options: they are taken where a grammar of that command is at hand`,
    );
  return out;
}
