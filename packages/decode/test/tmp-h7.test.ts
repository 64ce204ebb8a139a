import { it } from "vitest";
import { startServer } from "../src/serve.js";
it("x", async () => {
  const s = await startServer({ model: "/tmp/h7/tiny.gguf", port: 0, threads: 1 });
  const post = async (p: string, body: unknown) => { const r = await fetch(s.url + p, { method: "POST", body: JSON.stringify(body) }); return r.status + " " + (await r.text()); };
  console.log(await (await fetch(s.url + "/health")).text());
  console.log(await post("/completion", { prompt: "Request: x\nCommand:", n_predict: 8, grammar: 'root ::= " "? "ls" (" -l")?' }));
  console.log(await post("/v1/chat/completions", { messages: [{ role: "user", content: "hi" }], max_tokens: 5, grammar: 'root ::= "ls"' }));
  console.log(await post("/v1/completions", { prompt: "x", max_tokens: 5, ebnf: 'root ::= "ls"' }));
  console.log(await post("/completion", { prompt: "x", grammar: "root ::= (" }));
  console.log(await post("/completion", { prompt: "x", grammar: 'root ::= root "a" | "a"' }));
  console.log(await post("/v1/completions", { prompt: "x", structured_outputs: { grammar: 'start: "a"' } }));
  console.log(await post("/nope", {}));
  await s.close();
}, 60000);
