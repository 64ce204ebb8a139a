// Bench models with real vocabularies, built without a download.
//
//   node packages/decode/dist/bench/vocab-model.js [qwen2|llama3 ...]   (prints each path)
//
// node-llama-cpp ships llama.cpp's source as a git bundle, and in it vocabulary-only GGUFs
// with the real tokenizers of Qwen2 (151,936 tokens, byte-level BPE) and Llama 3 (128,256).
// A bench model copies every tokenizer key of one of them and adds a small llama-architecture
// network with seeded random weights: what the grammar sampler costs depends on the
// vocabulary (its size and its token spellings), not on what the network learned.
//
// Files are cached outside the clone, keyed by the bundle's hash and this builder's version:
//   ${SHELLGEN_BENCH_MODELS:-${XDG_CACHE_HOME:-~/.cache}/shellgen/bench-models}/<key>/<name>.gguf
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { writeFileAtomicSync } from "@shellgen/base";

/** Bench model names and the vocabulary-only GGUF each is built from. */
export const BENCH_VOCABS = { qwen2: "ggml-vocab-qwen2.gguf", llama3: "ggml-vocab-llama-bpe.gguf" } as const;
export type BenchVocab = keyof typeof BENCH_VOCABS;

const BUILDER_VERSION = 1;
const SHAPE = { dim: 64, layers: 2, heads: 4, ffn: 128, context: 2048 };

function llamaBundle(): string {
  const require = createRequire(import.meta.url);
  let dir = dirname(require.resolve("node-llama-cpp"));
  while (!existsSync(join(dir, "package.json")) && dirname(dir) !== dir) dir = dirname(dir);
  const bundle = join(dir, "llama", "gitRelease.bundle");
  if (!existsSync(bundle)) throw new Error(`no llama.cpp source bundle at ${bundle} (node-llama-cpp installed without it?)`);
  return bundle;
}

function cacheDir(bundle: string): string {
  const root = process.env.SHELLGEN_BENCH_MODELS || join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "shellgen", "bench-models");
  const hash = createHash("sha256").update(readFileSync(bundle)).digest("hex").slice(0, 16);
  return join(root, `${hash}-v${BUILDER_VERSION}`);
}

