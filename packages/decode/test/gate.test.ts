import { describe, expect, it } from "vitest";
import { parseBash } from "../src/gate.js";

describe("parseBash (tree-sitter-bash)", () => {
  it.each(["ls -la", "grep -E 'a|b' f | wc -l", 'for f in *; do echo "$f"; done', "cat <<EOF > x\nhi\nEOF", "tar -czf a.tgz dir && echo ok"])(
    "accepts %j",
    (cmd) => expect(parseBash(cmd)).toEqual({ parses: true }),
  );

  it("names the place of a syntax error", () => {
    const v = parseBash("echo 'unterminated");
    expect(v.parses).toBe(false);
    expect(v.error).toBe("unterminated ' quote opened at 1:6");
    expect(parseBash("ls ) x").error).toMatch(/^syntax error at 1:\d+ near /);
  });

  it("names a missing keyword", () => {
    const v = parseBash("while read l; do echo $l");
    expect(v.parses).toBe(false);
    expect(v.error).toMatch(/`while` is never closed by `done`/);
    expect(parseBash("echo $(ls").error).toMatch(/missing `\)`/);
  });

  it("rejects an empty command", () => {
    expect(parseBash("   ")).toEqual({ parses: false, error: "empty command" });
  });
});
