// The pack's IRs by command words ("curl", "git commit"): what profile reads options against.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { CommandSpec } from "../ir.js";
import type { SpecIndex } from "./learn.js";

/** Every `<key>.ir.json` of a pack folder; a program's own IR wins over a BusyBox applet's. */
export function packSpecs(dir: string | undefined): SpecIndex {
  const out: SpecIndex = new Map();
  if (!dir || !existsSync(dir)) return out;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".ir.json"))
    .sort((a, b) => Number(a.startsWith("busybox-")) - Number(b.startsWith("busybox-")) || a.localeCompare(b));
  for (const f of files) {
    const spec = JSON.parse(readFileSync(join(dir, f), "utf8")) as CommandSpec;
    const key = spec.path.join(" ");
    if (key && !out.has(key)) out.set(key, spec);
  }
  return out;
}
