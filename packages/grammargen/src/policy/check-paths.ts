// Path arguments against the policy's root: where each one leads (through cd, .., ~, $HOME,
// brace alternatives and ${x:-default}), and whether it leaves the root or reaches a
// directory a deny rule protects.
import { UNKNOWN, type Word } from "@shellgen/base";
import { UNKNOWN_HOME } from "./policy.js";
import { braceAlternatives, fallbackReading, isProtected, isUnder, resolveIfEmpty, resolvePath } from "./resolve.js";
import { add, mapW, type WalkState } from "./state.js";

/** `~` follows $HOME as the command line sets it (`HOME=/; rm -rf ~`). */
export const homeOf = (st: WalkState): string => st.env.vars.HOME ?? st.policy.paths?.home ?? UNKNOWN_HOME;
export const resolve = (st: WalkState, value: string): string | undefined => resolvePath(value, st.cwd, homeOf(st));

export function checkPathValue(st: WalkState, w: Word, value: string, what: "arg" | "cd" | "redirect"): void {
  for (const v of readings(st, w, value)) checkOnePath(st, w, v, what);
}

/** What a word may expand to: its brace alternatives and, for `${x:-word}` and `$(pwd)`, what those read as. */
function readings(st: WalkState, w: Word, value: string): string[] {
  const fallback = value === w.value ? fallbackReading(w.raw, st.cwd) : undefined;
  return [...braceAlternatives(value), ...(fallback === undefined ? [] : braceAlternatives(fallback))];
}

function checkOnePath(st: WalkState, w: Word, v: string, what: "arg" | "cd" | "redirect"): void {
  const paths = st.policy.paths;
  if (!paths) return;
  const resolved = resolve(st, v);
  const shown = w.raw;
  if (resolved === undefined) {
    if (/(^|\/)\.\.(\/|$)/.test(v))
      add(
        st,
        "paths.root",
        mapW(st, w),
        `${shown} climbs with .. from a value only known at run time, so it may leave ${paths.root}`,
        `use a path under ${paths.root} without ..`,
      );
    return;
  }
  if (isUnder(resolved, paths.root) || paths.allow.some((a) => isUnder(resolved, a))) return;
  const verb = what === "cd" ? "cd leaves" : what === "redirect" ? "the redirect writes outside" : "the path is outside";
  add(
    st,
    "paths.root",
    mapW(st, w),
    `${verb} ${paths.root}: ${shown} resolves to ${resolved}`,
    `use a path under ${paths.root}, e.g. ./${lastSegment(resolved)}`,
  );
}

const lastSegment = (p: string): string => p.split("/").filter(Boolean).pop() ?? "dir";

/** A find expression starts at its first primary, operator or parenthesis; the words before it are the start directories. */
const FIND_EXPRESSION = /^[-(!)]/;

/**
 * The first operand that resolves to a protected directory (or would, were its run-time parts
 * empty), and what it resolves to. An operand known only at run time as a whole (`rm -rf $X`,
 * `find "$(cat dir)" -delete`) may be any directory, a protected one too: it is refused with
 * that reason, as the xargs rules refuse operands read at run time. Only find's start
 * directories are its operands: `find . -name "$P" -delete` names a pattern, not a path.
 */
export function protectedOperand(st: WalkState, protect: string[], args: Word[], program = ""): [Word, string] | undefined {
  const root = st.policy.paths?.root ?? "/";
  const dirs = protect.map((d) => d.replace("{root}", root).replace("{home}", st.policy.paths?.home ?? UNKNOWN_HOME));
  const home = homeOf(st);
  let options = true;
  for (const a of args) {
    if (program === "find" && FIND_EXPRESSION.test(a.value)) break;
    if (options && a.value === "--") {
      options = false;
      continue;
    }
    if (options && a.value.startsWith("-")) continue;
    for (const v of readings(st, a, a.value)) {
      const known = !v.includes(UNKNOWN);
      if (!known && v.split(UNKNOWN).join("") === "")
        return [a, `: ${a.raw} is only known at run time, so the directory it names cannot be checked before it runs`];
      const path = known ? resolvePath(v, st.cwd, home) : resolveIfEmpty(v, st.cwd, home);
      if (path !== undefined && isProtected(path, dirs))
        return [a, known ? `: ${a.raw} resolves to ${path}` : `: ${a.raw} is ${path} when its variables are empty`];
    }
  }
  return undefined;
}
