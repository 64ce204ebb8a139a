// The shell front end on real tree-sitter-bash: verdicts, simple commands, and the programs
// a line runs once xargs, timeout and find -exec are looked through.
import { describe, expect, it } from "vitest";
import { bashVerdict, invocations, programOf, programsIn, programsToPlan, simpleCommands } from "../src/index.js";

describe("bashVerdict", () => {
  it("accepts commands that parse and names the place of the first problem otherwise", () => {
    expect(bashVerdict("ls -l | wc -l")).toEqual({ parses: true });
    expect(bashVerdict("   ")).toEqual({ parses: false, error: "empty command" });
    expect(bashVerdict("echo 'oops").error).toBe("unterminated ' quote opened at 1:6");
    expect(bashVerdict("while read l; do echo $l").error).toMatch(/never closed by `done`|missing `done`/);
    expect(bashVerdict("ls ) x").error).toMatch(/^syntax error at 1:\d+ near /);
  });
});

describe("programs in a command", () => {
  it("lists simple commands in source order, through pipes, lists, loops and substitutions", () => {
    expect(simpleCommands('for f in *.txt; do wc -l "$f"; done | sort -n && echo $(date)').map((c) => c.program)).toEqual(["wc", "sort", "echo", "date"]);
  });

  it("unwraps xargs, timeout and find -exec", () => {
    expect(programsIn("ls *.log | xargs -n 1 gzip")).toEqual(["ls", "xargs", "gzip"]);
    expect(programsIn("timeout 5 curl -s http://x")).toEqual(["timeout", "curl"]);
    expect(programsIn("find . -name '*.tmp' -exec rm -f {} \\;")).toEqual(["find", "rm"]);
    // A command line handed to a shell: a shell's -c script, a wrapper's one-word command, an option's value.
    expect(programsIn(`ssh -p 22 host "du -sh /var | sort -h"`)).toEqual(["ssh", "du", "sort"]);
    expect(programsIn("watch -n 1 'ls -l | wc -l'")).toEqual(["watch", "ls", "wc"]);
    expect(programsIn(`bash -lc "grep -c x f && date"`)).toEqual(["bash", "grep", "date"]);
    expect(programsIn(`nohup sh -c 'sleep 1; ssh h "uptime"' &`)).toEqual(["nohup", "sh", "sleep", "ssh", "uptime"]);
    expect(programsIn("hyperfine -s 'make clean' make")).toEqual(["hyperfine", "make"]);
    expect(programsIn("trap 'rm -f /tmp/lock; date' EXIT INT")).toEqual(["trap", "rm", "date"]);
    expect(programsIn("trap - INT")).toEqual(["trap"]);
    // Words only known at run time are no script.
    expect(programsIn('ssh h "$CMD"')).toEqual(["ssh"]);
    const inner = invocations("find . -exec gzip -9 {} +").find((i) => i.name.value === "gzip")!;
    expect(inner.wrappers).toEqual(["find"]);
    expect(inner.args.map((a) => a.value)).toEqual(["-9"]);
  });

  it("plans past a wrapper's operand known only at run time, which the checker never reads past", () => {
    for (const [line, inner] of [
      ["for h in a b; do ssh $h uptime; done", ["uptime"]],
      ["ssh $USER@$HOST ls -l", ["ls"]],
      ['ssh -i key $host "sudo systemctl restart nginx"', ["sudo", "systemctl"]],
      ["sudo chroot $ROOT make", ["make"]],
    ] as const) {
      expect(programsToPlan(line), line).toEqual([...programsIn(line), ...inner]);
      for (const p of inner) expect(programsIn(line), line).not.toContain(p);
    }
    // Where the wrapper would run the word itself, there is nothing past it to guess.
    for (const line of ["nice $OPTS make", "ls | xargs $CMD", "timeout $T"]) expect(programsToPlan(line), line).toEqual(programsIn(line));
  });

  it("names the program a command is about, looking through wrappers only", () => {
    expect(programOf("timeout 5 curl -s http://x")).toBe("curl");
    expect(programOf("LC_ALL=C sort a.txt | uniq")).toBe("sort");
    expect(programOf("find . -exec gzip {} \\;")).toBe("find");
    expect(programOf("/usr/bin/env python3 x.py")).toBe("python3");
    expect(programOf("")).toBe("");
  });
});
