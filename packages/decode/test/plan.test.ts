// Grammar plans from the real pack: selected programs first, the pack default last;
// grounding closes file names; the decoding wrapper only adds a space and a terminator.
import { beforeAll, describe, expect, it } from "vitest";
import { recognize } from "@shellgen/grammargen";
import { DEFAULT_LABEL, forDecoding, loadPack, packPlanner } from "../src/plan-pack.js";
import type { GrammarPlanner } from "../src/plan.js";
import { programsOnPath } from "../src/exists.js";
import { shippedPrograms } from "@shellgen/fewshot";

let planner: GrammarPlanner;
let narrowing: GrammarPlanner;
beforeAll(async () => {
  // Without the narrowed first plan: the tests below are about selection and grounding.
  planner = await packPlanner(await loadPack(), { narrowFlags: false });
  narrowing = await packPlanner(await loadPack(), { narrowFlags: true });
});

describe("packPlanner", () => {
  it("composes the programs a request names, then offers the pack default", async () => {
    const plans = planner.plans({ request: "use grep to find error in app.log", ground: false, workspaceFiles: [] });
    expect(plans.length).toBe(2);
    const first = await plans[0]!();
    expect(first.commands).toContain("grep");
    expect(first.why.grep).toBe("mentioned");
    expect(first.accepts("grep error app.log").accepted).toBe(true);
    expect(first.accepts("grep -c error app.log && grep -n error app.log").accepted).toBe(true);
    expect(first.commands.every((c) => !c.includes("-"))).toBe(true);
    const last = await plans[1]!();
    expect(last.isDefault).toBe(true);
    expect(last.commands).toEqual([DEFAULT_LABEL]);
  });

  it("grounding admits named files and refuses invented ones", async () => {
    const req = { request: "use grep to count error lines in app.log", workspaceFiles: ["notes.txt", "logs/"] };
    const grounded = await planner.plans({ ...req, ground: true })[0]!();
    const open = await planner.plans({ ...req, ground: false })[0]!();
    for (const ok of ["grep -c error app.log", "grep -c error notes.txt", "grep -rc error logs/", "grep -c 'a.b' app.log"]) {
      expect(grounded.accepts(ok).accepted, ok).toBe(true);
    }
    for (const invented of ["grep -c error server.log", "grep -c error /var/log/syslog", "grep -c error app.log > out.txt"]) {
      expect(grounded.accepts(invented).accepted, invented).toBe(false);
      expect(open.accepts(invented).accepted, invented).toBe(true);
    }
  });

  it("a plan asked for again is the same grammar, and another workspace or request is never served a cached one", async () => {
    const request = "use grep to count error lines";
    const a = await planner.plans({ request, ground: true, workspaceFiles: ["a.log"] })[0]!();
    const again = await planner.plans({ request, ground: true, workspaceFiles: ["a.log"] })[0]!();
    expect(again.text.gbnf).toBe(a.text.gbnf);
    const b = await planner.plans({ request, ground: true, workspaceFiles: ["b.log"] })[0]!();
    expect(b.accepts("grep -c error b.log").accepted).toBe(true);
    expect(b.accepts("grep -c error a.log").accepted).toBe(false);
    expect(a.accepts("grep -c error a.log").accepted).toBe(true);
    const named = await planner.plans({ request: `${request} in c.log`, ground: true, workspaceFiles: ["a.log"] })[0]!();
    expect(named.accepts("grep -c error c.log").accepted).toBe(true);
    expect(a.accepts("grep -c error c.log").accepted).toBe(false);
  });

  it("the decoding wrapper adds only an optional leading space and the blank-line terminator", async () => {
    const plan = await planner.plans({ request: "use sort on names.txt", ground: false, workspaceFiles: [] })[0]!();
    expect(plan.text.gbnf).toContain("sg-command");
    expect(plan.text.lark).toMatch(/^start: sg_command$/m);
    const g = (await import("@shellgen/grammargen")).parseGrammarText(plan.text.gbnf, "gbnf");
    for (const s of ["sort names.txt", " sort names.txt", " sort names.txt\n\n"]) expect(recognize(g, s).accepted, s).toBe(true);
    expect(recognize(g, "sort names.txt\n").accepted).toBe(false);
    // The composed start rule (a sequence used nowhere else) is spelled inside the wrapper.
    expect(plan.text.gbnf).not.toMatch(/^sh-top ::=/m);
    expect(forDecoding({ start: "root", rules: [{ name: "root", terminal: false, expr: { kind: "lit", text: "ls" } }] }).rules.map((r) => r.name)).toEqual([
      "sg_command",
      "sg_body_root",
    ]);
  });

  it("plans narrow first (planned programs and flags, existing programs only), then widens to all flags, then the default", async () => {
    const req = {
      request: "print notes.txt from bottom to top",
      ground: false,
      workspaceFiles: ["run.sh"],
      examples: ["tac build.log", "sort -r names.txt"],
      programs: ["cp"],
      draft: "cp -r notes.txt out",
    };
    const plans = narrowing.plans(req);
    expect(plans.length).toBe(3);
    const narrow = await plans[0]!();
    expect(narrow.commands).toContain("sort");
    expect(narrow.commands).not.toContain("cp"); // the free decode's program waits for the wider plan
    expect(narrow.why["<flags>"]).toMatch(/sort: .*-r/);
    for (const ok of ["tac notes.txt", "sort -r notes.txt", "./run.sh"]) expect(narrow.accepts(ok).accepted, ok).toBe(true);
    for (const no of ["sort -u notes.txt", "cp -r notes.txt out", "fnv -i 1 notes.txt", "tacc notes.txt"]) expect(narrow.accepts(no).accepted, no).toBe(false);
    const wide = await plans[1]!();
    expect(wide.commands).toContain("cp");
    // A program on PATH without a grammar in the pack (which one depends on the machine and the pack).
    const pack = await loadPack();
    const inPack = new Set(Object.values(pack.commands).map((c) => c.ir.path?.[0] ?? c.name));
    // Not a shell builtin either: builtins have grammars of their own and every plan offers them.
    const known = new Set(shippedPrograms());
    const other = programsOnPath().find((n) => ["nproc", "whoami", "hostname", "groups", "uptime"].includes(n) && !inPack.has(n) && known.has(n))!;
    expect(other).toBeDefined();
    for (const ok of ["sort -u notes.txt", "cp -r notes.txt out", other]) expect(wide.accepts(ok).accepted, ok).toBe(true);
    expect(narrow.accepts(other).accepted).toBe(false); // not expected by the plan
    expect(wide.accepts("fnv -i 1 notes.txt").accepted).toBe(false); // not on PATH
    expect((await plans[2]!()).isDefault).toBe(true);
  });

  it("a program outside the pack and the examples' programs is offered only when the request or the free decode uses it", async () => {
    const pack = await loadPack();
    const inPack = new Set(Object.values(pack.commands).map((c) => c.ir.path?.[0] ?? c.name));
    const known = new Set(shippedPrograms());
    const exotic = programsOnPath().find((n) => /^[a-z][a-z0-9]{3,}$/.test(n) && !inPack.has(n) && !known.has(n))!;
    expect(exotic).toBeDefined();
    const plain = await planner.plans({ request: "remove the build folder", ground: false, workspaceFiles: [] })[0]!();
    expect(plain.accepts("rm -r build").accepted).toBe(true);
    expect(plain.accepts(exotic).accepted, exotic).toBe(false);
    const named = await planner.plans({ request: `run ${exotic} on the build folder`, ground: false, workspaceFiles: [] })[0]!();
    expect(named.accepts(exotic).accepted, exotic).toBe(true);
    const drafted = await planner.plans({ request: "remove the build folder", ground: false, workspaceFiles: [], programs: [exotic] })[0]!();
    expect(drafted.accepts(exotic).accepted, exotic).toBe(true);
    // knownOnly: false (SHELLGEN_ABLATE=all-of-path) offers all of PATH, as before.
    const allOfPath = await packPlanner(pack, { narrowFlags: false, knownOnly: false });
    expect((await allOfPath.plans({ request: "remove the build folder", ground: false, workspaceFiles: [] })[0]!()).accepts(exotic).accepted, exotic).toBe(
      true,
    );
  });
});

