// An operand that is an expression of words of its own; a made-up text, also refusing what it does not allow.
import { describe, test } from "vitest";
import { accepts } from "./help-verdicts.js";

describe("an expression operand in a BSD-style usage", () => {
  test("'[ expression ]' after bracketed options takes several words (tcpdump's 'port 80')", () => {
    const help = "Usage: probe [-nv] [ -c count ] [ -i interface ]\n\t\t[ -w file ] [ expression ]\n";
    accepts(help, ["probe -i eth0 port 80", "probe -nn host 10.0.0.1 and port 443", "probe -c 5", "probe"], ["probe -x", "probe -c", "probe -i"]);
  });
});
