// XGrammar (the grammar engine of vLLM, SGLang and MLC-LLM) as an oracle for emitted GBNF,
// through its WebAssembly build @mlc-ai/web-xgrammar. An optional heavy dependency, so it is
// loaded on demand and only here.
//
// The one workaround, stated once: the package declares "type": "module" but ships a UMD
// bundle (lib/index.js), so Node 20 loads it neither with `import` (no ESM exports) nor with
// `require` (the .js file is treated as ESM). Compiling the file's text as CommonJS through
// `new Module(...)._compile(...)` runs the UMD's CommonJS branch and yields its exports.
//
// XGrammar reports grammar errors by aborting the WASM instance (`Aborted()`); the real message
// goes to stderr through a console.error bound when the module starts, so it is captured at
// process.stderr and rethrown with the error.
import { createRequire } from "node:module";
import Module from "node:module";
import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import type * as XG from "@mlc-ai/web-xgrammar";

export type XGrammarModule = typeof XG;

let loaded: XGrammarModule | undefined;

/** The @mlc-ai/web-xgrammar module, compiled once per process. Throws when it is not installed. */
export function loadXGrammar(): XGrammarModule {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  let file: string;
  try {
    file = require.resolve("@mlc-ai/web-xgrammar/lib/index.js");
  } catch {
    // Its package.json "exports" may hide the file; resolve the package root instead.
    try {
      file = `${dirname(require.resolve("@mlc-ai/web-xgrammar/package.json"))}/lib/index.js`;
    } catch {
      // An optional peer dependency: only the XGrammar checks and benches need it.
      throw new Error("XGrammar needs @mlc-ai/web-xgrammar, which is not installed (npm i -E @mlc-ai/web-xgrammar@0.1.27)");
    }
  }
  type CjsModule = { exports: unknown; filename: string; paths: string[]; _compile(code: string, filename: string): void };
  const Ctor = Module as unknown as { new (id: string): CjsModule; _nodeModulePaths(dir: string): string[] };
  const m = new Ctor(file);
  m.filename = file;
  m.paths = Ctor._nodeModulePaths(dirname(file));
  m._compile(readFileSync(file, "utf8"), file);
  loaded = m.exports as XGrammarModule;
  return loaded;
}

/** Runs an XGrammar call, turning its `Aborted()` into an error that carries the message it printed. */
export async function withXGrammarErrors<T>(what: string, f: () => Promise<T>): Promise<T> {
  const printed: string[] = [];
  const original = process.stderr.write;
  process.stderr.write = ((chunk: string | Uint8Array) => (printed.push(String(chunk)), true)) as typeof process.stderr.write;
  try {
    return await f();
  } catch (e) {
    const detail = printed.join("\n").trim() || (e instanceof Error ? e.message : String(e));
    throw new Error(`XGrammar: ${what}: ${detail}`);
  } finally {
    process.stderr.write = original;
  }
}

/** Parses GBNF with XGrammar (no tokenizer needed). Throws with XGrammar's message on a bad grammar. */
export async function xgrammarParse(gbnf: string): Promise<XG.Grammar> {
  const xg = loadXGrammar();
  return withXGrammarErrors("grammar does not parse", () => xg.Grammar.fromEBNF(gbnf, "root"));
}

/** Whether XGrammar's grammar accepts the whole string (its test matcher, no tokenizer). */
export async function xgrammarAccepts(grammar: XG.Grammar, input: string): Promise<boolean> {
  const xg = loadXGrammar();
  return withXGrammarErrors("matching failed", () => xg.Testings.isGrammarAcceptString(grammar, input));
}

/**
 * How XGrammar reads a vocabulary's token strings: "byte_fallback" for SentencePiece
 * (`▁` for a space, `<0xNN>` byte tokens), "byte_level" for GPT-2-style byte-level BPE
 * (`Ġ` for a space, every byte mapped to a printable character).
 */
export type VocabType = "byte_fallback" | "byte_level";

/**
 * A grammar compiler for a vocabulary (token strings by id, as the GGUF stores them). The
 * vocabulary type and whether the tokenizer prepends a space must match the tokenizer's: with
 * byte-fallback read as byte-level, or the reverse, XGrammar misreads every space-led token.
 */
