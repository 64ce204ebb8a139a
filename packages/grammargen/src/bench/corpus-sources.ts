// The getopt-style help texts in corpora/help: GNU getopt_long programs and the other
// getopt-like styles (cobra, argparse, click, clap, and generic ones). `capture-corpus`
// captures each with its version; the invocations.json files are written by hand.
export interface Source {
  /** Folder name under corpora/help. */
  name: string;
  /** argv that prints the help text. */
  command: string[];
  /** argv that prints the version (default: program --version). */
  version?: string[];
  /** Command words of the grammar when they are not just the program's basename. */
  words?: string[];
}

const gnu = (p: string): Source => ({ name: p, command: [p, "--help"] });

export const SOURCES: Source[] = [
  ...[
    "ls",
    "grep",
    "sed",
    "head",
    "tail",
    "cut",
    "sort",
    "uniq",
    "wc",
    "cat",
    "cp",
    "mv",
    "rm",
    "mkdir",
    "chmod",
    "du",
    "df",
    "touch",
    "date",
    "tr",
    "diff",
    "gzip",
    "xargs",
    "tee",
    "seq",
    "paste",
    "timeout",
    "base64",
    "wget",
    "fold",
  ].map(gnu),
  // cobra
  { name: "hugo", command: ["hugo", "--help"], version: ["hugo", "version"] },
  { name: "restic", command: ["restic", "--help"], version: ["restic", "version"] },
  // argparse
  { name: "flake8", command: ["flake8", "--help"] },
  { name: "http", command: ["http", "--help"] },
  // Debian's interpreter and tools (/usr/bin), the ones the bubblewrap checks can see.
  {
    name: "json-tool",
    command: ["/usr/bin/python3", "-m", "json.tool", "--help"],
    version: ["/usr/bin/python3", "--version"],
    words: ["python3", "-m", "json.tool"],
  },
  { name: "venv", command: ["/usr/bin/python3", "-m", "venv", "--help"], version: ["/usr/bin/python3", "--version"], words: ["python3", "-m", "venv"] },
  // click
  { name: "black", command: ["black", "--help"] },
  { name: "flask", command: ["/usr/bin/flask", "--help"], version: ["/usr/bin/flask", "--version"] },
  // clap
  { name: "rg", command: ["rg", "--help"] },
  { name: "fdfind", command: ["fdfind", "--help"] },
  { name: "hyperfine", command: ["hyperfine", "--help"] },
  { name: "batcat", command: ["batcat", "--help"] },
  { name: "sd", command: ["sd", "--help"] },
  { name: "lsd", command: ["lsd", "--help"] },
  { name: "b3sum", command: ["b3sum", "--help"] },
  // generic (own formats)
  { name: "jq", command: ["jq", "--help"] },
  { name: "age", command: ["age", "--help"] },
  { name: "tree", command: ["tree", "--help"] },
  // The default composition's programs (grammars/pack.json), so none is left out.
  ...["md5sum", "ln", "comm", "join", "nl", "tac", "basename", "dirname", "rmdir", "realpath", "stat", "sha256sum", "sleep"].map(gnu),
  { name: "gunzip", command: ["gunzip", "--help"] },
  { name: "rev", command: ["rev", "--help"] },
  // mawk (Debian's awk) prints its help for -W usage; the grammar is for `awk`.
  { name: "awk", command: ["awk", "-W", "usage"], version: ["awk", "-W", "version"] },
  // Programs people call that the coverage set (corpora/coverage) showed missing from the
  // default composition, and the numeric option styles (xz -0 ... -9, pr -COLUMN, fmt [-WIDTH]).
  ...[
    "readlink",
    "od",
    "yes",
    "who",
    "whoami",
    "uname",
    "id",
    "env",
    "nohup",
    "nice",
    "stdbuf",
    "fmt",
    "expand",
    "split",
    "shuf",
    "numfmt",
    "nproc",
    "expr",
    "cmp",
    "truncate",
    "chown",
    "zcat",
    "pr",
    "file",
    "uptime",
    "free",
    "watch",
    "hostname",
    "bc",
    "make",
  ].map(gnu),
  // xz's --help points to --long-help, which lists every option (-F FORMAT, --block-size).
  { name: "xz", command: ["xz", "--long-help"] },
  { name: "which", command: ["which", "--help"], version: ["dpkg-query", "-W", "-f", "debianutils ${Version}", "debianutils"] },
  { name: "column", command: ["column", "-h"], version: ["column", "-V"] },
  { name: "xxd", command: ["xxd", "-h"], version: ["xxd", "-v"] },
  { name: "ps", command: ["ps", "--help", "all"], version: ["ps", "--version"] },
  { name: "git-diff", command: ["git", "help", "diff"], version: ["git", "--version"], words: ["git", "diff"] },
  // Programs that run another command (sudo, su -c, ionice, chroot, flock, parallel): the composition
  // reads their own options from these texts and checks the command they run under its own grammar.
  { name: "sudo", command: ["sudo", "--help"], version: ["sudo", "-V"] },
  { name: "su", command: ["su", "--help"] },
  { name: "ionice", command: ["ionice", "--help"] },
  { name: "chroot", command: ["chroot", "--help"] },
  { name: "flock", command: ["flock", "--help"] },
  { name: "parallel", command: ["parallel", "--help"] },
];
