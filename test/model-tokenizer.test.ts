// llama.cpp's SPM tokenizer (through node-llama-cpp) must split text exactly as the
// Python tokenizer the model was trained with, or prompts at inference time would look
// unlike anything seen in training. Strings: shell punctuation, quotes, unicode, digits,
// whitespace runs, plus every request and solution of the bench tasks.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getLlama, type Llama, type LlamaModel } from "node-llama-cpp";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const GGUF = `${ROOT}model/shellgen-mini.gguf`;

/** Small deterministic PRNG so the string set is the same on every run. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function strings(): string[] {
  const fixed = [
    "",
    " ",
    "  ",
    "\n",
    "\n\n",
    "\t",
    "a",
    "ls",
    " ls",
    "ls ",
    "ls  -la",
    "Request: x\nCommand: y\n\n",
    "awk '{print $1}' f.txt | sort | uniq -c | sort -rn | head -n 10",
    'for f in *.txt; do mv "$f" "${f%.txt}.md"; done',
    "cat > x << 'EOF'\nline one\n\tindented\nEOF",
    "echo $((1+2)) && [ -f a ] || echo no; wait &",
    "grep -E '^(foo|bar)[0-9]{2,3}$' log_2024-01-01.txt",
    "sed -i 's/\\/usr\\/local/\\/opt/g' conf",
    "find . -name '*.py' -exec grep -l \"import os\" {} +",
    "printf '%05d\\n' 42",
    "jq '.[] | select(.age > 30)' p.json",
    "Ünïcödé façade — naïve café ☕ 日本語のテキスト 🙂🚀",
    "emoji only 🙂",
    "tabs\tand\tspaces  mixed \t end",
    "<s> </s> <unk> <0x41> ▁ ▁▁ literal",
    "12345678901234567890",
    "3.14159 -42 +7 1e-3 0x1F",
    "~/.bashrc ../up ./here /abs/path",
    "`backticks` $(subshell) ${var:-default} ${x:+w} 2>&1 >> out.log < in.txt",
  ];
  const r = rng(8);
  const pool = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", ..." \t\n-_./*?'\"`$(){}[]<>|&;:=+,!#%^~@\\", ..."éüß✓日本🙂—▁"];
  const words = ["grep", "sed", "Request:", "Command:", "notes.txt", "the", "lines", "-n", "--help", "'ERROR'", "|", "&&"];
  const out = [...fixed];
  for (let i = 0; i < 250; i++) {
    const n = 1 + Math.floor(r() * 40);
    let s = "";
    for (let j = 0; j < n; j++) s += r() < 0.3 ? words[Math.floor(r() * words.length)]! + " " : pool[Math.floor(r() * pool.length)]!;
    out.push(s);
  }
  const tasks = join(ROOT, "corpora/tasks");
  if (existsSync(tasks)) {
    for (const f of readdirSync(tasks)
      .filter((n) => /^tier\d+\.json$/.test(n))
      .sort()) {
      for (const t of JSON.parse(readFileSync(join(tasks, f), "utf8")) as { request: string; solutions?: string[] }[]) {
        out.push(t.request, ...(t.solutions ?? []));
      }
    }
  }
  return out;
}

describe.skipIf(!existsSync(GGUF))("default model tokenizer parity (llama.cpp SPM vs Python)", () => {
  let llama: Llama;
  let model: LlamaModel;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "shellgen-tok-"));
    llama = await getLlama({ gpu: false, build: "never", logLevel: "error" });
    model = await llama.loadModel({ modelPath: GGUF });
  });

  afterAll(async () => {
    await model?.dispose();
    await llama?.dispose();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("tokenizes a few hundred strings identically", () => {
    const input = strings();
    expect(input.length).toBeGreaterThan(300);
    const file = join(dir, "strings.json");
    writeFileSync(file, JSON.stringify(input));
    const py = JSON.parse(
      execFileSync("/usr/bin/python3", ["model/parity_check.py", GGUF, "--tokenize", file], { cwd: ROOT, maxBuffer: 64 << 20 }).toString(),
    ) as number[][];
    const mismatches = input.map((s, i) => ({ s, py: py[i], node: [...model.tokenize(s)] })).filter((m) => JSON.stringify(m.py) !== JSON.stringify(m.node));
    expect(mismatches.slice(0, 3)).toEqual([]);
    // and decoding gives the text back (byte fallback covers what the vocab lacks); a
    // literal U+2581 is SentencePiece's own space marker, so it cannot round-trip
    for (const s of input.slice(0, 120).filter((x) => !x.includes("\u2581"))) expect(model.detokenize(model.tokenize(s))).toBe(s);
  });
});
