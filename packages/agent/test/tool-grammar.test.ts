// The pack ships the grammar for calling run_shell_task (generated from
// corpora/schemas/run_shell_task.json by the same code as `grammargen from-schema`):
// it accepts the calls the MCP server accepts and rejects ones it refuses.
import { describe, expect, it } from "vitest";
import { Ajv } from "ajv";
import { parseGrammarText, recognize } from "@shellgen/grammargen";
import { tools } from "@shellgen/grammars";
import { RUN_SHELL_TASK } from "@shellgen/agent";

describe("run_shell_task tool-call grammar in the pack", () => {
  const validate = new Ajv({ strict: false }).compile(RUN_SHELL_TASK.inputSchema);
  const calls = [
    '{"goal": "delete the .log files", "workspace": "/home/me/project"}',
    '{"goal":"list files","workspace":"/tmp","confirm":true,"max_attempts":2}',
    '{"goal": "x", "workspace": "/w", "confirm": false}',
    '{"goal": "x"}',
    '{"goal": "", "workspace": "/w"}',
    '{"goal": "x", "workspace": "/w", "confirm": "yes"}',
    '{"goal": "x", "workspace": "/w", "rm": true}',
    '{"goal": "x", "workspace": "/w", "max_attempts": 9}',
  ];
  for (const dialect of ["gbnf", "lark"] as const) {
    it(`${dialect}: agrees with the server's schema validation`, () => {
      const g = parseGrammarText(tools.run_shell_task![dialect], dialect);
      for (const call of calls) expect(recognize(g, call).accepted, `${dialect}: ${call}`).toBe(validate(JSON.parse(call)));
    });
  }
});
