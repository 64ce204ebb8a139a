// Start-up caches: something costly to build from files that rarely change (the planner's
// indexes over the grammar pack) is kept as plain JSON in $SHELLGEN_HOME/cache/<name>-<key>.json.
// The key is a digest of whatever the value is built from; a new key replaces the old file.
// A cache that cannot be read or written only costs a rebuild. SHELLGEN_CACHE=0 turns it off.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { writeFileAtomicSync } from "./atomic.js";
import { join } from "node:path";
import { shellgenHome } from "./home.js";

export interface CacheCodec<T, S> {
  /** The value as plain data. */
  save(value: T): S;
  /** The value back from plain data; may throw on a snapshot it does not accept. */
  load(snapshot: S): T;
}

/** A short digest of the given parts, for a cache key. */
export function cacheKey(...parts: string[]): string {
  const h = createHash("sha256");
  for (const p of parts) h.update(`${p.length}:${p}`);
  return h.digest("hex").slice(0, 24);
}

export function cached<T, S>(name: string, key: string, build: () => T, codec: CacheCodec<T, S>): T {
  if (process.env.SHELLGEN_CACHE === "0") return build();
  const dir = join(shellgenHome(), "cache");
  const file = join(dir, `${name}-${key}.json`);
  try {
    const stored = JSON.parse(readFileSync(file, "utf8")) as { key: string; value: S };
    if (stored.key === key) return codec.load(stored.value);
  } catch {
    // Absent, half-written by an older version, or not accepted: build it again.
  }
  const value = build();
  try {
    mkdirSync(dir, { recursive: true });
    writeFileAtomicSync(file, JSON.stringify({ key, value: codec.save(value) }));
    const stale = new RegExp(`^${name.replace(/[^\w-]/g, "")}-\\w+\\.json$`);
    for (const f of readdirSync(dir)) if (stale.test(f) && f !== `${name}-${key}.json`) rmSync(join(dir, f), { force: true });
  } catch {
    // A read-only home only costs the next start a rebuild.
  }
  return value;
}
