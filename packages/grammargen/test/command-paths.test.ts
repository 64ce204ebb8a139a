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
// As the pack's default grammar is composed (without the rare forms), and as a request's is.
const g = compose({ commands: entries.map((e) => e.spec), rareForms: false });
const wide = compose({ commands: entries.map((e) => e.spec) });
const accepts = (cmd: string): boolean => recognize(g, cmd).accepted;
const widely = (cmd: string): boolean => recognize(wide, cmd).accepted;

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

  test('a variable in double quotes runs too, positional ones and "$@" included; an unclosed quote does not', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('"$cmd"', '"${CMD}"', '"$0"', '"$@"', "$1", "$@", '"$DIR/run.sh"'),
        words,
        fc.constantFrom(...WRAPPED),
        (path, args, wrapper) => {
          const cmd = `${wrapper}${[path, ...args].join(" ")}`;
          expect(accepts(cmd), cmd).toBe(true);
        },
      ),
    );
    for (const c of ['"$cmd', '"$ cmd"', '"cmd" x', "$ x"]) expect(accepts(c), c).toBe(false);
  });

  test("a name in a system bin folder is a program with a grammar, or refused; so is any other absolute path, but for the rare forms", () => {
    fc.assert(
      fc.property(fc.constantFrom(...BIN_DIRS, "/opt", "/etc/init.d"), segment, (dir, name) => {
        fc.pre(!KNOWN.includes(name));
        expect(accepts(`${dir}/${name} x`), `${dir}/${name} x`).toBe(false);
        expect(widely(`${dir}/${name} x`), `${dir}/${name} x`).toBe(!BIN_DIRS.includes(dir));
      }),
    );
    for (const both of [accepts, widely]) {
      expect(both("/usr/bin/ls -l")).toBe(true);
      expect(both("/usr/bin/ls --bogus")).toBe(false);
    }
  });

  test("with the rare forms, a path outside the system bin folders runs with any words, alone or wrapped", () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), words, fc.constantFrom(...WRAPPED), (dirs, args, wrapper) => {
        const path = `/${dirs.join("/")}`;
        fc.pre(!BIN_DIRS.some((d) => `${path}/`.startsWith(`${d}/`)) && !["/bin", "/sbin", "/usr"].includes(path));
        const cmd = `${wrapper}${[path, ...args].join(" ")}`;
        expect(widely(cmd), cmd).toBe(true);
        expect(accepts(cmd), cmd).toBe(false);
      }),
    );
  });

  test("with the rare forms, a history event or quick substitution stands for an earlier line", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("!!", "!-2", "!17", "!ssh", "!./run", "^foo^bar", "^a^b^", "!!:gs/a/b", "!:1-3", "!-1:2"),
        words,
        fc.constantFrom(...WRAPPED),
        (event, args, wrapper) => {
          const cmd = `${wrapper}${[event, ...args].join(" ")}`;
          expect(widely(cmd), cmd).toBe(true);
          expect(accepts(cmd), cmd).toBe(false);
        },
      ),
    );
    for (const c of ["!", "!$", "!-", "^foo", "^^", "!:", "!!:", "ls |"]) expect(widely(c), c).toBe(false);
    for (const both of [accepts, widely]) {
      expect(both("! ls -l")).toBe(true);
      expect(both("! ls --bogus")).toBe(false);
    }
  });

  test("a shell named by its path", () => {
    for (const c of ["/bin/bash", "/bin/sh -c 'ls -l'", "sudo /bin/bash", "chroot /mnt /bin/bash", "/usr/bin/bash -x ./run.sh"])
      expect(accepts(c), c).toBe(true);
    expect(accepts("/bin/sh -c 'ls --bogus'")).toBe(false);
  });

  test("an unclosed or empty expansion is no command, nor a bare folder", () => {
    for (const c of ["$( ls", "${DIR/run.sh", "$ x", "/ x", "/usr/ x"]) for (const both of [accepts, widely]) expect(both(c), c).toBe(false);
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
