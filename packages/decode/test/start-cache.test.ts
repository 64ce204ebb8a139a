// Start-up caches on the real pack and the real node-llama-cpp: a restored index answers
// exactly as a freshly built one, and a cached binary verdict skips node-llama-cpp's
// child-process test only for the very binary that passed it.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { OptionIndex, readPackIr } from "@shellgen/fewshot";
import { defaultModelPath } from "../src/backend/index.js";
import { helpDir, loadPack, summaryFor } from "../src/pack-load.js";
import { CommandIndex } from "../src/select.js";

const REQUESTS = [
  "sort the lines of names.txt in reverse order",
  "largest files first in the current directory",
  "count the words in report.md",
  "show lines matching error ignoring case in app.log",
  "compress the logs folder into logs.tar.gz",
  "print the third column of data.csv",
];

describe("index snapshots", () => {
  it("a restored program index scores every request as the built one", async () => {
    const pack = await loadPack();
    const help = helpDir();
    const built = new CommandIndex(Object.values(pack.commands).map((c) => ({ name: c.name, ir: c.ir, summary: summaryFor(c.name, help) })));
    const restored = CommandIndex.restore(JSON.parse(JSON.stringify(built.snapshot())));
    for (const r of REQUESTS) {
      expect(restored.score(r)).toEqual(built.score(r));
      expect(restored.select(r)).toEqual(built.select(r));
    }
    expect(built.score(REQUESTS[0]!).length).toBeGreaterThan(0);
  });

  it("a restored option index finds the same options with the same scores", () => {
    const built = new OptionIndex(readPackIr());
    const restored = OptionIndex.restore(JSON.parse(JSON.stringify(built.snapshot())));
    expect(restored.size).toBe(built.size);
    for (const r of REQUESTS) {
      expect(restored.search(r, 10)).toEqual(built.search(r, 10));
      expect([...restored.programEvidence(r)]).toEqual([...built.programEvidence(r)]);
    }
    expect(built.search("reverse the result of comparisons", 5).some((h) => h.program === "sort" && h.flag === "-r")).toBe(true);
  });

  it("a snapshot whose postings and documents disagree is refused", () => {
    const snap = new OptionIndex(readPackIr()).snapshot();
    expect(() => OptionIndex.restore({ ...snap, docs: snap.docs.slice(1) })).toThrow(/differ/);
  });
});

// Each start runs in its own process: the verdict only matters across processes.
const home = mkdtempSync(join(tmpdir(), "shellgen-llama-start-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const START = new URL("../dist/backend/llama-start.js", import.meta.url).href;
const SCRIPT = `
const m = await import(${JSON.stringify(START)});
const llama = await m.startLlama({ gpu: false, logLevel: "warn", logger: () => {} });
const model = await llama.loadModel({ modelPath: ${JSON.stringify(defaultModelPath())} });
const tokens = model.tokenize("count the lines in notes.txt");
console.log(JSON.stringify({ path: m.llamaStartPath, tokens: Array.from(tokens), gpu: llama.gpu }));
await model.dispose();
await llama.dispose();
`;

// A script file, not \`node -e\`: node-llama-cpp's test child inherits the parent's exec arguments.
const scriptFile = join(home, "start.mjs");
writeFileSync(scriptFile, SCRIPT);

function start(env: Record<string, string> = {}): { path: string; tokens: number[]; gpu: unknown } {
  const r = spawnSync(process.execPath, [scriptFile], { encoding: "utf8", env: { ...process.env, SHELLGEN_HOME: home, ...env }, timeout: 120_000 });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim().split("\n").pop()!);
}

describe("cached binary verdict (node-llama-cpp on Linux)", () => {
  const verdict = join(home, "cache", "llama-binding.json");

  it.runIf(process.platform === "linux")(
    "tests the binary once, then loads it directly, with the same results",
    () => {
      const first = start();
      expect(first.path).toBe("tested");
      const saved = JSON.parse(readFileSync(verdict, "utf8"));
      expect(saved.bindingPath).toMatch(/llama-addon\.node$/);
      const second = start();
      expect(second.path).toBe("cached");
      expect(second.tokens).toEqual(first.tokens);
      expect(second.tokens.length).toBeGreaterThan(0);
      expect(second.gpu).toBe(false);
    },
    300_000,
  );

  it.runIf(process.platform === "linux")(
    "tests again when the binary file differs from the one that passed, or the verdict is damaged",
    () => {
      const saved = JSON.parse(readFileSync(verdict, "utf8"));
      writeFileSync(verdict, JSON.stringify({ ...saved, size: saved.size + 1 }));
      expect(start().path).toBe("tested");
      writeFileSync(verdict, "{ not json");
      expect(start().path).toBe("tested");
      expect(start().path).toBe("cached");
      expect(start({ SHELLGEN_LLAMA_TEST: "always" }).path).toBe("tested");
    },
    300_000,
  );
});
