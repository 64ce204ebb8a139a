// Server-sent events for `stream: true`, shaped as llama-server and the OpenAI API send them:
// one `data: <json>` event per piece of text, a last event with the finish reason (and,
// when asked, the usage), then `data: [DONE]` on the OpenAI routes. The headers go out
// with the first event, so a request that fails before any text still gets the plain
// JSON error a non-streaming request gets.
import type { ServerResponse } from "node:http";

export const SSE_TYPE = "text/event-stream";

export class EventStream {
  private open = false;
  constructor(private readonly res: ServerResponse) {}

  /** The client went away: nothing more can reach it. */
  get gone(): boolean {
    return this.res.destroyed || this.res.writableEnded;
  }

  send(data: unknown): void {
    this.write(`data: ${JSON.stringify(data)}\n\n`);
  }

  /** `done`: close with `data: [DONE]`, as the OpenAI routes do. */
  end(done: boolean): void {
    if (done) this.write("data: [DONE]\n\n");
    if (!this.gone) this.res.end();
  }

  private write(text: string): void {
    if (this.gone) return;
    if (!this.open) {
      this.res.writeHead(200, { "content-type": SSE_TYPE, "cache-control": "no-cache", connection: "keep-alive" });
      this.open = true;
    }
    this.res.write(text);
  }
}
