// Reads a policy from a JSON/YAML file or an object, validates it against the JSON Schema
// with ajv (every problem reported with its JSON pointer), then fills defaults.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { ValidateFunction } from "ajv";
import { GrammargenError, Session } from "../diagnostics.js";
import type { Policy } from "./policy.js";
import { policySchema } from "./schema.js";

// ajv and yaml load, and the schema compiles, on the first policy read rather than at
// import: every path that imports grammargen would otherwise pay for them at start-up.
const require = createRequire(import.meta.url);
let compiled: ValidateFunction | undefined;
function policyValidator(): ValidateFunction {
  if (!compiled) {
    const { Ajv } = require("ajv") as typeof import("ajv");
    compiled = new Ajv({ allErrors: true, strict: true, strictRequired: false }).compile(policySchema);
  }
  return compiled;
}
const parseYaml = (text: string): unknown => (require("yaml") as typeof import("yaml")).parse(text);

function readSource(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new GrammargenError(`cannot read policy ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`, [], "EPOLICY");
  }
  try {
    return /\.json$/i.test(file) ? JSON.parse(text) : parseYaml(text);
  } catch (e) {
    throw new GrammargenError(`policy ${file} is not valid ${/\.json$/i.test(file) ? "JSON" : "YAML"}: ${(e as Error).message.split("\n")[0]}`, [], "EPOLICY");
  }
}

export function loadPolicy(fileOrObject: string | object): Policy {
  const where = typeof fileOrObject === "string" ? fileOrObject : "policy object";
  const raw = typeof fileOrObject === "string" ? readSource(fileOrObject) : fileOrObject;
  const validate = policyValidator();
  if (!validate(raw)) {
    const s = new Session("policy");
    for (const err of validate.errors ?? []) {
      const extra = err.keyword === "additionalProperties" ? ` '${(err.params as { additionalProperty: string }).additionalProperty}'` : "";
      s.error(`${err.message ?? "invalid"}${extra}`, undefined, err.instancePath || "/");
    }
    const first = s.diagnostics[0]!;
    throw new GrammargenError(`invalid policy (${where}): ${first.pointer} ${first.message}`, s.diagnostics, "EPOLICY");
  }
  const p = raw as Partial<Policy> & { version: 1 };
  const paths = p.paths && {
    root: trimSlash(p.paths.root),
    allow: (p.paths.allow ?? []).map(trimSlash),
    ...(p.paths.home ? { home: trimSlash(p.paths.home) } : {}),
  };
  return {
    version: 1,
    ...(p.name !== undefined ? { name: p.name } : {}),
    commands: { ...(p.commands?.allow ? { allow: p.commands.allow } : {}), deny: p.commands?.deny ?? [] },
    deny: p.deny ?? [],
    require: p.require ?? [],
    wrap: p.wrap ?? [],
    ...(p.urls ? { urls: p.urls } : {}),
    ...(paths ? { paths } : {}),
    ...(p.pipeline ? { pipeline: p.pipeline } : {}),
    ...(p.inline ? { inline: p.inline } : {}),
    ...(p.options ? { options: p.options.map((r) => ({ ...r, command: r.command.trim().split(/\s+/).join(" ") })) } : {}),
  };
}

const trimSlash = (p: string): string => (p.length > 1 ? p.replace(/\/+$/, "") : p);
