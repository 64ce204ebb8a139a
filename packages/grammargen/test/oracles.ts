// External oracles for emitted grammars: Python Lark (Debian python3-lark, Earley) and
// llama.cpp's GBNF parser through node-llama-cpp. Both are real components, loaded once.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const script = fileURLToPath(new URL("../scripts/lark_check.py", import.meta.url));

export interface LarkResult {
  loaded: boolean;
  error?: string;
  accepted: boolean[];
}

/** Loads every grammar in one Python process and parses each job's inputs. */
export function larkCheck(jobs: { grammar: string; inputs: string[] }[]): LarkResult[] {
  const out = execFileSync("/usr/bin/python3", [script], { input: JSON.stringify(jobs), maxBuffer: 64 * 1024 * 1024, timeout: 600_000 });
  return JSON.parse(out.toString("utf8")) as LarkResult[];
}

type Llama = { createGrammar(o: { grammar: string }): Promise<unknown> };
let llama: Promise<Llama> | undefined;

export async function gbnfLoads(grammar: string): Promise<true | string> {
  llama ??= import("node-llama-cpp").then((m) => m.getLlama({ gpu: false, build: "never", logLevel: "error" as never }) as Promise<Llama>);
  try {
    await (await llama).createGrammar({ grammar });
    return true;
  } catch (e) {
    return (e as Error).message;
  }
}
