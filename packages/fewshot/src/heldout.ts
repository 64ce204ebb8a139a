import { existsSync } from "node:fs";
import { join } from "node:path";
import { corporaDir, jsonlRows, PoolError } from "./example.js";

// The held-out request set (corpora/heldout/requests.jsonl): requests written apart from
// the pool, the training data and the bench, with the commands a right answer may take.
// It measures how retrieval and generation carry over to phrasing nobody tuned for.
// Whether the pool or the training data restates one of its requests is decided by one
// rule, model/structural.py (run by model/decontam_pool.py --check and
// model/check_data.py, both in CI), not by a second implementation here.

export const HELDOUT_STYLES = ["short", "long", "abspath", "vague", "typo", "terse"] as const;
export type HeldoutStyle = (typeof HELDOUT_STYLES)[number];

export interface HeldoutRequest {
  id: string;
  request: string;
  /** Commands a right answer may equal after normalisation. */
  commands: string[];
  /** Programs any one of which a right answer needs (pack names such as git-status count as their head word too). */
  programs: string[];
  style: HeldoutStyle;
}

export function defaultHeldoutFile(): string {
  return join(corporaDir(), "heldout", "requests.jsonl");
}

export function readHeldoutSet(file = defaultHeldoutFile()): HeldoutRequest[] {
  if (!existsSync(file)) throw new PoolError(`${file}: no held-out set there`);
  const out: HeldoutRequest[] = [];
  for (const { row: o, at } of jsonlRows(file)) {
    const strings = (v: unknown) => Array.isArray(v) && v.length > 0 && v.every((s) => typeof s === "string" && s.trim());
    if (typeof o.id !== "string" || typeof o.request !== "string" || !strings(o.commands) || !strings(o.programs) || !HELDOUT_STYLES.includes(o.style)) {
      throw new PoolError(`${at}: a held-out row needs id, request, non-empty commands and programs, and a style (${HELDOUT_STYLES.join("|")})`);
    }
    out.push({ id: o.id, request: o.request, commands: o.commands, programs: o.programs, style: o.style });
  }
  return out;
}
