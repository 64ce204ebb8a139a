// McNemar's test on paired pass/fail outcomes: only the discordant pairs count (b: failed in
// A and passed in B, c: the reverse). Under the null each discordant pair goes either way
// with probability 1/2, so for few of them the exact two-sided binomial p-value is used;
// for many, the chi-squared statistic with continuity correction, as textbooks give it.

export interface McNemar {
  /** discordant pairs: fail -> pass */
  b: number;
  /** discordant pairs: pass -> fail */
  c: number;
  test: "exact binomial" | "chi-squared (continuity-corrected)";
  /** chi-squared statistic, for the large-sample form */
  statistic?: number;
  p: number;
}

/** Below this many discordant pairs the exact binomial test is used. */
export const EXACT_BELOW = 25;

/** ln C(n, k), summed in logs so large n does not overflow. */
function logChoose(n: number, k: number): number {
  let s = 0;
  for (let i = 1; i <= k; i++) s += Math.log(n - k + i) - Math.log(i);
  return s;
}

/** Two-sided exact binomial p-value for k = min(b, c) of n = b + c at probability 1/2. */
export function exactBinomialP(b: number, c: number): number {
  const n = b + c;
  if (n === 0) return 1;
  const k = Math.min(b, c);
  let tail = 0;
  if (n <= 50) {
    // Binomial coefficients up to n = 50 are integers a double holds exactly, and 2^n is exact.
    for (let i = 0, choose = 1; i <= k; choose = (choose * (n - i)) / (i + 1), i++) tail += choose;
    return Math.min(1, (2 * tail) / 2 ** n);
  }
  for (let i = 0; i <= k; i++) tail += Math.exp(logChoose(n, i) - n * Math.LN2);
  return Math.min(1, 2 * tail);
}

/** erfc by Numerical Recipes' Chebyshev fit (erfcc; relative error below 1.2e-7 everywhere). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

export function mcnemar(b: number, c: number): McNemar {
  if (!Number.isInteger(b) || !Number.isInteger(c) || b < 0 || c < 0) throw new RangeError(`mcnemar: counts must be non-negative integers (got ${b}, ${c})`);
  if (b + c < EXACT_BELOW) return { b, c, test: "exact binomial", p: exactBinomialP(b, c) };
  const statistic = (Math.abs(b - c) - 1) ** 2 / (b + c);
  // Chi-squared with one degree of freedom: P(X > s) = erfc(sqrt(s / 2)).
  return { b, c, test: "chi-squared (continuity-corrected)", statistic, p: Math.min(1, erfc(Math.sqrt(statistic / 2))) };
}
