// The guess self-test on hand-made tasks: it must catch a task a guess passes (so that the
// suite-wide test "lets no guess pass any task" means something), and let a proper one be.
import { describe, expect, it } from "vitest";
import { guessesThatPass, runTask, type Task } from "@shellgen/bench";
import { guessesFor, requestWords } from "../src/suite/index.js";

const base: Task = {
  id: "t4-demo",
  tier: 4,
  category: "conditional",
  request: "If config.json exists print found, otherwise print 'not here'",
  setup: { files: { "config.json": "{}\n" } },
  programs: ["test"],
  solutions: ["[ -f config.json ] && echo found || echo 'not here'"],
  wrong: ["echo found"],
  check: { stdout: "found" },
};

describe("guesses", () => {
  it("lifts words, numbers and quoted strings from a request", () => {
    expect(requestWords("Print 'has errors' if build.log has more than 10 lines, or \"none\".")).toEqual([
      "has errors",
      "none",
      "Print",
      "if",
      "build.log",
      "has",
      "more",
      "than",
      "10",
      "lines",
      "or",
    ]);
    expect(requestWords("Keep 2.5% (of 300MB)")).toEqual(["Keep", "2.5%", "of", "300MB", "2.5", "300"]);
  });

  it("builds true, ls, a cat per file, an echo per word, and all of them at once", () => {
    const g = guessesFor(base, ["config.json", "sub dir/it's.txt"]);
    expect(g.slice(0, 4)).toEqual(["true", "ls", "cat 'config.json'", "cat 'sub dir/it'\\''s.txt'"]);
    expect(g).toContain("echo 'not here'");
    expect(g.at(-1)).toBe(g.slice(0, -1).join("; "));
  });

  it("finds the guess that passes a one-state conditional, in the real sandbox", async () => {
    expect(await guessesThatPass(base)).toEqual([{ taskId: "t4-demo", guess: "echo 'found'" }]);
  });

  it("finds `true` for a check that only wants silence, and `cat` for a task that is a cat", async () => {
    const silent: Task = { ...base, check: { stdout: "", exit_code: 0 } };
    expect((await guessesThatPass(silent)).map((h) => h.guess)).toContain("true");
    const cat: Task = { ...base, check: { stdout: "{}" } };
    expect((await guessesThatPass(cat)).map((h) => h.guess)).toEqual(["cat 'config.json'"]);
  });

  it("judges check scripts with each guess's own stdout", async () => {
    // $CMD_STDOUT is the exact stdout, trailing newline included, as a single run sets it
    const scripted: Task = { ...base, check: { script: `[ "$CMD_STDOUT" = $'not here\\n' ] && [ "$CMD_EXIT" = 0 ]` } };
    expect((await guessesThatPass(scripted)).map((h) => h.guess)).toEqual(["echo 'not here'"]);
    expect((await runTask(scripted, "echo 'not here'")).passed).toBe(true);
  });

  it("lets a task with a second workspace state pass no guess", async () => {
    const both: Task = { ...base, variants: [{ name: "no-config", setup: { files: { "x.txt": "" } }, check: { stdout: "not here" } }] };
    expect(await guessesThatPass(both)).toEqual([]);
  });
});
