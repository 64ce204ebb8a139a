// Reads a policy from a JSON/YAML file or an object, validates it against the JSON Schema
// with ajv (every problem reported with its JSON pointer), then fills defaults.
import { readFileSync } from "node:fs";
import { Ajv } from "ajv";
import { parse as parseYaml } from "yaml";
import { GrammargenError, Session } from "../ir.js";
import type { Policy } from "./policy.js";
import { policySchema } from "./schema.js";

const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false });
const validate = ajv.compile(policySchema);

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
  };
}

const trimSlash = (p: string): string => (p.length > 1 ? p.replace(/\/+$/, "") : p);
