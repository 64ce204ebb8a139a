// Option-table heads written in layouts the plain "-x, --long VALUE  description" reading got
// wrong. Made-up programs' texts; each test also refuses what the text does not allow.
import { describe, test } from "vitest";
import { accepts } from "./help-verdicts.js";

describe("option heads", () => {
  test("spellings in brackets before a description ('[-h, --help]  Print this help', '[--pool] <string>  pool name') are the option's", () => {
    const help = `
probe - report on the devices.

USAGE:
    probe --summary
    probe --pool <string>

OPTIONS:
[-h, --help]        Print this help.
[--summary]         Show a summary of the devices.
[--pool] <string>   pool name or uuid
`;
    accepts(help, ["probe --summary", "probe -h", "probe --help", "probe --pool p1"], ["probe --pool", "probe --sumary", "probe -x", "probe --pool a b"]);
  });
});
