// The training pairs (model/data/train.jsonl, or its .gz as committed): one JSON object per
// line with the request, the command and where the pair came from ("tldr", "template", ...).
import { existsSync, readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";

export interface Pair {
  command: string;
  request?: string;
  source?: string;
}

export const pairsExist = (file: string): boolean => existsSync(file) || existsSync(`${file}.gz`);

export function readPairs(file: string): Pair[] {
  const text = existsSync(file) ? readFileSync(file, "utf8") : gunzipSync(readFileSync(`${file}.gz`)).toString("utf8");
  return text
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Pair);
}
