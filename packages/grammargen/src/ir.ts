// The CommandSpec IR: what a program accepts, independent of any grammar dialect.
// Every parser (help text styles, JSON schemas) produces it; every lowering consumes it.

/** Where a piece of the IR came from in its source text (0-based offsets, 1-based line). */
export interface Span {
  start: number;
  end: number;
  line: number;
}

export type HelpStyle =
  | "gnu"
  | "cobra"
  | "argparse"
  | "click"
  | "clap"
  | "busybox"
  | "openssl"
  | "curl"
  | "git"
  | "find"
  | "tar"
  | "dd"
  | "bsd"
  | "schema"
  | "generic";

/** Value types, each lowered to its own typed terminal. */
export type ValueType =
  | { kind: "word" }
  | { kind: "integer"; signed?: "plusminus" | "minus" }
  | { kind: "number" }
  | { kind: "size" }
  | { kind: "duration" }
  | { kind: "path" }
  | { kind: "url"; schemes?: string[] }
  | { kind: "enum"; choices: string[] }
  /** unset: a key with a trailing dash is taken too, the form that removes it (kubectl label's `bar-`). */
  | { kind: "keyvalue"; unset?: boolean };

export const word = (): ValueType => ({ kind: "word" });
export const integer = (signed?: "plusminus" | "minus"): ValueType => (signed ? { kind: "integer", signed } : { kind: "integer" });
export const path = (): ValueType => ({ kind: "path" });
export const enumOf = (choices: string[]): ValueType => ({ kind: "enum", choices });

export type Arity = "none" | "required" | "optional";

export interface OptionValue {
  type: ValueType;
  /** The placeholder the help text used, e.g. SIZE, <FILE>, WHEN. */
  metavar?: string;
}

export interface OptionSpec {
  /** Single letters without the dash: ["a"] for -a. */
  short: string[];
  /** Long names without dashes: ["all"] for --all. */
  long: string[];
  /** Single-dash long names without the dash: ["in"] for openssl's -in, ["name"] for find's -name. */
  dashLong?: string[];
  /**
   * How a single-dash long name's value is glued on when the help writes it so: "=" for gcc's
   * -std=<standard>, "," for -Wl,<options>, ":" for java's -agentlib:<lib>. Absent: the next word.
   */
  joiner?: "=" | "," | ":";
  arity: Arity;
  value?: OptionValue;
  /**
   * arity "optional": the value may also be the next word, not only glued on (lsof's usage
   * `[-i [i]]`: `lsof -i :3000` and `lsof -i`). argparse, click and clap take it so always.
   * With a `joiner`: the value may also be the next word (Netpbm's "-row=N", whose text says
   * "You may separate an option name and its value with white space instead of an equals sign").
   */
  valueApart?: boolean;
  /** Number of values after the option (find -exec is special-cased); default 1 when arity != none. */
  valueCount?: number;
  repeatable: boolean;
  /** --[no-]flag or --flag / --no-flag: also accept the negated long form. */
  negatable?: boolean;
  description: string;
  span?: Span;
}

/** An option's spellings, dashes included, as PositionalSpec.suppliedBy records them. */
export const optionSpellings = (o: OptionSpec): string[] => [
  ...o.short.map((c) => `-${c}`),
  ...o.long.map((l) => `--${l}`),
  ...(o.dashLong ?? []).map((d) => `-${d}`),
];

export interface PositionalSpec {
  name: string;
  type: ValueType;
  min: number;
  /** Upper bound; grammars stay bounded, so "many" becomes a cap such as 16. */
  max: number;
  /** Options end here: this operand and every later word are taken as they are (timeout DURATION COMMAND [ARG]...). */
  rest?: boolean;
  /**
   * Option spellings that supply this operand (`["-e", "--expression"]` for sed's script): when
   * one of them is given, the operand may be absent.
   */
  suppliedBy?: string[];
  /** A COMMAND operand that names one of the program's own commands (git's, openssl's), not a program it runs (parse/subcommand-operand.ts). */
  subcommand?: boolean;
  span?: Span;
}

export interface CommandSpec {
  /** The words that invoke this command: ["git", "log"] for a subcommand. */
  path: string[];
  aliases: string[];
  style: HelpStyle;
  description?: string;
  options: OptionSpec[];
  positionals: PositionalSpec[];
  subcommands: CommandSpec[];
  /** Options inherited by every subcommand (cobra persistent flags, git -C). */
  globalOptions?: OptionSpec[];
  /** Style-specific syntax the generic lowering cannot express (find expressions, tar letters, dd operands). */
  extensions?: Extension[];
  /** manPage: the man page the spec was read from ("ifconfig(8)"), alone or with the help text. */
  source?: { program: string; version?: string; helpArgs?: string[]; manPage?: string };
}

export type Extension =
  /** operators: the ones the help lists, e.g. ["(", ")", "!", "-not", "-a", "-and", "-o", "-or", ","]. */
  | { kind: "find-expression"; operators?: string[] }
  | { kind: "tar-bundled"; letters: string[] }
  /** procps ps: options written without a dash (BSD syntax), bundled in one word after the
   * program (`ps aux`, `ps axo pid,comm`); each `valued` letter takes the next word. */
  | { kind: "bsd-letters"; flags: string[]; valued: string[] }
  /** list: the value is a comma-separated list of the enum's symbols (dd conv=notrunc,sync). */
  | { kind: "dd-operands"; keys: { key: string; type: ValueType; list?: boolean }[] }
  /** LLVM's command-line library: a long option may also be written with one dash (llc -relocation-model=pic). */
  | { kind: "single-dash-long" }
  /** The help says its options are another program's (zgrep: "OPTIONs are the same as for 'grep'")
   * and lists none: any option word is taken. said: the text says so in words, not only by a
   * placeholder's name ("[grep_options]"); where a collection of specs holds that program, its
   * options are lent in place of the extension (pack/lent-options.ts). ifHeld: a usage
   * placeholder naming another command of the same program (go test's "[build flags]"): its
   * options are lent where the collection holds that command, and nothing is taken otherwise. */
  | { kind: "options-of"; program: string; said?: true; ifHeld?: true }
  /** The help names some options by their start only (gcc: "Options starting with -g, -f, -m, -O, -W, or
   * --param are ..."): each prefix, dashes included, with any text glued on. */
  | { kind: "option-prefixes"; prefixes: string[] }
  /** The text says every option may be abbreviated to a unique prefix (Netpbm's "All options can be
   * abbreviated to their shortest unique prefix"): a long or single-dash long name is taken cut
   * short anywhere after the point where no other name shares its start. */
  | { kind: "abbreviations" }
  /** The text says its command names may be abbreviated (ip's objects): a subcommand's name may be cut to any leading part. */
  | { kind: "abbreviated-commands" }
  /**
   * The usage calls the options switches ("perl [switches] [--] [programfile]"), as programs
   * that read their own letters do: a letter's optional number ends at its last digit and the
   * cluster goes on (`perl -lne CODE`), where getopt would take the rest as the value.
   */
  | { kind: "switch-clusters" }
  /** Every usage form starts with one of the program's commands ("tool conf set ...", "tool conf edit"): one must be given. */
  | { kind: "command-required" }
  /** The usage hands the words after `--` to another program (cargo test's "[-- <args>...]",
   * lxc-attach's "[-- command]"): any number of them, whatever the operands before allow. */
  | { kind: "passes-after-dashes" };
