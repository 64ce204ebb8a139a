// What a traced decode records per step (decode's trace, `shellgen trace`, `bench trace`).

export interface TraceToken {
  token: number;
  /** The token's text (special tokens spelled out). */
  text: string;
  /** ln p: natively the softmax of the logits; under the grammar, renormalised over the allowed tokens. */
  logprob: number;
}

export interface TraceStep {
  /** The model's best tokens, natively. */
  native: TraceToken[];
  /** The best tokens the grammar allows; absent for a free decode. */
  masked?: TraceToken[];
  /** How many tokens of the vocabulary the grammar allows here; absent for a free decode. */
  legal?: number;
  /** The token taken (greedy: the best allowed one). token -1: the grammar allowed none. */
  chosen: TraceToken;
}
