// Refusing tokens by the start of their text before walking the grammar with them.
//
// llama.cpp's grammar refuses a token when no live parse stack can take its characters in
// order, so a token whose first characters no stack can take is refused whatever follows.
// Checking a token whose whole text is those characters therefore settles, at one position,
// every token that starts with them. Checking a token walks the grammar's stacks (several
// to tens of microseconds at the default grammar), and the ranked sampler checks up to
// thousands of listed tokens when the grammar allows few; most start with characters the
// grammar cannot take there.
//
// Only what is known exactly is screened: the leading ASCII characters of a token's text
// (llama.cpp's token_to_piece), derived from the vocabulary's own spelling, and prefixes that
// a single token spells exactly. Everything else is checked in full.
import type { Token } from "#node-llama-cpp";

const ATTR_UNKNOWN = 1 << 0;
const ATTR_NORMAL = 1 << 2;
const ATTR_CONTROL = 1 << 3;
const ATTR_USER_DEFINED = 1 << 4;
const ATTR_BYTE = 1 << 5;

/**
 * The longest prefix screened. On the Qwen2 and Llama 3 lab models, prefixes of up to three
 * characters refused 1% more tokens than the first character alone, and saved no time.
 */
export const MAX_PREFIX = 1;

/** How a vocabulary writes the bytes of its normal tokens. */
type Spelling = "byte-level" | "escaped-space";

export interface ScreenableModel {
  readonly vocabularyType: string;
  tokenize(text: string, specialTokens?: boolean, options?: "trimLeadingSpace"): Token[];
  isEogToken(token: Token): boolean;
  _model: { getTokenString(token: number): string | undefined; getTokenAttributes(token: number): number };
}

export class PrefixScreen {
  /** Per token: its text's leading ASCII characters (at most MAX_PREFIX + 1), and whether that is all of it. */
  private readonly heads = new Map<Token, { head: string; whole: boolean }>();
  private readonly probes = new Map<string, Token | null>();

  private constructor(
    private readonly model: ScreenableModel,
    private readonly spelling: Spelling,
  ) {}

  /** The screen for `model`, or undefined when its spelling of tokens is not one this knows. */
  static for(model: ScreenableModel): PrefixScreen | undefined {
    const spelling = spellingOf(model);
    return spelling ? new PrefixScreen(model, spelling) : undefined;
  }

  /**
   * The prefixes of `token`'s text, shortest first, that a refused check settles: proper
   * prefixes of at most MAX_PREFIX ASCII characters. Empty when the token is not screened.
   */
  prefixes(token: Token): string[] {
    const { head, whole } = this.headOf(token);
    const longest = Math.min(MAX_PREFIX, whole ? head.length - 1 : head.length);
    const out: string[] = [];
    for (let n = 1; n <= longest; n++) out.push(head.slice(0, n));
    return out;
  }

  /** A token whose text is exactly `text`, or undefined when none is known. */
  probe(text: string): Token | undefined {
    let p = this.probes.get(text);
    if (p === undefined) {
      p = null;
      const ids = this.model.tokenize(text, false, "trimLeadingSpace");
      if (ids.length === 1) {
        const h = this.headOf(ids[0]!);
        if (h.whole && h.head === text) p = ids[0]!;
      }
      this.probes.set(text, p);
    }
    return p ?? undefined;
  }

  private headOf(token: Token): { head: string; whole: boolean } {
    let h = this.heads.get(token);
    if (!h) {
      h = this.model.isEogToken(token) ? { head: "", whole: false } : this.derive(token);
      this.heads.set(token, h);
    }
    return h;
  }

  private derive(token: Token): { head: string; whole: boolean } {
    const none = { head: "", whole: false };
    const attr = this.model._model.getTokenAttributes(token);
    const text = this.model._model.getTokenString(token);
    if (text === undefined || text === "" || attr & (ATTR_UNKNOWN | ATTR_CONTROL | ATTR_USER_DEFINED)) return none;
    if (attr & ATTR_BYTE) {
      const m = /^<0x([0-9A-Fa-f]{2})>$/.exec(text);
      const b = m ? Number.parseInt(m[1]!, 16) : -1;
      return isAscii(b) ? { head: String.fromCharCode(b), whole: true } : none;
    }
    if (!(attr & ATTR_NORMAL)) return none;
    const read = this.spelling === "byte-level" ? byteLevelAscii : escapedAscii;
    let head = "";
    let i = 0;
    for (; i < text.length && head.length <= MAX_PREFIX; i++) {
      const c = read(text.charCodeAt(i));
      if (c < 0) break;
      head += String.fromCharCode(c);
    }
    return { head, whole: i === text.length };
  }
}

function isAscii(code: number): boolean {
  return code === 9 || code === 10 || (code >= 0x20 && code <= 0x7e);
}

/** GPT-2's byte-to-character table keeps '!'..'~' and moves space, tab and newline to U+0120, U+0109 and U+010A. */
function byteLevelAscii(code: number): number {
  if (code >= 0x21 && code <= 0x7e) return code;
  if (code === 0x120) return 0x20;
  if (code === 0x10a) return 10;
  if (code === 0x109) return 9;
  return -1;
}

/** SentencePiece-style text writes a space as U+2581 and keeps ASCII as it is. */
function escapedAscii(code: number): number {
  if (code === 0x2581) return 0x20;
  return code >= 0x21 && code <= 0x7e ? code : -1;
}

/**
 * How the vocabulary spells a space, read from how it tokenizes " x": SentencePiece-style
 * vocabularies use U+2581, byte-level BPE vocabularies GPT-2's U+0120. Other vocabulary types,
 * and BPE vocabularies that fit neither, are not screened.
 */
function spellingOf(model: ScreenableModel): Spelling | undefined {
  const type = model.vocabularyType;
  if (type !== "spm" && type !== "bpe" && type !== "ugm") return undefined;
  const ids = model.tokenize(" x", false, "trimLeadingSpace");
  const text = ids.length > 0 ? model._model.getTokenString(ids[0]!) : undefined;
  if (text?.startsWith("\u2581")) return "escaped-space";
  if (type === "bpe" && text?.startsWith("\u0120")) return "byte-level";
  return undefined;
}
