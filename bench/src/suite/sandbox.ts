// The suite runs every setup script, command and check script in @shellgen/sandbox.
import { runSandboxed } from "@shellgen/sandbox";
import type { RunSandboxed } from "./task.js";

/** Fixed locale, zone and home, so sort order, dates, number formats and ~ do not depend on the host. */
export const TASK_ENV: Record<string, string> = { LC_ALL: "C.UTF-8", TZ: "UTC", HOME: "/workspace" };

const sandbox = { run: runSandboxed as RunSandboxed, name: "@shellgen/sandbox" };

/** The sandbox the suite uses (one place, so tests and authors can report it). */
export async function suiteSandbox(): Promise<{ run: RunSandboxed; name: string }> {
  return sandbox;
}
