// Where a wrapper's command starts, on real tree-sitter-bash: options read from the wrapper's
// help-text IR (every spelling getopt allows), and the command reported lost, never guessed,
// when a word is one the IR does not explain.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { invocations, parseUsage, programsIn, usageFromIr, wrapperShape, type WrapperIr } from "../src/index.js";
import { unknownOptionLine, WRAPPERS, wrappedLine } from "./wrapper-spellings.js";

const ROOT = join(import.meta.dirname, "../../..");
const ir = (name: string) => JSON.parse(readFileSync(join(ROOT, "corpora/help", name, "ir.json"), "utf8")) as WrapperIr;
const lostOf = (line: string) => invocations(line).find((i) => i.lost)?.lost;

describe("the program a wrapper runs", () => {
  it.each([
    ["find . | xargs -0 rm", ["find", "xargs", "rm"]],
    ["ls | xargs -0 shutdown now", ["ls", "xargs", "shutdown"]],
    ["ls | xargs -0 sudo reboot", ["ls", "xargs", "sudo", "reboot"]],
    ["ls | xargs -0r -n1 -P 4 gzip -9", ["ls", "xargs", "gzip"]],
    ["xargs --max-args=1 --null gzip < list", ["xargs", "gzip"]],
    ["xargs --max-a 1 gzip < list", ["xargs", "gzip"]],
    ["xargs -e -I{} cp {} b/ < list", ["xargs", "cp"]],
    ["timeout -s KILL 5 reboot", ["timeout", "reboot"]],
    ["timeout --signal=KILL -k 1 5 reboot", ["timeout", "reboot"]],
    ["nice -n 5 make", ["nice", "make"]],
    ["nice -n -5 make", ["nice", "make"]],
    ["nice --adjustment=5 make", ["nice", "make"]],
    ["env -u X make", ["env", "make"]],
    ["env -i X=1 Y=2 make", ["env", "make"]],
    ["stdbuf -o0 -eL make", ["stdbuf", "make"]],
    ["stdbuf --output=L make", ["stdbuf", "make"]],
    ["nohup make", ["nohup", "make"]],
    ["watch -n 1 df -h", ["watch", "df"]],
    ["command -v python3", ["command", "python3"]],
    ["exec -a name make", ["exec", "make"]],
    ["sudo make", ["sudo", "make"]],
    ["chroot /srv make", ["chroot", "make"]],
    ["flock /tmp/lock make", ["flock", "make"]],
    // An operand before the command known only at run time, in double quotes: one word.
    ['flock "$LOCK" make', ["flock", "make"]],
    ['chroot "${ROOT}" make', ["chroot", "make"]],
    // Read from doas's usage line: -u takes a value.
    ["doas -u bob make", ["doas", "make"]],
  ])("%s", (line, programs) => {
    expect(programsIn(line)).toEqual(programs);
    expect(lostOf(line)).toBeUndefined();
  });

  it.each([
    // Not in the wrapper's help text (nice's -N form, a typo, a long name that abbreviates two).
    ["nice -15 make", "-15"],
    ["timeout --bogus 5 reboot", "--bogus"],
    ["xargs -Z rm", "-Z"],
    ["xargs --max 1 rm", "--max"],
    ["xargs --null=x rm", "--null=x"],
    // No help text in the corpus: any option hides the command.
    ["runuser -u bob reboot", "-u"],
    ["taskset -c 1 reboot", "-c"],
    // An option after the operand that the help does not list, a word only known at run time.
    ["flock /tmp/lock -Z reboot", "-Z"],
    ["nice $OPTS reboot", "$OPTS"],
    // Unquoted where an operand comes first, it may split into options; quoted where none does, it may be one.
    ["chroot $ROOT reboot", "$ROOT"],
    ['nice "$OPT" reboot', '"$OPT"'],
    // `env -` is `env -i`: a lone dash is no program.
    ["env - reboot", "-"],
  ])("%s: the command is lost at %s", (line, at) => {
    const lost = lostOf(line);
    expect(lost?.word.raw).toBe(at);
    expect(lost?.reason.length).toBeGreaterThan(10);
    expect(programsIn(line)).not.toContain("reboot");
  });

  it("for every option spelling of every wrapper, the program found is the inner command", () => {
    // A list of operands before the command (`chronic PROGRAM_ARG1... COMMAND`) hides where it starts: tested below.
    for (const wrapper of WRAPPERS.filter((w) => !wrapperShape(w)!.unreadable)) {
      fc.assert(
        fc.property(wrappedLine(wrapper), ({ line, inner }) => {
          const all = invocations(line);
          expect(all.find((i) => i.lost)?.lost, line).toBeUndefined();
          const found = all.find((i) => i.name.value === inner);
          expect(found?.wrappers.at(-1), line).toBe(wrapper);
          expect(
            found?.args.map((a) => a.value),
            line,
          ).toEqual(["now"]);
        }),
        { numRuns: 60 },
      );
    }
  });

  it("with an option its help does not list, every wrapper's command is lost, never guessed", () => {
    for (const wrapper of WRAPPERS) {
      fc.assert(
        fc.property(unknownOptionLine(wrapper), ({ line, inner }) => {
          const all = invocations(line);
          expect(all[0]!.lost, line).toBeDefined();
          expect(all.some((i) => i.name.value === inner)).toBe(false);
        }),
        { numRuns: 20 },
      );
    }
  });

  it("with an option its help does not list and no word after it that could name a program, the wrapper runs none", () => {
    // chrt -p 78, busybox --help: numbers and option words are no program, so nothing is hidden.
    const rest = fc.array(fc.oneof(fc.integer({ min: 0, max: 99999 }).map(String), fc.constantFrom("-p", "--all-tasks", "-f", "+5", "-3")), { maxLength: 3 });
    for (const wrapper of WRAPPERS) {
      const shape = wrapperShape(wrapper)!;
      const letter = [..."ZQYXzqyx"].find((c) => !shape.short.has(c))!;
      fc.assert(
        fc.property(rest, (words) => {
          const line = [wrapper, `-${letter}`, ...words].join(" ");
          const all = invocations(line);
          expect(all[0]!.lost, line).toBeUndefined();
          expect(all.map((i) => i.name.value)).toEqual([wrapper]);
          // A program word anywhere after it hides the command again.
          expect(invocations(`${line} reboot`)[0]!.lost, `${line} reboot`).toBeDefined();
        }),
        { numRuns: 10 },
      );
    }
  });

  it("finds no command where an operand before it may be absent (setarch's [<arch>], runcon's CONTEXT beside its -t TYPE form)", () => {
    expect(lostOf("setarch x86_64 reboot")).toBeDefined();
    expect(lostOf("runcon -t unconfined_t reboot")).toBeDefined();
    expect(lostOf("runcon system_u:system_r:unconfined_t:s0 reboot")).toBeDefined();
    expect(programsIn("chroot /srv/root reboot")).toEqual(["chroot", "reboot"]);
  });

  it("reads options of several values (bwrap --bind SRC DST), options after the operands before the command (flock FILE -c CMD), and a lone - as the command (logsave FILE -)", () => {
    expect(programsIn("bwrap --ro-bind /usr /usr --bind /a /b --dev /dev reboot now")).toEqual(["bwrap", "reboot"]);
    expect(programsIn("bwrap --bind /a /b --setenv A 1 sh -c 'reboot'")).toEqual(["bwrap", "sh", "reboot"]);
    expect(lostOf("bwrap --bind /a")).toBeUndefined();
    expect(programsIn("flock /tmp/lock -c reboot")).toEqual(["flock", "reboot"]);
    expect(lostOf("flock /tmp/lock -Z reboot")?.word.raw).toBe("-Z");
    expect(lostOf("logsave /tmp/log -")).toBeUndefined();
    expect(programsIn("logsave -a /tmp/log reboot")).toEqual(["logsave", "reboot"]);
    // `--opt=a,b,c` holds all its values in one word (unshare --map-users=<outer>,<inner>,<count>).
    expect(parseUsage("--bind:*2 --map:*3 COMMAND").values).toEqual(
      new Map([
        ["--bind", 2],
        ["--map", 3],
      ]),
    );
    expect(programsIn("unshare --map-users=0,1000,1 reboot")).toEqual(["unshare", "reboot"]);
    // A digit after a valued letter is a letter of its own (redis-benchmark's -3); only *N counts.
    expect(parseUsage("-d:3P:*2 COMMAND").short).toEqual(
      new Map([
        ["d", "required"],
        ["3", "none"],
        ["P", "required"],
      ]),
    );
  });

  it("a program that runs only its options' command lines (su -c) has them read wherever its options stand", () => {
    const lines = (line: string) => invocations(line).flatMap((i) => (i.commandLines ?? []).map((w) => w.value));
    for (const line of [
      "su -c 'rm -rf /tmp/x'",
      "su - root -c 'rm -rf /tmp/x'",
      "su root --command='rm -rf /tmp/x'",
      "su -lc 'rm -rf /tmp/x' bob",
      "su --comm 'rm -rf /tmp/x'",
    ]) {
      expect(lines(line), line).toEqual(["rm -rf /tmp/x"]);
      expect(programsIn(line), line).toContain("rm");
      expect(lostOf(line), line).toBeUndefined();
    }
    // An option the help does not list is read as a flag, and the cluster goes on (-Xc runs -c).
    expect(lines("su --frobnicate -Xc 'rm -rf /tmp/x' bob")).toEqual(["rm -rf /tmp/x"]);
    // Its operands are no command: su's arguments go to the shell as they are.
    expect(programsIn("su bob reboot")).toEqual(["su"]);
    expect(lostOf("su bob reboot")).toBeUndefined();
    // After --, a word spelled as an option is handed on (su gives it to the shell, where -c runs a command).
    expect(lostOf("su bob -- -c reboot")?.word.raw).toBe("-c");
    expect(wrapperShape("su")!.runsOperand).toBe(false);
  });

  it("an option value named <command> is a shell command line only where the help says a shell runs it", () => {
    const ir = (description: string): WrapperIr => ({
      options: [{ short: ["c"], long: ["command"], arity: "required", value: { metavar: "<command>" }, description }],
      positionals: [{ name: "user", type: { kind: "word" }, max: 1 }],
    });
    expect(usageFromIr(ir("pass a single command to the shell with -c"))).toBe("-c:! --command:!");
    expect(usageFromIr(ir("write to shell COMMAND; file name is $FILE"))).toBe("-c:! --command:!");
    expect(usageFromIr(ir("program passed in as string (terminates option list)"))).toBeUndefined();
    expect(usageFromIr(ir("Execute a single GDB command"))).toBeUndefined();
  });

  it("an option whose value is a command line is reported with it (hyperfine --setup CMD)", () => {
    const [hf] = invocations("hyperfine -s 'make clean' --prepare='sync' make");
    expect(hf!.commandLines?.map((w) => w.value)).toEqual(["make clean", "sync"]);
    expect(parseUsage("-c:! --command:! USER COMMAND").commandLine).toEqual(new Set(["-c", "--command"]));
  });
});

