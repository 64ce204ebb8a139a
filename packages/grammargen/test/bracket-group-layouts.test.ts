// A layout of usage forms and option groups (npm 7+ and dialog print it): "Usage:" over full
// forms at the margin, one per command word; an options heading over bracket groups instead of
// rows; an "alias:" line. Made-up programs; each test also refuses what the text does not allow.
import { describe, expect, test } from "vitest";
import { parseHelp, parseManPage } from "../src/index.js";
import { bracketOptions } from "../src/parse/option-brackets.js";
import { splitLines } from "../src/parse/text.js";
import { accepts } from "./help-verdicts.js";

const conf = `Manage the configuration files

Usage:
tool conf set <key>=<value> [<key>=<value> ...]
tool conf get [<key> [<key> ...]]
tool conf delete <key> [<key> ...]
tool conf list [--json]
tool conf edit

Options:
[--json] [-g|--global] [--editor <editor>] [-L|--location <global|user|project>]
[-l|--long] [-ws|--workspaces]
[--omit <dev|optional|peer> [--omit <dev|optional|peer> ...]]

Run "tool help conf" for more info
`;

describe("usage forms and bracket-group options", () => {
  test("an options heading over bracket groups: each group is an option, its value and its repetition", () => {
    accepts(
      conf,
      [
        "tool conf list --json",
        "tool conf list -g",
        "tool conf edit --editor vim",
        "tool conf list -L user",
        "tool conf list --location=project -l",
        "tool conf list --omit dev --omit peer",
        "tool conf list -ws",
      ],
      ["tool conf list --jsn", "tool conf list -L moon", "tool conf edit --editor", "tool conf list -x"],
      "tool conf",
    );
    const spec = parseHelp(conf, { name: ["tool", "conf"] }).spec;
    expect(spec.options.find((o) => o.long.includes("omit"))?.repeatable).toBe(true);
    expect(spec.options.find((o) => o.long.includes("workspaces"))?.dashLong).toEqual(["ws"]);
  });

  test("wrapped groups under a titled heading, up to the next heading; a row with a description is no group line", () => {
    const help = `Usage: probe <options> { --and-widget <options> }
Common options:
  [--ascii-lines] [--aspect <ratio>] [--begin <y> <x>]
  [--clear] [--title <title>]
Box options:
  --msgbox   <text> <height> <width>
`;
    accepts(help, ["probe --ascii-lines --begin 2 3 --title x --msgbox hi 10 40", "probe --clear"], ["probe --begin 2", "probe --clears", "probe --title"]);
    // Groups followed by descriptions are a table's rows, not groups (vulkaninfo's "[--summary]   Show ...").
    expect(bracketOptions(splitLines("Options:\n[-v]   be verbose\n[-o FILE]   write to FILE\n"))).toEqual([]);
    expect(bracketOptions(splitLines("Options:\n[-v] [-o FILE]\n")).map((o) => o.short[0])).toEqual(["v", "o"]);
  });

  test("forms at the margin under a bare 'Usage:' heading, each with its own command word: each word is a command", () => {
    accepts(
      conf,
      ["tool conf set a=b c=d", "tool conf get", "tool conf get a b", "tool conf delete a", "tool conf edit", "tool conf list"],
      ["tool conf edit x", "tool conf delete", "tool conf set", "tool conf list x", "tool conf frob", "tool conf", "tool conf -g"],
      "tool conf",
    );
  });

  test("the forms of a text printed for an alias spell the command's other name: their words are still its commands", () => {
    const owner = "Manage owners\n\nUsage:\ntool owner add <user> <spec>\ntool owner rm <user> <spec>\ntool owner ls <spec>\n\nalias: author\n";
    accepts(owner, ["tool author add me x", "tool author ls x"], ["tool author", "tool author add me", "tool author owner ls x"], "tool author");
  });

  test("no command words where the forms' words are placeholders, follow options, or a rendered page's", () => {
    // lpmove's layout: every placeholder is a plain word, so the first is one too.
    const plain = parseHelp("Usage:\nmover job destination\nmover source-destination destination\n", { name: "mover" }).spec;
    expect(plain.subcommands).toEqual([]);
    // surfraw's: a word after options is an operand (an engine's name), not a command.
    const after = parseHelp(
      "Usage:\nfinder [-v] engine [engine-options] [search terms]\nfinder [options] bookmark [search terms]\n\nOptions:\n  -v, --verbose  say more\n",
      { name: "finder" },
    ).spec;
    expect(after.subcommands).toEqual([]);
    // A rendered man page's plain words may be placeholders whose italics are gone.
    const man = parseManPage("NAME\n       mover - move\n\nSYNOPSIS\n       mover shift\n       mover drop\n\nDESCRIPTION\n       Moves.\n", {
      name: "mover",
    }).spec;
    expect(man.subcommands).toEqual([]);
  });
});
