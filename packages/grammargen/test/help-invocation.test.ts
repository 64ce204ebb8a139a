// The invocation that printed a program's help and exited 0 is valid, whether or not the text
// lists it; a run that exited non-zero, or a text that gave nothing to read, adds nothing.
import { describe, expect, test } from "vitest";
import { lowerCommand, parseHelp, recognize } from "../src/index.js";
import { withHelpInvocation } from "../src/pack/help-invocation.js";

const TEXT = "Usage: probe [options] NAME\n\nOptions:\n  -q, --quiet        quiet\n  -o, --out FILE     write to FILE\n";
const spec = () => parseHelp(TEXT, { name: "probe" }).spec;
const accepts = (s: ReturnType<typeof spec>, c: string) => recognize(lowerCommand(s), c).accepted;

describe("the help invocation the capture saw", () => {
  test("`probe --help` that exited 0: --help alone is an invocation, and nothing else changes", () => {
    const s = withHelpInvocation(spec(), ["probe"], { argv: ["probe", "--help"], exit: 0 });
    for (const c of ["probe --help", "probe -q -o out x", "probe x"]) expect(accepts(s, c), c).toBe(true);
    for (const c of ["probe --hep", "probe -h", "probe", "probe -o"]) expect(accepts(s, c), c).toBe(false);
  });

  test("`probe -h` that exited 0 adds -h; a subcommand's own argv counts only for its words", () => {
    expect(accepts(withHelpInvocation(spec(), ["probe"], { argv: ["probe", "-h"], exit: 0 }), "probe -h")).toBe(true);
    expect(withHelpInvocation(spec(), ["probe"], { argv: ["probe", "help", "x"], exit: 0 })).toEqual(spec());
  });

  test("a run that exited non-zero, or an option the text already has, changes nothing", () => {
    expect(accepts(withHelpInvocation(spec(), ["probe"], { argv: ["probe", "--help"], exit: 1 }), "probe --help")).toBe(false);
    const listed = parseHelp(`${TEXT}  -h, --help         show help\n`, { name: "probe" }).spec;
    expect(withHelpInvocation(listed, ["probe"], { argv: ["probe", "--help"], exit: 0 })).toBe(listed);
  });

  test("a text that gave nothing to read keeps its unknown shape (any words)", () => {
    // What a subcommand's text that listed nothing reads as (the parser found no usage, row or command).
    const empty = { ...spec(), path: ["probe", "sub"], options: [], positionals: [], subcommands: [] };
    const s = withHelpInvocation(empty, ["probe", "sub"], { argv: ["probe", "sub", "--help"], exit: 0 });
    expect(s).toBe(empty);
    expect(accepts(s, "probe sub anything --at all")).toBe(true);
  });
});
