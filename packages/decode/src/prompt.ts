// The one place that lays out prompts. Base models (the project's default model) get the
// plain-completion format from docs/CONTRACTS.md, which the model was trained on; instruct
// models and chat endpoints get the same content as chat turns.

export interface Example {
  request: string;
  command: string;
}

/** A failed earlier attempt, fed back on a retry. */
export interface Feedback {
  command: string;
  error: string;
  /** What went wrong: it did not parse (the default), or it ran and failed (an agent's execution feedback). */
  kind?: "parse" | "run";
}

export interface PromptInput {
  request: string;
  examples?: Example[];
  feedback?: Feedback;
  /** The command's first words, already chosen (a program from the examples); the model writes the rest. Completion prompts only. */
  prefix?: string;
}

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** Where a completion ends: a blank line after the command, or the model starting a new pair. */
export const STOP_SEQUENCES = ["\n\n", "\nRequest:"] as const;

/** The terminator the model writes after a command; grammars allow it so the model can end naturally. */
export const COMMAND_TERMINATOR = "\n\n";

// Requests and commands are single records in the format; a blank line inside one would
// read as the end of the pair, so collapse them.
const field = (s: string): string => s.trim().replace(/\n\s*\n/g, "\n");

/**
 * The CONTRACTS.md format:
 *   Request: <example request>\nCommand: <example command>\n\n ... Request: <request>\nCommand:
 * A retry shows the failed attempt as a pair followed by an `Error:` line, then asks again.
 */
export function completionPrompt(input: PromptInput): string {
  let text = "";
  for (const ex of input.examples ?? []) text += `Request: ${field(ex.request)}\nCommand: ${field(ex.command)}\n\n`;
  if (input.feedback) {
    text += `Request: ${field(input.request)}\nCommand: ${field(input.feedback.command)}\nError: ${field(input.feedback.error)}\n\n`;
  }
  text += `Request: ${field(input.request)}\nCommand:`;
  // Tokens never merge across a space, so a prefix that ends a word tokenizes as it did in training.
  if (input.prefix) text += ` ${input.prefix.trim()}`;
  return text;
}

export const SYSTEM_PROMPT =
  "You turn a request into exactly one bash command that runs in the current directory. " +
  "Reply with the command only: no explanation, no markdown, no leading $.";

export function chatMessages(input: PromptInput): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: "system", content: SYSTEM_PROMPT }];
  for (const ex of input.examples ?? []) {
    messages.push({ role: "user", content: field(ex.request) }, { role: "assistant", content: field(ex.command) });
  }
  messages.push({ role: "user", content: field(input.request) });
  if (input.feedback) {
    messages.push(
      { role: "assistant", content: field(input.feedback.command) },
      {
        role: "user",
        content:
          input.feedback.kind === "run"
            ? `That command ran and did not do it: ${field(input.feedback.error)}. Reply with a corrected command only.`
            : `That command is not valid bash: ${field(input.feedback.error)}. Reply with a corrected command only.`,
      },
    );
  }
  return messages;
}
