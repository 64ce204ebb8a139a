// A usage placeholder for another command's options ("go test [build/test flags] [packages]"):
// that command's options are lent where the collection holds it, and nothing is taken where it
// does not (no option word passes for want of a list).
import { describe, expect, it } from "vitest";
import { recognize } from "../src/check/recognize.js";
import { compose } from "../src/compose/index.js";
import { withLentOptions } from "../src/pack/lent-options.js";
import { parseHelp } from "../src/parse/help.js";
import { inferType } from "../src/parse/types.js";

const build = parseHelp(
  "usage: kit build [-o output] [build flags] [packages]\n\nThe build flags are shared by the build, install and test commands:\n\n\t-v\n\t\tprint the names of packages as they are compiled.\n\t-race\n\t\tenable data race detection.\n\t-ldflags '[pattern=]arg list'\n\t\targuments to pass on each link invocation.\n",
  { name: ["kit", "build"] },
).spec;
const test = parseHelp(
  "usage: kit test [build/test flags] [packages] [build/test flags & test binary flags]\n\nThe flags handled by 'kit test' itself are:\n\n\t-json\n\t\tconvert test output to JSON.\n\t-o file\n\t\tcompile the test binary to the named file.\n",
  { name: ["kit", "test"] },
).spec;
const docker = parseHelp("Usage:  box top CONTAINER [ps OPTIONS]\n\nDisplay the running processes of a container\n", { name: ["box", "top"] }).spec;

describe("a placeholder for a sibling command's options", () => {
  it("lends that command's options where the collection holds it", () => {
    const lent = withLentOptions(test, (p) => (p === "kit build" ? build : undefined));
    const g = compose({ commands: [lent] });
    for (const ok of ["kit test -v ./...", "kit test -race -json ./...", "kit test -ldflags '-s -w' ."]) expect(recognize(g, ok).accepted, ok).toBe(true);
    expect(recognize(g, "kit test --bogus").accepted).toBe(false);
  });
  it("takes nothing where the collection lacks it, and reads no placeholder after an operand", () => {
    const alone = compose({ commands: [withLentOptions(test, () => undefined)] });
    expect(recognize(alone, "kit test -json ./...").accepted).toBe(true);
    expect(recognize(alone, "kit test -race ./...").accepted).toBe(false);
    expect(docker.extensions ?? []).toEqual([]);
  });
  it("reads an optional key before '=' as part of a word value", () => {
    expect(inferType("'[pattern=]arg list'", { description: "" }).kind).toBe("word");
    expect(inferType("KEY=VALUE", { description: "" }).kind).toBe("keyvalue");
  });
});
