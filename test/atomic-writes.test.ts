// Every file the project writes for a user goes through @shellgen/base's atomic-write helper
// (packages/base/src/atomic.ts). A direct write, rename or append in the packages' sources is
// either listed here, with why it needs no temp file and no flush, or it is a defect.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const HELPER = "packages/base/src/atomic.ts";

/** file -> [a text on the line, why a plain write is right there]. */
const PLAIN: Record<string, [string, string][]> = {
  "packages/agent/src/workspace.ts": [
    ["copyFile(src, dst, constants.COPYFILE_FICLONE)", "copies the workspace into the dry run's scratch folder"],
    ["copyFile(join(scratch, rel), tmp)", "fills replaceAtomic's temp file"],
  ],
  "packages/decode/src/backend/local-model.ts": [['writeFileSync(path, "")', "an empty marker: no content to tear, and losing it costs one header read"]],
  "packages/decode/src/bench/eval-heldout.ts": [['writeFileSync(path, "x\\n")', "a file in a scratch workspace"]],
  "packages/fewshot/src/store.ts": [["renameSync(path, `${path}.corrupt`)", "moves a corrupt index aside"]],
  "packages/grammargen/src/compose/table.ts": [['writeFileSync(join(dir, "c.', "scratch files for Python Lark, in a temp folder"]],
  "packages/grammargen/src/pack/build.ts": [
    ["writeFileSync(join(tmp, file), text)", "files of a new folder that a rename publishes, flushed together by syncTreeSync"],
    ["renameSync(target, old)", "the folder swap"],
    ["renameSync(tmp, target)", "the folder swap, flushed by syncDirSync"],
    ["renameSync(p, target)", "puts back a pack that a killed swap moved aside"],
  ],
  "packages/grammargen/src/bench/pack-speed.ts": [
    ['writeFileSync(join(dir, "pack.json")', "a temp folder for a timing run"],
    ['cpSync(join(repo, "grammars/package.json")', "a temp folder for a timing run"],
  ],
  "packages/grammargen/src/bench/verify-invocations.ts": [
    ["await writeFile(file, content)", "fixture files in a temp folder"],
    ["await cp(fixture, work, { recursive: true })", "a scratch copy of the fixture"],
  ],
  "packages/sandbox/src/bench/overhead.ts": [["writeFileSync(join(ws, ", "a scratch workspace for a timing run"]],
  "bench/src/suite/workspace.ts": [["await writeFile(full, bytes)", "a task's sandbox workspace, a temp folder"]],
  "bench/src/run/store.ts": [["await truncate(file, lastNl + 1)", "cuts a torn last line; a lost cut is made again on the next open"]],
};

const WRITE = /\b(writeFileSync|writeFile|renameSync|rename|appendFileSync|appendFile|createWriteStream|copyFileSync|copyFile|cpSync|cp|truncate|writeSync)\(/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? sources(p) : n.endsWith(".ts") ? [p] : [];
  });
}

describe("writes go through the atomic-write helper", () => {
  const files = [...readdirSync(join(ROOT, "packages")).map((p) => join(ROOT, "packages", p, "src")), join(ROOT, "bench/src")].flatMap(sources);

  it("no source writes, renames or appends a file directly, except where listed", () => {
    const found: string[] = [];
    const used = new Set<string>();
    for (const file of files) {
      const rel = relative(ROOT, file);
      if (rel === HELPER) continue;
      const text = readFileSync(file, "utf8");
      // fs calls only: a function named rename in a grammar pass, or cp() of a code point, is not one.
      const fsNames = new Set(
        [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*"node:fs(?:\/promises)?"/g)].flatMap((m) => m[1]!.split(",").map((s) => s.trim())),
      );
      text.split("\n").forEach((line, i) => {
        const m = WRITE.exec(line);
        if (!m || !fsNames.has(m[1]!) || /^\s*(\/\/|\*)/.test(line) || /writeSync\([12],/.test(line)) return;
        const allowed = PLAIN[rel]?.find(([needle]) => line.includes(needle));
        if (allowed) used.add(`${rel}: ${allowed[0]}`);
        else found.push(`${rel}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(found, "use writeFileAtomic(Sync), replaceAtomic or appendDurable from @shellgen/base").toEqual([]);
    // A listed exception that no longer exists is stale.
    const listed = Object.entries(PLAIN).flatMap(([rel, xs]) => xs.map(([needle]) => `${rel}: ${needle}`));
    expect(listed.filter((l) => !used.has(l))).toEqual([]);
  });
});
