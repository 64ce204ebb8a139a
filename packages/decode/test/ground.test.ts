import { describe, expect, it } from "vitest";
import { decodingTerminals, groundSpec, groundValues, snapToGrounded, VARIABLE } from "../src/ground.js";
import { compose, emitGbnf, recognize, type CommandSpec } from "@shellgen/grammargen";

describe("groundValues", () => {
  it("takes file names from the request, quoted or bare, without sentence punctuation", () => {
    const v = groundValues('How many lines are in notes.txt? Also check "my file.md".');
    expect(v.paths).toContain("notes.txt");
    expect(v.paths).toContain("my file.md");
    expect(v.paths).not.toContain("notes.txt?");
  });

  it("adds workspace entries and globs for mentioned extensions", () => {
    const v = groundValues("Count lines in every .log file", ["app.log", "logs/", "logs/old.log"]);
    expect(v.paths).toEqual(expect.arrayContaining(["app.log", "logs/", "logs", "logs/old.log", "*.log", "."]));
  });

  it("offers bounded names for new outputs the request implies", () => {
    const v = groundValues("Save the sorted names into a file called result");
    expect(v.paths).toEqual(expect.arrayContaining(["result", "result.txt"]));
    expect(v.paths.length).toBeLessThanOrEqual(96);
  });

  it("is deterministic", () => {
    expect(groundValues("copy a.txt to b/", ["x"])).toEqual(groundValues("copy a.txt to b/", ["x"]));
  });
});

describe("groundSpec", () => {
  const spec: CommandSpec = {
    path: ["cp"],
    aliases: [],
    style: "gnu",
    options: [
      {
        short: ["t"],
        long: ["target-directory"],
        arity: "required",
        value: { type: { kind: "path" }, metavar: "DIRECTORY" },
        repeatable: false,
        description: "copy into DIRECTORY",
      },
      {
        short: ["S"],
        long: ["suffix"],
        arity: "required",
        value: { type: { kind: "word" }, metavar: "SUFFIX" },
        repeatable: false,
        description: "backup suffix",
      },
    ],
    positionals: [{ name: "SOURCE", type: { kind: "path" }, min: 1, max: 16 }],
    subcommands: [],
  };

  it("turns path values into a closed choice and leaves other types alone", () => {
    const g = groundSpec(spec, { paths: ["a.txt", "b/"] });
    // The grounded names, and the choice decodingTerminals turns into a variable reference.
    expect(g.positionals[0]!.type).toEqual({ kind: "enum", choices: ["a.txt", "b/", VARIABLE] });
    expect(g.options[0]!.value!.type).toEqual({ kind: "enum", choices: ["a.txt", "b/", VARIABLE] });
    expect(g.options[1]!.value!.type).toEqual({ kind: "word" });
    expect(spec.positionals[0]!.type).toEqual({ kind: "path" }); // not mutated
  });
});

describe("decoding terminals", () => {
  const echo: CommandSpec = {
    path: ["keep"],
    aliases: [],
    style: "gnu",
    options: [],
    positionals: [{ name: "FILE", type: { kind: "path" }, min: 1, max: 16 }],
    subcommands: [],
  };
  const values = { paths: ["notes", "report.txt", "my file.md", "logs", ".", "/dev/null", "-"] };
  const grammar = () => decodingTerminals(compose({ commands: [groundSpec(echo, values)], constructs: ["pipe", "subst"] }), values);

  it("a path slot takes a grounded directory name with a trailing slash, and nothing else new", () => {
    const choices = (groundSpec(echo, values).positionals[0]!.type as { choices: string[] }).choices;
    expect(choices).toEqual(expect.arrayContaining(["logs/", "notes/", "./"]));
    for (const never of ["report.txt/", "/dev/null/", "-/", "my file.md/"]) expect(choices).not.toContain(never);
    expect(recognize(grammar(), "keep logs/ report.txt").accepted).toBe(true);
  });

  it("names the free word spells are not repeated as literals, and are still accepted", () => {
    const g = grammar();
    const word = emitGbnf(g)
      .split("\n")
      .find((l) => l.startsWith("word ::="))!;
    expect(word).toContain('"report.txt"');
    expect(word).not.toContain('"notes"');
    // echo's arguments are `word`s: grounded names, free names, no invented paths.
    for (const ok of ["echo notes", "echo report.txt", "echo . 'my file.md'", "echo - logs/", "echo notes/ 'a.b'"])
      expect(recognize(g, ok).accepted, ok).toBe(true);
    expect(recognize(g, "echo invented.txt").accepted).toBe(false);
  });

  it("a double-quoted string holds a substitution only through the grammar, and stays on one line", () => {
    const g = grammar();
    expect(recognize(g, 'echo "$(keep notes) x"').accepted).toBe(true);
    expect(recognize(g, 'echo "a $HOME b"').accepted).toBe(true);
    // The command inside is checked like any other (keep takes only grounded names).
    expect(recognize(g, 'echo "$(keep invented.txt)"').accepted).toBe(false);
    expect(recognize(g, 'echo "a\nb"').accepted).toBe(false);
    expect(recognize(g, 'echo "$(keep notes)\nb"').accepted).toBe(false);
  });
});

describe("snapToGrounded", () => {
  const values = groundValues("Show me what's in todo.txt and then old/main.html", ["todo.txt", "notes.md", "old/", "old/main.html"]);

  it("replaces a made-up file name with the grounded name it resembles, same extension first", () => {
    expect(snapToGrounded("cat ge.txt", values)).toEqual({ command: "cat todo.txt", replaced: ["ge.txt -> todo.txt"] });
    expect(snapToGrounded("cp old/m.html backup/", values).command).toBe("cp old/main.html backup/");
    expect(snapToGrounded("head -n 3 --file=note.md", values).command).toBe("head -n 3 --file=notes.md");
  });

  it("leaves grounded names, options, quoted text, globs, numbers and URLs alone", () => {
    for (const c of [
      "cat todo.txt",
      "grep -i 'x.txt' todo.txt",
      "ls *.txt",
      "sed -n 1.5p todo.txt",
      "curl https://example.com/a.txt",
      'echo "zz.md"',
      "sort -k 2 todo.txt",
    ]) {
      expect(snapToGrounded(c, values), c).toEqual({ command: c, replaced: [] });
    }
  });

  it("needs some resemblance when no grounded name shares the extension", () => {
    expect(snapToGrounded("cat /etc/hostname", values).replaced).toEqual([]);
    expect(snapToGrounded("cat old/mainn", values).command).toBe("cat old/main.html");
  });
});

describe("grounding leaves program text free", () => {
  // awk's [Program] and sed's -e script are text; typed as paths they were narrowed to file
  // names, and a grounded grammar refused every awk program and every sed -e script.
  it("a grounded plan over the real pack accepts awk programs and sed scripts", async () => {
    const { packPlanner } = await import("../src/plan-pack.js");
    const planner = await packPlanner();
    const plan = await planner.plans({
      request: "print the second column of data.csv with awk or sed",
      ground: true,
      workspaceFiles: ["data.csv"],
      programs: ["awk", "sed"],
    })[0]!();
    expect(plan.commands).toEqual(expect.arrayContaining(["awk", "sed"]));
    for (const ok of ["awk -F, '{print $2}' data.csv", "awk '$2 > 10' data.csv", "sed -e 's/,/ /g' data.csv", "sed -n '2p' data.csv"])
      expect(plan.accepts(ok).accepted, ok).toBe(true);
    // File operands stay grounded: a name neither in the request nor in the workspace is refused.
    expect(plan.accepts("awk '{print $2}' invented.csv").accepted).toBe(false);
  });
});
