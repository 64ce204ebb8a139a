// Builds corpora/tasks/tier<N>.json from the hand-written task lists in this folder.
//   node corpora/tasks/src/build.mjs          write the JSON files
//   node corpora/tasks/src/build.mjs --check  fail if the JSON files are out of date
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import tier1 from "./tier1.mjs";
import tier2 from "./tier2.mjs";
import tier3 from "./tier3.mjs";
import tier4 from "./tier4.mjs";

const require = createRequire(import.meta.url);
const Parser = require("tree-sitter");
const Bash = require("tree-sitter-bash");
const parser = new Parser();
parser.setLanguage(Bash);

export const TIER_SIZES = { 1: 57, 2: 65, 3: 139, 4: 38 };
const SOURCES = { 1: tier1, 2: tier2, 3: tier3, 4: tier4 };
// wrappers whose first operand is itself a program the task relies on
const WRAPPERS = new Set(["xargs", "timeout", "nice", "nohup", "env", "time"]);

/** Program names invoked by a command line, in order of first use. */
export function programsOf(command) {
  const names = [];
  const add = (n) => {
    if (n && /^[A-Za-z0-9_.+[-]+$/.test(n) && !n.startsWith("./") && !names.includes(n)) names.push(n);
  };
  const walk = (node) => {
    if (node.type === "command") {
      const nameNode = node.childForFieldName("name");
      const name = nameNode?.text;
      if (name && !name.includes("/") && !name.includes("$")) add(name);
      const args = node.namedChildren.filter((c) => c !== nameNode && c.type !== "variable_assignment" && !c.type.endsWith("redirect"));
      if (name && WRAPPERS.has(name)) {
        // skip options and their values (numbers, signals), take the first plausible program word
        const words = args.map((a) => a.text.replace(/^['"]|['"]$/g, ""));
        const prog = words.find(
          (w, i) =>
            !w.startsWith("-") &&
            !/^[0-9.]+[smhd]?$/.test(w) &&
            !/^[A-Z]+$/.test(w) &&
            !/^[A-Z_]+=/.test(w) &&
            !(i > 0 && ["-I", "-n", "-P", "-s", "-a", "-d", "-L"].includes(words[i - 1])),
        );
        if (prog && !prog.includes("/")) add(prog);
      }
      if (name === "find") {
        const words = args.map((a) => a.text);
        words.forEach((w, i) => {
          if ((w === "-exec" || w === "-execdir" || w === "-ok") && words[i + 1] && !words[i + 1].includes("/")) add(words[i + 1]);
        });
      }
    }
    for (const c of node.namedChildren) walk(c);
  };
  walk(parser.parse(command).rootNode);
  return names;
}

export function buildSuite() {
  const tiers = {};
  for (const [tier, list] of Object.entries(SOURCES)) {
    const t = Number(tier);
    tiers[t] = list.map((x) => {
      const programs = [];
      for (const s of x.sol) for (const p of programsOf(s)) if (!programs.includes(p)) programs.push(p);
      for (const p of x.programs ?? []) if (!programs.includes(p)) programs.push(p);
      const setup = {};
      if (x.files) setup.files = x.files;
      if (x.script) setup.script = x.script;
      return {
        id: `t${t}-${x.id}`,
        tier: t,
        category: x.cat,
        request: x.req,
        setup,
        programs: programs.length ? programs : ["bash"],
        solutions: x.sol,
        wrong: x.wrong,
        check: x.check,
        ...(x.variants ? { variants: x.variants } : {}),
      };
    });
  }
  return tiers;
}

const dir = fileURLToPath(new URL("../", import.meta.url));
export const tierPath = (t) => `${dir}tier${t}.json`;
export const render = (tasks) => JSON.stringify(tasks, null, 2) + "\n";

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const tiers = buildSuite();
  const stale = [];
  for (const [t, tasks] of Object.entries(tiers)) {
    if (tasks.length !== TIER_SIZES[t]) console.error(`warning: tier ${t} has ${tasks.length} tasks, want ${TIER_SIZES[t]}`);
    const text = render(tasks);
    if (process.argv.includes("--check")) {
      let old = "";
      try {
        old = readFileSync(tierPath(t), "utf8");
      } catch {
        /* missing counts as stale */
      }
      if (old !== text) stale.push(`tier${t}.json`);
    } else {
      writeFileSync(`${tierPath(t)}.tmp`, text);
      renameSync(`${tierPath(t)}.tmp`, tierPath(t));
    }
  }
  if (stale.length) {
    console.error(`out of date: ${stale.join(", ")} (run node corpora/tasks/src/build.mjs)`);
    process.exit(1);
  }
  console.log(
    Object.entries(tiers)
      .map(([t, x]) => `tier${t}: ${x.length}`)
      .join(", "),
  );
}
