// A command named by its path: a program in a system bin folder goes through its own grammar
// (a shell too: /bin/bash -c '...'); a script run by its relative path or a program named by a
// variable takes any words, at the top level and under the programs that run a command; a
// backslash before a name keeps the name's grammar.
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { compose, recognize } from "../src/index.js";
import { readCorpus } from "../src/pack/corpus.js";

const ROOT = join(import.meta.dirname, "../../..");
const entries = readCorpus(join(ROOT, "corpora/help"), ["ls", "head", "sudo", "nohup", "chroot", "xargs", "find", "timeout"]);
const g = compose({ commands: entries.map((e) => e.spec) });
const accepts = (cmd: string): boolean => recognize(g, cmd).accepted;

const segment = fc.stringMatching(/^[a-z][a-z0-9_.-]{0,8}$/);
const BIN_DIRS = ["/bin", "/sbin", "/usr/bin", "/usr/sbin"];
const words = fc.array(fc.stringMatching(/^[a-z0-9-]{1,6}$/), { maxLength: 3 });
// The programs composed here, the builtins that are also programs, and the shells.
const KNOWN = [...entries.map((e) => e.spec.name), "echo", "printf", "test", "true", "false", "pwd", "kill", "sh", "bash", "dash"];
const WRAPPED = ["", "sudo ", "nohup ", "timeout 5 ", "chroot /mnt ", "xargs "];

describe("command paths", () => {
  test("a relative path or one led by a variable runs with any words, alone or wrapped", () => {
    const lead = fc.constantFrom("./", "../", "~/", "$HOME/", "${DIR}/", "$");
    fc.assert(
      fc.property(lead, fc.array(segment, { minLength: 1, maxLength: 3 }), words, fc.constantFrom(...WRAPPED), (start, dirs, args, wrapper) => {
        const path = start === "$" ? `$${dirs[0]!.replace(/[^a-z0-9_]/g, "_")}` : `${start}${dirs.join("/")}`;
        const cmd = `${wrapper}${[path, ...args].join(" ")}`;
        expect(accepts(cmd), cmd).toBe(true);
      }),
    );
  });

  test("a name in a system bin folder is a program with a grammar, or refused; so is any other absolute path", () => {
    fc.assert(
      fc.property(fc.constantFrom(...BIN_DIRS, "/opt", "/etc/init.d"), segment, (dir, name) => {
        fc.pre(!KNOWN.includes(name));
        expect(accepts(`${dir}/${name} x`), `${dir}/${name} x`).toBe(false);
      }),
    );
    expect(accepts("/usr/bin/ls -l")).toBe(true);
    expect(accepts("/usr/bin/ls --bogus")).toBe(false);
  });

  test("a shell named by its path", () => {
    for (const c of ["/bin/bash", "/bin/sh -c 'ls -l'", "sudo /bin/bash", "chroot /mnt /bin/bash", "/usr/bin/bash -x ./run.sh"])
      expect(accepts(c), c).toBe(true);
    expect(accepts("/bin/sh -c 'ls --bogus'")).toBe(false);
  });

  test("an unclosed or empty expansion is no command, nor a bare folder", () => {
    for (const c of ["$( ls", "${DIR/run.sh", "$ x", "/ x", "/usr/ x", "!! x", "^a^b"]) expect(accepts(c), c).toBe(false);
  });

  test("a backslash before a name runs it past its alias, under the same grammar", () => {
    fc.assert(
      fc.property(fc.constantFrom("", "ls | ", "ls && "), fc.constantFrom("ls -l", "ls", "sudo ls -a", "head -n 1 f"), (before, cmd) => {
        expect(accepts(`${before}\\${cmd}`), `${before}\\${cmd}`).toBe(true);
        expect(accepts(`${before}\\${cmd} --bogus-x`), `${before}\\${cmd} --bogus-x`).toBe(false);
      }),
    );
    for (const c of ["\\\\ls", "\\ ls", "\\/bin/ls"]) expect(accepts(c), c).toBe(false);
  });
});
