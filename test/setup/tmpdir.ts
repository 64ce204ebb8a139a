// Every test file's temp folders go under one folder per run, removed when the run ends, so
// a run leaves nothing in /tmp: tests that forget to clean up (or die before they can) once
// filled CI machines' disks one run at a time.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function setup(): () => void {
  const outer = process.env.TMPDIR;
  const run = mkdtempSync(join(tmpdir(), "shellgen-vitest-"));
  // As open as /tmp itself: mkdtemp's 0700 would hide every workspace below it from the
  // unprivileged user the sandbox runs as, and tests would see another sandbox than users do.
  chmodSync(run, 0o1777);
  // Workers and the programs tests spawn inherit the environment, and os.tmpdir() reads it.
  process.env.TMPDIR = run;
  return () => {
    if (outer === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = outer;
    if (process.env.SHELLGEN_KEEP_TMP) console.log(`test temp folders kept in ${run}`);
    else rmSync(run, { recursive: true, force: true });
  };
}
