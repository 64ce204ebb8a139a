// The progress line on stderr: tasks done, pass rate so far, time to go.
// On a terminal it redraws in place; in a log it prints a line every few seconds.

export interface ProgressSink {
  start(total: number, skipped: number): void;
  tick(passed: boolean, what: string): void;
  finish(): void;
}

const fmtTime = (s: number) => {
  if (!Number.isFinite(s)) return "--";
  s = Math.max(0, Math.round(s));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return h ? `${h}h${String(m).padStart(2, "0")}m` : m ? `${m}m${String(sec).padStart(2, "0")}s` : `${sec}s`;
};

export class Progress implements ProgressSink {
  private total = 0;
  private done = 0;
  private passed = 0;
  private started = 0;
  private lastPrint = 0;
  private last = "";

  constructor(
    private readonly out: NodeJS.WritableStream & { isTTY?: boolean; columns?: number } = process.stderr,
    private readonly everyMs = 5000,
  ) {}

  start(total: number, skipped: number): void {
    this.total = total;
    this.started = performance.now();
    this.lastPrint = this.started;
    const resumed = skipped ? ` (${skipped} already done, resuming)` : "";
    this.out.write(`bench: ${total} runs to go${resumed}\n`);
  }

  line(): string {
    const elapsed = (performance.now() - this.started) / 1000;
    const rate = this.done / Math.max(elapsed, 1e-3);
    const eta = this.done ? (this.total - this.done) / rate : Number.NaN;
    const pct = this.done ? ((100 * this.passed) / this.done).toFixed(1) : "0.0";
    const width = String(this.total).length;
    return `[${String(this.done).padStart(width)}/${this.total}] pass ${pct}% · ${rate.toFixed(1)}/s · elapsed ${fmtTime(elapsed)} · ETA ${fmtTime(eta)}`;
  }

  tick(passed: boolean, what: string): void {
    this.done++;
    if (passed) this.passed++;
    this.last = what;
    const now = performance.now();
    if (this.out.isTTY) {
      const text = `${this.line()} · ${this.last}`;
      const cols = this.out.columns ?? 100;
      this.out.write(`\r\x1b[K${text.length > cols - 1 ? text.slice(0, cols - 2) + "…" : text}`);
    } else if (now - this.lastPrint >= this.everyMs || this.done === this.total) {
      this.lastPrint = now;
      this.out.write(`${this.line()}\n`);
    }
  }

  finish(): void {
    if (this.out.isTTY && this.done) this.out.write(`\r\x1b[K${this.line()}\n`);
  }
}

export const silentProgress: ProgressSink = { start() {}, tick() {}, finish() {} };
