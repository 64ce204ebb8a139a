// Style-specific lowering for the IR's `extensions` (find expressions, tar and ps letter bundles, dd
// operands). lowerCommand hands a spec here first; undefined means "no extension applies".
import type { Grammar } from "../grammar/ast.js";
import type { CommandSpec } from "../ir.js";
import type { LowerOptions } from "./command.js";
import { lowerDd } from "./dd.js";
import { lowerFind } from "./find.js";
import { lowerBsdLetters, lowerTar } from "./tar.js";

export function lowerExtensions(
  spec: CommandSpec,
  prefix: string,
  opts: LowerOptions,
  lowerPlain: (spec: CommandSpec, prefix: string) => Grammar,
): Grammar | undefined {
  const ext = spec.extensions?.[0];
  if (!ext) return undefined;
  switch (ext.kind) {
    case "find-expression":
      return lowerFind(
        opts.policy?.allowOption ? { ...spec, options: spec.options.filter((o) => opts.policy!.allowOption!(spec.path, o)) } : spec,
        prefix,
        ext.operators,
        opts.between,
      );
    case "tar-bundled":
      return lowerTar(spec, ext.letters, prefix, lowerPlain);
    case "bsd-letters":
      return lowerBsdLetters(spec, ext.flags, ext.valued, prefix, lowerPlain);
    case "dd-operands":
      return lowerDd(spec, ext.keys, prefix, lowerPlain);
    case "single-dash-long":
      return undefined; // the plain lowering spells the long options both ways
    case "options-of":
      return undefined; // the plain lowering takes any option word
    case "option-prefixes":
      return undefined; // the plain lowering takes each prefix with any text after it
    case "abbreviations":
      return undefined; // the plain lowering takes each name's unique prefixes
    case "abbreviated-commands":
      return undefined; // the plain lowering takes each subcommand name's leading parts
    case "switch-clusters":
      return undefined; // the plain lowering lets a cluster go on after a letter's optional number
    case "command-required":
      return undefined; // the plain lowering leaves out the forms without a command
    case "passes-after-dashes":
      return undefined; // the plain lowering takes any number of words after `--`
    default: {
      const never: never = ext;
      return never;
    }
  }
}
