// Style-specific parsers. parseHelp uses the generic getopt-style reader (GNU, cobra,
// argparse, click, clap, generic) unless a style registers its own parser here.
// #3: add `{ style, detect, parse }` entries for busybox, openssl, curl, find, tar, dd, git, bsd.
// `detect` lets a style claim a text before the generic detector runs (e.g. BusyBox banners).
import type { CommandSpec, Diagnostic, HelpStyle } from "../ir.js";
import { HARD_STYLES } from "./hard.js";

export type StyleParse = (text: string, opts: { name: string[] }) => { spec: CommandSpec; diagnostics: Diagnostic[] };

export interface StyleEntry {
  style: HelpStyle;
  detect?: (text: string) => boolean;
  parse: StyleParse;
}

export const STYLE_PARSERS: StyleEntry[] = [...HARD_STYLES];

/** The registered parser for a style, if any. */
export function styleParser(style: HelpStyle, _text: string): StyleParse | undefined {
  return STYLE_PARSERS.find((s) => s.style === style)?.parse;
}

/** A style claimed by a registered detector, checked before the scoring detectors. */
export function claimedStyle(text: string): HelpStyle | undefined {
  return STYLE_PARSERS.find((s) => s.detect?.(text))?.style;
}
