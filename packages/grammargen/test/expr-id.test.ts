// exprId numbers expressions by structure (hash-consing), and mapExpr hands back untouched
// subtrees as they are; composing relies on both when it left-factors and merges rules.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exprId, mapExpr, ref, type Expr } from "../src/grammar/ast.js";

// A small alphabet of leaves, so that random pairs are often equal or nearly equal.
const { expr } = fc.letrec<{ expr: Expr }>((tie) => ({
  expr: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom("a", "b", "ab", "\u0001", '"').map((text): Expr => ({ kind: "lit", text })),
    fc.constantFrom("x", "y").map((name): Expr => ({ kind: "ref", name })),
    fc
      .tuple(
        fc.constantFrom<[number, number][]>(
          [[97, 98]],
          [[97, 97]],
          [
            [97, 97],
            [99, 100],
          ],
        ),
        fc.boolean(),
      )
      .map(([ranges, negated]): Expr => ({ kind: "cls", ranges, negated })),
    fc
      .tuple(fc.constantFrom("seq" as const, "alt" as const), fc.array(tie("expr"), { minLength: 2, maxLength: 3 }))
      .map(([kind, items]): Expr => ({ kind, items })),
    fc.tuple(tie("expr"), fc.constantFrom([0, 1], [1, 3], [0, 2])).map(([item, [min, max]]): Expr => ({ kind: "rep", item, min: min!, max: max! })),
  ),
}));

// A structurally equal copy made of new objects.
const copy = (e: Expr): Expr => JSON.parse(JSON.stringify(e)) as Expr;

describe("exprId", () => {
  it("is equal for two expressions exactly when they are structurally equal", () => {
    fc.assert(
      fc.property(expr, expr, (a, b) => {
        expect(exprId(a) === exprId(b)).toBe(JSON.stringify(a) === JSON.stringify(b));
        expect(exprId(copy(a))).toBe(exprId(a));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("mapExpr", () => {
  it("returns the very same object when nothing is rewritten", () => {
    fc.assert(
      fc.property(expr, (e) => {
        expect(mapExpr(e, (n) => n)).toBe(e);
      }),
    );
  });

  it("rewrites like a full copy would, and leaves the input as it was", () => {
    fc.assert(
      fc.property(expr, (e) => {
        const before = JSON.stringify(e);
        const rename = (n: Expr): Expr => (n.kind === "ref" && n.name === "x" ? ref("z") : n);
        const out = mapExpr(e, rename);
        expect(JSON.stringify(out)).toBe(before.replaceAll('{"kind":"ref","name":"x"}', '{"kind":"ref","name":"z"}'));
        expect(JSON.stringify(e)).toBe(before);
      }),
      { numRuns: 1000 },
    );
  });
});
