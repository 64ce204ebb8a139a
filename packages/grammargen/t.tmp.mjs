import * as G from "./dist/index.js";
import { readFileSync } from "node:fs";
const text = readFileSync("../../corpora/help/wget/help.txt", "utf8");
const { spec } = G.parseHelp(text, { name: "wget" });
console.log(spec.options.filter(o => o.long.includes("spider") || o.dashLong));
console.log(G.recognize(G.lowerCommand(spec), "wget --spider -nv http://localhost/"));
