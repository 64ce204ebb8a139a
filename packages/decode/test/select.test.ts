// The command predictor over IR parsed from the real programs' --help text.
import { beforeAll, describe, expect, it } from "vitest";
import { captureHelp, parseHelp } from "@shellgen/grammargen";
import { CommandIndex, helpSummary } from "../src/select.js";

const PROGRAMS = [
  "cat",
  "wc",
  "grep",
  "sort",
  "uniq",
  "head",
  "tail",
  "cut",
  "sed",
  "tr",
  "find",
  "du",
  "tar",
  "gzip",
  "cp",
  "mv",
  "mkdir",
  "ls",
  "sha256sum",
  "base64",
  "diff",
  "chmod",
  "touch",
  "rm",
  "nl",
  "date",
  "stat",
  "xargs",
  "tee",
  "paste",
];
let index: CommandIndex;

beforeAll(async () => {
  const specs = [];
  for (const name of PROGRAMS) {
    const help = await captureHelp(name);
    specs.push({ name, ir: parseHelp(help, { name }).spec, summary: helpSummary(help) });
  }
  index = new CommandIndex(specs);
});

describe("CommandIndex", () => {
  it.each([
    ["How many lines are in notes.txt?", "wc"],
    ["Count the words in essay.txt", "wc"],
    ["Show the first 5 lines of data.csv", "head"],
    ["Print the last 20 lines of app.log", "tail"],
    ["Sort names.txt alphabetically", "sort"],
    ["Remove duplicate adjacent lines from list.txt", "uniq"],
    ["Compress notes.txt", "gzip"],
    ["Print the sha256 checksum of image.iso", "sha256sum"],
    ["Encode secret.bin as base64", "base64"],
    ["Create a directory called build", "mkdir"],
    ["Show how much disk space the src directory uses", "du"],
    ["Change the permissions of run.sh so it is executable", "chmod"],
    ["Compare old.txt and new.txt line by line", "diff"],
    ["Search for lines matching error in app.log", "grep"],
    ["Number the lines of poem.txt", "nl"],
  ])("%j selects %s", (request, program) => {
    expect(index.select(request).names).toContain(program);
  });

  it("takes programs the request names, and everyday words only in code context", () => {
    expect(index.mentioned("use sed to replace foo with bar in a.txt")).toEqual(["sed"]);
    expect(index.mentioned("pipe it into `sort` then cat the result")).toEqual(["sort", "cat"]);
    expect(index.mentioned("find the lines that mention the date")).toEqual([]);
  });

  it("reads the purpose paragraph of a help text", async () => {
    expect(helpSummary(await captureHelp("wc"))).toMatch(/^Print newline, word, and byte counts for each FILE/);
  });

  it("keeps selections small", () => {
    for (const r of ["list files", "How many lines are in notes.txt?", "use tar and gzip and find and xargs"]) {
      expect(index.select(r).names.length).toBeLessThanOrEqual(7);
    }
  });
});
