// Pins the coverage figures of corpora/coverage (npm run report:coverage): the default
// grammar and per-request grammars on realistic commands and on near-misses. A change that
// moves a figure must update the pin here and the README in the same commit.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { measureCoverage, measureEveryday, programsOf } from "../src/bench/coverage.js";
import { packGrammars } from "../src/bench/request-grammar.js";
import { recognize } from "../src/check/recognize.js";

const ROOT = join(import.meta.dirname, "../../..");

describe("coverage set", () => {
  it("finds the programs of a command line", () => {
    expect(programsOf("find . -name '*.py' | xargs grep -l import && echo ok")).toEqual(["find", "xargs", "grep", "echo"]);
    expect(programsOf("/bin/echo hi; for f in *; do wc -l $f; done")).toEqual(["echo", "wc"]);
    expect(programsOf("ls | xargs -I {} mv {} {}.bak; watch -n 5 df -h; nohup make &")).toEqual(["ls", "xargs", "mv", "watch", "df", "nohup", "make"]);
    // As the decoder plans: through wrappers' options and the scripts a shell is handed.
    expect(programsOf("sudo -u bob find / -name x")).toEqual(["sudo", "find"]);
    expect(programsOf("ssh host 'du -sh /var | sort -h'")).toEqual(["ssh", "du", "sort"]);
  });

  it("pins the figures", () => {
    const f = measureCoverage(ROOT);
    expect(f.valid).toBeGreaterThanOrEqual(300);
    expect(f.invalid).toBeGreaterThanOrEqual(100);
    // The target: at least 95% of each.
    expect(f.default.accepted / f.valid).toBeGreaterThanOrEqual(0.95);
    expect(f.default.rejected / f.invalid).toBeGreaterThanOrEqual(0.95);
    expect({ default: f.default, perRequest: f.perRequest, open: f.open }).toEqual(PINNED);
  }, 600_000);
});

// default-open takes every pack program by name, so it also takes the one near-miss that
// misuses a program the default grammar does not hold (`xxd -Z file.bin`).
const PINNED = { default: { accepted: 397, rejected: 142 }, perRequest: { accepted: 394, rejected: 142 }, open: { accepted: 403, rejected: 141 } };

describe("everyday one-liners", () => {
  it("pins the figures on per-request grammars with the Debian-derived programs, and on default-open", () => {
    if (!existsSync(join(ROOT, "grammars/debian/git.ir.json"))) throw new Error("grammars/debian is missing: npm run build generates it");
    const f = measureEveryday(ROOT)!;
    expect(f.commands).toBeGreaterThanOrEqual(700);
    expect({ default: f.default, perRequest: f.perRequest, open: f.open }).toEqual({ default: 451, perRequest: 726, open: 739 });
  }, 600_000);
});

describe("per-request grammars with the Debian-derived set", () => {
  // Debian holds the bare `git` (from `git --help`) beside the pack's reviewed subcommands:
  // a command line brings both, so `git log` is read by git-log's grammar.
  it("brings a program's own entry and its subcommands' entries", () => {
    if (!existsSync(join(ROOT, "grammars/debian/git.ir.json"))) throw new Error("grammars/debian is missing: npm run build generates it");
    const g = packGrammars(ROOT, { debian: true });
    expect(g.keysOf("git")).toEqual(expect.arrayContaining(["git", "git-log", "git-commit"]));
    for (const c of ["git log --oneline -5", "git status -s", "git --version"]) expect(recognize(g.forCommand(c), c).accepted, c).toBe(true);
    for (const c of ["git log --onelin", "git lgo"]) expect(recognize(g.forCommand(c), c).accepted, c).toBe(false);
  }, 120_000);
});
