// `grammargen validate <grammar-file> [--positive CMD]... [--negative CMD]... [--json]`
import { readFile } from "node:fs/promises";
import { recognize } from "../check/recognize.js";
import { dialectOf, parseGrammarText } from "../check/reader.js";
import { GrammargenError } from "../diagnostics.js";
import { readArgs, usageError } from "./args.js";
import type { Io } from "./output.js";

export async function validate(argv: string[], io: Io): Promise<number> {
  const args = readArgs(argv, { repeated: ["positive", "negative"], booleans: ["json"] });
  const [file, ...extra] = args.positionals;
  if (!file || extra.length) throw usageError("usage: grammargen validate <grammar-file> [--positive CMD]... [--negative CMD]... [--json]");
  const dialect = dialectOf(file);
  const text = await readFile(file, "utf8").catch((e: NodeJS.ErrnoException) => {
    throw new GrammargenError(`cannot read ${file}: ${e.code === "ENOENT" ? "no such file" : e.message}`, [], "ENOENT");
  });
  const grammar = parseGrammarText(text, dialect);
  const cases = [
    ...(args.repeated.get("positive") ?? []).map((input) => ({ input, expected: "accept" as const })),
    ...(args.repeated.get("negative") ?? []).map((input) => ({ input, expected: "reject" as const })),
  ];
  const results = cases.map(({ input, expected }) => {
    const r = recognize(grammar, input);
    const ok = r.accepted === (expected === "accept");
    return { input, expected, accepted: r.accepted, ok, ...(r.reason ? { reason: r.reason } : {}) };
  });
  const ok = results.every((r) => r.ok);
  if (args.booleans.has("json")) io.stdout(`${JSON.stringify({ ok, results })}\n`);
  else {
    for (const r of results)
      io.stdout(
        `${r.ok ? "ok  " : "FAIL"} ${r.expected === "accept" ? "positive" : "negative"} ${r.accepted ? "accepted" : "rejected"}: ${r.input}${r.reason && !r.ok ? ` -- ${r.reason}` : ""}\n`,
      );
    io.stdout(`${results.filter((r) => r.ok).length}/${results.length} as expected (${dialect} grammar, ${grammar.rules.length} rules)\n`);
  }
  return ok ? 0 : 1;
}
