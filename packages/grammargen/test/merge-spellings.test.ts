// A program's help text and man page each spell some of an option's names: the merged grammar
// takes every spelling, and a value written as the option itself (-9, -HUP) takes no value of
// its own where the other text gives the named option one.
import { describe, expect, it } from "vitest";
import { recognize } from "../src/check/recognize.js";
import { compose } from "../src/compose/index.js";
import { parseDebianTexts } from "../src/pack/debian.js";

const help = `Usage: zap [OPTION]... [--] NAME...

  -e,--exact          require exact match
  -s,--signal SIGNAL  send this signal instead of SIGTERM
  -u,--user USER      only processes of USER
  -b FILE             read commands from FILE
`;
const man = `ZAP(1)                    User Commands                   ZAP(1)

NAME
       zap - stop processes by name

SYNOPSIS
       zap [-e, --exact] [-s, --signal SIGNAL, -SIGNAL] [-u, --user user] name ...

OPTIONS
       -e, --exact
              Require an exact match.

       -s, --signal, -SIGNAL
              Send this signal instead of SIGTERM.

       -u, --user
              Only processes of the user.

       -b, -batch FILE
              Read commands from FILE.
`;

describe("merging a help text's and a man page's spellings", () => {
  const r = parseDebianTexts(["zap"], help, man);
  if ("failure" in r) throw new Error(r.failure);
  const g = compose({ commands: [r.spec] });
  it("takes a signal written as the option itself, with no value after it", () => {
    for (const ok of ["zap -HUP nginx", "zap -9 nginx", "zap -SIGKILL nginx", "zap -s HUP nginx", "zap --signal=TERM nginx", "zap -e -15 -u bob nginx"])
      expect(recognize(g, ok).accepted, ok).toBe(true);
    for (const bad of ["zap -s", "zap -HUPP nginx", "zap -9"]) expect(recognize(g, bad).accepted, bad).toBe(false);
  });
  it("takes a one-dash name that only the man page spells", () => {
    for (const ok of ["zap -batch cmds.txt nginx", "zap -b cmds.txt nginx"]) expect(recognize(g, ok).accepted, ok).toBe(true);
    for (const bad of ["zap -batch", "zap --batch cmds.txt nginx"]) expect(recognize(g, bad).accepted, bad).toBe(false);
  });
});
