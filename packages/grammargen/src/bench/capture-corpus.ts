// Captures the help texts listed in corpus-sources.ts into corpora/help/<name>/{help.txt,meta.json}
// (help.txt.br, brotli-compressed, for a text over 40 KB).
// Usage: node packages/grammargen/dist/bench/capture-corpus.js [name...]
import { execa } from "execa";
import { mkdir } from "node:fs/promises";
import { writeFileAtomic } from "@shellgen/base";
import { join } from "node:path";
import { writeCapturedText } from "../capture/captured-text.js";
import { captureHelp } from "../capture/help.js";
import { detectStyle } from "../parse/styles.js";
import { normalize } from "../parse/text.js";
import { corpusDir } from "./corpus.js";
import { SOURCES } from "./corpus-sources.js";

async function version(argv: string[]): Promise<string> {
  const r = await execa(argv[0]!, argv.slice(1), { env: { LANG: "C" }, stdin: "ignore", reject: false, timeout: 10_000 });
  return `${r.stdout}\n${r.stderr}`.trim().split("\n")[0]!.trim();
}

const only = process.argv.slice(2);
for (const s of SOURCES) {
  if (only.length && !only.includes(s.name)) continue;
  const [program, ...args] = s.command;
  const text = await captureHelp(program!, args);
  const dir = join(corpusDir(), s.name);
  await mkdir(dir, { recursive: true });
  await writeCapturedText(join(dir, "help.txt"), text);
  const base = program!.split("/").pop()!;
  const meta = {
    command: s.command,
    program: base,
    version: await version(s.version ?? [program!, "--version"]),
    style: detectStyle(normalize(text)),
    ...(s.words ? { name: s.words } : {}),
  };
  await writeFileAtomic(join(dir, "meta.json"), `${JSON.stringify(meta, null, 2)}\n`);
  console.log(`${s.name}: ${meta.style}, ${text.length} chars, ${meta.version}`);
}