describe("usage lines from help-text IRs", () => {
  it("reads xargs' options from its IR: valued, optional, flags and long names", () => {
    const usage = usageFromIr(ir("xargs"))!;
    expect(usage).toMatch(/^-0a:d:E:e::I:i::L:l::n:oP:prs:tx /);
    expect(usage).toContain(" --max-args: ");
    expect(usage).toContain(" --eof:: ");
    expect(usage.endsWith(" COMMAND")).toBe(true);
    expect(wrapperShape("xargs")!.usage).toBe(usage);
  });

  it("counts the operands before the command, and env's assignments", () => {
    expect(parseUsage(usageFromIr(ir("timeout"))!).leading).toBe(1);
    expect(parseUsage(usageFromIr(ir("env"))!).assignments).toBe(true);
    expect(usageFromIr(ir("ls"))).toBeUndefined();
  });

  it("leaves out what the notation cannot hold, so those words lose the command", () => {
    const usage = usageFromIr({
      options: [
        { short: ["a"], long: [], arity: "optional", valueCount: 2 },
        { short: ["c"], long: ["command"], arity: "required", value: { metavar: "<command>" } },
      ],
      positionals: [
        { name: "FILES", type: { kind: "path" }, max: 16 },
        { name: "COMMAND", type: { kind: "word" }, max: 1, rest: true },
      ],
    })!;
    expect(usage).toBe("-c:! --command:! FILES... COMMAND");
    expect(parseUsage(usage).unreadable).toBe(true);
  });

  it("a COMMAND operand marked as the program's own command (git's, openssl's) makes no wrapper", () => {
    const ps = [
      { name: "command", type: { kind: "word" }, max: 1, rest: true },
      { name: "args", type: { kind: "word" }, max: 64 },
    ];
    expect(usageFromIr({ options: [], positionals: ps })).toBe("COMMAND");
    expect(usageFromIr({ options: [], positionals: [{ ...ps[0]!, subcommand: true }, ps[1]!] })).toBeUndefined();
  });

  it("a command operand followed by anything but its arguments is no command to run (lastcomm's `[command] ... [user] ...`)", () => {
    const op = (name: string, max = 1) => ({ name, type: { kind: "word" }, max });
    expect(usageFromIr({ options: [], positionals: [op("command", 16), op("user", 16), op("terminal", 16)] })).toBeUndefined();
    for (const args of ["ARG", "INITIAL-ARGS", "arguments", "args...]"])
      expect(usageFromIr({ options: [], positionals: [op("COMMAND"), op(args, 64)] }), args).toBe("COMMAND");
  });

  it("a wrapper whose operands before the command are a list loses any program after them, and runs none when no word could be one", () => {
    for (const wrapper of WRAPPERS.filter((w) => wrapperShape(w)!.unreadable)) {
      expect(lostOf(`${wrapper} x reboot`), wrapper).toBeDefined();
      expect(programsIn(`${wrapper} x reboot`)).not.toContain("reboot");
      expect(lostOf(`${wrapper} -5 10`), wrapper).toBeUndefined();
    }
  });
});
