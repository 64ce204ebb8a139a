// A command's own help names its aliases under an "Aliases" heading; its parent's command list
// takes them (the pack joins the two entries). Made-up programs, in the three layouts seen.
import { describe, expect, it } from "vitest";
import { lowerCommand, parseHelp, recognize } from "../src/index.js";
import { ownAliases, withChildAliases } from "../src/parse/own-aliases.js";

const parent = `Work with widgets.

USAGE
  tool widget <command> [flags]

AVAILABLE COMMANDS
  list:        List widgets
  set:         Set a widget
  delete:      Delete a widget

FLAGS
  -R, --repo OWNER/REPO   Select another repository
`;

const list = `List widgets

USAGE
  tool widget list [flags]

ALIASES
  ls

FLAGS
  -L, --limit int   Maximum number of widgets
`;

describe("a command's own aliases", () => {
  it("reads one alias per line, comma-separated lists, and full spellings under the same parent only", () => {
    expect(ownAliases(list, ["tool", "widget", "list"])).toEqual(["ls"]);
    expect(
      ownAliases("Sets the context\n\nAliases:\nuse-context, use\n\nUsage:\n  kc config use-context NAME [options]\n", ["kc", "config", "use-context"]),
    ).toEqual(["use"]);
    // `dk images` is a command of dk, not of dk image.
    expect(ownAliases("Aliases:\n  dk image ls, dk image list, dk images\n", ["dk", "image", "ls"])).toEqual(["list"]);
    // A program's own text names no parent's command.
    expect(ownAliases(list, ["tool"])).toEqual([]);
    expect(ownAliases("USAGE\n  tool widget list\n", ["tool", "widget", "list"])).toEqual([]);
  });

  it("the parent's grammar takes the alias its command's entry names, never one another command spells", () => {
    const own = parseHelp(list, { name: ["tool", "widget", "list"] }).spec;
    expect(own.aliases).toEqual(["ls"]);
    const spec = parseHelp(parent, { name: ["tool", "widget"] }).spec;
    const clash = { ...own, path: ["tool", "widget", "set"], aliases: ["list", "put"] };
    const joined = withChildAliases(spec, (p) => (p.at(-1) === "list" ? own : p.at(-1) === "set" ? clash : undefined));
    const g = lowerCommand(joined);
    for (const c of ["tool widget ls", "tool widget list", "tool widget put x"]) expect(recognize(g, c).accepted, c).toBe(true);
    expect(recognize(lowerCommand(spec), "tool widget ls").accepted).toBe(false);
    expect(joined.subcommands.find((c) => c.path.at(-1) === "set")?.aliases).toEqual(["put"]);
  });
});
