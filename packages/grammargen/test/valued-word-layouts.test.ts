// Layouts where a word the text says an option or a command takes was refused: the text named
// the value or the operand somewhere the parser did not look. Made-up texts, each also refusing
// what the text does not allow.
import { describe, test } from "vitest";
import { accepts } from "./help-verdicts.js";

describe("values and operands named away from the option's row", () => {
  test("'[--conf file] [-i INVENTORY]' in the usage gives the table's valueless rows their values", () => {
    const help =
      "usage: probe [-h] [-v] [-i INVENTORY] [--conf file] [--vault-id VAULT_IDS] pattern\n\noptions:\n  -h, --help            show this help\n  -v, --verbose         more output\n  -i, --inventory, --inventory-file\n                        inventory host path or comma separated host list\n  --conf                use another configuration\n  --vault-id            the vault identity to use\n";
    accepts(
      help,
      ["probe -i hosts all", "probe --inventory-file hosts --conf a.conf all", "probe --vault-id dev@prompt -v all"],
      ["probe -i", "probe --conf", "probe -v x all", "probe --vault-id", "probe --verbose=x all"],
    );
  });
});
