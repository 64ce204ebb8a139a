// How a wrapper runs the command it is given. Most run it as argv (`timeout 5 ls -l`): the words
// are a command under its own grammar. These join their command words and hand the string to a
// shell, so the command may also be one quoted command line (`ssh host 'ls -l | wc -l'`), checked
// by the composed grammar. Each from the program's manual:
// - ssh(1): "If a command is specified, it will be executed on the remote host instead of a login
//   shell" (sshd runs it with the user's shell -c);
// - watch(1): "command is given to sh -c";
// - parallel(1): "The command ... is run by the shell" (with {} replaced).
export const SHELL_RUN = new Set(["ssh", "watch", "parallel"]);

/** An option value named so (`su -c <command>`, `flock --command <command>`) is a command line run by a shell: base's rule, which the policy checker reads the same way. */
export { COMMAND_LINE_VALUE as COMMAND_VALUE } from "@shellgen/base";

/**
 * The shells that take a command line with -c (sh -c 'ls | wc -l'), as the policy's inline-code
 * checker names them (policy/inline.ts); csh, tcsh and fish read another language.
 */
export const POSIX_SHELLS = ["sh", "bash", "dash", "zsh", "ksh", "mksh", "ash"];

/**
 * Their invocation flags: bash's `set` documents its letters with "These flags can also be used
 * upon invocation of the shell" (data/bash-builtins), and `bash --help` adds "-ilrsD or -c
 * command or -O shopt_option (invocation only)".
 */
export const INVOCATION_ONLY = "ilrsD";

/**
 * bash's own long options, which `bash --help` lists under "GNU long options:" and which come
 * before its letters (`bash --noprofile --norc -c '...'`); --rcfile and --init-file name a file.
 */
export const BASH_LONG_OPTIONS = {
  flags: [
    "debug",
    "debugger",
    "dump-po-strings",
    "dump-strings",
    "help",
    "login",
    "noediting",
    "noprofile",
    "norc",
    "posix",
    "pretty-print",
    "restricted",
    "verbose",
    "version",
  ],
  valued: ["init-file", "rcfile"],
};
