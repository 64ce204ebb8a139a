// Every command line the READMEs document must name a verb, subcommand or npm script that
// exists, and only options that verb's --help lists. Lines are checked through each CLI's
// `--help` (nothing documented is run): `npx shellgen|grammargen|bench ...` and `npm run ...`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { main as benchMain } from "../bench/src/cli/main.js";
import { main as shellgenMain } from "../packages/cli/src/main.js";
import { VERBS } from "../packages/cli/src/verbs.js";
import { COMMANDS, DEFAULT } from "../packages/grammargen/src/cli/commands.js";
import { main as grammargenMain } from "../packages/grammargen/src/cli/main.js";
import { DOCS } from "./docs.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Words of a documented line, quotes kept together, the trailing comment dropped. */
function words(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/"(?:[^"\\]|\\.)*"|'[^']*'|\S+/g)) {
    if (m[0].startsWith("#")) break;
    out.push(m[0]);
  }
  return out;
}

/** The documented invocations of a line: `a && b`, `a | b` and `a > file` split into commands. */
function commands(line: string): string[][] {
  const out: string[][] = [[]];
  const ws = words(line);
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i]!;
    if (w === "&&" || w === "||" || w === ";" || w === "|") out.push([]);
    else if (w === ">" || w === ">>" || w === "<") i++;
    else out[out.length - 1]!.push(w);
  }
  return out.filter((c) => c.length > 0);
}

interface Documented {
  file: string;
  line: number;
  argv: string[];
}

function documented(): Documented[] {
  const out: Documented[] = [];
  for (const file of DOCS) {
    const lines = readFileSync(join(ROOT, file), "utf8").split("\n");
    lines.forEach((text, i) => {
      const t = text.trim().replace(/^\$ /, "");
      if (!/^(npx (shellgen|grammargen|bench)|npm run)\b/.test(t)) return;
      for (const argv of commands(t)) if (/^(npx|npm)$/.test(argv[0]!)) out.push({ file, line: i + 1, argv });
    });
  }
  return out;
}

async function captured(run: () => Promise<number>): Promise<{ code: number; out: string }> {
  let out = "";
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((s: string | Uint8Array) => ((out += String(s)), true));
  try {
    return { code: await run(), out };
  } finally {
    spy.mockRestore();
  }
}

/** Long options as written in a documented line (`--k`, `--fewshot=3`, `[--policy FILE]`), up to `--`. */
function longOptions(argv: string[]): string[] {
  const end = argv.indexOf("--");
  return (end < 0 ? argv : argv.slice(0, end)).map((w) => /^\[?(--[a-z][a-z0-9-]*)/.exec(w)?.[1]).filter((o): o is string => o !== undefined);
}

/** The --help text of the verb a documented command uses, and the options that belong to it. */
async function helpFor(tool: string, args: string[]): Promise<{ name: string; help: { code: number; out: string }; options: string[] }> {
  if (tool === "shellgen") {
    const verb = VERBS.find((v) => v.name === args[0]);
    const help = await captured(() => shellgenMain(verb ? [verb.name, "--help"] : ["--help"]));
    return { name: `shellgen ${verb?.name ?? ""}`.trim(), help, options: longOptions(verb ? args.slice(1) : args) };
  }
  if (tool === "grammargen") {
    const sub = COMMANDS[args[0]!];
    if (sub)
      return { name: `grammargen ${args[0]}`, help: await captured(() => grammargenMain([args[0]!, "--help"], io())), options: longOptions(args.slice(1)) };
    // The default command: options before the program name are grammargen's, the rest its help arguments.
    const valued = new Set([...DEFAULT.summary.matchAll(/--([a-z-]+) [^\s\]]/g)].map((m) => `--${m[1]}`));
    const own: string[] = [];
    for (let i = 0; i < args.length && args[i]!.startsWith("-"); i++) {
      own.push(args[i]!);
      if (valued.has(args[i]!)) i++;
    }
    return { name: "grammargen <command>", help: await captured(() => grammargenMain(["--help"], io())), options: longOptions(own) };
  }
  const help = await captured(() => benchMain([args[0]!, "--help"], { out: (s) => process.stdout.write(s), err: () => undefined }));
  return { name: `bench ${args[0]}`, help, options: longOptions(args.slice(1)) };
}

const io = () => ({ stdout: (s: string) => void process.stdout.write(s), stderr: () => undefined, readStdin: async () => "" });

const scripts = (dir: string): Record<string, string> => JSON.parse(readFileSync(join(ROOT, dir, "package.json"), "utf8")).scripts ?? {};
const workspaceDirs: Record<string, string> = Object.fromEntries(
  [
    "packages/agent",
    "packages/base",
    "packages/cli",
    "packages/decode",
    "packages/fewshot",
    "packages/grammargen",
    "packages/sandbox",
    "bench",
    "grammars",
  ].map((d) => [JSON.parse(readFileSync(join(ROOT, d, "package.json"), "utf8")).name, d]),
);

const lines = documented();

describe("the READMEs' command lines", () => {
  it("finds the documented commands", () => {
    expect(lines.filter((d) => d.argv[1] === "shellgen").length).toBeGreaterThanOrEqual(5);
    expect(lines.filter((d) => d.argv[1] === "grammargen").length).toBeGreaterThanOrEqual(5);
    expect(lines.filter((d) => d.argv[0] === "npm").length).toBeGreaterThanOrEqual(2);
  });

  it.each(lines.map((d) => [`${d.file}:${d.line} ${d.argv.join(" ")}`, d] as const))("%s", async (_label, d) => {
    const [tool, ...args] = d.argv.slice(1);
    if (d.argv[0] === "npm") {
      // npm run <script> [-w <workspace>], or npm test
      const script = tool === "run" ? args[0] : tool;
      const w = args.indexOf("-w");
      const dir = w >= 0 ? workspaceDirs[args[w + 1]!] : ".";
      expect(dir, `unknown workspace ${args[w + 1]}`).toBeDefined();
      expect(Object.keys(scripts(dir!)), `npm run ${script} in ${dir}`).toContain(script);
      return;
    }
    const { name, help, options } = await helpFor(tool!, args);
    expect(help.code, `${name} --help`).toBe(0);
    expect(help.out, `${name} --help`).toMatch(/usage/i);
    for (const o of options) expect(help.out, `${name} --help does not list ${o}`).toContain(o);
  });
});
