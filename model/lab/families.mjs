// The lab models: a real tokenizer (a vocabulary-only GGUF from llama.cpp's source) and a
// real chat template each. `turns` spells each turn exactly as the template renders it, so
// training sequences can be assembled from separately tokenized turns; encode.mjs checks
// that assembly against the template rendered by node-llama-cpp.

export const SYSTEM_PROMPT =
  "You turn a request into exactly one bash command that runs in the current directory. " +
  "Reply with the command only: no explanation, no markdown, no leading $.";

export const FAMILIES = {
  qwen: {
    name: "shellgen-lab-qwen",
    vocab: "ggml-vocab-qwen2.gguf",
    template: "Qwen-Qwen3-0.6B.jinja",
    // what a user of Qwen3-0.6B passes to run it without thinking
    renderParameters: { enable_thinking: false },
    endOfTurn: "<|im_end|>",
    turns: {
      head: (system) => (system ? `<|im_start|>system\n${system}<|im_end|>\n` : ""),
      user: (text) => `<|im_start|>user\n${text}<|im_end|>\n`,
      pastAnswer: (text) => `<|im_start|>assistant\n${text}<|im_end|>\n`,
      answerPrefix: "<|im_start|>assistant\n<think>\n\n</think>\n\n",
      answer: (text) => `${text}<|im_end|>`,
    },
  },
  llama3: {
    name: "shellgen-lab-llama3",
    vocab: "ggml-vocab-llama-bpe.gguf",
    template: "meta-llama-Llama-3.2-3B-Instruct.jinja",
    renderParameters: {},
    endOfTurn: "<|eot_id|>",
    turns: {
      // the template always writes a system turn, dated today
      head: (system, date) =>
        `<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\nCutting Knowledge Date: December 2023\nToday Date: ${date}\n\n${system}<|eot_id|>`,
      user: (text) => `<|start_header_id|>user<|end_header_id|>\n\n${text}<|eot_id|>`,
      pastAnswer: (text) => `<|start_header_id|>assistant<|end_header_id|>\n\n${text}<|eot_id|>`,
      answerPrefix: "<|start_header_id|>assistant<|end_header_id|>\n\n",
      answer: (text) => `${text}<|eot_id|>`,
    },
  },
};

/** As packages/decode/src/prompt.ts lays a chat field out: trimmed, no blank lines inside. */
export const field = (s) => s.trim().replace(/\n\s*\n/g, "\n");
