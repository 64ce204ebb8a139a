// Captures bash's own documentation of its builtins (`help NAME` for every name `compgen -b`
// lists, and the `time` keyword, which takes a pipeline) into data/bash-builtins/help.txt,
// with bash's version in meta.json. The grammars are built from the committed text, so
// building never needs bash. Usage: node packages/grammargen/dist/bench/capture-builtins.js
import { writeFileAtomic } from "@shellgen/base";
import { execa } from "execa";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const dir = join(dirname(fileURLToPath(import.meta.url)), "../../data/bash-builtins");
const env = { LANG: "C", LC_ALL: "C", PATH: process.env.PATH ?? "/usr/bin:/bin" };
const bash = async (script: string): Promise<string> =>
  (await execa("bash", ["--norc", "--noprofile", "-c", script], { env, stdin: "ignore", timeout: 10_000 })).stdout;

const names = [...(await bash("compgen -b")).split("\n").filter((n) => n !== ""), "time"];
const texts: string[] = [];
for (const n of names) texts.push(`${await bash(`help -- '${n}'`)}\n`);
const version = await bash('echo "GNU bash, version $BASH_VERSION"');
const meta = { command: ["bash", "-c", "help -- NAME"], program: "bash", version, builtins: names };

mkdirSync(dir, { recursive: true });
await writeFileAtomic(join(dir, "help.txt"), texts.join(""));
await writeFileAtomic(join(dir, "meta.json"), `${JSON.stringify(meta, null, 2)}\n`);
console.log(`${names.length} builtins, ${version}`);
