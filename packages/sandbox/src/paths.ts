import { realpath } from "node:fs/promises";
import { isAbsolute, relative, resolve } from "node:path";

/**
 * Resolves `rel` inside `workspace` on the host, or returns undefined when it escapes it.
 * A sandboxed command can plant `out.txt -> /etc/passwd`; host-side checkers that read
 * result files must go through this so they never follow a link out of the workspace.
 */
export async function insideWorkspace(workspace: string, rel: string): Promise<string | undefined> {
  const root = await realpath(workspace);
  let real: string;
  try {
    real = await realpath(resolve(root, rel));
  } catch {
    return undefined;
  }
  const r = relative(root, real);
  return r === "" || (!r.startsWith("..") && !isAbsolute(r)) ? real : undefined;
}
