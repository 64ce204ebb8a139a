// The embedded backend on the real default model: native output, constrained output that
// its grammar accepts (checked with grammargen's recognizer), plain requests whose greedy
// answer must be repeatable, parse, fit its grammar and print what a hand-written reference
// prints in the real sandbox, and the retry loop's promise that every command parses or is
// reported as a failure with its reason.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseTree, repoPath } from "@shellgen/base";
import { parseGrammarText, recognize } from "@shellgen/grammargen";
import { runSandboxed } from "@shellgen/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBackend, defaultModelPath } from "../src/backend/index.js";
import type { Backend } from "../src/backend/types.js";
import { DecodeError } from "../src/errors.js";
import { generate } from "../src/generate.js";
import { parseBash } from "../src/gate.js";
import { loadPack, planFromGrammar } from "../src/plan-pack.js";
import { generatedRequests } from "./requests.js";

const MODEL = defaultModelPath();

/** Files whose contents tell the plausible wrong answers apart (line counts, cases, columns). */
const FIXTURE: Record<string, string> = {
  "notes.txt": Array.from({ length: 12 }, (_, i) => `Note ${i + 1}: buy milk, call Bob${i % 4 === 0 ? " again" : ""}`).join("\n") + "\n",
  "data.csv": "id,name,score\n" + Array.from({ length: 9 }, (_, i) => `${i + 1},user${i + 1},${(i * 37) % 100}`).join("\n") + "\n",
  "app.log": ["start ok", "error: disk full", "warning: slow", "Error: capital", "retry ok", "error: timeout", "done"].join("\n") + "\n",
};

/** What a command prints in the real sandbox on a fresh copy of the fixture (exit status included). */
async function runOnFixture(command: string): Promise<string> {
  const ws = mkdtempSync(join(tmpdir(), "shellgen-embedded-"));
  try {
    for (const [name, text] of Object.entries(FIXTURE)) writeFileSync(join(ws, name), text);
    const r = await runSandboxed({ command, workspace: ws, timeoutMs: 10_000 });
    return `${r.exitCode} ${r.stdout}`;
  } finally {
    rmSync(ws, { recursive: true, force: true });
  }
}

/** The program of the first simple command, as tree-sitter-bash reads it. */
function firstProgram(command: string): string | undefined {
  return parseTree(command).rootNode.descendantsOfType("command")[0]?.childForFieldName("name")?.text;
}
let backend: Backend;
let programs: string[];

beforeAll(async () => {
  if (!existsSync(MODEL)) throw new Error(`default model missing at ${MODEL} (npm run model:export)`);
  backend = await createBackend(MODEL);
  programs = Object.keys((await loadPack()).commands).sort();
});
afterAll(async () => backend?.close(), 120_000);

