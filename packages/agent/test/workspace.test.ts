// Snapshots, copies, differences and applying a dry run's changes; the success heuristic;
// error signatures read from real programs' stderr in the real sandbox.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync, existsSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runSandboxed } from "@shellgen/sandbox";
import { AgentError } from "@shellgen/agent";
import { errorSignature, missingNames } from "../src/signature.js";
import { goalKind, judge } from "../src/verdict.js";
import { applyChanges, copyWorkspace, diffSnapshots, snapshot } from "../src/workspace.js";

let dirs: string[] = [];
const tmp = (p: string) => {
  const d = mkdtempSync(join(tmpdir(), p));
  dirs.push(d);
  return d;
};
beforeEach(() => {
  dirs = [];
});
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function sample(): string {
  const ws = tmp("agent-snap-");
  writeFileSync(join(ws, "a.txt"), "a\n");
  mkdirSync(join(ws, "src"));
  writeFileSync(join(ws, "src", "main.sh"), "echo hi\n");
  chmodSync(join(ws, "src", "main.sh"), 0o755);
  symlinkSync("a.txt", join(ws, "link"));
  return ws;
}

describe("workspace", () => {
  it("copies a workspace exactly and sees a command's changes with hashes", async () => {
    const ws = sample();
    const base = await snapshot(ws);
    const copy = tmp("agent-copy-");
    await copyWorkspace(ws, copy, base);
    expect(diffSnapshots(base, await snapshot(copy))).toEqual({ created: [], deleted: [], modified: [] });
    const r = await runSandboxed({ command: "rm a.txt && echo new > b.txt && chmod 644 src/main.sh", workspace: copy });
    expect(r.exitCode).toBe(0);
    const changes = diffSnapshots(base, await snapshot(copy));
    expect(changes.deleted.map((d) => d.path)).toEqual(["a.txt"]);
    expect(changes.created).toEqual([{ path: "b.txt", type: "file", sha256: "7aa7a5359173d05b63cfd682e3c38487f3cb4f7f1d60659fe59fab1505977d4c" }]);
    expect(changes.modified.map((m) => m.path)).toEqual(["src/main.sh"]);
  });

  it("applies the dry run's changes to the real workspace, and refuses when it drifted", async () => {
    const ws = sample();
    const base = await snapshot(ws);
    const copy = tmp("agent-copy-");
    await copyWorkspace(ws, copy, base);
    await runSandboxed({ command: "rm a.txt && mkdir -p out && printf 'x' > out/b.txt", workspace: copy });
    const after = await snapshot(copy);
    writeFileSync(join(ws, "a.txt"), "edited meanwhile\n");
    await expect(applyChanges(ws, base, copy, after)).rejects.toThrow(/changed since the dry run/);
    expect(readFileSync(join(ws, "a.txt"), "utf8")).toBe("edited meanwhile\n");
    writeFileSync(join(ws, "a.txt"), "a\n");
    await applyChanges(ws, base, copy, after);
    expect(existsSync(join(ws, "a.txt"))).toBe(false);
    expect(readFileSync(join(ws, "out", "b.txt"), "utf8")).toBe("x");
    expect(statSync(join(ws, "src", "main.sh")).mode & 0o777).toBe(0o755);
    expect(readdirSync(ws).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("refuses a workspace over the copy limits with a clear error", async () => {
    const ws = sample();
    await expect(snapshot(ws, { maxFiles: 2, maxBytes: 1 << 20 })).rejects.toThrow(/too large for a dry-run copy: more than 2 entries/);
    await expect(snapshot(ws, { maxFiles: 100, maxBytes: 3 })).rejects.toThrow(AgentError);
    await expect(snapshot(join(ws, "missing"))).rejects.toThrow(/does not exist/);
  });
});

describe("success heuristic", () => {
  const none = { created: [], deleted: [], modified: [] };
  it("classifies goals by the effect they ask for", () => {
    expect(goalKind("delete every .tmp file under build")).toBe("delete");
    // Printing the result or editing the file both fit a text edit that does not say which.
    expect(goalKind("remove duplicate lines from names.txt")).toBe("show");
    expect(goalKind("remove duplicate lines from names.txt in place")).toBe("change");
    expect(goalKind("list the files by size")).toBe("show");
    expect(goalKind("list what is inside backup.tar")).toBe("show");
    expect(goalKind("copy report.csv to the archive folder")).toBe("change");
    expect(goalKind("find the biggest file and save its name into a file")).toBe("change");
  });
  it("needs exit 0, an empty stderr and the goal's kind of effect", () => {
    const ok = { exitCode: 0, stdout: "a\n", stderr: "", timedOut: false, changes: none };
    expect(judge("list the files", ok).verdict).toBe("success");
    expect(judge("list the files", { ...ok, stdout: "" }).verdict).toBe("no-effect");
    expect(judge("list the files", { ...ok, stderr: "warning\n" }).verdict).toBe("stderr");
    expect(judge("list the files", { ...ok, exitCode: 2 }).verdict).toBe("failed");
    expect(judge("delete the logs", ok).verdict).toBe("no-effect");
    expect(judge("delete the logs", { ...ok, changes: { ...none, deleted: [{ path: "a.log", type: "file" as const }] } }).verdict).toBe("success");
  });
});

describe("error signatures from real stderr", () => {
  it("finds the missing names in what real programs print", async () => {
    const ws = tmp("agent-err-");
    const cases: [string, string][] = [
      ["cat nope.txt", "nope.txt"],
      ["ls missing-dir", "missing-dir"],
      ["head -n 1 gone.csv", "gone.csv"],
      ["wc -l < absent.txt", "absent.txt"],
      ["find lost -name x", "lost"],
    ];
    for (const [command, name] of cases) {
      const r = await runSandboxed({ command, workspace: ws });
      expect(missingNames(r.stderr), `${command}: ${r.stderr}`).toEqual([name]);
    }
  });
  it("gives the same signature to the same failure and a different one to another", () => {
    const a = errorSignature(1, "cat: x.txt: No such file or directory\n");
    expect(errorSignature(1, "cat: /workspace/x.txt: No such file or directory\n")).toBe(a);
    expect(errorSignature(2, "cat: x.txt: No such file or directory\n")).not.toBe(a);
    expect(errorSignature(1, "grep: y: No such file or directory\n")).not.toBe(a);
  });
});
