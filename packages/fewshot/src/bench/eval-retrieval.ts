// npm run eval:retrieval [-- --k 3 --file corpora/heldout/requests.jsonl --misses]
// Share of held-out requests whose top-k retrieved examples include a program the request
// needs, overall and per style. Uses the shipped pool only (no learned pairs).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultHeldoutFile, readHeldoutSet } from "../heldout.js";
import { scoreRetrieval } from "../heldout-eval.js";
import { openPool } from "../pool.js";

function arg(name: string, dflt: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : dflt;
}

const k = Number(arg("k", "3"));
if (!Number.isInteger(k) || k < 1) {
  console.error(`eval:retrieval: --k must be a positive integer (got ${arg("k", "3")})`);
  process.exit(2);
}
const file = arg("file", defaultHeldoutFile());
const home = mkdtempSync(join(tmpdir(), "eval-retrieval-"));
try {
  const set = readHeldoutSet(file);
  const pool = await openPool({ dir: home, index: ":memory:" });
  const s = scoreRetrieval(pool, set, { k });
  console.log(`held-out retrieval, top-${k} holds a needed program: ${s.hits}/${s.total} = ${(s.rate * 100).toFixed(1)}%`);
  for (const [style, v] of Object.entries(s.byStyle)) console.log(`  ${style.padEnd(8)} ${v.hits}/${v.total} = ${((v.hits / v.total) * 100).toFixed(1)}%`);
  if (process.argv.includes("--misses"))
    for (const m of s.misses) console.log(`  miss ${m.id}: needs ${m.needed.join("|")}, got ${m.got.join(",")}  <- ${m.request}`);
  await pool.close();
} catch (e) {
  console.error(`eval:retrieval: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  rmSync(home, { recursive: true, force: true });
}
