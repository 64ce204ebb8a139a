// Where a path argument leads, judged the way bash would expand it: against the working
// directory the checker tracks through `cd`, with `..` folded, `~`, `~user` and `~+`
// expanded, and the parts only known at run time (UNKNOWN) cut off.
import { UNKNOWN } from "@shellgen/base";
import { globRegExp } from "./policy.js";

/** Normalises `value` against `cwd`; undefined when a run-time part makes it unknowable. */
export function resolvePath(value: string, cwd: string, home: string): string | undefined {
  const v = expandTilde(value, cwd, home);
  if (v === undefined || v.startsWith(UNKNOWN)) return undefined;
  const parts = segments(v.startsWith("/") ? v : `${cwd}/${v}`);
  // Whatever follows a run-time part may be anything; judge the known prefix.
  const known: string[] = [];
  for (const seg of parts) {
    if (seg.includes(UNKNOWN)) break;
    known.push(seg);
  }
  return "/" + known.join("/");
}

/** The path as it reads when every run-time part expands to nothing (`"$DIR"/*` is `/*`), or undefined when nothing is left. */
export function resolveIfEmpty(value: string, cwd: string, home: string): string | undefined {
  const bare = value.split(UNKNOWN).join("");
  return bare === "" ? undefined : resolvePath(bare, cwd, home);
}

/** `~` and `~/x` are home, `~root` is /root, `~user` /home/user, `~+` the working directory; `~-` is unknowable. */
function expandTilde(v: string, cwd: string, home: string): string | undefined {
  const m = /^~([^/]*)(\/.*)?$/s.exec(v);
  if (!m) return v;
  const [, user, rest = ""] = m;
  if (user === "") return home + rest;
  if (user === "+") return cwd + rest;
  if (user === "-") return undefined;
  if (user!.includes(UNKNOWN)) return undefined;
  return (user === "root" ? "/root" : `/home/${user}`) + rest;
}

/** Path segments with `.` dropped and `..` folded (never above /). */
function segments(abs: string): string[] {
  const parts: string[] = [];
  for (const seg of abs.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") parts.pop();
    else parts.push(seg);
  }
  return parts;
}

export const isUnder = (p: string, dir: string): boolean => dir === "/" || p === dir || p.startsWith(dir + "/");

/**
 * Whether `path` is one of `dirs`, or a directory above one of them. Both may hold globs
 * (`/home/*`, an operand `/w*`), compared segment by segment; a last segment that is only
 * `*` stands for everything in its directory, so `/workspace/*` counts as /workspace.
 */
export function isProtected(path: string, dirs: string[]): boolean {
  const p = path.split("/").filter(Boolean);
  while (p.length && /^\*+$/.test(p[p.length - 1]!)) p.pop();
  return dirs.some((dir) => {
    const d = dir.split("/").filter(Boolean);
    return p.length <= d.length && p.every((seg, i) => segmentsMeet(seg, d[i]!));
  });
}

const segmentsMeet = (a: string, b: string): boolean => a === b || globRegExp(a).test(b) || globRegExp(b).test(a);

/** Bash's brace alternatives: `{/,x}` is `/` and `x`, `a{b,c}d` is `abd` and `acd` (at most 64). Quoted braces are taken as unquoted: the safe side. */
export function braceAlternatives(value: string): string[] {
  const m = /\{([^{}]*,[^{}]*)\}/.exec(value);
  if (!m) return [value];
  const out: string[] = [];
  for (const alt of m[1]!.split(",")) {
    for (const one of braceAlternatives(value.slice(0, m.index) + alt + value.slice(m.index + m[0].length))) {
      out.push(one);
      if (out.length >= 64) return out;
    }
  }
  return out;
}

/**
 * The word as it reads when its `${x:-word}`-style expansions take their default (`x` unset)
 * and `$(pwd)` is the working directory: `${x:-/etc/shadow}` is /etc/shadow, `"$(pwd)"` the
 * directory `cd` left. Undefined when the word has neither.
 */
export function fallbackReading(raw: string, cwd: string): string | undefined {
  const withDefault = /\$\{[A-Za-z_][A-Za-z0-9_]*:?[-=+?]([^}]*)\}/g;
  const pwd = /\$\(\s*pwd(\s+-[LP])?\s*\)|`\s*pwd(\s+-[LP])?\s*`/g;
  if (!withDefault.test(raw) && !pwd.test(raw)) return undefined;
  return raw
    .replace(withDefault, "$1")
    .replace(pwd, cwd)
    .replace(/\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|\$\([^)]*\)|`[^`]*`/g, UNKNOWN)
    .replace(/["']/g, "");
}