describe("double-quoted words in planned grammars", () => {
  // A byte-level model wrote `"${f%.txt"` under a planned grammar; bash -n refuses it.
  it("take ${...} only when it closes, in the planned grammar and the pack default", async () => {
    const plans = planner.plans({ request: "count from 1 up to 20, one number per line", ground: false, workspaceFiles: [] });
    for (const make of plans) {
      const plan = await make();
      expect(plan.accepts('for f in *.txt; do echo "$f" "${f%.txt}"; done').accepted, plan.commands.join(",")).toBe(true);
      expect(plan.accepts('for f in *.txt; do echo "$f" "${f%.txt"; done').accepted, plan.commands.join(",")).toBe(false);
      expect(plan.accepts('for f in *.txt; do echo "${f%.txt $(date)"; done').accepted, plan.commands.join(",")).toBe(false);
    }
  });
});

describe("Debian-derived programs in a plan", () => {
  it("a program the request names joins the plan with its own grammar, installed here or not", async () => {
    const pack = await loadPack();
    expect(Object.keys(pack.debian ?? {}).length).toBeGreaterThanOrEqual(1000);
    expect(pack.commands.netstat).toBeUndefined();
    const p = await planner.plans({ request: "use netstat to list the listening ports", ground: false, workspaceFiles: [] })[0]!();
    expect(p.commands).toContain("netstat");
    expect(p.why.netstat).toMatch(/Debian-derived/);
    expect(p.accepts("netstat -tulpn").accepted).toBe(true);
    // Reserved like a pack program: never a free word that takes anything.
    expect(p.accepts("netstat --no-such-option").accepted).toBe(false);
  });

  it("a program the free decode used joins, and so does a subcommand its draft names", async () => {
    const p = await planner.plans({
      request: "list my azure subscriptions",
      ground: false,
      workspaceFiles: [],
      programs: ["az"],
      draft: "az account list --output table",
    })[0]!();
    expect(p.commands).toEqual(expect.arrayContaining(["az", "az-account"]));
    expect(p.accepts("az account list --output table").accepted).toBe(true);
  });

  it("a program in no source is refused by default and is a plain word when existingOnly is off", async () => {
    const req = { request: "use grep and frobnicatezz to do it", ground: false, workspaceFiles: [], programs: ["frobnicatezz"] };
    const strict = await planner.plans(req)[0]!();
    expect(strict.accepts("frobnicatezz --all").accepted).toBe(false);
    const loose = await (await packPlanner(await loadPack(), { existingOnly: false })).plans(req)[0]!();
    expect(loose.accepts("frobnicatezz --all").accepted).toBe(true);
  });
});
