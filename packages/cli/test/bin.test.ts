// The installed entry point: exit codes and one-line errors from a real process.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));
const BIN = join(here, "..", "bin", "shellgen.js");
const run = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", timeout: 60_000 });

beforeAll(() => {
  if (!existsSync(join(here, "..", "dist", "main.js"))) throw new Error("packages/cli is not built (npx tsc -b)");
});

describe("shellgen bin", () => {
  it("prints usage", () => {
    const r = run("--help");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^usage: shellgen/);
  });

  it("exits 2 with one line on an empty request", () => {
    const r = run("");
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^shellgen: empty request[^\n]*\n$/);
  });

  it("exits 1 with one line on a missing model", () => {
    const r = run("--model", "/nonexistent/model.gguf", "list files");
    expect(r.status).toBe(1);
    expect(r.stderr).toBe("shellgen: model file not found: /nonexistent/model.gguf\n");
  });
});
