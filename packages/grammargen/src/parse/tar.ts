// GNU tar: an argp option table (getopt style), plus the old-style bundled letters that tar
// accepts as its first word (`tar xzf a.tgz`), where each value-taking letter consumes the
// next word in order.
import { Session, type Diagnostic } from "../diagnostics.js";
import type { CommandSpec } from "../ir.js";
import { readUsage, usageForms } from "./bsd.js";
import { emptySpec, mergeOptions, readOptionTable } from "./optionhead.js";

export function parseTar(text: string, opts: { name: string | string[] }): { spec: CommandSpec; diagnostics: Diagnostic[] } {
  const session = new Session("parse");
  const path = Array.isArray(opts.name) ? opts.name : opts.name.split(/\s+/).filter(Boolean);
  const spec = emptySpec(path, "tar");
  const usage = readUsage(text, usageForms(text, path));
  spec.options = mergeOptions(readOptionTable(text));
  spec.positionals = usage.positionals;
  if (!spec.options.length) session.error("no tar options found");
  // Every short option letter may appear in the bundle; digits are tape-drive selectors.
  const letters = [...new Set(spec.options.flatMap((o) => o.short).filter((s) => /^[A-Za-z]$/.test(s)))];
  if (letters.length) spec.extensions = [{ kind: "tar-bundled", letters }];
  return { spec, diagnostics: session.diagnostics };
}