export async function xgrammarCompiler(
  vocab: string[],
  opts: { vocabType?: VocabType; prependSpace?: boolean; stopTokenIds?: number[] } = {},
): Promise<XG.GrammarCompiler> {
  const xg = loadXGrammar();
  const type = opts.vocabType ?? "byte_fallback";
  return withXGrammarErrors("tokenizer info", async () => {
    const info = await xg.TokenizerInfo.createTokenizerInfo(vocab, type, opts.prependSpace ?? type === "byte_fallback", vocab.length, opts.stopTokenIds);
    return xg.GrammarCompiler.createGrammarCompiler(info, false);
  });
}

/** XGrammar's reading of a GGUF tokenizer model: `gpt2` is byte-level BPE, `llama` SentencePiece. */
export function vocabTypeOf(tokenizerModel: string | undefined, path: string): VocabType {
  if (tokenizerModel === "gpt2") return "byte_level";
  if (tokenizerModel === "llama" || tokenizerModel === undefined) return "byte_fallback";
  throw new Error(`${path}: tokenizer model "${tokenizerModel}" has no XGrammar vocabulary type here (gpt2 and llama do)`);
}

/**
 * The token strings (by id), end-of-sequence id and XGrammar vocabulary type of a GGUF file's
 * tokenizer. A byte-level vocabulary never prepends a space; a SentencePiece one does unless
 * its GGUF says `add_space_prefix = false`.
 */
export async function ggufVocab(
  path: string,
): Promise<{ tokens: string[]; eos?: number; vocabType: VocabType; prependSpace: boolean; tokenizerModel?: string }> {
  const { readGgufFileInfo } = await import("node-llama-cpp").catch(() => {
    throw new Error("reading a GGUF vocabulary needs node-llama-cpp, which is not installed (npm i -E node-llama-cpp@3.21.1)");
  });
  const info = await readGgufFileInfo(path, { readTensorInfo: false });
  const tok = (
    info.metadata as unknown as { tokenizer?: { ggml?: { model?: string; tokens?: readonly string[]; eos_token_id?: number; add_space_prefix?: boolean } } }
  ).tokenizer?.ggml;
  if (!tok?.tokens?.length) throw new Error(`${path}: no tokenizer.ggml.tokens in the GGUF metadata`);
  const vocabType = vocabTypeOf(tok.model, path);
  const prependSpace = vocabType === "byte_fallback" && (tok.add_space_prefix ?? true);
  return { tokens: [...tok.tokens], eos: tok.eos_token_id, vocabType, prependSpace, tokenizerModel: tok.model };
}

/**
 * A pack grammar as a model meets it after "Command:": the first token of a command carries
 * the space before it (`▁wc`, `Ġwc`), so the root takes one optional leading space.
 */
export function withLeadingSpace(gbnf: string): string {
  if (!/^root ::= /m.test(gbnf)) throw new Error("the grammar has no root rule");
  return gbnf.replace(/^root ::= /m, 'root ::= " "? pack-root\npack-root ::= ');
}

/**
 * The text whose tokens a model generates for `command`: a byte-level tokenizer spells the
 * leading space itself (`Ġwc`); a SentencePiece one that prepends a space adds it (`▁wc`).
 */
export function generatedText(command: string, vocab: { prependSpace: boolean }): string {
  return vocab.prependSpace ? command : ` ${command}`;
}

/**
 * Whole-string verdicts from a compiled grammar, through the matcher a serving engine runs:
 * the string is accepted when every character is and the stop token may follow. Much faster
 * than `Testings.isGrammarAcceptString`, which rebuilds its parser for every string.
 */
export async function xgrammarMatcher(compiled: XG.CompiledGrammar, stopTokenId: number): Promise<{ accepts(input: string): boolean; dispose(): void }> {
  const xg = loadXGrammar();
  const m = await withXGrammarErrors("matcher", () => xg.GrammarMatcher.createGrammarMatcher(compiled, [stopTokenId]));
  return {
    accepts(input: string): boolean {
      m.reset();
      const ok = input === "" || m._acceptString(input);
      return ok && m.acceptToken(stopTokenId) && m.isTerminated();
    },
    dispose: () => m.dispose(),
  };
}
