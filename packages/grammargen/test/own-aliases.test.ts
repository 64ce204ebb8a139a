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

  it("reads an 'alias:' line of names, and never a command's row that starts with the word", () => {
    const install =
      'Install a package\n\nUsage:\ntool install [<spec> ...]\n\nOptions:\n[-g|--global]\n\naliases: add, i, in\n\nRun "tool help install" for more\n';
    expect(ownAliases(install, ["tool", "install"])).toEqual(["add", "i", "in"]);
    expect(ownAliases("hg commit [OPTION]... [FILE]...\n\naliases: ci\n\ncommit the specified files\n", ["hg", "commit"])).toEqual(["ci"]);
    expect(ownAliases("ADDITIONAL COMMANDS\n  alias:       Create command shortcuts\n  api:         Make a request\n", ["tool", "x"])).toEqual([]);
    const own = parseHelp(install, { name: ["tool", "install"] }).spec;
    const parent = parseHelp("Usage: tool <command>\n\nAll commands:\n\n    access, install, ls,\n    run, test\n", { name: ["tool"] }).spec;
    const g = lowerCommand(withChildAliases(parent, (p) => (p.at(-1) === "install" ? own : undefined)));
    for (const c of ["tool i x", "tool add x", "tool install x"]) expect(recognize(g, c).accepted, c).toBe(true);
    expect(recognize(g, "tool inst x").accepted).toBe(false);
  });

  it("a text printed for an alias names the command by its other name in its forms: those are its forms", () => {
    const list = "List packages\n\nUsage:\ntool ls [<spec>]\n\nOptions:\n[--json]\n\nalias: list\n";
    const g = lowerCommand(parseHelp(list, { name: ["tool", "list"] }).spec);
    for (const c of ["tool list", "tool list x --json"]) expect(recognize(g, c).accepted, c).toBe(true);
    expect(recognize(g, "tool list ls x").accepted).toBe(false);
  });
});
