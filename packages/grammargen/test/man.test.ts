// Man pages -> CommandSpec: the committed pages (test/fixtures/man) parse to their reviewed
// IR, the grammars built from them take real commands and refuse wrong ones in both dialects,
// spans land on the page's own lines, and a help text and a man page merge with their
// differences reported. Nothing here needs man pages installed, except the one live check.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readManFixtures } from "../src/bench/man-fixtures.js";
import { withLentOptions } from "../src/pack/lent-options.js";
import { withChildAliases } from "../src/parse/own-aliases.js";
import { accepts } from "./help-verdicts.js";
import { captureManPage } from "../src/capture/man.js";
import { main } from "../src/cli/main.js";
import type { Io } from "../src/cli/output.js";
import {
  emitGbnf,
  emitLark,
  lowerCommand,
  mergeHelpAndMan,
  parseGrammarText,
  parseHelp,
  parseManPage,
  recognize,
  type CommandSpec,
  type OptionSpec,
} from "../src/index.js";

const fixtures = readManFixtures();
const spellings = (o: OptionSpec) => [...o.short.map((s) => `-${s}`), ...o.long.map((l) => `--${l}`), ...(o.dashLong ?? []).map((d) => `-${d}`)];

function run(argv: string[], stdin = ""): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: Io = { stdout: (t) => void (out += t), stderr: (t) => void (err += t), readStdin: async () => stdin };
  return main(argv, io).then((code) => ({ code, out, err }));
}

