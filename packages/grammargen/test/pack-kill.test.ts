// A `pack` killed mid-write leaves the previous pack intact. The writer is a real process
// (the built @shellgen/grammargen); SHELLGEN_PAUSE_AT stops it at a named point and says so,
// so each SIGKILL provably lands there: after N files of the new pack, or between the renames.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { buildPack } from "../src/pack/build.js";

const REPO = join(import.meta.dirname, "../../..");

function scratchPack(): string {
  const dir = mkdtempSync(join(tmpdir(), "pack-kill-"));
  const config = JSON.parse(readFileSync(join(REPO, "grammars/pack.json"), "utf8"));
  config.corpus = join(REPO, "corpora/help");
  config.policy = join(REPO, "packages/grammargen/policies/default.yaml");
  delete config.tools; // tool schemas are resolved relative to grammars/; this test is about the writer
  delete config.wrapperShapes; // the same: it names a file in packages/base
  delete config.debian; // likewise the Debian-derived set (its writer is the same swapIn)
  // and so the default grammar's Debian-derived programs, which need that set.
  config.default.commands = config.default.commands.filter((k: string) => existsSync(join(REPO, "corpora/help", k)));
  writeFileSync(join(dir, "pack.json"), JSON.stringify(config));
  cpSync(join(REPO, "grammars/package.json"), join(dir, "package.json"));
  return dir;
}

const snapshot = (d: string): Map<string, string> =>
  new Map(
    readdirSync(d)
      .sort()
      .map((f) => [f, readFileSync(join(d, f), "utf8")]),
  );

/** Starts `buildPack(dir)` in a child that pauses at `point`; resolves once it says it has paused there. */
async function pausedWriter(dir: string, point: string) {
  const script = `import("@shellgen/grammargen").then((m) => m.buildPack(${JSON.stringify(dir)}))`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    cwd: join(REPO, "packages/grammargen"),
    env: { ...process.env, SHELLGEN_PAUSE_AT: point },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const exited = new Promise<NodeJS.Signals | null>((r) => child.once("exit", (_code, signal) => r(signal)));
  let err = "";
  await new Promise<void>((resolve, reject) => {
    child.stderr.on("data", (b: Buffer) => {
      err += b.toString();
      if (err.includes(`SHELLGEN_PAUSED ${point} ${child.pid}`)) resolve();
    });
    child.once("exit", () => reject(new Error(`the writer exited before pausing at ${point}: ${err}`)));
  });
  return { pid: child.pid!, kill: async () => (child.kill("SIGKILL"), exited) };
}

describe("a killed pack", () => {
  test("leaves the previous pack intact at every kill point, and the next run recovers", async () => {
    const dir = scratchPack();
    try {
      buildPack(dir);
      const before = snapshot(join(dir, "pack"));
      const total = before.size;
      expect(total).toBeGreaterThan(300);

      for (const n of [1, Math.floor(total / 2)]) {
        const w = await pausedWriter(dir, `pack-file-${n}`);
        // The kill lands mid-write: the new pack's temp folder holds exactly n files.
        const tmp = join(dir, `.pack-tmp-${w.pid}`);
        expect(readdirSync(tmp)).toHaveLength(n);
        expect(await w.kill()).toBe("SIGKILL");
        expect(readdirSync(tmp)).toHaveLength(n);
        // The pack readers see is the previous one, byte for byte.
        expect(snapshot(join(dir, "pack"))).toEqual(before);
      }

      // Between the two renames the old pack is aside and the new one complete; neither is lost.
      const w = await pausedWriter(dir, "pack-between-renames");
      expect(await w.kill()).toBe("SIGKILL");
      expect(existsSync(join(dir, "pack"))).toBe(false);
      expect(snapshot(join(dir, `.pack-old-${w.pid}`))).toEqual(before);
      expect(readdirSync(join(dir, `.pack-tmp-${w.pid}`))).toHaveLength(total);

      // The next run puts the old pack back, clears every leftover, and writes the same pack.
      buildPack(dir);
      expect(snapshot(join(dir, "pack"))).toEqual(before);
      expect(readdirSync(dir).filter((f) => f.startsWith(".pack-"))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
