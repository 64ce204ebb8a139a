// Small GGUF models with real tokenizers and real chat templates, built at test time from
// the llama.cpp source node-llama-cpp ships (its git bundle): a vocabulary-only GGUF gives
// the tokenizer, models/templates/*.jinja the chat template.
//
// The weights make a "script model": every layer's output projections are zero, so the
// hidden state is the current token's embedding and the next token depends on the current
// one only. Embeddings and output rows are set so that greedy decoding writes one fixed
// token chain (any token outside the chain leads to its first token) and then an end token.
// That gives deterministic output through the real tokenizer, template and runtime: a
// command, prose, a code fence, or a command that never ends.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const BUNDLE = join(ROOT, "node_modules/node-llama-cpp/llama/gitRelease.bundle");

/** The bundled llama.cpp source, cloned once per bundle (objects only; files are read with git show). */
function llamaSource(): string {
  const hash = createHash("sha256").update(readFileSync(BUNDLE)).digest("hex").slice(0, 16);
  const dir = join(tmpdir(), `shellgen-llama-src-${hash}`);
  if (existsSync(join(dir, "HEAD"))) return dir;
  const tmp = `${dir}.${process.pid}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  execFileSync("git", ["clone", "--quiet", "--bare", BUNDLE, tmp], { stdio: "ignore" });
  try {
    renameSync(tmp, dir);
  } catch {
    rmSync(tmp, { recursive: true, force: true }); // another worker got there first
  }
  return dir;
}

/** A file of the bundled llama.cpp source, e.g. models/templates/Qwen-Qwen3-0.6B.jinja. */
export function llamaSourceFile(path: string): Buffer {
  return execFileSync("git", ["--git-dir", llamaSource(), "show", `HEAD:${path}`], { maxBuffer: 256 * 1024 * 1024 });
}

export const chatTemplate = (name: string): string => llamaSourceFile(`models/templates/${name}.jinja`).toString("utf8");

// ---- GGUF v3 reading and writing (only what these fixtures need) ----

const T = { u8: 0, i8: 1, u16: 2, i16: 3, u32: 4, i32: 5, f32: 6, bool: 7, str: 8, arr: 9, u64: 10, i64: 11, f64: 12 } as const;
type Scalar = number | bigint | boolean | string;
export interface Kv {
  key: string;
  type: number;
  /** For arrays: the item type and items. */
  itemType?: number;
  value: Scalar | Scalar[];
}

class Reader {
  off = 0;
  constructor(readonly b: Buffer) {}
  u32() {
    const v = this.b.readUInt32LE(this.off);
    this.off += 4;
    return v;
  }
  u64() {
    const v = this.b.readBigUInt64LE(this.off);
    this.off += 8;
    return v;
  }
  str() {
    const n = Number(this.u64());
    const s = this.b.toString("utf8", this.off, this.off + n);
    this.off += n;
    return s;
  }
  scalar(type: number): Scalar {
    const b = this.b;
    const at = this.off;
    switch (type) {
      case T.u8:
        this.off += 1;
        return b.readUInt8(at);
      case T.i8:
        this.off += 1;
        return b.readInt8(at);
      case T.u16:
        this.off += 2;
        return b.readUInt16LE(at);
      case T.i16:
        this.off += 2;
        return b.readInt16LE(at);
      case T.u32:
        this.off += 4;
        return b.readUInt32LE(at);
      case T.i32:
        this.off += 4;
        return b.readInt32LE(at);
      case T.f32:
        this.off += 4;
        return b.readFloatLE(at);
      case T.bool:
        this.off += 1;
        return b.readUInt8(at) !== 0;
      case T.str:
        return this.str();
      case T.u64:
        this.off += 8;
        return b.readBigUInt64LE(at);
      case T.i64:
        this.off += 8;
        return b.readBigInt64LE(at);
      case T.f64:
        this.off += 8;
        return b.readDoubleLE(at);
      default:
        throw new Error(`GGUF value type ${type} at byte ${at}`);
    }
  }
}

/** The key-value metadata of a GGUF file (tensors are not read). */
export function readGgufKvs(buf: Buffer): Kv[] {
  const r = new Reader(buf);
  if (buf.toString("latin1", 0, 4) !== "GGUF") throw new Error("not a GGUF file");
  r.off = 4;
  r.u32(); // version
  r.u64(); // tensor count
  const n = Number(r.u64());
  const kvs: Kv[] = [];
  for (let i = 0; i < n; i++) {
    const key = r.str();
    const type = r.u32();
    if (type === T.arr) {
      const itemType = r.u32();
      const count = Number(r.u64());
      const items: Scalar[] = new Array(count);
      for (let j = 0; j < count; j++) items[j] = r.scalar(itemType);
      kvs.push({ key, type, itemType, value: items });
    } else kvs.push({ key, type, value: r.scalar(type) });
  }
  return kvs;
}

class Writer {
  private parts: Buffer[] = [];
  length = 0;
  push(b: Buffer) {
    this.parts.push(b);
    this.length += b.length;
  }
  u32(v: number) {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v);
    this.push(b);
  }
  u64(v: number | bigint) {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(v));
    this.push(b);
  }
  str(s: string) {
    const b = Buffer.from(s, "utf8");
    this.u64(b.length);
    this.push(b);
  }
  scalar(type: number, v: Scalar) {
    const b = Buffer.alloc(8);
    switch (type) {
      case T.u8:
      case T.bool:
        b.writeUInt8(Number(v));
        return this.push(b.subarray(0, 1));
      case T.i8:
        b.writeInt8(Number(v));
        return this.push(b.subarray(0, 1));
      case T.u16:
        b.writeUInt16LE(Number(v));
        return this.push(b.subarray(0, 2));
      case T.i16:
        b.writeInt16LE(Number(v));
        return this.push(b.subarray(0, 2));
      case T.u32:
        b.writeUInt32LE(Number(v));
        return this.push(b.subarray(0, 4));
      case T.i32:
        b.writeInt32LE(Number(v));
        return this.push(b.subarray(0, 4));
      case T.f32:
        b.writeFloatLE(Number(v));
        return this.push(b.subarray(0, 4));
      case T.str:
        return this.str(String(v));
      case T.u64:
        b.writeBigUInt64LE(BigInt(v));
        return this.push(b);
      case T.i64:
        b.writeBigInt64LE(BigInt(v));
        return this.push(b);
      case T.f64:
        b.writeDoubleLE(Number(v));
        return this.push(b);
      default:
        throw new Error(`GGUF value type ${type}`);
    }
  }
  pad(align: number) {
    const n = (align - (this.length % align)) % align;
    if (n) this.push(Buffer.alloc(n));
  }
  concat() {
    return Buffer.concat(this.parts);
  }
}

export interface Tensor {
  name: string;
  /** ggml order: the first dimension is the row length. */
  dims: number[];
  data: Float32Array;
}

const ALIGN = 32;

/** A GGUF v3 file; 1-D tensors are F32, 2-D ones F16. */
export function writeGguf(kvs: Kv[], tensors: Tensor[]): Buffer {
  const w = new Writer();
  w.push(Buffer.from("GGUF", "latin1"));
  w.u32(3);
  w.u64(tensors.length);
  w.u64(kvs.length);
  for (const kv of kvs) {
    w.str(kv.key);
    w.u32(kv.type);
    if (kv.type === T.arr) {
      const items = kv.value as Scalar[];
      w.u32(kv.itemType!);
      w.u64(items.length);
      for (const it of items) w.scalar(kv.itemType!, it);
    } else w.scalar(kv.type, kv.value as Scalar);
  }
  const blobs = tensors.map((t) => (t.dims.length === 1 ? Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength) : toF16(t.data)));
  let offset = 0;
  tensors.forEach((t, i) => {
    w.str(t.name);
    w.u32(t.dims.length);
    for (const d of t.dims) w.u64(d);
    w.u32(t.dims.length === 1 ? 0 : 1);
    w.u64(offset);
    offset += blobs[i]!.length;
    offset += (ALIGN - (offset % ALIGN)) % ALIGN;
  });
  w.pad(ALIGN);
  for (const b of blobs) {
    w.push(b);
    w.pad(ALIGN);
  }
  return w.concat();
}

function toF16(xs: Float32Array): Buffer {
  const out = Buffer.alloc(xs.length * 2);
  const f = new Float32Array(1);
  const u = new Uint32Array(f.buffer);
  for (let i = 0; i < xs.length; i++) {
    f[0] = xs[i]!;
    const x = u[0]!;
    const sign = (x >>> 16) & 0x8000;
    const exp = ((x >>> 23) & 0xff) - 127 + 15;
    let h: number;
    if (xs[i] === 0) h = sign;
    else if (exp >= 31) h = sign | 0x7c00;
    else if (exp <= 0) h = sign;
    else h = sign | (exp << 10) | ((x >>> 13) & 0x3ff);
    out.writeUInt16LE(h, i * 2);
  }
  return out;
}

// ---- script models ----

export type VocabName = "qwen2" | "llama-bpe" | "phi-3" | "llama-spm" | "gpt-2";

export interface ScriptModelOptions {
  vocab: VocabName;
  /** Jinja chat template stored as tokenizer.chat_template; null: none (the vocabulary's own is dropped too). */
  template: string | null;
  /** What greedy decoding writes, then `end`. */
  script: string;
  /** The token written after the script: a token's text (`<|im_end|>`), "eos", or null for none (the script repeats). */
  end: string | null;
  /** Control tokens appended to the vocabulary (a template's turn markers the vocabulary lacks). */
  addTokens?: string[];
  /** general.name, which node-llama-cpp also reads when it picks a chat wrapper. */
  name?: string;
  /** Leave out every tensor: a vocabulary-only file with a model architecture. */
  noTensors?: boolean;
  /** Leave out the tokenizer's keys: a model with no tokenizer. */
  noTokenizer?: boolean;
}

const DIM = 32;
const FFN = 32;
const HEADS = 2;

/** The vocabulary's own spelling of text: byte-level BPE maps space to Ġ and newline to Ċ; SentencePiece space to ▁. */
function spell(text: string, model: string): string {
  if (model === "gpt2") return text.replace(/ /g, "\u0120").replace(/\n/g, "\u010a");
  return text.replace(/ /g, "\u2581");
}

/** Greedy longest match of text over the vocabulary's normal tokens (a valid, not canonical, tokenization). */
function chain(text: string, tokens: string[], types: number[], model: string): number[] {
  const ids = new Map<string, number>();
  tokens.forEach((t, i) => {
    if (types[i] === 1 && !ids.has(t)) ids.set(t, i);
  });
  const s = spell(text, model);
  const out: number[] = [];
  for (let i = 0; i < s.length; ) {
    let found = false;
    for (let j = Math.min(s.length, i + 16); j > i; j--) {
      const id = ids.get(s.slice(i, j));
      if (id !== undefined) {
        out.push(id);
        i = j;
        found = true;
        break;
      }
    }
    if (!found) throw new Error(`no token for ${JSON.stringify(s.slice(i, i + 8))}`);
  }
  if (new Set(out).size !== out.length) throw new Error(`script ${JSON.stringify(text)} repeats a token; a script model cannot write it`);
  return out;
}

function tensor(name: string, dims: number[], fill?: (data: Float32Array) => void): Tensor {
  const data = new Float32Array(dims.reduce((a, b) => a * b, 1));
  fill?.(data);
  return { name, dims, data };
}

/** Builds the model into `dir` and returns its path. */
export function scriptModel(dir: string, file: string, o: ScriptModelOptions): string {
  const vocabKvs = readGgufKvs(llamaSourceFile(`models/ggml-vocab-${o.vocab}.gguf`));
  const get = (key: string) => vocabKvs.find((k) => k.key === key);
  const tokKvs = vocabKvs.filter((k) => k.key.startsWith("tokenizer.") && k.key !== "tokenizer.chat_template");
  const tokens = [...(get("tokenizer.ggml.tokens")!.value as string[])];
  const types = [...(get("tokenizer.ggml.token_type")!.value as number[])];
  for (const t of o.addTokens ?? []) {
    if (tokens.includes(t)) continue;
    tokens.push(t);
    types.push(3); // control
    const scores = get("tokenizer.ggml.scores");
    if (scores) (scores.value as number[]).push(0);
  }
  for (const kv of tokKvs) {
    if (kv.key === "tokenizer.ggml.tokens") kv.value = tokens;
    if (kv.key === "tokenizer.ggml.token_type") kv.value = types;
  }
  const vocabSize = tokens.length;
  const model = String(get("tokenizer.ggml.model")!.value);
  const script = chain(o.script, tokens, types, model);
  const eos = Number(get("tokenizer.ggml.eos_token_id")!.value);
  const end = o.end === null ? undefined : o.end === "eos" ? eos : tokens.indexOf(o.end);
  if (end === -1) throw new Error(`end token ${o.end} is not in the ${o.vocab} vocabulary`);
  if (script.length + 2 > DIM) throw new Error(`script of ${script.length} tokens is too long for dimension ${DIM}`);

  // Token t's embedding: basis vector 1 + its place in the script, or basis vector 0.
  const slot = new Map(script.map((id, i) => [id, i + 1]));
  const embd = tensor("token_embd.weight", [DIM, vocabSize], (d) => {
    for (let t = 0; t < vocabSize; t++) d[t * DIM + (slot.get(t) ?? 0)] = 1;
  });
  // Output row r scores the hidden state: the script's first token follows basis 0, each next
  // token follows the one before it, and the end token follows the last.
  const output = tensor("output.weight", [DIM, vocabSize], (d) => {
    script.forEach((id, i) => {
      d[id * DIM + i] = 4;
    });
    if (end !== undefined) d[end * DIM + script.length] = 4;
    else d[script[0]! * DIM + script.length] = 4;
  });
  const ones = (name: string) => tensor(name, [DIM], (d) => d.fill(1));
  const tensors: Tensor[] = [
    embd,
    ones("output_norm.weight"),
    output,
    ones("blk.0.attn_norm.weight"),
    tensor("blk.0.attn_q.weight", [DIM, DIM]),
    tensor("blk.0.attn_k.weight", [DIM, DIM]),
    tensor("blk.0.attn_v.weight", [DIM, DIM]),
    tensor("blk.0.attn_output.weight", [DIM, DIM]),
    ones("blk.0.ffn_norm.weight"),
    tensor("blk.0.ffn_gate.weight", [DIM, FFN]),
    tensor("blk.0.ffn_up.weight", [DIM, FFN]),
    tensor("blk.0.ffn_down.weight", [FFN, DIM]),
  ];
  const kvs: Kv[] = [
    { key: "general.architecture", type: T.str, value: "llama" },
    { key: "general.name", type: T.str, value: o.name ?? `script-${o.vocab}` },
    { key: "llama.context_length", type: T.u32, value: 2048 },
    { key: "llama.embedding_length", type: T.u32, value: DIM },
    { key: "llama.block_count", type: T.u32, value: 1 },
    { key: "llama.feed_forward_length", type: T.u32, value: FFN },
    { key: "llama.attention.head_count", type: T.u32, value: HEADS },
    { key: "llama.attention.head_count_kv", type: T.u32, value: HEADS },
    { key: "llama.rope.dimension_count", type: T.u32, value: DIM / HEADS },
    { key: "llama.attention.layer_norm_rms_epsilon", type: T.f32, value: 1e-5 },
    { key: "llama.vocab_size", type: T.u32, value: vocabSize },
    ...(o.noTokenizer ? [] : tokKvs),
    ...(o.template !== null && !o.noTokenizer ? [{ key: "tokenizer.chat_template", type: T.str, value: o.template }] : []),
  ];
  const path = join(dir, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, writeGguf(kvs, o.noTensors ? [] : tensors));
  return path;
}

/** The template's end-of-turn token and the vocabulary it is tried on. */
export const TEMPLATES = {
  "Qwen-Qwen3-0.6B": { vocab: "qwen2", end: "<|im_end|>" },
  "meta-llama-Llama-3.2-3B-Instruct": { vocab: "llama-bpe", end: "<|eot_id|>" },
  "HuggingFaceTB-SmolLM3-3B": { vocab: "qwen2", end: "<|im_end|>" },
  // No bundled vocabulary has Gemma's turn markers: a SentencePiece one gets them added.
  "google-gemma-2-2b-it": { vocab: "phi-3", end: "<end_of_turn>", addTokens: ["<start_of_turn>", "<end_of_turn>"] },
  "microsoft-Phi-3.5-mini-instruct": { vocab: "phi-3", end: "<|end|>" },
} as const satisfies Record<string, { vocab: VocabName; end: string; addTokens?: string[] }>;
