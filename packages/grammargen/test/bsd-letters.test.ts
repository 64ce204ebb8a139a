// Options without a dash (procps ps): read only from a help text that lists several of them
// and spells at least one option both ways; other texts keep their name columns as they are.
import { describe, expect, it } from "vitest";
import { readBsdLetters, withoutBsdLetters } from "../src/parse/bsd-letters.js";

const PS_LIKE = ` -A, -e               all processes
  a                   all with tty, including other users
  x                   processes without controlling ttys
 -p, p, --pid <PID>   process id
  u                   user-oriented format
  k,    --sort        specify sort order
 -w, w                unlimited output width
`;

describe("BSD letters", () => {
  it("reads the letters, the ones that take a value, and leaves the dashed names to the getopt reader", () => {
    expect(readBsdLetters(PS_LIKE)).toEqual({ kind: "bsd-letters", flags: ["a", "k", "u", "w", "x"], valued: ["p"] });
    const cleaned = withoutBsdLetters(PS_LIKE);
    expect(cleaned.split("\n").map((l) => l.length)).toEqual(PS_LIKE.split("\n").map((l) => l.length));
    expect(cleaned).toContain(" -p, --pid <PID>   process id");
    expect(cleaned).toContain("  --sort        specify sort order");
    expect(cleaned).not.toMatch(/^ {2}[axu] /m);
  });

  it("needs an option spelled both ways: a table of lone letters is not BSD syntax", () => {
    const letters = "Commands:\n  a   add\n  d   delete\n  l   list\n  q   quit\n  x   extract\n";
    expect(readBsdLetters(letters)).toBeUndefined();
    expect(readBsdLetters(" -v, --verbose   more output\n -q, --quiet     less\n")).toBeUndefined();
  });
});
