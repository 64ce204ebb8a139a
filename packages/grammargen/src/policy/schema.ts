// The JSON Schema a policy file must satisfy; ajv checks it before anything reads it.
const id = { type: "string", pattern: "^[A-Za-z0-9][A-Za-z0-9._-]*$" };
const names = { type: "array", items: { type: "string", minLength: 1 } };
const flags = { type: "array", items: { type: "string", pattern: "^-" }, minItems: 1 };

export const policySchema = {
  $schema: "http://json-schema.org/draft-07/schema#",
  title: "shellgen command policy",
  type: "object",
  additionalProperties: false,
  required: ["version"],
  properties: {
    version: { const: 1 },
    name: { type: "string" },
    commands: {
      type: "object",
      additionalProperties: false,
      properties: { allow: names, deny: names },
    },
    deny: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["id", "command"],
        anyOf: [{ required: ["flags"] }, { required: ["args"] }, { required: ["protect"] }],
        properties: {
          id,
          command: { type: "string", minLength: 1 },
          flags,
          args: names,
          unless: names,
          protect: { type: "array", items: { type: "string", pattern: "^(/|\\{root\\}|\\{home\\})" }, minItems: 1 },
          under: { ...names, minItems: 1 },
          message: { type: "string" },
          fix: { type: "string" },
        },
      },
    },
    require: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["id", "command", "anyOf"],
        properties: { id, command: { type: "string", minLength: 1 }, anyOf: flags, fix: { type: "string" } },
      },
    },
    wrap: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["id", "commands", "with"],
        properties: { id, commands: { ...names, minItems: 1 }, flags, with: { type: "string", minLength: 1 }, fix: { type: "string" } },
      },
    },
    urls: {
      type: "object",
      additionalProperties: false,
      required: ["schemes"],
      properties: { schemes: { type: "array", items: { type: "string", pattern: "^[a-z][a-z0-9+.-]*$" }, minItems: 1 } },
    },
    paths: {
      type: "object",
      additionalProperties: false,
      required: ["root"],
      properties: {
        root: { type: "string", pattern: "^/" },
        allow: { type: "array", items: { type: "string", pattern: "^/" } },
        home: { type: "string", pattern: "^/" },
      },
    },
    pipeline: {
      type: "object",
      additionalProperties: false,
      properties: { maxLength: { type: "integer", minimum: 1, maximum: 64 }, denyInto: names },
    },
    options: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["command", "allow"],
        properties: {
          command: { type: "string", minLength: 1 },
          allow: { type: "array", items: { type: "string", pattern: "^-" } },
          values: { type: "array", items: { type: "string", pattern: "^-" } },
        },
      },
    },
    inline: {
      type: "object",
      additionalProperties: false,
      required: ["allow"],
      properties: { allow: names },
    },
  },
} as const;
