import * as G from "./dist/index.js";
import { readCorpus, entryName } from "./dist/bench/corpus.js";
import { SOURCES } from "./dist/bench/corpus-sources.js";
const names = process.argv.slice(2);
const mine = new Set(SOURCES.map(s => s.name));
const show = (o) => [...o.short.map(s=>"-"+s), ...o.long.map(l=>"--"+l), ...(o.dashLong??[]).map(l=>"-"+l)].join(",") + (o.arity === "none" ? "" : ` ${o.arity === "optional" ? "OPT" : "REQ"}:${o.value?.type.kind === "enum" ? "{" + o.value.type.choices.join("|") + "}" : o.value?.type.kind + (o.value?.type.signed ? "±" : "")}${o.valueCount ? " x"+o.valueCount : ""}`) + (o.negatable ? " neg" : "");
for (const e of readCorpus()) {
  if (names.length ? !names.includes(e.name) : !mine.has(e.name)) continue;
  const { spec, diagnostics } = G.parseHelp(e.help, { name: entryName(e) });
  console.log(`=== ${e.name} [${spec.style}] ${spec.options.length} opts`);
  console.log("  " + spec.options.filter(o => o.arity !== "none").map(show).join("  "));
  console.log("  flags: " + spec.options.filter(o => o.arity === "none").map(show).join(" "));
  console.log("  pos: " + spec.positionals.map(p => `${p.name}:${p.type.kind}${p.type.kind === "enum" ? "{" + p.type.choices + "}" : ""}[${p.min},${p.max}]${p.rest ? "REST" : ""}`).join(" ") + (spec.subcommands.length ? "  subs: " + spec.subcommands.map(s => s.path.at(-1)).join(",") : ""));
  for (const d of diagnostics) console.log("  ! " + d.message.slice(0, 120));
}