/** The vocabulary-only GGUF files, extracted from the bundle once (a bare clone in a temp folder). */
export function vocabFile(name: BenchVocab): string {
  const bundle = llamaBundle();
  const dir = cacheDir(bundle);
  const file = join(dir, BENCH_VOCABS[name]);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const work = mkdtempSync(join(dir, ".clone-"));
  try {
    execFileSync("git", ["clone", "--quiet", "--bare", bundle, work], { stdio: ["ignore", "ignore", "pipe"] });
    for (const f of Object.values(BENCH_VOCABS)) {
      const bytes = execFileSync("git", ["--git-dir", work, "show", `HEAD:models/${f}`], { maxBuffer: 1 << 30 });
      writeFileAtomicSync(join(dir, f), bytes);
    }
  } catch (err) {
    throw new Error(`cannot extract ${BENCH_VOCABS[name]} from ${bundle}: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return file;
}

/** A bench model's path, built on first use. */
export function benchModel(name: BenchVocab): string {
  const vocab = vocabFile(name);
  const file = join(dirname(vocab), `bench-${name}.gguf`);
  if (!existsSync(file)) buildModel(vocab, file, name);
  return file;
}

/** A --model argument: a bench model name (qwen2, llama3) or a GGUF path. */
export function resolveModelArg(arg: string): string {
  return arg in BENCH_VOCABS ? benchModel(arg as BenchVocab) : arg;
}

// --- GGUF v3: the key/value section read raw, so tokenizer keys are copied byte for byte.

const T = { U32: 4, I32: 5, F32: 6, BOOL: 7, STR: 8, ARR: 9, U64: 10, I64: 11, F64: 12 } as const;
const SCALAR_BYTES: Record<number, number> = { 0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8 };

function readKvs(buf: Buffer): { key: string; raw: Buffer; value?: unknown }[] {
  if (buf.toString("latin1", 0, 4) !== "GGUF") throw new Error("not a GGUF file");
  let pos = 24;
  const n = Number(buf.readBigUInt64LE(16));
  const str = (): string => {
    const len = Number(buf.readBigUInt64LE(pos));
    const s = buf.toString("utf8", pos + 8, pos + 8 + len);
    pos += 8 + len;
    return s;
  };
  const skip = (type: number): void => {
    if (type === T.STR) str();
    else if (type === T.ARR) {
      const elem = buf.readUInt32LE(pos);
      const count = Number(buf.readBigUInt64LE(pos + 4));
      pos += 12;
      if (elem === T.STR) for (let i = 0; i < count; i++) str();
      else pos += count * SCALAR_BYTES[elem]!;
    } else pos += SCALAR_BYTES[type]!;
  };
  const out: { key: string; raw: Buffer; value?: unknown }[] = [];
  for (let i = 0; i < n; i++) {
    const key = str();
    const start = pos;
    const type = buf.readUInt32LE(pos);
    pos += 4;
    const valueAt = pos;
    skip(type);
    const value = type === T.ARR && buf.readUInt32LE(valueAt) === T.STR ? Number(buf.readBigUInt64LE(valueAt + 4)) : undefined;
    out.push({ key, raw: buf.subarray(start, pos), value });
  }
  return out;
}

const strBytes = (s: string): Buffer => {
  const b = Buffer.from(s, "utf8");
  const len = Buffer.alloc(8);
  len.writeBigUInt64LE(BigInt(b.length));
  return Buffer.concat([len, b]);
};
const kv = (key: string, type: number, value: number | string | boolean): Buffer => {
  const head = Buffer.concat([strBytes(key), Buffer.from(new Uint32Array([type]).buffer)]);
  if (type === T.STR) return Buffer.concat([head, strBytes(value as string)]);
  const v = Buffer.alloc(SCALAR_BYTES[type]!);
  if (type === T.U32) v.writeUInt32LE(value as number);
  else if (type === T.F32) v.writeFloatLE(value as number);
  else if (type === T.BOOL) v.writeUInt8(value ? 1 : 0);
  return Buffer.concat([head, v]);
};

/** Seeded normal samples (mulberry32 and Box-Muller): the same model on every machine. */
function gaussian(seed: number): () => number {
  let s = seed >>> 0;
  const u = (): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 1) / 4294967297;
  };
  return () => Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
}

function buildModel(vocabPath: string, out: string, name: string): void {
  const kvs = readKvs(readFileSync(vocabPath)).filter((k) => k.key.startsWith("tokenizer."));
  const nVocab = kvs.find((k) => k.key === "tokenizer.ggml.tokens")?.value as number | undefined;
  if (!nVocab) throw new Error(`${vocabPath}: no tokenizer.ggml.tokens`);
  const { dim, layers, heads, ffn, context } = SHAPE;
  const meta = [
    kv("general.architecture", T.STR, "llama"),
    kv("general.name", T.STR, `bench-${name}`),
    kv("general.description", T.STR, `random weights over the ${name} vocabulary, for grammar-sampling benches`),
    kv("general.alignment", T.U32, 32),
    kv("llama.context_length", T.U32, context),
    kv("llama.embedding_length", T.U32, dim),
    kv("llama.block_count", T.U32, layers),
    kv("llama.feed_forward_length", T.U32, ffn),
    kv("llama.attention.head_count", T.U32, heads),
    kv("llama.attention.head_count_kv", T.U32, heads),
    kv("llama.attention.layer_norm_rms_epsilon", T.F32, 1e-5),
    kv("llama.rope.dimension_count", T.U32, dim / heads),
    kv("llama.rope.freq_base", T.F32, 10000),
    kv("llama.vocab_size", T.U32, nVocab),
    ...kvs.map((k) => Buffer.concat([strBytes(k.key), k.raw])),
  ];
  const rand = gaussian(0x5eed);
  const normal = (n: number, std: number): Float32Array => Float32Array.from({ length: n }, () => rand() * std);
  const ones = (n: number): Float32Array => new Float32Array(n).fill(1);
  // Torch shapes [rows, cols]; GGUF stores dims reversed. The embedding is also the output layer.
  const tensors: [string, number[], Float32Array][] = [["token_embd.weight", [nVocab, dim], normal(nVocab * dim, 1)]];
  for (let i = 0; i < layers; i++) {
    const p = `blk.${i}.`;
    tensors.push(
      [`${p}attn_norm.weight`, [dim], ones(dim)],
      [`${p}attn_q.weight`, [dim, dim], normal(dim * dim, 0.2)],
      [`${p}attn_k.weight`, [dim, dim], normal(dim * dim, 0.2)],
      [`${p}attn_v.weight`, [dim, dim], normal(dim * dim, 0.2)],
      [`${p}attn_output.weight`, [dim, dim], normal(dim * dim, 0.2)],
      [`${p}ffn_norm.weight`, [dim], ones(dim)],
      [`${p}ffn_gate.weight`, [ffn, dim], normal(ffn * dim, 0.2)],
      [`${p}ffn_up.weight`, [ffn, dim], normal(ffn * dim, 0.2)],
      [`${p}ffn_down.weight`, [dim, ffn], normal(dim * ffn, 0.2)],
    );
  }
  tensors.push(["output_norm.weight", [dim], ones(dim)]);

  const head: Buffer[] = [Buffer.from("GGUF", "latin1")];
  const counts = Buffer.alloc(20);
  counts.writeUInt32LE(3, 0);
  counts.writeBigUInt64LE(BigInt(tensors.length), 4);
  counts.writeBigUInt64LE(BigInt(meta.length), 12);
  head.push(counts, ...meta);
  let offset = 0;
  for (const [tname, shape, data] of tensors) {
    const dims = [...shape].reverse();
    const info = Buffer.alloc(4 + 8 * dims.length + 12);
    info.writeUInt32LE(dims.length, 0);
    for (const [i, d] of dims.entries()) info.writeBigUInt64LE(BigInt(d), 4 + 8 * i);
    info.writeUInt32LE(0, 4 + 8 * dims.length); // F32
    info.writeBigUInt64LE(BigInt(offset), 8 + 8 * dims.length);
    head.push(strBytes(tname), info);
    offset += data.byteLength + ((32 - (data.byteLength % 32)) % 32);
  }
  const headLen = head.reduce((s, b) => s + b.length, 0);
  head.push(Buffer.alloc((32 - (headLen % 32)) % 32));
  const body = tensors.flatMap(([, , data]) => [Buffer.from(data.buffer), Buffer.alloc((32 - (data.byteLength % 32)) % 32)]);
  writeFileAtomicSync(out, [...head, ...body]);
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  try {
    const names = process.argv.slice(2);
    for (const n of names.length ? names : Object.keys(BENCH_VOCABS)) {
      if (!(n in BENCH_VOCABS)) throw new Error(`unknown bench model "${n}" (expected ${Object.keys(BENCH_VOCABS).join(", ")})`);
      process.stdout.write(`${benchModel(n as BenchVocab)}\n`);
    }
  } catch (err) {
    process.stderr.write(`vocab-model: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  }
}
