// groundValues: which words of a request may stand for a name.
import { describe, expect, it } from "vitest";
import { gbnfLoads, larkCheck } from "../../grammargen/test/oracles.js";
import { groundValues } from "../src/ground.js";
import { packPlanner } from "../src/plan-pack.js";

describe("groundValues", () => {
  it("offers the request's bare words as names, but not the words that frame it", () => {
    const paths = groundValues("is there a mention of password anywhere in this project", []).paths;
    expect(paths).toContain("password");
    expect(paths).toContain("project");
    expect(paths).not.toContain("this");
    expect(groundValues("list all files in the current directory", []).paths).not.toContain("current");
    expect(groundValues("show the directory tree of docs", []).paths).toEqual(expect.arrayContaining(["docs"]));
    expect(groundValues("show the directory tree of docs", []).paths).not.toContain("tree");
  });

  it("reads '.txt' in 'all .txt files' as the glob, and keeps dotfiles and real entries as names", () => {
    const paths = groundValues("count the lines in all .txt files and show .env", []).paths;
    expect(paths).toContain("*.txt");
    expect(paths).not.toContain(".txt");
    expect(paths).toContain(".env");
    expect(groundValues("show .log", [".log"]).paths).toContain(".log");
  });

  it("a workspace entry named like a frame word is still a name", () => {
    expect(groundValues("remove the empty directories under tree", ["tree/"]).paths).toEqual(expect.arrayContaining(["tree/", "tree"]));
  });

  it("a grounded path slot takes a variable reference (a loop's file), still not an invented name, in every engine", async () => {
    const planner = await packPlanner(undefined, { narrowFlags: false });
    const plan = await planner.plans({
      request: "Rename every .txt file in this folder to have a .md extension instead",
      ground: true,
      workspaceFiles: ["a.txt", "b.txt"],
      programs: ["mv"],
    })[0]!();
    const good = ['for f in *.txt; do mv "$f" "${f%.txt}.md"; done', "mv $f a.txt", 'mv a.txt "$HOME/$f.bak"', "mv a.txt b.txt"];
    const bad = ["mv a.txt c.md", "mv x.txt a.txt", 'mv "$" a.txt', 'mv "$f a.txt'];
    for (const c of good) expect(plan.accepts(c).accepted, c).toBe(true);
    for (const c of bad) expect(plan.accepts(c).accepted, c).toBe(false);
    expect(await gbnfLoads(plan.text.gbnf)).toBe(true);
    const [lark] = larkCheck([{ grammar: plan.text.lark, inputs: [...good, ...bad] }]);
    expect(lark!.loaded, lark!.error).toBe(true);
    expect(lark!.accepted).toEqual([...good.map(() => true), ...bad.map(() => false)]);
  }, 120_000);
});
