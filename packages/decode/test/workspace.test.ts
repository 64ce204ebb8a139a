import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listWorkspace } from "../src/workspace.js";

function tree(): string {
  const d = mkdtempSync(join(tmpdir(), "ws-"));
  for (const f of ["b.txt", "a/x.log", "a/deep/er/est/far.txt", "node_modules/pkg/i.js", ".git/HEAD", "z/y.csv"]) {
    mkdirSync(join(d, f, ".."), { recursive: true });
    writeFileSync(join(d, f), "");
  }
  return d;
}

describe("listWorkspace (grounding names for the CLI and the bench)", () => {
  it("lists files and folders breadth first, folders with a trailing slash, skipping VCS and dependency folders", () => {
    expect(listWorkspace(tree())).toEqual(["a/", "b.txt", "z/", "a/deep/", "a/x.log", "z/y.csv", "a/deep/er/", "a/deep/er/est/"]);
  });

  it("stops at the depth and the limit, keeping the shallow names", () => {
    const d = tree();
    expect(listWorkspace(d, { depth: 0 })).toEqual(["a/", "b.txt", "z/"]);
    expect(listWorkspace(d, { limit: 4 })).toEqual(["a/", "b.txt", "z/", "a/deep/"]);
    expect(listWorkspace(d, { depth: 9 })).toContain("a/deep/er/est/far.txt");
  });

  it("gives nothing for a folder that does not exist", () => {
    expect(listWorkspace(join(tmpdir(), "no-such-workspace-dir"))).toEqual([]);
  });
});
