// The one place shellgen keeps a user's own state: learned pairs, the few-shot index, run
// logs and start-up caches. $SHELLGEN_HOME when set, else ~/.local/share/shellgen.
import { homedir } from "node:os";
import { join } from "node:path";

export function shellgenHome(): string {
  return process.env.SHELLGEN_HOME || join(homedir(), ".local", "share", "shellgen");
}
