// fast-check arbitraries for wrapper command lines: every way getopt lets a wrapper's options be
// spelled (short, clustered, glued or separate values, long, --long=value, abbreviated long),
// then its operands, then an inner command. Shared by the reader's test (base) and the policy
// checker's (grammargen).
import fc from "fast-check";
import { WRAPPER_NAMES, wrapperShape, type WrapperShape } from "../src/index.js";

/** Option values, quoted for the shell; some look like options (`nice -n -5`). */
const VALUE = fc.constantFrom("5", "KILL", "-5", "0", "L", "{}", "'a b'", "bob", "/tmp/x");
const GLUED = fc.constantFrom("5", "KILL", "0", "L", "{}", "x");

/** A name's abbreviations that getopt_long would still resolve to it. */
function abbreviations(shape: WrapperShape, name: string): string[] {
  const out = [name];
  for (let n = 1; n < name.length; n++) {
    const p = name.slice(0, n);
    if ([...shape.long.keys()].filter((l) => l.startsWith(p)).length === 1 && !shape.long.has(p)) out.push(p);
  }
  return out;
}

/** One option as the words it is written in. */
function optionWords(shape: WrapperShape): fc.Arbitrary<string[]> | undefined {
  const choices: fc.Arbitrary<string[]>[] = [];
  const flags = [...shape.short].filter(([, t]) => t === "none").map(([c]) => c);
  for (const [c, t] of shape.short) {
    if (t === "none") {
      // A cluster: this letter, more flag letters, maybe a valued letter last.
      choices.push(fc.tuple(fc.subarray(flags), fc.constant(c)).map(([more, first]) => [`-${first}${more.join("")}`]));
    } else if (t === "required") {
      const rest = Array.from({ length: (shape.values.get(`-${c}`) ?? 1) - 1 }, () => "/tmp/x");
      choices.push(fc.tuple(fc.subarray(flags), VALUE).map(([more, v]) => [`-${more.join("")}${c}`, v, ...rest]));
      choices.push(fc.tuple(fc.subarray(flags), GLUED).map(([more, v]) => [`-${more.join("")}${c}${v}`, ...rest]));
    } else {
      choices.push(fc.constant([`-${c}`]));
      choices.push(GLUED.map((v) => [`-${c}${v}`]));
    }
  }
  for (const [l, t] of shape.long) {
    const spelled = fc.constantFrom(...abbreviations(shape, l));
    if (t === "none") choices.push(spelled.map((s) => [`--${s}`]));
    else if (t === "required") {
      // An option of several values (bwrap --bind SRC DST): the rest are words of their own.
      const rest = Array.from({ length: (shape.values.get(`--${l}`) ?? 1) - 1 }, () => "/tmp/x");
      choices.push(fc.tuple(spelled, VALUE).map(([s, v]) => [`--${s}`, v, ...rest]));
      choices.push(fc.tuple(spelled, GLUED).map(([s, v]) => [`--${s}=${v}`, ...rest]));
    } else {
      choices.push(spelled.map((s) => [`--${s}`]));
      choices.push(fc.tuple(spelled, GLUED).map(([s, v]) => [`--${s}=${v}`]));
    }
  }
  return choices.length ? fc.oneof(...choices) : undefined;
}

export interface WrappedLine {
  wrapper: string;
  /** The command line: the wrapper, its options and operands, then `inner now`. */
  line: string;
  inner: string;
}

/** `W [options] [--] [operands] INNER now`, with options spelled in any way the wrapper's help allows. */
export function wrappedLine(wrapper: string, inner = "reboot"): fc.Arbitrary<WrappedLine> {
  const shape = wrapperShape(wrapper)!;
  const opt = optionWords(shape);
  const options = opt ? fc.array(opt, { maxLength: 4 }).map((os) => os.flat()) : fc.constant<string[]>([]);
  const assignments = shape.assignments ? fc.subarray(["X=1", "LC_ALL=C"]) : fc.constant<string[]>([]);
  const leading = Array.from({ length: shape.leading }, (_, i) => ["5", "/srv/root", "host"][i % 3]!);
  return fc
    .tuple(options, fc.boolean(), assignments)
    .map(([os, dashDash, as]) => ({ wrapper, line: [wrapper, ...os, ...(dashDash ? ["--"] : []), ...as, ...leading, inner, "now"].join(" "), inner }));
}

/** The same line with one option the wrapper's help does not list, before the command. */
export function unknownOptionLine(wrapper: string, inner = "reboot"): fc.Arbitrary<WrappedLine> {
  const shape = wrapperShape(wrapper)!;
  const letters = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"].filter((c) => !shape.short.has(c));
  const longs = ["frobnicate", "zz-not-an-option"].filter((l) => ![...shape.long.keys()].some((k) => k.startsWith(l)));
  const unknown = fc.oneof(
    fc.constantFrom(...letters).map((c) => `-${c}`),
    fc.constantFrom(...longs).map((l) => `--${l}`),
  );
  return fc.tuple(unknown, wrappedLine(wrapper, inner)).map(([u, w]) => ({ ...w, line: w.line.replace(`${wrapper} `, `${wrapper} ${u} `) }));
}

/** The wrappers that run a command given as their operands (su and split --filter run only their options' command lines). */
export const WRAPPERS = [...WRAPPER_NAMES].filter((w) => wrapperShape(w)!.runsOperand).sort();
