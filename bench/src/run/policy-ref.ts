// What a run keeps of its --policy (run.json): read by the reports, compare and resume, which
// need not load grammargen for it.
import { UsageError } from "./modes.js";

/** What run.json keeps of the policy. */
export interface PolicyRef {
  /** absolute path of the file the run was started with */
  path: string;
  /** sha256 of the file's text, hex */
  sha256: string;
}

/** One line naming a run's policy: its path and the start of its hash. */
export function policyLabel(p: PolicyRef | undefined): string {
  return p ? `${p.path} (sha256 ${p.sha256.slice(0, 12)})` : "none";
}

/**
 * A resumed run keeps the policy it was started with: its records were decoded under it, and
 * the rest must be too, or its pass rates would mix two grammars.
 */
export function assertSamePolicy(dir: string, recorded: PolicyRef | undefined, given: PolicyRef | undefined): void {
  if ((recorded?.sha256 ?? "") === (given?.sha256 ?? "")) return;
  const again = recorded ? ` --policy ${recorded.path}` : " without --policy";
  throw new UsageError(
    `--resume: ${dir} was run with policy ${policyLabel(recorded)}, not ${policyLabel(given)}; resume it${again}, or start a new run with --out`,
  );
}
