import { readEntries } from "./dist/parse/entries.js";
import { splitLines, normalize } from "./dist/parse/text.js";
import { execFileSync } from "node:child_process";
const [cmd, ...args] = process.argv.slice(2);
const text = execFileSync(cmd, args.length ? args : ["--help"], { env: { ...process.env, LANG: "C" } }).toString();
const e = readEntries(splitLines(normalize(text)));
for (const o of e.options) console.log(o.span.line, JSON.stringify(o.headText), JSON.stringify(o.head));
