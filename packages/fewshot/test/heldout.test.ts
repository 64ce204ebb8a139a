import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { HELDOUT_STYLES, readHeldoutSet } from "../src/heldout.js";
import { tempDir } from "./helpers.js";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const set = readHeldoutSet();

// One decontamination rule for the pool, the training data and the held-out sets:
// model/structural.py, applied by model/decontam_pool.py against every bench task and
// every held-out set (model/check_data.py applies the same checker to the training data).
function decontamCheck(...args: string[]) {
  const r = spawnSync("/usr/bin/python3", ["model/decontam_pool.py", "--check", ...args], { cwd: ROOT, encoding: "utf8", maxBuffer: 16 << 20 });
  if (r.status !== 0 && r.status !== 1) throw new Error(`decontam_pool.py failed (${r.status}): ${r.stderr}`);
  return { status: r.status, report: JSON.parse(r.stdout) as { pool_pairs: number; dropped: number; pairs: { request: string; why: string }[] } };
}

describe("the held-out request set (corpora/heldout/requests.jsonl)", () => {
  it("has at least 150 requests with unique ids and requests, at least 20 in every style", () => {
    expect(set.length).toBeGreaterThanOrEqual(150);
    expect(new Set(set.map((r) => r.id)).size).toBe(set.length);
    expect(new Set(set.map((r) => r.request.toLowerCase())).size).toBe(set.length);
    for (const s of HELDOUT_STYLES) expect(set.filter((r) => r.style === s).length, s).toBeGreaterThanOrEqual(20);
  });

  it("is restated by no pool pair, and no bench task is either (model/decontam_pool.py --check)", () => {
    const { status, report } = decontamCheck();
    expect(report.pool_pairs).toBeGreaterThan(1000);
    expect(report.pairs.map((p) => `${p.request} (${p.why})`)).toEqual([]);
    expect(status).toBe(0);
  });

  it("the check flags restatements with other names and numbers, and keeps a real difference", () => {
    const probe = join(tempDir("decontam"), "probe.jsonl");
    const rows = [
      // held-out h-short-notes-txt-just-the-bottom-2-lines with another file and count
      { request: "readme.md, just the bottom 7 lines", command: "tail -n 7 readme.md" },
      // a bench task (t3-gzip-compress) restated
      { request: "Compress notes.log with gzip", command: "gzip notes.log" },
      { request: "show which user owns each process using the most memory", command: "ps aux --sort=-%mem" },
    ];
    writeFileSync(probe, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
    const { status, report } = decontamCheck("--pool", probe);
    expect(status).toBe(1);
    expect(report.pairs.map((p) => p.request)).toEqual([rows[0]!.request, rows[1]!.request]);
    expect(report.pairs[0]!.why).toMatch(/corpora\/heldout\/requests\.jsonl/);
    expect(report.pairs[1]!.why).toMatch(/t3-gzip-compress/);
  });
});
