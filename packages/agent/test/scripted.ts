// Test doubles for the model only: a Backend that answers from a script, and a tiny
// llama-server (/health, /completion) for the tests that run the real CLI process.
// Everything else (decode, grammars, sandbox, workspace copies) is the real thing.
import { createServer, type Server } from "node:http";
import type { Backend, CompleteOptions, Completion, PromptInput } from "@shellgen/decode";

/**
 * Answers the first decode with script[0]; a decode whose prompt carries feedback about
 * script[i] is answered with script[i + 1] (the last entry repeats). Records every prompt.
 */
export class ScriptedBackend implements Backend {
  readonly kind = "embedded" as const;
  readonly model = "scripted";
  readonly supportsGrammar = true;
  readonly prompts: PromptInput[] = [];
  constructor(private readonly script: string[]) {}

  async complete(opts: CompleteOptions): Promise<Completion> {
    this.prompts.push(opts.prompt);
    const fb = opts.prompt.feedback?.command;
    const at = fb === undefined ? 0 : this.script.indexOf(fb) + 1;
    const text = this.script[Math.min(at, this.script.length - 1)]!;
    return { text: ` ${text}`, tokens: { prompt: 10, completion: 5 }, finish: "stop", stoppedBy: "eos" };
  }
  async prepareGrammar(): Promise<number> {
    return 0;
  }
  async close(): Promise<void> {}
}

/** A llama-server stand-in that always completes with `reply`; `requests` counts /completion calls. */
export async function fakeLlamaServer(reply: string): Promise<{ url: string; requests: () => number; close: () => Promise<void> }> {
  let requests = 0;
  const server: Server = createServer((req, res) => {
    if (req.method === "GET" && req.url === "/health") {
      res.writeHead(200, { "content-type": "application/json" }).end('{"status":"ok"}');
      return;
    }
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      requests++;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ content: ` ${reply}`, stop_type: "eos", stopped_eos: true, tokens_evaluated: 10, tokens_predicted: 5 }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
