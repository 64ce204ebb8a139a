import { describe, expect, it } from "vitest";
import { chatMessages, completionPrompt } from "../src/prompt.js";

describe("prompt layout", () => {
  it("is exactly the CONTRACTS.md completion format", () => {
    const text = completionPrompt({
      request: "How many lines are in notes.txt?",
      examples: [
        { request: "Show the first line of a.txt", command: "head -n 1 a.txt" },
        { request: "List files", command: "ls" },
      ],
    });
    expect(text).toBe(
      "Request: Show the first line of a.txt\nCommand: head -n 1 a.txt\n\nRequest: List files\nCommand: ls\n\nRequest: How many lines are in notes.txt?\nCommand:",
    );
  });

  it("shows a failed attempt and its error before asking again", () => {
    const text = completionPrompt({ request: "print hi", feedback: { command: "echo 'hi", error: "syntax error at 1:6 near `'hi`" } });
    expect(text).toBe("Request: print hi\nCommand: echo 'hi\nError: syntax error at 1:6 near `'hi`\n\nRequest: print hi\nCommand:");
  });

  it("never lets a blank line inside a field end the record", () => {
    expect(completionPrompt({ request: "a\n\nb" })).toBe("Request: a\nb\nCommand:");
  });

  it("renders the same content as chat turns", () => {
    const m = chatMessages({ request: "list", examples: [{ request: "r", command: "c" }], feedback: { command: "ls '", error: "bad" } });
    expect(m.map((x) => x.role)).toEqual(["system", "user", "assistant", "user", "assistant", "user"]);
    expect(m[3]!.content).toBe("list");
    expect(m[5]!.content).toContain("bad");
    expect(m[5]!.content).toMatch(/not valid bash/);
    const ran = chatMessages({ request: "list", feedback: { command: "ls nope", error: "exit 2: No such file", kind: "run" } });
    expect(ran.at(-1)!.content).toMatch(/^That command ran and did not do it: exit 2: No such file\./);
  });
});
