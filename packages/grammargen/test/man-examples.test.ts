// report:man-examples reads the commands a man page's EXAMPLES section runs: whole, simple
// invocations of the page's own program, never placeholders, prose or lines cut by the width.
import { describe, expect, test } from "vitest";
import { exampleCommands, examplesSection } from "../src/bench/report-man-examples.js";

const page = `PROBE(1)                 General Commands Manual                PROBE(1)

NAME
       probe - look at things

EXAMPLES
       probe -v file.txt
           Look at one file.

       $ probe --all /tmp
       probe -o out.txt <file>
       probe [options] a b
       probe -x a | sort
       probe -e 'unterminated
       probe -l \\
           more
       other -v x
       probe a b   looks at a and b
       # probe -n 3 'a b'

SEE ALSO
       probe -q nothing(1)
`;

describe("man page examples", () => {
  test("the EXAMPLES section's lines, up to the next title", () => {
    const lines = examplesSection(page);
    expect(lines.some((l) => l.includes("probe -v file.txt"))).toBe(true);
    expect(lines.some((l) => l.includes("nothing(1)"))).toBe(false);
  });

  test("only whole simple commands of the page's program, prompts dropped", () => {
    expect(exampleCommands(examplesSection(page), "probe")).toEqual(["probe -v file.txt", "probe --all /tmp", "probe -n 3 'a b'"]);
  });
});
