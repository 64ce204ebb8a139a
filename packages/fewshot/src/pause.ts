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
