import { describe, expect, it } from "vitest";
import { exampleProgramFor } from "../src/generate.js";
import { completionPrompt } from "../src/prompt.js";

const examples = [
  { request: "Count the words in a.txt", command: "wc -w a.txt" },
  { request: "Lines of b.txt", command: "cat b.txt | wc -l" },
];

describe("following the examples' program (generate's followExamples)", () => {
  it("keeps a program one of the examples starts with", () => {
    expect(exampleProgramFor("wc -l notes.txt", examples)).toBeUndefined();
    expect(exampleProgramFor("cat notes.txt", examples)).toBeUndefined();
  });

  it("gives a program no example uses way to the best example's, and does nothing without examples", () => {
    expect(exampleProgramFor("rsync -a notes.txt", examples)).toBe("wc");
    expect(exampleProgramFor("", examples)).toBe("wc");
    expect(exampleProgramFor("rsync -a notes.txt", [])).toBeUndefined();
  });

  it("writes the chosen start after Command: so the model continues it", () => {
    expect(completionPrompt({ request: "count words in c.txt", prefix: "wc" })).toBe("Request: count words in c.txt\nCommand: wc");
  });
});
