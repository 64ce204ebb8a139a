// Author's tool: node bench/dist/suite/selftest-cli.js [tier|id-prefix ...] — runs the oracle and wrong commands.
import { loadSuite } from "./load.js";
import { suiteSandbox } from "./sandbox.js";
import { selfTest } from "./selftest.js";

const filters = process.argv.slice(2);
const tasks = loadSuite().filter(
  (t) => filters.length === 0 || filters.some((f) => (/^\d$/.test(f) ? t.tier === Number(f) : t.id.startsWith(f))),
);
const { name } = await suiteSandbox();
const report = await selfTest(tasks, { concurrency: Number(process.env.CONCURRENCY ?? 3) });
for (const f of report.failures) console.log(`FAIL ${f.taskId} [${f.kind}] ${f.command.replace(/\n/g, "\\n")}\n     ${f.reason}`);
console.log(`${report.tasks} tasks, ${report.commands} commands, ${report.failures.length} failures, ${(report.wallMs / 1000).toFixed(1)}s (sandbox: ${name})`);
process.exitCode = report.failures.length ? 1 : 0;
