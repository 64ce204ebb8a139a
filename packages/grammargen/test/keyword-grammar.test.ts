// parse/keyword-grammar.ts on made-up programs' texts.
import { describe, expect, it } from "vitest";
import { compose, lowerCommand, mergeHelpAndMan, parseHelp, parseManPage, recognize } from "../src/index.js";
import { withParentAbbreviation } from "../src/parse/abbreviated.js";
import { accepts } from "./help-verdicts.js";

const TOP = `Usage: netkit [ OPTIONS ] OBJECT { COMMAND | help }
where  OBJECT := { node | nodeset | port | pool | queue }
Options:
  -s, -stats      show statistics
`;
const CUT = `${TOP}\nThe names of all objects may be written in full or abbreviated form.\n`;
const PORT = `Usage: netkit port add NAME [ speed SPEED ]
       netkit port set { DEVICE | dev DEVICE }
                [ { up | down } ] [ mtu MTU ]
       netkit port { del | flush } PORTSPEC
       netkit port [ show [ dev NAME ] ]
PORTSPEC := [ speed SPEED ] [ group GROUP ]
`;
const port = ["netkit", "port"];

describe("keyword-grammar usage", () => {
  it("objects are subcommands", () => {
    accepts(TOP, ["netkit node show x", "netkit -s port set p0 up", "netkit nodeset"], ["netkit nod show", "netkit ports"], "netkit");
  });

  it("first keywords are subcommands", () => {
    const ok = ["netkit port set p0 up", "netkit port add p1 speed 10", "netkit port show", "netkit port", "netkit port del"];
    accepts(PORT, ok, ["netkit port sett p0 up", "netkit port add", "netkit port remove p0"], "netkit port");
  });

  it("optional lead; no value word as keyword", () => {
    accepts(`Usage: netkit watch [ all | OBJECTS ] [ FILE ]\nOBJECTS := node | port\n`, ["netkit watch all", "netkit watch file x"], [], "netkit watch");
    expect(parseHelp("Usage: opener { file | URL }\n", { name: ["opener"] }).spec.subcommands).toEqual([]);
  });

  it("a placeholder beside help takes its definition's keywords", () => {
    const agent = "Usage: netkit agent { COMMAND | help }\n\nCOMMAND := { secret | polkit | all }\n";
    accepts(agent, ["netkit agent all", "netkit agent polkit x", "netkit agent help"], ["netkit agent al", "netkit agent other"], "netkit agent");
    const power = "Usage: netkit power { COMMAND | help }\n\nCOMMAND := { [ on | off ] }\n";
    accepts(power, ["netkit power off", "netkit power on"], ["netkit power standby"], "netkit power");
  });

  it("names cut short where the text says so", () => {
    accepts(CUT, ["netkit n show", "netkit nodes x", "netkit p"], ["netkit nox", "netkit portx"], "netkit");
    accepts(TOP, ["netkit node"], ["netkit n show"], "netkit");
  });

  it("composed subcommand nests under such a parent, first listed name winning", () => {
    const g = compose({ commands: [parseHelp(CUT, { name: ["netkit"] }).spec, parseHelp(PORT, { name: port }).spec] });
    for (const c of ["netkit po set p0 up", "netkit -s p show"]) expect(recognize(g, c).accepted, c).toBe(true);
    for (const c of ["netkit po sett p0", "netkit p add"]) expect(recognize(g, c).accepted, c).toBe(false);
  });

  it("a command's own entry cuts its names short where its program's text does, or where the program lists every name as 'c[onnection]'", () => {
    const entries = (top: string) => {
      const specs = [parseHelp(top, { name: ["netkit"] }).spec, parseHelp(PORT, { name: port }).spec];
      const entryOf = (path: string[]) => specs.find((s) => s.path.join(" ") === path.join(" "));
      return lowerCommand(withParentAbbreviation(specs[1]!, entryOf));
    };
    const verdicts = (g: ReturnType<typeof lowerCommand>, cs: string[]) => cs.map((c) => recognize(g, c).accepted);
    const ok = ["netkit port s p0 up", "netkit port a p1", "netkit port fl"];
    const bad = ["netkit port sx p0", "netkit port remove p0", "netkit port q"];
    expect(verdicts(entries(CUT), [...ok, ...bad])).toEqual([true, true, true, false, false, false]);
    const bracketed = "Usage: netkit [OPTIONS] OBJECT { COMMAND | help }\n\nOBJECT\n  n[ode]      nodes\n  p[ort]      ports\n";
    expect(verdicts(entries(bracketed), [...ok, ...bad])).toEqual([true, true, true, false, false, false]);
    // A program whose text says nothing of it keeps its commands' names whole.
    expect(verdicts(entries(TOP), ok)).toEqual([false, false, false]);
  });

  it("man page adds commands, from its SYNOPSIS only", () => {
    const man = `SYNOPSIS\n       netkit port { list | del | flush } PORTSPEC\n\n       PORTSPEC := [ speed SPEED ]\n\nDESCRIPTION\n       netkit port was written for tests.\n`;
    const names = mergeHelpAndMan(parseHelp(PORT, { name: port }), parseManPage(man, { name: port })).spec.subcommands.map((s) => s.path.at(-1));
    expect(names).toEqual(expect.arrayContaining(["list", "set"]));
    expect(names).not.toContain("was");
  });
});
