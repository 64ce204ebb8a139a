// The MCP tools' definitions: names, descriptions, JSON Schema input and output. The
// run_shell_task definition is also committed as corpora/schemas/run_shell_task.json,
// from which `grammargen from-schema` builds the grammar for calling it (shipped in the
// pack); a test keeps the two identical.

const changes = {
  type: "object",
  properties: {
    created: {
      type: "array",
      items: { type: "object", properties: { path: { type: "string" }, type: { type: "string" }, sha256: { type: "string" } }, required: ["path", "type"] },
    },
    deleted: {
      type: "array",
      items: { type: "object", properties: { path: { type: "string" }, type: { type: "string" }, sha256: { type: "string" } }, required: ["path", "type"] },
    },
    modified: {
      type: "array",
      items: {
        type: "object",
        properties: { path: { type: "string" }, before: { type: "string" }, after: { type: "string" } },
        required: ["path", "before", "after"],
      },
    },
  },
  required: ["created", "deleted", "modified"],
} as const;

const explanation = {
  type: "array",
  items: {
    type: "object",
    properties: {
      program: { type: "string" },
      description: { type: "string" },
      words: { type: "array", items: { type: "object", properties: { text: { type: "string" }, meaning: { type: "string" } }, required: ["text", "meaning"] } },
    },
    required: ["program", "description", "words"],
  },
} as const;

export const RUN_SHELL_TASK = {
  name: "run_shell_task",
  description:
    "Turn a goal into one shell command and try it in a sandbox on a copy of the workspace, retrying with the error as feedback. Dry run by default: the workspace changes only with confirm: true, and then exactly as the dry run showed.",
  inputSchema: {
    type: "object",
    properties: {
      goal: { type: "string", minLength: 1, maxLength: 2000, description: "What the command should do, in plain language." },
      workspace: { type: "string", minLength: 1, maxLength: 4096, description: "Absolute path of the folder the goal is about." },
      confirm: { type: "boolean", description: "Apply the successful dry run's file changes to the workspace (default false: dry run only)." },
      max_attempts: { enum: [1, 2, 3, 4, 5], description: "Attempts before giving up (default 3)." },
    },
    required: ["goal", "workspace"],
    additionalProperties: false,
  },
} as const;

export const TOOLS = [
  {
    ...RUN_SHELL_TASK,
    outputSchema: {
      type: "object",
      properties: {
        command: { type: ["string", "null"], description: "The command that succeeded, or null." },
        stopped: { enum: ["success", "max-attempts", "wall-time", "repeated-command", "repeated-error"] },
        applied: { type: "boolean" },
        note: { type: "string" },
        attempts: {
          type: "array",
          items: {
            type: "object",
            properties: {
              command: { type: "string" },
              exitCode: { type: ["integer", "null"] },
              stdout: { type: "string" },
              stderr: { type: "string" },
              changes,
              verdict: { type: "string" },
              reason: { type: "string" },
            },
            required: ["command", "exitCode", "stderr", "changes", "verdict"],
          },
        },
        explanation,
        log: { type: "string" },
      },
      required: ["command", "stopped", "applied", "note", "attempts"],
    },
  },
  {
    name: "generate_command",
    description: "Turn a request into one validated shell command (nothing is run).",
    inputSchema: {
      type: "object",
      properties: {
        request: { type: "string", minLength: 1, maxLength: 2000 },
        workspace: { type: "string", description: "Folder whose file names ground the command (optional)." },
      },
      required: ["request"],
      additionalProperties: false,
    },
    outputSchema: {
      type: "object",
      properties: { command: { type: "string" }, path: { type: "string" }, parses: { type: "boolean" }, error: { type: "string" }, explanation },
      required: ["command", "path", "parses", "explanation"],
    },
  },
  {
    name: "explain_command",
    description: "Explain each flag and operand of a shell command from the programs' help texts (no model).",
    inputSchema: {
      type: "object",
      properties: { command: { type: "string", minLength: 1, maxLength: 4000 } },
      required: ["command"],
      additionalProperties: false,
    },
    outputSchema: {
      type: "object",
      properties: { command: { type: "string" }, text: { type: "string" }, explanation },
      required: ["command", "text", "explanation"],
    },
  },
] as const;
