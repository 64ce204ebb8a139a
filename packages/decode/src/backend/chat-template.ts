// How an instruct model's chat template is applied: the GGUF's Jinja template, rendered by
// node-llama-cpp's Jinja renderer with thinking off (enable_thinking=false). The template is
// rendered once at load on a sample conversation, so a template that cannot render is known
// before the first request: a model opened for "auto" falls back to plain completion
// prompts and says so (ModelInfo.fallback); one opened for "chat" fails with EMODEL.
import {
  JinjaTemplateChatWrapper,
  LlamaText,
  SpecialTokensText,
  resolveChatWrapper,
  type ChatHistoryItem,
  type ChatWrapper,
  type LlamaModel,
} from "#node-llama-cpp";
import { DecodeError, oneLine } from "../errors.js";
import type { ChatMessage } from "../prompt.js";

export interface ModelInfo {
  /** Parameter count from the GGUF's tensors. */
  parameters?: number;
  vocabSize?: number;
  /** The chat template's family and the node-llama-cpp wrapper that renders it, or "none". */
  template: string;
  /** How prompts are laid out for this model. */
  prompt: "chat" | "completion";
  /** Why the file's chat template is not used: it failed to render, so prompts are plain completion. */
  fallback?: string;
}

export interface ResolvedChat {
  wrapper?: ChatWrapper;
  template: string;
  fallback?: string;
}

// Thinking off, as a user of a small model runs it: enable_thinking=false goes to the
// template, which writes an empty thought block where it has one.
/** Turn markers that name a template family; the first that the template uses wins. */
const FAMILIES: [string, string][] = [
  ["<|start_header_id|>", "Llama 3"],
  ["<start_of_turn>", "Gemma"],
  ["<|turn>", "Gemma 4"],
  ["<|assistant|>", "Phi-3"],
  ["<|im_start|>", "ChatML"],
  ["[INST]", "Mistral"],
];

export function templateName(template: string, wrapper: ChatWrapper): string {
  const family = FAMILIES.find(([marker]) => template.includes(marker))?.[1] ?? "custom";
  const thinking = /enable_thinking|<think>/.test(template) ? ", thinking off" : "";
  return `${family} (${wrapper.wrapperName}${thinking})`;
}

/** The chat history for a prompt: the turns, then the assistant's turn opened with `prefix`. */
export function chatHistory(messages: ChatMessage[], prefix?: string): ChatHistoryItem[] {
  const history: ChatHistoryItem[] = [];
  for (const m of messages) {
    if (m.role === "system") history.push({ type: "system", text: m.content });
    else if (m.role === "user") history.push({ type: "user", text: m.content });
    else history.push({ type: "model", response: [m.content] });
  }
  history.push({ type: "model", response: prefix ? [prefix] : [] });
  return history;
}

const SAMPLE: ChatMessage[] = [
  { role: "system", content: "s" },
  { role: "user", content: "u" },
  { role: "assistant", content: "a" },
  { role: "user", content: "u" },
];

/**
 * The model's chat wrapper, or why there is none. `style` "completion" never uses one;
 * "auto" uses the GGUF's template when it has one that renders; "chat" insists.
 */
export function resolveChat(model: LlamaModel, style: "auto" | "completion" | "chat", source: string): ResolvedChat {
  if (style === "completion") return { template: "none" };
  const template = model.fileInfo.metadata?.tokenizer?.chat_template;
  const hasTemplate = typeof template === "string" && template.trim() !== "";
  if (!hasTemplate && style === "auto") return { template: "none" };
  let wrapper: ChatWrapper;
  try {
    // The template itself, through node-llama-cpp's Jinja renderer. resolveChatWrapper would
    // look for an equivalent built-in wrapper first, rendering the template against each
    // candidate: 5.8 s at load for Llama 3's template, against 0.16 s for the renderer alone.
    wrapper = hasTemplate
      ? new JinjaTemplateChatWrapper({ template, tokenizer: model.tokenizer, reasoning: false })
      : resolveChatWrapper(model, { warningLogs: false });
    wrapper.generateContextState({ chatHistory: chatHistory(SAMPLE, "p") });
  } catch (err) {
    const why = `chat template failed to render (${oneLine(err)})`;
    if (style === "chat") throw new DecodeError(`cannot use the chat template of ${source}: ${why}`, "EMODEL");
    return { template: "none", fallback: `${why}; prompts are plain completion` };
  }
  return { wrapper, template: hasTemplate ? templateName(template, wrapper) : wrapper.wrapperName };
}

/**
 * The template's stop triggers, each also without its trailing whitespace: the end-of-turn
 * token ends the reply even where the vocabulary does not mark it end-of-generation and
 * nothing follows it.
 */
export function endOfTurn(triggers: readonly LlamaText[]): LlamaText[] {
  const out: LlamaText[] = [...triggers];
  for (const t of triggers) {
    const last = t.values.at(-1);
    if (!(last instanceof SpecialTokensText)) continue;
    const trimmed = last.value.trimEnd();
    if (trimmed === last.value || trimmed === "") continue;
    out.push(LlamaText([...t.values.slice(0, -1), new SpecialTokensText(trimmed)]));
  }
  return out;
}

export function describeModel(model: LlamaModel, chat: ResolvedChat): ModelInfo {
  let parameters: number | undefined;
  try {
    parameters = model.fileInsights.totalParameters || undefined;
  } catch {
    // Tensor info is not always read; the count is only reported.
  }
  const tokens = model.fileInfo.metadata?.tokenizer?.ggml?.tokens;
  return {
    ...(parameters ? { parameters } : {}),
    ...(Array.isArray(tokens) ? { vocabSize: tokens.length } : {}),
    template: chat.template,
    prompt: chat.wrapper ? "chat" : "completion",
    ...(chat.fallback ? { fallback: chat.fallback } : {}),
  };
}
