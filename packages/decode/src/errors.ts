// One typed error for everything decode reports to a caller; the CLI prints `message`
// as one line and maps `code` to an exit status.

export type DecodeErrorCode =
  | "EUSAGE" // bad command-line or API input (empty request, unknown mode)
  | "EMODEL" // model file missing, unreadable or not a GGUF the runtime can load
  | "EENDPOINT" // HTTP endpoint unreachable or answering garbage
  | "ETIMEOUT" // HTTP request ran past its deadline
  | "ENOGRAMMAR" // engine that cannot take a grammar, asked for a constrained mode
  | "EGRAMMAR" // grammar text that fails to compile
  | "ENOLOGITS" // a trace asked of an engine that does not report token probabilities
  | "EPACK"; // grammar pack or grammargen missing/broken

export class DecodeError extends Error {
  constructor(
    message: string,
    readonly code: DecodeErrorCode,
  ) {
    super(message);
    this.name = "DecodeError";
  }
}

/** First line of any thrown value, for one-line reports. */
export function oneLine(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return (text.split("\n").find((l) => l.trim() !== "") ?? text).trim();
}
