// npm run bench:lark [-- --only default,grep] [--all] [--json]
// Times Python Lark (/usr/bin/python3, Debian's python3-lark) loading pack grammars, each in
// a fresh interpreter: the composed defaults by default, --all for every pack grammar. The
// target is < 5 s for a composed grammar. Reports wall and CPU seconds and the load average,
// since on a shared machine the wall time mostly measures the other processes.
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";

const PY = `
import json, sys, time
t, c = time.perf_counter(), time.process_time()
from lark import Lark
Lark(open(sys.argv[1]).read(), parser="earley", lexer="dynamic", start="start")
print(json.dumps({"wall": time.perf_counter() - t, "cpu": time.process_time() - c}))
`;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function main(): void {
  const dir = join(process.cwd(), "grammars", "pack");
  const only = arg("--only")?.split(",");
  const names = readdirSync(dir)
    .filter((f) => f.endsWith(".lark"))
    .map((f) => f.replace(/\.lark$/, ""))
    .filter((n) => (only ? only.includes(n) : process.argv.includes("--all") || n.startsWith("default")))
    .sort();
  if (names.length === 0) throw new Error(`no Lark grammars in ${dir}${only ? ` named ${only.join(", ")}` : ""}`);
  const rows: { name: string; wallS: number; cpuS: number; error?: string }[] = [];
  const before = loadavg();
  for (const name of names) {
    try {
      const out = execFileSync("/usr/bin/python3", ["-c", PY, join(dir, `${name}.lark`)], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
      const r = JSON.parse(out) as { wall: number; cpu: number };
      rows.push({ name, wallS: r.wall, cpuS: r.cpu });
    } catch (e) {
      const msg = (e as { stderr?: string }).stderr?.trim().split("\n").pop() ?? (e as Error).message;
      rows.push({ name, wallS: NaN, cpuS: NaN, error: msg });
    }
    const r = rows[rows.length - 1]!;
    if (!process.argv.includes("--json"))
      console.log(`${name.padEnd(24)} ${r.error ? `FAILED ${r.error}` : `wall ${r.wallS.toFixed(2)} s  cpu ${r.cpuS.toFixed(2)} s`}`);
  }
  const summary = {
    grammars: rows.length,
    failed: rows.filter((r) => r.error).map((r) => r.name),
    over5s: rows.filter((r) => r.wallS > 5).map((r) => r.name),
    loadAverage: { before, after: loadavg() },
  };
  if (process.argv.includes("--json")) console.log(JSON.stringify({ summary, rows }, null, 2));
  else console.log(JSON.stringify(summary));
  if (summary.failed.length) process.exitCode = 1;
}

try {
  main();
} catch (e) {
  console.error(`bench:lark: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
