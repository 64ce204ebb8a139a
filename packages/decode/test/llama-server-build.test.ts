// scripts/build-llama-server.sh without building anything: where the binary goes (keyed by
// the bundle's hash), and a clear message, before any work, when a build tool is missing.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const SCRIPT = join(ROOT, "scripts/build-llama-server.sh");
const BUNDLE = join(ROOT, "node_modules/node-llama-cpp/llama/gitRelease.bundle");
const scratch = mkdtempSync(join(tmpdir(), "shellgen-llama-build-"));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A PATH holding only the named tools, from the system's own. */
function pathWith(tools: string[]): string {
  const bin = mkdtempSync(join(scratch, "bin-"));
  for (const tool of tools) {
    const found = spawnSync("bash", ["-c", `command -v ${tool}`])
      .stdout.toString()
      .trim();
    if (found) symlinkSync(found, join(bin, tool));
  }
  return bin;
}

describe.skipIf(!existsSync(BUNDLE))("scripts/build-llama-server.sh", () => {
  const cache = join(scratch, "cache");
  const hash = createHash("sha256").update(readFileSync(BUNDLE)).digest("hex").slice(0, 16);

  it("--print names the cached binary by the bundle's hash, and fails while it is not built", () => {
    const r = spawnSync("bash", [SCRIPT, "--print"], { env: { ...process.env, SHELLGEN_LLAMA_SERVER_CACHE: cache } });
    expect(r.stdout.toString().trim()).toBe(join(cache, hash, "bin/llama-server"));
    expect(r.status).toBe(1);
  });

  it("names the missing tools and builds nothing", () => {
    const PATH = pathWith(["bash", "sha256sum", "cut", "sed", "dirname", "git", "make", "flock", "mkdir"]);
    const r = spawnSync("bash", [SCRIPT], { env: { PATH, HOME: scratch, SHELLGEN_LLAMA_SERVER_CACHE: cache } });
    expect(r.status).toBe(1);
    expect(r.stderr.toString()).toBe(
      "build-llama-server: cannot build llama-server: missing cmake g++ (Debian: apt-get install -y cmake g++ make git util-linux)\n",
    );
    expect(r.stdout.toString()).toBe("");
    expect(existsSync(cache)).toBe(false);
  });
});
