import { it } from "vitest";
import { LocalModel } from "../src/backend/local-model.js";
import { completionPrompt } from "../src/prompt.js";
it("x", async () => {
  for (const threads of [1, 2, 1, 2]) {
    const m = await LocalModel.open("model/shellgen-mini.gguf", { threads });
    let ms = 0, toks = 0;
    for (let i = 0; i < 6; i++) {
      const t0 = performance.now();
      const o = await m.complete(completionPrompt({ request: "Show the first 5 lines of data.csv number " + i }), { maxTokens: 64, stop: [], seed: 1 });
      ms += performance.now() - t0; toks += o.completionTokens;
    }
    console.log("threads", threads, (ms / toks).toFixed(2), "ms/tok", toks);
    await m.close();
  }
}, 300000);
