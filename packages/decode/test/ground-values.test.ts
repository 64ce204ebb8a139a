// groundValues: which words of a request may stand for a name.
import { describe, expect, it } from "vitest";
import { groundValues } from "../src/ground.js";

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
});