describe("embedded backend, default model", () => {
  it("decodes natively, greedy and repeatable", async () => {
    const a = await generate({ backend, request: "How many lines are in notes.txt?", mode: "native", maxTokens: 32 });
    const b = await generate({ backend, request: "How many lines are in notes.txt?", mode: "native", maxTokens: 32 });
    expect(a.path).toBe("native");
    expect(a.command).toBe(b.command);
    expect(parseBash(a.command).parses, a.command).toBe(true);
    expect(programs).toContain(firstProgram(a.command));
    expect(a.tokens.prompt).toBeGreaterThan(5);
    expect(a.tokens.completion).toBeGreaterThan(0);
  });

  // Plain requests with one obvious answer. The references are written from what the request
  // asks (several equivalent spellings), not copied from a run; the model's command counts as
  // right when it prints what one of them prints on the same fixture files.
  const PLAIN: [string, string[]][] = [
    ["Count the lines in notes.txt", ["wc -l < notes.txt", "wc -l notes.txt", "cat notes.txt | wc -l", "grep -c '' notes.txt"]],
    ["Show the first 5 lines of data.csv", ["head -n 5 data.csv", "sed -n 1,5p data.csv"]],
    ["Show the last 3 lines of notes.txt", ["tail -n 3 notes.txt", "sed -n '10,$p' notes.txt"]],
    ["Print the lines of app.log that contain error", ["grep error app.log", "sed -n /error/p app.log", "awk /error/ app.log"]],
    ["Convert notes.txt to upper case", ["tr a-z A-Z < notes.txt", "tr '[:lower:]' '[:upper:]' < notes.txt", "awk '{print toupper($0)}' notes.txt"]],
  ];
  for (const mode of ["native", "constrained"] as const) {
    it(`${mode}: plain requests give the same command twice, which parses, fits its grammar and does what was asked`, async () => {
      const wrong: string[] = [];
      for (const [request, references] of PLAIN) {
        const opts = { backend, request, mode, maxTokens: 32, workspaceFiles: Object.keys(FIXTURE) };
        const a = await generate(opts);
        const b = await generate(opts);
        expect(a.path, `${request}: ${a.error ?? ""}`).toBe(mode);
        expect(b.command, request).toBe(a.command);
        expect(parseBash(a.command).parses, a.command).toBe(true);
        if (mode === "constrained") {
          // The checker on the grammar object, and on the GBNF text exactly as llama.cpp got it.
          expect(a.grammar!.accepts(a.command).accepted, a.command).toBe(true);
          expect(recognize(parseGrammarText(a.grammar!.text.gbnf, "gbnf"), a.command).accepted, a.command).toBe(true);
          const allowed = a.grammar!.isDefault ? programs : a.grammarCommands;
          expect(allowed, a.command).toContain(firstProgram(a.command));
        } else expect(programs).toContain(firstProgram(a.command));
        const got = await runOnFixture(a.command);
        const want = await Promise.all(references.map(runOnFixture));
        if (!want.includes(got)) wrong.push(`${request} -> ${JSON.stringify(a.command)} printed ${JSON.stringify(got)}`);
      }
      expect(wrong).toEqual([]);
    }, 300_000);
  }

  it("constrained output is accepted by its grammar on 200 generated requests", async () => {
    const requests = generatedRequests(programs, 200);
    const rejected: string[] = [];
    const failed: string[] = [];
    const paths = new Map<string, number>();
    for (const request of requests) {
      const r = await generate({ backend, request, mode: "constrained", ground: false, maxTokens: 24, workspaceFiles: ["notes.txt", "data.csv", "logs/"] });
      paths.set(r.path, (paths.get(r.path) ?? 0) + 1);
      if (r.path === "failed") {
        failed.push(`${request} -> ${r.error}`);
        continue;
      }
      expect(r.path).toBe("constrained");
      const verdict = r.grammar!.accepts(r.command);
      if (!verdict.accepted) rejected.push(`${request} -> ${JSON.stringify(r.command)}: ${verdict.reason}`);
    }
    expect(rejected).toEqual([]);
    // Every output that completes is accepted. A model pushed off its path may still run
    // out of tokens under the grammar; that must stay rare (at most 1%) and say so.
    expect(failed.length).toBeLessThanOrEqual(2);
    for (const f of failed) expect(f).toMatch(/token limit \(\d+\) reached before the grammar was complete/);
    expect(paths.get("constrained")).toBe(200 - failed.length);
  }, 900_000);

  it("under default-open, every command the model finishes is accepted, and it finishes no less often than under the default grammar", async () => {
    // One grammar for every request, as an engine given a single grammar file uses it.
    const open = repoPath("grammars", "debian", "default-open.gbnf");
    if (!open) throw new Error("grammars/debian/default-open.gbnf is missing: npm run build generates it");
    const fixed = (file: string) => {
      const g = parseGrammarText(readFileSync(file, "utf8"), "gbnf");
      return { plans: () => [async () => planFromGrammar(g, ["<fixed>"], true, {})] };
    };
    const listed = JSON.parse(readFileSync(repoPath("grammars", "pack", "debian.json")!, "utf8")) as { programs: { key: string }[] };
    const others = listed.programs.map((p) => p.key).filter((k, i) => !k.includes("-") && i % 40 === 0);
    const requests = [...others.map((k, i) => `Use ${k} on ${["notes.txt", "data.csv", "app.log"][i % 3]}`), ...generatedRequests(programs, 20)];
    const run = async (file: string) => {
      let failed = 0;
      const rejected: string[] = [];
      for (const request of requests) {
        const r = await generate({ backend, request, mode: "constrained", ground: false, maxTokens: 32, planner: fixed(file) });
        if (r.path === "failed") failed++;
        else if (!r.grammar!.accepts(r.command).accepted) rejected.push(`${request} -> ${JSON.stringify(r.command)}`);
      }
      return { failed, rejected };
    };
    const withOpen = await run(open);
    const withDefault = await run(repoPath("grammars", "pack", "default.gbnf")!);
    console.log(`default-open: ${withOpen.failed}/${requests.length} without a command; the default grammar: ${withDefault.failed}`);
    expect(requests.length).toBeGreaterThanOrEqual(70);
    expect(withOpen.rejected).toEqual([]);
    // Any words after a name must not keep a model from ending its command.
    expect(withOpen.failed).toBeLessThanOrEqual(Math.max(withDefault.failed, requests.length / 10));
  }, 900_000);

  it("grounded constrained output is accepted by its grammar; a decode with no complete command says why", async () => {
    // Grounding narrows path values to names from the request and workspace, so a weak model
    // can talk itself into a corner (a second operand it cannot name) and hit the token limit.
    const requests = generatedRequests(programs, 300).slice(200);
    const rejected: string[] = [];
    const failures: string[] = [];
    let failed = 0;
    for (const request of requests) {
      const r = await generate({ backend, request, mode: "constrained", ground: true, maxTokens: 24, workspaceFiles: ["notes.txt", "data.csv", "logs/"] });
      if (r.path === "failed") {
        failed++;
        failures.push(`${request} -> ${JSON.stringify(r.command)}: ${r.error}`);
        expect(r.error).toMatch(/\S/);
        continue;
      }
      const verdict = r.grammar!.accepts(r.command);
      if (!verdict.accepted) rejected.push(`${request} -> ${JSON.stringify(r.command)}: ${verdict.reason}`);
    }
    expect(rejected).toEqual([]);
    console.log(`grounded constrained: ${requests.length - failed}/${requests.length} complete commands, all accepted; ${failed} failed with a reason`);
    expect(failed, failures.join("\n")).toBeLessThanOrEqual(requests.length / 10);
  }, 900_000);

  it("constrained-retry output always parses or is a failure with a reason", async () => {
    const requests = generatedRequests(programs, 60).filter((_, i) => i % 2 === 0);
    for (const request of requests) {
      const r = await generate({ backend, request, mode: "constrained-retry", maxTokens: 24 });
      if (r.path === "failed") {
        expect(r.error).toMatch(/\S/);
        expect(r.parses).toBe(false);
      } else {
        expect(["constrained", "retry-native"]).toContain(r.path);
        expect(parseBash(r.command).parses).toBe(true);
        expect(r.parses).toBe(true);
      }
    }
  }, 300_000);

  it("rejects a grammar llama.cpp cannot compile with one line", async () => {
    const err = await backend.prepareGrammar({ gbnf: 'root ::= root "a" | "a"', lark: "" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DecodeError);
    expect((err as DecodeError).code).toBe("EGRAMMAR");
    expect((err as DecodeError).message).not.toContain("\n");
  });

  it("refuses an empty request", async () => {
    await expect(generate({ backend, request: "  ", mode: "native" })).rejects.toThrow(/empty request/);
  });
});
