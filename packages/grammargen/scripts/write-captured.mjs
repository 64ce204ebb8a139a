// Writes standard input to FILE, or brotli-compressed to FILE.br when over 40 KB (the form the
// corpus readers take; run `npx tsc -b` first). Usage: ... | node write-captured.mjs FILE
import { writeCapturedText } from "../dist/capture/captured-text.js";

const file = process.argv[2];
if (!file) {
  console.error("usage: node write-captured.mjs FILE < text");
  process.exit(2);
}
const chunks = [];
for await (const c of process.stdin) chunks.push(c);
console.log(`wrote ${await writeCapturedText(file, Buffer.concat(chunks).toString("utf8"))}`);
