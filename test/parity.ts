// How far node-llama-cpp's next-token distribution is from torch's log-probabilities:
// KL(torch || node), the torch mass node gives any probability, and both argmaxes.
// `floor` skips torch entries below it (ids the model never trained, kept near zero).
import type { Token } from "node-llama-cpp";

export function compareDistributions(torchLogprobs: number[], nodeProbs: Map<Token, number>, floor = Number.NEGATIVE_INFINITY) {
  let kl = 0;
  let covered = 0;
  let torchArgmax = 0;
  torchLogprobs.forEach((lp, id) => {
    if (lp > torchLogprobs[torchArgmax]!) torchArgmax = id;
    if (lp < floor) return;
    const p = Math.exp(lp);
    const q = nodeProbs.get(id as Token) ?? 0;
    if (q > 0) covered += p;
    kl += p * (lp - Math.log(Math.max(q, 1e-12)));
  });
  const nodeArgmax = [...nodeProbs.entries()].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  return { kl, covered, torchArgmax, nodeArgmax };
}
