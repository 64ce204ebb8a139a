// The pack's default grammar takes the heredoc delimiters pack.json names, and no others: each
// one costs XGrammar compile time. Per-request grammars keep compose's full list, and a bad list
// in pack.json stops the build before any corpus is read.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { packGrammars } from "../src/bench/request-grammar.js";
import { recognize } from "../src/check/recognize.js";
import { BUILTIN_NAMES } from "../src/compose/builtins.js";
import { HEREDOC_DELIMITERS } from "../src/compose/index.js";
import { buildPack } from "../src/pack/build.js";

const REPO = join(import.meta.dirname, "../../..");
const config = JSON.parse(readFileSync(join(REPO, "grammars/pack.json"), "utf8"));
const manifest = JSON.parse(readFileSync(join(REPO, "grammars/pack/manifest.json"), "utf8"));
const pg = packGrammars(REPO, { debian: true });
const heredoc = (d: string) => `cat <<${d} > notes.txt\nfirst line\n${d}x\n${d}`;

describe("the default grammar's heredoc delimiters", () => {
  const named: string[] = config.default.heredocDelimiters;

  test("pack.json names a shorter list than compose's, and the manifest records it", () => {
    expect(named.length).toBeGreaterThan(0);
    expect(named.length).toBeLessThan(HEREDOC_DELIMITERS.length);
    expect(manifest.default.heredocDelimiters).toEqual(named);
  });

  test("each named delimiter opens and closes a heredoc; the others are refused by default and taken per request", () => {
    for (const d of HEREDOC_DELIMITERS) {
      const c = heredoc(d);
      expect(recognize(pg.default, c).accepted, c).toBe(named.includes(d));
      expect(recognize(pg.forCommand(c), c).accepted, c).toBe(true);
    }
  });

  test("a named delimiter still ends its heredoc: text after it is shell, checked as such", () => {
    const d = named[0]!;
    expect(recognize(pg.default, `cat <<${d}\nx\n${d}\nls -l`).accepted).toBe(true);
    expect(recognize(pg.default, `cat <<${d}\nx\n${d}\nls --no-such-option`).accepted).toBe(false);
  });
});

describe("Debian-derived programs in the default grammar", () => {
  const reviewed = new Set(readdirSync(join(REPO, "corpora/help")));
  const derived: string[] = config.default.commands.filter(
    (k: string) => !reviewed.has(k) && !BUILTIN_NAMES.includes(k) && existsSync(join(REPO, "grammars/debian", `${k}.ir.json`)),
  );

  test("pack.json may name them, and the manifest lists them among the default's commands", () => {
    expect(derived.length).toBeGreaterThan(0);
    for (const k of derived) expect(manifest.default.commands, k).toContain(k);
  });

  test("each is checked as its own grammar reads it: a short invocation passes, a wrong long option does not", () => {
    for (const k of derived) {
      const spec = JSON.parse(readFileSync(join(REPO, "grammars/debian", `${k}.ir.json`), "utf8"));
      const flag = spec.options.find((o: { long: string[]; arity: string }) => o.long.length && o.arity === "none")?.long[0];
      if (!flag) continue;
      const needed = spec.positionals.reduce((n: number, p: { min: number }) => n + p.min, 0);
      const ok = [k, `--${flag}`, ...Array(needed).fill("x")].join(" ");
      expect(recognize(pg.forCommand(ok), ok).accepted, `per request: ${ok}`).toBe(true);
      expect(recognize(pg.default, ok).accepted, ok).toBe(recognize(pg.forCommand(ok), ok).accepted);
      const bad = `${k} --${flag}zq`;
      expect(recognize(pg.default, bad).accepted, bad).toBe(false);
    }
  });
});

describe("a bad heredocDelimiters in pack.json", () => {
  for (const bad of [[], ["EOF", "two words"], "EOF", [7]])
    test(`${JSON.stringify(bad)} is one clear error`, () => {
      const dir = mkdtempSync(join(tmpdir(), "pack-heredoc-"));
      try {
        writeFileSync(join(dir, "pack.json"), JSON.stringify({ ...config, corpus: "missing", default: { ...config.default, heredocDelimiters: bad } }));
        writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "x", version: "0.0.0" }));
        expect(() => buildPack(dir)).toThrow(/default\.heredocDelimiters must be a non-empty list of names/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
});
