import { it } from "vitest";
import { captureHelp, parseHelp, emitGbnf, recognize } from "@shellgen/grammargen";
import { compose } from "../../grammargen/src/compose/index.js";
import { LocalModel } from "../src/backend/local-model.js";
import { forDecoding } from "../src/plan-pack.js";
import { completionPrompt, STOP_SEQUENCES } from "../src/prompt.js";
it("x", async () => {
  const m = await LocalModel.open("model/shellgen-mini.gguf", { threads: 1 });
  console.log("vocab", m.model.tokens.bos, (m.model as any).vocabularySize ?? "");
  const specs: any[] = [];
  const names = ["cat","wc","grep","sort","uniq","head","tail","cut","sed","tr","ls","du","cp","mv","mkdir","rm","touch","find","tar","gzip"];
  for (const n of names) specs.push(parseHelp(await captureHelp(n), { name: n }).spec);
  for (const k of [1, 3, 20]) {
    let t0 = performance.now();
    const g = compose({ commands: specs.slice(0, k) });
    const composeMs = performance.now() - t0;
    t0 = performance.now();
    const gbnf = emitGbnf(forDecoding(g));
    const emitMs = performance.now() - t0;
    t0 = performance.now();
    const grammar = await m.grammar(gbnf);
    const compileMs = performance.now() - t0;
    let nat = 0, natTok = 0, con = 0, conTok = 0;
    for (const request of ["How many lines are in notes.txt?", "Show the first 5 lines of data.csv", "Sort names.txt and remove duplicates"]) {
      t0 = performance.now();
      const a = await m.complete(completionPrompt({ request }), { maxTokens: 48, stop: STOP_SEQUENCES, seed: 1 });
      nat += performance.now() - t0; natTok += a.completionTokens;
      t0 = performance.now();
      const b = await m.complete(completionPrompt({ request }), { grammar, maxTokens: 48, stop: STOP_SEQUENCES, seed: 1 });
      con += performance.now() - t0; conTok += b.completionTokens;
      t0 = performance.now();
      const acc = recognize(g, b.text.replace(/^ /, ""));
      console.log(k, JSON.stringify(a.text), JSON.stringify(b.text), b.stopType, acc.accepted, "recognize ms", (performance.now() - t0).toFixed(1));
    }
    console.log(`k=${k} rules=${g.rules.length} gbnf=${gbnf.length} compose=${composeMs.toFixed(0)}ms emit=${emitMs.toFixed(0)}ms compile=${compileMs.toFixed(0)}ms native ${(nat/natTok).toFixed(2)} ms/tok (${natTok}) constrained ${(con/conTok).toFixed(2)} ms/tok (${conTok})`);
  }
  await m.close();
}, 300000);
