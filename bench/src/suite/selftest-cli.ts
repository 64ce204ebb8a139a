// Author's tool: node bench/dist/suite/selftest-cli.js [--suite DIR] [--no-guesses] [tier | id-prefix ...]
// Runs every canonical solution, wrong command and guess of the chosen tasks in the sandbox.
import { loadSuite, loadTaskFolder, SuiteError } from "./load.js";
import { suiteSandbox } from "./sandbox.js";
import { selfTest } from "./selftest.js";

async function main(argv: string[]): Promise<number> {
  const at = argv.indexOf("--suite");
  const suite = at >= 0 ? argv[at + 1] : undefined;
  if (at >= 0 && !suite) throw new Error("--suite needs a folder");
  const guesses = !argv.includes("--no-guesses");
  const filters = argv.filter((a, i) => !a.startsWith("--") && (at < 0 || i !== at + 1));
  const tasks = (suite ? loadTaskFolder(suite) : loadSuite()).filter(
    (t) => filters.length === 0 || filters.some((f) => (/^\d$/.test(f) ? t.tier === Number(f) : t.id.startsWith(f))),
  );
  if (tasks.length === 0) throw new Error(`no task matches ${filters.join(" ")}`);
  const { name } = await suiteSandbox();
  const report = await selfTest(tasks, { concurrency: Number(process.env.CONCURRENCY ?? 3), guesses });
  for (const f of report.failures) console.log(`FAIL ${f.taskId} [${f.kind}] ${f.command.replace(/\n/g, "\\n")}\n     ${f.reason}`);
  console.log(
    `${report.tasks} tasks, ${report.commands} commands, ${report.failures.length} failures, ${(report.wallMs / 1000).toFixed(1)}s (sandbox: ${name})`,
  );
  return report.failures.length ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: Error) => {
    process.stderr.write(`selftest: ${e instanceof SuiteError ? e.firstLine : e.message.split("\n")[0]}\n`);
    process.exitCode = 2;
  },
);
