// A test hook for kill tests: with SHELLGEN_PAUSE_AT=<point>, a writer reaching that point
// says so on stderr and blocks, so a test can SIGKILL it exactly there and prove the kill
// landed mid-write. Unset (always, outside tests), it costs one string comparison.
import { writeSync } from "node:fs";

export function pauseAt(point: string): void {
  if (process.env.SHELLGEN_PAUSE_AT !== point) return;
  writeSync(2, `SHELLGEN_PAUSED ${point} ${process.pid}\n`);
  // Block the whole thread (no event loop): only the test's kill ends this process.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 120_000);
}

/** The non-blocking sibling: with SHELLGEN_NOTICE=<point>, say on stderr that the point was
 * reached (once per process), so a test can prove a writer got there (e.g. that it waited for
 * a lock) before acting. */
const noticed = new Set<string>();
export function notice(point: string): void {
  if (process.env.SHELLGEN_NOTICE !== point || noticed.has(point)) return;
  noticed.add(point);
  writeSync(2, `SHELLGEN_NOTICE ${point} ${process.pid}\n`);
}
