// The structural decontamination rule (model/structural.py) decides what the model may
// train on and what the bench calls "novel"; its hand-made pairs run here so CI sees them.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

describe("structural decontamination", () => {
  it("catches near-duplicates and keeps real differences (model/test_structural.py, test_phrasing.py)", () => {
    const r = spawnSync("/usr/bin/python3", ["-m", "unittest", "discover", "-s", "model", "-p", "test_*.py"], {
      cwd: ROOT,
      encoding: "utf8",
    });
    // unittest reports on stderr; show it when something fails
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/Ran \d+ tests/);
    expect(r.stderr).toMatch(/\nOK\s*$/);
  });
});