describe("man page fixtures", () => {
  it("hold BSD (mdoc), GNU and util-linux/procps/net-tools pages, each with commands to take and refuse", () => {
    expect(fixtures.map((f) => f.name)).toEqual(expect.arrayContaining(["ifconfig", "less", "ls", "more", "pidof", "ssh", "top"]));
    for (const f of fixtures) {
      expect(f.meta.package, f.name).not.toBe("");
      expect(f.invocations?.valid.length ?? 0, f.name).toBeGreaterThanOrEqual(5);
      expect(f.invocations?.invalid.length ?? 0, f.name).toBeGreaterThanOrEqual(3);
    }
  });

  for (const f of fixtures) {
    it(`${f.name}: parses to the golden IR and its grammar classifies real commands`, () => {
      const { spec } = parseManPage(f.man, { name: f.meta.program });
      expect(spec).toEqual(f.ir);
      expect(spec.options.length, "options found").toBeGreaterThan(0);
      const g = lowerCommand(spec);
      const lark = parseGrammarText(emitLark(g), "lark");
      const gbnf = parseGrammarText(emitGbnf(g), "gbnf");
      for (const input of f.invocations!.valid) {
        expect(recognize(lark, input).accepted, `takes ${input}`).toBe(true);
        expect(recognize(gbnf, input).accepted, `gbnf takes ${input}`).toBe(true);
      }
      for (const input of f.invocations!.invalid) {
        expect(recognize(lark, input).accepted, `refuses ${input}`).toBe(false);
        expect(recognize(gbnf, input).accepted, `gbnf refuses ${input}`).toBe(false);
      }
    });
  }

  for (const f of fixtures.filter((x) => x.roff !== undefined)) {
    it(`${f.name}: its roff source parses to the golden IR, with the same options as the rendered page, and classifies the same`, () => {
      const { spec } = parseManPage(f.roff!, { name: f.meta.program });
      expect(spec).toEqual(f.roffIr);
      const key = (o: OptionSpec) => `${spellings(o).join(",")}:${o.arity}`;
      // One known difference: a rendered page loses the italics of "-\fInumber\fP" (more), which
      // then reads as an option named "number"; the source says it is a number (-0 ... -9).
      const numberForm = (o: OptionSpec) => (o.dashLong ?? []).includes("number") || (o.short.length === 10 && o.short.every((c) => /[0-9]/.test(c)));
      expect(spec.options.filter((o) => !numberForm(o)).map(key)).toEqual(
        parseManPage(f.man, { name: f.meta.program })
          .spec.options.filter((o) => !numberForm(o))
          .map(key),
      );
      const g = parseGrammarText(emitGbnf(lowerCommand(spec)), "gbnf");
      for (const input of f.invocations!.valid) expect(recognize(g, input).accepted, `takes ${input}`).toBe(true);
      for (const input of f.invocations!.invalid) expect(recognize(g, input).accepted, `refuses ${input}`).toBe(false);
      // Spans land on the source line that spells the option (escapes read: "\-a" is "-a").
      const lines = f.roff!.split("\n");
      for (const o of spec.options) {
        const line = lines[o.span!.line - 1]!.replace(/\\-/g, "-").replace(/\\f[BIRP]/g, "");
        const mdoc = line.replace(/^\.It Fl |\bFl /g, "-");
        expect(
          spellings(o).some((x) => line.includes(x) || mdoc.includes(x) || (/^-[0-9]$/.test(x) && /-\S*number|-#/i.test(line))),
          `${f.name}: roff line ${o.span!.line} "${line}" spells none of ${spellings(o)}`,
        ).toBe(true);
      }
    });
  }

  it("reads mdoc's inline macros, .Xo tags and roff escapes into the rendered layout", () => {
    const src = [
      ".Dd $Mdocdate$",
      ".Dt TOOL 1",
      ".Sh NAME",
      ".Nm tool",
      ".Nd does a thing",
      ".Sh SYNOPSIS",
      ".Nm tool",
      ".Op Fl ab",
      ".Op Fl o Ar file",
      ".Ar target ...",
      ".Sh DESCRIPTION",
      ".Bl -tag -width Ds",
      ".It Fl a",
      "All of them.",
      ".It Fl o Ar file",
      "Write to",
      ".Ar file .",
      ".It Fl w Xo",
      ".Sm off",
      ".Ar local",
      ".Op : Ar remote",
      ".Sm on",
      ".Xc",
      "A tunnel.",
      ".El",
    ].join("\n");
    const { spec, diagnostics } = parseManPage(src, { name: "tool" });
    expect(spec.source?.manPage).toBe("tool(1)");
    expect(spec.options.map((o) => [spellings(o).join(","), o.arity, o.value?.metavar, o.span?.line])).toEqual([
      ["-a", "none", undefined, 13],
      ["-o", "required", "FILE", 15],
      ["-w", "required", "LOCAL[:REMOTE]", 18],
      ["-b", "none", undefined, 8],
    ]);
    expect(spec.positionals.map((p) => [p.name, p.min, p.max])).toEqual([["TARGET", 1, 64]]);
    expect(diagnostics).toEqual([]);
  });

  it("puts every option's span on a page line that spells the option", () => {
    for (const f of fixtures) {
      const lines = f.man.split("\n");
      const { spec } = parseManPage(f.man, { name: f.meta.program });
      for (const o of spec.options) {
        expect(o.span, `${f.name} ${spellings(o)}`).toBeDefined();
        const line = lines[o.span!.line - 1]!;
        const [a, b] = [f.man.lastIndexOf("\n", o.span!.start - 1) + 1, f.man.indexOf("\n", o.span!.start)];
        expect(f.man.slice(a, b)).toBe(line);
        expect(
          spellings(o).some((s) => line.includes(s.replace(/^-([0-9])$/, "-#")) || line.includes(s)),
          `${f.name}: line ${o.span!.line} "${line.trim()}" spells none of ${spellings(o)}`,
        ).toBe(true);
      }
    }
  });

  it("reads several term lines of one option over one description (ssh's four -L forms) as that option, once", () => {
    const ssh = fixtures.find((f) => f.name === "ssh")!;
    for (const text of [ssh.man, ssh.roff!]) {
      const { spec, diagnostics } = parseManPage(text, { name: "ssh" });
      expect(diagnostics.filter((d) => /-[LR] is listed more than once/.test(d.message))).toEqual([]);
      const l = spec.options.find((o) => o.short.includes("L"))!;
      expect(text.split("\n")[l.span!.line - 1]).toMatch(/(-L|Fl L)\b/);
    }
  });

  it("reports what it could not read with the page's own line number", () => {
    const more = fixtures.find((f) => f.name === "more")!;
    const { diagnostics } = parseManPage(more.man, { name: "more" });
    const d = diagnostics.find((x) => /could not read an option/.test(x.message));
    expect(d?.span).toBeDefined();
    expect(more.man.split("\n")[d!.span!.line - 1]).toMatch(/^\s+\+number\s*$/);
  });

  it("reads the SYNOPSIS of a page whose forms wrap at the margin, and words hyphenated at a line's end", () => {
    const page = [
      "PIDOF(8)              Linux System Administrator's Manual             PIDOF(8)",
      "",
      "NAME",
      "       pidof - find the process ID of a running program",
      "",
      "SYNOPSIS",
      "       pidof  [-s]  [-c]  [-o omit-",
      "       pid[,omitpid...]...]  [-d sep] program [program...]",
      "",
      "OPTIONS",
      "       -s     Single shot - this instructs the program to only return one pid.",
      "",
      "       -d sep Tells pidof to use sep as an output separator.",
      "",
      "       -o omitpid",
      "              Tells pidof to omit processes with that process id.",
      "",
    ].join("\n");
    const { spec } = parseManPage(page, { name: "pidof" });
    expect(spec.positionals.map((p) => [p.name, p.min])).toEqual([["program", 1]]);
    expect(spec.options.find((o) => o.short.includes("d"))).toMatchObject({ arity: "required", value: { metavar: "sep" }, span: { line: 13 } });
    expect(spec.options.find((o) => o.short.includes("o"))).toMatchObject({ arity: "required", value: { metavar: "omitpid" }, span: { line: 15 } });
    expect(spec.options.find((o) => o.short.includes("c"))?.span?.line).toBe(7);
    // A compound broken after its hyphen keeps it: "[MIME-" / "TYPE:]FILE" is one operand.
    const mailcap = parseManPage(
      [
        "RM(1)      Run Mailcap      RM(1)",
        "",
        "SYNOPSIS",
        "       rm --action=ACTION [MIME-",
        "       TYPE:]FILE [...]",
        "",
        "       The see, edit, compose and print versions are just aliases that default",
        "       to the view, edit, compose, and print actions (respectively).",
        "",
      ].join("\n"),
      { name: "rm" },
    ).spec;
    expect(mailcap.positionals.map((p) => [p.name, p.min, p.max])).toEqual([["[MIME-TYPE:]FILE", 1, 64]]);
  });

  it("skips titles among the SYNOPSIS forms and reads a page that starts with a blank line", () => {
    const page = [
      "",
      "CM(1)                              CMake                             CM(1)",
      "",
      "SYNOPSIS",
      "          Generate a Project Buildsystem",
      "           cm [<options>] -B <path-to-build>",
      "",
      "          Build a Project",
      "           cm --build <dir> [<options>]",
      "",
      "OPTIONS",
      "       -B <dir>",
      "              Build directory.",
      "",
      "       --build <dir>",
      "              Build.",
      "",
    ].join("\n");
    const { spec } = parseManPage(page, { name: "cm" });
    expect(spec.source?.manPage).toBe("cm(1)");
    expect(spec.positionals).toEqual([]);
    const g = parseGrammarText(emitGbnf(lowerCommand(spec)), "gbnf");
    expect(recognize(g, "cm --build out").accepted).toBe(true);
    expect(recognize(g, "cm --build out Build").accepted).toBe(false);
  });

  it("reads DocBook's bulleted option lists and go-md2man's one-paragraph entries", () => {
    const page = [
      "DUMP(1)                    MariaDB Database System                   DUMP(1)",
      "",
      "SYNOPSIS",
      "       dump [options] db_name",
      "",
      "OPTIONS",
      "       o   --add-drop-database",
      "",
      "           Add a DROP DATABASE statement before each CREATE DATABASE",
      "           statement.",
      "",
      "       o   --compatible=name",
      "",
      "           Produce output that is more compatible with other systems.",
      "",
      "GLOBAL OPTIONS",
      "       --debug Produce verbose output.",
      "",
      "       --log=LOG-DESTINATION Define the destination for the error and warning",
      "       messages generated by crun.",
      "",
      "       --root=DIR Defines where to store the state.",
      "",
    ].join("\n");
    const { spec } = parseManPage(page, { name: "dump" });
    expect(spec.options.map((o) => [spellings(o).join(","), o.arity, o.value?.metavar, o.span?.line])).toEqual([
      ["--add-drop-database", "none", undefined, 7],
      ["--compatible", "required", "name", 12],
      ["--debug", "none", undefined, 17],
      ["--log", "required", "LOG-DESTINATION", 19],
      ["--root", "required", "DIR", 22],
    ]);
    expect(spec.options.find((o) => o.long.includes("log"))?.description).toBe("Define the destination for the error and warning messages generated by crun.");
  });

  it("reads a COMMANDS section as subcommands where the SYNOPSIS has a command operand, and only there", () => {
    const page = (synopsis: string) =>
      [
        "PK(1)                      General Commands Manual                     PK(1)",
        "",
        "SYNOPSIS",
        `       ${synopsis}`,
        "",
        "COMMANDS",
        "       help   Show help for commands.",
        "",
        "       install",
        "              Install packages.",
        "",
        "OPTIONS",
        "       -q, --quiet",
        "              Give less output.",
        "",
      ].join("\n");
    const pk = parseManPage(page("pk <command> [options]"), { name: "pk" }).spec;
    expect(pk.subcommands.map((c) => c.path.join(" "))).toEqual(["pk help", "pk install"]);
    const g = parseGrammarText(emitGbnf(lowerCommand(pk)), "gbnf");
    expect(recognize(g, "pk install flask").accepted).toBe(true);
    expect(recognize(g, "pk bogus flask").accepted).toBe(false);
    // gpg's COMMANDS are options: one of them is the command operand.
    const gpg = parseManPage(
      page("pk [options] command [args]")
        .replace("help   Show help for commands.", "-d, --decrypt  Decrypt.")
        .replace("       install\n              Install packages.", "       --sign\n              Sign."),
      { name: "pk" },
    ).spec;
    const gg = parseGrammarText(emitGbnf(lowerCommand(gpg)), "gbnf");
    for (const c of ["pk -d secret.gpg", "pk -q --decrypt secret.gpg"]) expect(recognize(gg, c).accepted, c).toBe(true);
    expect(recognize(gg, "pk --bogus").accepted).toBe(false);
    // Keys pressed while the program runs (less's COMMANDS): no command operand, no subcommands.
    const pager = parseManPage(page("pk [options] [file...]"), { name: "pk" }).spec;
    expect(pager.subcommands).toEqual([]);
    expect(recognize(parseGrammarText(emitGbnf(lowerCommand(pager)), "gbnf"), "pk -q notes.txt").accepted).toBe(true);
  });

  it("ends the SYNOPSIS forms at a paragraph of prose below them, and keeps a form split over paragraphs", () => {
    const page = [
      "zed(1)                      General Commands Manual                     zed(1)",
      "",
      "Synopsis",
      "       zed [option] subcommand",
      "",
      "       where subcommand is one of the following:",
      "",
      "       Main commands:",
      "",
      "       o zed build (./zed-build.md) - build a thing",
      "       o zed shell (./zed-shell.md) - run a shell in which the specified",
      "         packages are available",
      "",
    ].join("\n");
    const { spec } = parseManPage(page, { name: "zed" });
    // The words after a bare subcommand operand are that command's: they pass through.
    expect(spec.positionals.map((p) => [p.name, p.min, p.rest ?? false])).toEqual([["subcommand", 1, true]]);
    const g = parseGrammarText(emitGbnf(lowerCommand(spec)), "gbnf");
    for (const c of ["zed build --no-link .#hello", "zed shell -L"]) expect(recognize(g, c).accepted, c).toBe(true);
    expect(recognize(g, "zed").accepted).toBe(false);
    // One bracket per paragraph (Netpbm's pages): all of them one form.
    const split = parseManPage(
      [
        "PNMX(1)      General Commands Manual      PNMX(1)",
        "",
        "SYNOPSIS",
        "       pnmx",
        "",
        "       [-verbose]",
        "",
        "       [pnmfile1]",
        "",
        "       [pnmfile2]",
        "",
      ].join("\n"),
      { name: "pnmx" },
    ).spec;
    expect(split.positionals.map((p) => [p.name, p.min])).toEqual([
      ["pnmfile1", 0],
      ["pnmfile2", 0],
    ]);
  });

  it("keeps the hyphen of a name in a list of choices broken at a line's end", () => {
    const page = [
      "pkx(1)                     General Commands Manual                    pkx(1)",
      "",
      "SYNOPSIS",
      "       pkx [-h] [--version] {install,upgrade,upgrade-",
      "       all,uninstall,reinstall,reinstall-",
      "       all,list} ...",
      "",
    ].join("\n");
    const { spec } = parseManPage(page, { name: "pkx" });
    expect(spec.subcommands.map((c) => c.path[1])).toEqual(["install", "upgrade", "upgrade-all", "uninstall", "reinstall", "reinstall-all", "list"]);
  });

  it("tells a program's own commands from a command it runs by the page's layout, not its wrapped prose", () => {
    const runs = parseManPage(
      [
        "HX(1)            User Manual           HX(1)",
        "",
        "SYNOPSIS",
        "       Just pass to hx any command and all its arguments.",
        "",
        "              hx [command [arguments]]",
        "",
        "              --help/-h:      show this message",
        "              --verbose/-v:       show more verbosity",
        "",
        "       Alternatively, use symlinks to make hx execute as that",
        "       command:",
        "",
        "              ~$: ln -s /usr/bin/hx /usr/local/bin/podman",
        "",
      ].join("\n"),
      { name: "hx" },
    );
    expect(runs.spec.positionals.map((p) => p.name)).toEqual(["command", "arguments"]);
    expect(runs.spec.positionals[0]).toMatchObject({ name: "command", rest: true });
    expect(runs.spec.positionals[0]!.subcommand).toBeUndefined();
    // A section of a kind of commands ("PRIMARY COMMANDS"), or forms that each go on with a word
    // of their own, list the program's commands.
    const page = (synopsis: string[], section: string) =>
      ["BX(1)            User Manual           BX(1)", "", "SYNOPSIS", ...synopsis.map((f) => `       ${f}`), "", section, "       q      Quit.", ""].join(
        "\n",
      );
    const own = (synopsis: string[], section: string) =>
      parseManPage(page(synopsis, section), { name: "bx" }).spec.positionals.find((p) => /^command$/i.test(p.name))?.subcommand ?? false;
    expect(own(["bx COMMAND [--verbose] [ARGS]"], "PRIMARY COMMANDS")).toBe(true);
    expect(own(["bx COMMAND [--verbose] [ARGS]"], "NOTES")).toBe(false);
    expect(own(["bx add <type> <desc>", "bx show [<keyring>]", "bx session - [<command> <arg>...]"], "NOTES")).toBe(true);
  });

  it("does not take a paragraph of prose that starts with an option for an entry", () => {
    const page = [
      "X(1)                        General Commands Manual                       X(1)",
      "",
      "SYNOPSIS",
      "       x [-a] [file]",
      "",
      "DESCRIPTION",
      "       -q  is what old versions took, and this paragraph goes on",
      "       at the same indentation, as prose does.",
      "",
      "OPTIONS",
      "       -a     All of it.",
      "",
    ].join("\n");
    const { spec } = parseManPage(page, { name: "x" });
    expect(spec.options.map(spellings)).toEqual([["-a"]]);
  });
});

describe("help text and man page together", () => {
  const top = fixtures.find((f) => f.name === "top")!;
  const more = fixtures.find((f) => f.name === "more")!;

  it("adds the man page's spellings and options and reports each difference on its own text", () => {
    const merged = mergeHelpAndMan(parseHelp(more.help!, { name: "more" }), parseManPage(more.man, { name: "more" }));
    const manOnly = merged.diagnostics.find((d) => /only/.test(d.message) && d.origin === "man");
    expect(manOnly?.message).toMatch(/-number is in the man page only/);
    expect(more.man.split("\n")[manOnly!.span!.line - 1]).toMatch(/-number/);
    const helpOnly = merged.diagnostics.find((d) => /in the help text only/.test(d.message));
    expect(helpOnly?.origin).toBe("help");
    expect(more.help!.split("\n")[helpOnly!.span!.line - 1]).toMatch(/-<number>/);
    const t = mergeHelpAndMan(parseHelp(top.help!, { name: "top" }), parseManPage(top.man, { name: "top" }));
    expect(t.spec.options.find((o) => o.short.includes("b"))?.long).toEqual(["batch-mode", "batch"]);
    expect(t.spec.source?.manPage).toBe("top(1)");
    const g = parseGrammarText(emitLark(lowerCommand(t.spec)), "lark");
    for (const c of ["top -b -n 1", "top --batch -n 1", "top --batch-mode"]) expect(recognize(g, c).accepted, c).toBe(true);
    expect(recognize(g, "top --bogus").accepted).toBe(false);
  });

  it("keeps the help text's value where the two disagree, and says so", () => {
    const help = "Usage: tool [OPTION]... FILE\n  -d, --delay=SECS   wait SECS\n  -q                 quiet\n";
    const man =
      "TOOL(1)        User Commands        TOOL(1)\n\nSYNOPSIS\n       tool [-dq] file\n\nOPTIONS\n       -d, --delay\n              Wait.\n\n       -q     Quiet.\n";
    const r = mergeHelpAndMan(parseHelp(help, { name: "tool" }), parseManPage(man, { name: "tool" }));
    const d = r.diagnostics.find((x) => /--delay/.test(x.message) && /value/.test(x.message));
    expect(d).toMatchObject({ origin: "help", span: { line: 2 } });
    expect(d!.message).toMatch(/a value \(required\) in the help text but no value in the man page \(man page line 7\)/);
    expect(r.spec.options.find((o) => o.short.includes("d"))?.arity).toBe("required");
    expect(r.diagnostics.filter((x) => /only/.test(x.message))).toEqual([]);
  });

  it("reads go-md2man's flag paragraphs, and the help's operands where the SYNOPSIS names none", () => {
    const help = "Park.\n\nAliases:\npark, p\n\nOptions:\n      --wait=false: Wait.\n\nUsage:\n  bay park SLOT [options]\n";
    const man = `BAY(1)(bay)     BAY(1)(bay)\n\nSYNOPSIS\n       bay park [OPTIONS]\n\nOPTIONS\n       --wait=false      Wait for it\n       to be empty\n\n       -r, --region=""      The region,\n       where\n\n       --zone=""      Zone\n\n       --quiet=false      Quiet\n`;
    const m = parseManPage(man, { name: ["bay", "park"] });
    expect(m.spec.options.map((o) => [spellings(o).join(","), o.span?.line, o.description])).toEqual([
      ["--wait", 7, "Wait for it to be empty"],
      ["-r,--region", 10, "The region, where"],
      ["--zone", 13, "Zone"],
      ["--quiet", 15, "Quiet"],
    ]);
    const g = lowerCommand(mergeHelpAndMan(parseHelp(help, { name: ["bay", "park"] }), m).spec);
    for (const c of ["bay park north -r west", "bay p --zone z north"]) expect(recognize(g, c).accepted, c).toBe(true);
    for (const c of ["bay park", "bay park north south"]) expect(recognize(g, c).accepted, c).toBe(false);
  });

  it("takes the man page's SYNOPSIS where the help text has no usage line", () => {
    const help = "  -a   all\n  -s   short\n";
    const man = "IFC(8)        Manual        IFC(8)\n\nSYNOPSIS\n       ifc [-a] [-s] [interface]\n\nOPTIONS\n       -a     all\n\n       -s     short\n";
    const r = mergeHelpAndMan(parseHelp(help, { name: "ifc" }), parseManPage(man, { name: "ifc" }));
    expect(r.spec.positionals.map((p) => [p.name, p.min, p.max])).toEqual([["interface", 0, 1]]);
    expect(r.diagnostics.some((x) => /the help text has no usage line: the operands are the man page's/.test(x.message))).toBe(true);
  });

  it("takes the man page as the base where the help text is thin, and the help text adds to it", () => {
    const help = "Usage: tool command\n  -h   help\n";
    const man = [
      "TOOL(8)        Manual        TOOL(8)",
      "",
      "SYNOPSIS",
      "       tool [-abcd] [-o file] name...",
      "",
      "OPTIONS",
      "       -a     all",
      "",
      "       -b     brief",
      "",
      "       -c     count",
      "",
      "       -o file",
      "              Write to file.",
      "",
    ].join("\n");
    const r = mergeHelpAndMan(parseHelp(help, { name: "tool" }), parseManPage(man, { name: "tool" }));
    expect(r.diagnostics.find((d) => /the man page is the base/.test(d.message))?.origin).toBe("help");
    // The help's "command" would pass every word through; the page's SYNOPSIS says names.
    expect(r.spec.positionals.map((p) => [p.name, p.rest ?? false])).toEqual([["name", false]]);
    expect(r.spec.options.map((o) => spellings(o).join(","))).toEqual(["-a", "-b", "-c", "-o", "-d", "-h"]);
    expect(r.diagnostics.some((d) => d.origin === "help" && /option -h is in the help text only/.test(d.message))).toBe(true);
    const g = parseGrammarText(emitGbnf(lowerCommand(r.spec)), "gbnf");
    expect(recognize(g, "tool -a -o out.txt x y").accepted).toBe(true);
    expect(recognize(g, "tool -a").accepted).toBe(false);
    expect(recognize(g, "tool x --zz").accepted).toBe(false);
  });
});

describe("help text and man page together: the help's commands", () => {
  it("keeps the commands a help text lists where the man page is the base and leaves them out", () => {
    const help = "Usage: st <command>\n\nFlags:\n  -h, --help    Show help.\n\nCommands:\n  serve\n    Run it\n\n  cli\n    Command line interface\n";
    const man = [
      "ST(1)                       St                      ST(1)",
      "",
      "SYNOPSIS",
      "       st [serve] [--audit] [--home=<dir>] [--verbose]",
      "       st cli [--home=<dir>] <command> [arguments...]",
      "",
      "OPTIONS",
      "       --audit",
      "              Write events to the audit file.",
      "",
      "       --home=<dir>",
      "              Set the home folder.",
      "",
      "       --verbose",
      "              Print more.",
      "",
      "       --paused",
      "              Start paused.",
      "",
      "SUBCOMMANDS",
      "       The top-level groups of st cli are:",
      "",
      "       config Access the live configuration.",
      "",
      "       show   Show system properties.",
      "",
    ].join("\n");
    const r = mergeHelpAndMan(parseHelp(help, { name: "st" }), parseManPage(man, { name: "st" }));
    expect(r.spec.subcommands.map((c) => c.path[1])).toEqual(["serve", "cli"]);
    expect(r.spec.options.map((o) => spellings(o).join(","))).toEqual(expect.arrayContaining(["--audit", "--home", "--verbose"]));
    expect(r.diagnostics.some((d) => /its commands and operands are kept/.test(d.message))).toBe(true);
  });

  it("a list of commands that says more exist lets another command word through", () => {
    const help =
      "Usage:\n  sx <command> [options] [args]\n\nAvailable commands:\n  bench     Run a benchmark\n  fetch     Fetch a URL\n\n  [ more ]  More commands available when run from project directory\n";
    const g = parseGrammarText(emitGbnf(lowerCommand(parseHelp(help, { name: "sx" }).spec)), "gbnf");
    for (const c of ["sx fetch https://example.com", "sx crawl quotes"]) expect(recognize(g, c).accepted, c).toBe(true);
  });

  it("reads a choice of forms as optional where one of them needs no operand", () => {
    const man = [
      "NS(1)      General Commands Manual      NS(1)",
      "",
      "SYNOPSIS",
      "       ns [--pure] [--run cmd] {{--packages | -p} {packages | expressions} | [path]}",
      "",
    ].join("\n");
    const { spec } = parseManPage(man, { name: "ns" });
    expect(spec.positionals.every((p) => p.min === 0)).toBe(true);
    const g = parseGrammarText(emitGbnf(lowerCommand(spec)), "gbnf");
    for (const c of ["ns", "ns --pure", "ns --pure shell.nix"]) expect(recognize(g, c).accepted, c).toBe(true);
  });
});

describe("a help text laid out as a man page", () => {
  const page = (header: string) =>
    [
      header,
      "NAME",
      "       frob-graft - graft trees",
      "SYNOPSIS",
      "       frob graft [<options>] -P <prefix> add <local-commit>",
      "       frob graft [<options>] -P <prefix> add <repository>",
      "                  <remote-ref>",
      "       frob graft [<options>] -P <prefix> split [<local-commit>]",
      "COMMANDS",
      "       add <local-commit>, add <repository> <remote-ref>",
      "           Create the graft.",
      "       split [<local-commit>]",
      "           Extract its history.",
      "OPTIONS",
      "       -q, --quiet",
      "           Print nothing.",
      "       -P <prefix>, --prefix=<prefix>",
      "           The graft's path.",
      "",
    ].join("\n");

  it("reads its SYNOPSIS forms as the usage: each listed command takes its forms' operands", () => {
    accepts(
      page("FROB-GRAFT(1)      [FIXME: manual]      FROB-GRAFT(1)"),
      ["frob graft add -P lib v1.0", "frob graft add -P lib https://example.com/r main", "frob graft split --prefix=lib", "frob graft split -P lib -q HEAD"],
      ["frob graft add -P", "frob graft add -P lib a b c", "frob graft split -P lib -x"],
      "frob graft",
    );
  });

  it("not where no form names the command (its program's whole manual)", () => {
    const { spec } = parseHelp(page("FROB(1)      Frob Manual      FROB(1)"), { name: ["frob", "help"] });
    expect(spec.subcommands.every((c) => c.positionals.length === 0)).toBe(true);
  });
});

describe("a wrapper's page that lists no options of its own", () => {
  it("takes the options of the program it says it takes them from, SYNOPSIS letters or not", () => {
    const help = "Usage : dirz [zipr options] <directory>\n\n -h: will display this message.\n -d: <path1> will decompress a <path1> tarball.\n";
    const man = [
      "DIRZ(1)           User Contributed Perl Documentation          DIRZ(1)",
      "",
      "SYNOPSIS",
      "         dirz [options] DIRECTORY",
      "         dirz -d [options] DIRECTORY.tar.z",
      "",
      "DESCRIPTION",
      "       dirz is a wrapper for compressing whole directories with zipr(1).",
      "       dirz takes the same options as zipr.",
      "",
      "OPTIONS",
      "       See zipr(1).",
      "",
    ].join("\n");
    const page = parseManPage(man, { name: "dirz" });
    expect(page.spec.extensions).toEqual(expect.arrayContaining([expect.objectContaining({ kind: "options-of", program: "zipr" })]));
    const r = mergeHelpAndMan(parseHelp(help, { name: "dirz" }), page);
    const g = parseGrammarText(emitGbnf(lowerCommand(r.spec)), "gbnf");
    for (const c of ["dirz -z photos", "dirz -v -z photos"]) expect(recognize(g, c).accepted, c).toBe(true);
  });
});

describe("a wrapper that says its options are another program's", () => {
  const lender = parseHelp("Usage: frob [OPTION]... PATTERN\n\nOptions:\n  -i, --ignore-case   ignore case\n  -C, --context=NUM   context\n", {
    name: "frob",
  }).spec;
  const help = "Usage: zfrob [OPTION]... [-e] PATTERN [FILE]...\n\nOPTIONs are the same as for 'frob'.\n";
  const man = ["ZFROB(1)     General Commands Manual     ZFROB(1)", "SYNOPSIS", "       zfrob [ frob_options ] [ -e ] pattern filename...", ""].join("\n");
  const accepted = (spec: CommandSpec, has: boolean, c: string) =>
    recognize(parseGrammarText(emitGbnf(lowerCommand(withLentOptions(spec, (p) => (has && p === "frob" ? lender : undefined)))), "gbnf"), c).accepted;

  it("takes that program's options where the collection holds it, and no other option word; not on a placeholder's name alone", () => {
    const merged = mergeHelpAndMan(parseHelp(help, { name: "zfrob" }), parseManPage(man, { name: "zfrob" })).spec;
    for (const c of ["zfrob -i x a.gz", "zfrob --context=3 x a.gz", "zfrob -e x a.gz"]) expect(accepted(merged, true, c), c).toBe(true);
    for (const c of ["zfrob -Q x a.gz", "zfrob --contxt=3 x a.gz"]) expect(accepted(merged, true, c), c).toBe(false);
    expect(accepted(merged, false, "zfrob -Q x a.gz")).toBe(true);
    expect(accepted(parseManPage(man, { name: "zfrob" }).spec, true, "zfrob -Q x a.gz")).toBe(true);
  });

  it("takes a command's 'Aliases:' and the global options its text points to", () => {
    const kc = parseHelp("Run.\n\nOptions:\n  -n, --ns='': N.\n\nAvailable Commands:\n  top         Top\n\nUsage:\n  kc [options]\n", { name: "kc" }).spec;
    const text = `Top.\n\nAliases:\ntop, t\n\nOptions:\n      --force=false: F.\n\nUsage:\n  kc top NODE [options]\n\nUse "kc options" for a list of global command-line options.\n`;
    const top = withLentOptions(parseHelp(text, { name: ["kc", "top"] }).spec, () => kc);
    const [r, g] = [withChildAliases(kc, () => top), top].map((s) => lowerCommand(s));
    for (const c of ["kc top web -n prod", "kc t --force web", "kc t x"]) expect(recognize(c === "kc t x" ? r! : g!, c).accepted, c).toBe(true);
    for (const c of ["kc top web -x", "kc top web --nx p", "kc tx web", "kc web"]) expect(recognize(g!, c).accepted, c).toBe(false);
  });

  it("takes the global options from the command the text names for them, at the root too, and the root's own where the collection lacks it", () => {
    const pointer = `\nUse "kc options" for a list of global command-line options (applies to all commands).\n`;
    const root = parseHelp(`Run.\n\nAvailable Commands:\n  top         Top\n\nUsage:\n  kc [flags] [options]\n${pointer}`, { name: "kc" }).spec;
    const options = parseHelp("The following options can be passed to any command:\n\n    -n, --namespace='':\n\tThe namespace\n\n    --as='':\n\tA user\n", {
      name: ["kc", "options"],
    }).spec;
    const top = parseHelp(`Top.\n\nOptions:\n      --force=false: F.\n\nUsage:\n  kc top NODE [options]\n${pointer}`, { name: ["kc", "top"] }).spec;
    const lender = (collection: CommandSpec[]) => (p: string) => collection.find((s) => s.path.join(" ") === p);
    const g = (spec: CommandSpec, collection: CommandSpec[]) => parseGrammarText(emitGbnf(lowerCommand(withLentOptions(spec, lender(collection)))), "gbnf");
    const withOptions = [root, options, top];
    for (const c of ["kc top web -n prod", "kc top --as me web --force"]) expect(recognize(g(top, withOptions), c).accepted, c).toBe(true);
    expect(recognize(g(root, withOptions), "kc --namespace prod").accepted).toBe(true);
    for (const c of ["kc top web -x", "kc top web --nx p"]) expect(recognize(g(top, withOptions), c).accepted, c).toBe(false);
    // Without "kc options", the root's own options (none) and no other option word.
    expect(recognize(g(top, [root, top]), "kc top web -n prod").accepted).toBe(false);
    expect(recognize(g(root, [root, top]), "kc -n prod").accepted).toBe(false);
  });
});

describe("grammargen --from", () => {
  it("from-help-text --from man reads a committed page; --from with another word is a usage error", async () => {
    const file = join(fixtures.find((f) => f.name === "pidof")!.dir, "man.txt");
    const r = await run(["from-help-text", file, "--name", "pidof", "--from", "man", "--format", "ir"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).source.manPage).toBe("pidof(8)");
    const bad = await run(["from-help-text", file, "--name", "pidof", "--from", "info"]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--from must be help or man/);
    expect((await run(["--from", "man", "ls", "--help"])).code).toBe(2);
  });

  const hasMan = (() => {
    try {
      return execFileSync("man", ["-w", "pidof"], { encoding: "utf8" }).trim() !== "";
    } catch {
      return false;
    }
  })();
  it.skipIf(!hasMan)("reads an installed page (skipped where `man -w pidof` finds none)", async () => {
    const { text } = await captureManPage("pidof");
    const { spec } = parseManPage(text, { name: "pidof" });
    expect(spec.options.some((o) => o.short.includes("s"))).toBe(true);
    const r = await run(["--from", "man", "--format", "gbnf", "pidof"]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^root ::= pidof$/m);
    expect(readFileSync(join(fixtures[0]!.dir, "meta.json"), "utf8")).toMatch(/"command"/);
  });
  it("says when a program has no man page", async () => {
    const r = await run(["--from", "man", "no-such-program-xyz"]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/no man page for no-such-program-xyz|man is not installed/);
  });
});
