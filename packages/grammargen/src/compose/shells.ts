// The shells as commands: `sh -c 'ls | wc -l'` runs a command line, checked by the composed
// grammar (INLINE); `bash script.sh args` runs a file. Their flags are bash's `set` letters
// (data/bash-builtins: "These flags can also be used upon invocation of the shell") and the
// invocation-only ones. Whether inline code may run is the policy's decision (policy/inline.ts):
// under a policy the shells exist only where its `inline.allow` names them.
import { alt, cls, lit, opt, ref, rep, seq, type Expr } from "../grammar/ast.js";
import { UNBOUNDED } from "../grammar/names.js";
import { eachItem } from "../parse/bash-help.js";
import { matchesAny, type Policy } from "../policy/policy.js";
import { bashBuiltins } from "./bash-builtins.js";
import { INLINE } from "./commands.js";
import { BASH_LONG_OPTIONS, INVOCATION_ONLY, POSIX_SHELLS } from "./wrappers.js";

const sp = ref("sp");

/** set's flag letters (without value) and its valued ones. */
function setLetters(): { flags: string; valued: string } {
  const set = bashBuiltins().find((b) => b.name === "set");
  let flags = "";
  let valued = "";
  for (const f of set?.forms ?? [])
    eachItem(f, (it) => {
      if (it.kind === "flags") flags += it.letters;
      else if (it.kind === "option") valued += it.letter;
    });
  return { flags, valued };
}

export function shells(s: number, policy?: Policy): Record<string, Expr> {
  const { flags, valued } = setLetters();
  const letters = [...new Set([...flags, ...INVOCATION_ONLY])].filter((c) => c !== "c" && !valued.includes(c)).join("");
  const flag = cls(letters);
  const word = ref(`sh_word_s${s}`);
  // -e, +x, -euo pipefail, -O extglob: clustered letters, the last may take a value.
  const option = seq(cls("-+"), rep(flag, 0, UNBOUNDED), alt(flag, seq(cls(`${valued}O`), opt(sp), ref("sh_name"))));
  const options = rep(seq(sp, option), 0, UNBOUNDED);
  // bash reads its long options first, before any letter.
  const long = alt(...BASH_LONG_OPTIONS.flags.map((f) => lit(`--${f}`)), seq(alt(...BASH_LONG_OPTIONS.valued.map((f) => lit(`--${f}`))), sp, word));
  const bashOptions = seq(rep(seq(sp, long), 0, UNBOUNDED), options);
  // -c among the letters (-c, -ec, -lc); the command line follows the options.
  const code = seq(lit("-"), rep(flag, 0, UNBOUNDED), lit("c"), rep(flag, 0, UNBOUNDED));
  const out: Record<string, Expr> = {};
  for (const name of POSIX_SHELLS) {
    // A shell runs code the policy cannot read (a script file, a -c line, its stdin): under a
    // policy, only a shell its inline.allow names is offered at all.
    if (policy && !matchesAny(name, policy.inline?.allow ?? [])) continue;
    const first = name === "bash" ? bashOptions : options;
    const file = seq(lit(name), first, opt(seq(sp, ref(`sh_operand_s${s}`), rep(seq(sp, word), 0, UNBOUNDED))));
    const command = seq(lit(name), first, sp, code, options, sp, ref(`${INLINE}_s${s}`), opt(seq(sp, word, rep(seq(sp, word), 0, UNBOUNDED))));
    out[name] = alt(command, file);
  }
  return out;
}
