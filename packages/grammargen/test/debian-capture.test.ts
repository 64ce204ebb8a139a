// The Debian capture's pieces: the text bundles (lossless, and a damaged one is a clear
// error), the program list (tldr pages and standard programs mapped to packages, skips with
// their reasons), and the sandbox the programs run in (real bubblewrap).
import { execFileSync } from "node:child_process";
import fc from "fast-check";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { PackageRecord } from "../src/capture/debian/archive.js";
import { captureManOnly, captureProgram, looksLikeHelp, optionLines, unknownWord } from "../src/capture/debian/help.js";
import { HOST } from "../src/capture/debian/system.js";
import { actManOnly, alternativeProviders, neverHere, programList } from "../src/capture/debian/programs.js";
import { installAll, wouldInstall } from "../src/capture/debian/install.js";
import { listedSubcommands, walkSubcommands, type WalkStep } from "../src/capture/debian/walk.js";
import {
  addManPages,
  byGain,
  chooseManPages,
  fetchManPage,
  fetchManPages,
  manFillCandidates,
  manOnlyOptions,
  readManFillState,
} from "../src/capture/debian/man-fill.js";
import { manGain, textsGain } from "../src/bench/man-gain.js";
import { tldrExamplesFile } from "../src/bench/tldr-examples.js";
import { addPrograms, commitCorpus, commitWhy, DebianCorpus, leaveOut, writeCorpus } from "../src/capture/debian/store.js";
import { alternativeLinks, installedPackages, readInstalledAlternatives } from "../src/capture/debian/archive.js";
import { runSandboxed } from "../src/capture/debian/sandbox.js";
import { describeSystem, onRoot } from "../src/capture/debian/system.js";
import { parseBundle, readBundle, writeBundle } from "../src/pack/bundle.js";
import { buildPack } from "../src/pack/build.js";
import { readDebianIndex, readDebianText } from "../src/pack/debian.js";

describe("text bundles", () => {
  it("give back every text exactly, whatever it holds (header-like lines included)", () => {
    const name = fc.stringMatching(/^[a-z0-9][\w.+-]{0,12}$/);
    const text = fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.constant("=== ls 3\nabc\n"), fc.constant(""));
    fc.assert(
      fc.property(fc.dictionary(name, text), (rec) => {
        const texts = new Map(Object.entries(rec));
        const back = parseBundle(brotliDecompressSync(writeBundle(texts)), "t.br");
        expect(Object.fromEntries(back)).toEqual(Object.fromEntries([...texts].sort((a, b) => (a[0] < b[0] ? -1 : 1))));
      }),
      { numRuns: 200 },
    );
  });

  it("a cut or damaged bundle is an error that names the record, not a wrong text", () => {
    const raw = brotliDecompressSync(
      writeBundle(
        new Map([
          ["ls", "Usage: ls [OPTION]...\n"],
          ["tar", "Usage: tar [OPTION...]\n"],
        ]),
      ),
    );
    expect(() => parseBundle(raw.subarray(0, raw.length - 5), "t.br")).toThrow(/record tar is cut short/);
    expect(() => parseBundle(Buffer.concat([Buffer.from("junk\n"), raw]), "t.br")).toThrow(/no record header at byte 0/);
    expect(() => writeBundle(new Map([["a b", "x"]]))).toThrow(/not a program name/);
    expect(parseBundle(brotliDecompressSync(brotliCompressSync(Buffer.alloc(0))), "t.br").size).toBe(0);
  });
});

describe("what the commit leaves out", () => {
  it("a text over the size limit, or one of mostly repeated lines; never ordinary help", () => {
    const help = `Usage: tar [OPTION...] [FILE]...\n${Array.from({ length: 80 }, (_, i) => `  --opt${i}   option ${i}`).join("\n")}\n`;
    expect(leaveOut(help, 100_000)).toBeUndefined();
    expect(leaveOut(help, 100)).toMatch(/larger than 100 bytes/);
    const prompts = "Enter current password for root (enter for none):\nPlease answer y or n.\n".repeat(60);
    expect(leaveOut(prompts, 100_000)).toMatch(/repeated lines/);
  });
});

describe("program list", () => {
  const rec = (name: string, extra: Partial<PackageRecord> = {}): PackageRecord => ({
    name,
    version: "1.0-1",
    priority: "optional",
    section: "utils",
    depends: ["libc6"],
    installedKb: 100,
    ...extra,
  });
  const packages = new Map(
    [
      rec("git"),
      rec("rsync"),
      rec("netcat-openbsd", { priority: "important" }),
      rec("netcat-traditional"),
      rec("x11-apps", { section: "x11" }),
      rec("gpick", { depends: ["libgtk-3-0"] }),
      rec("systemd-sysv", { priority: "important" }),
      rec("procps", { priority: "important" }),
    ].map((r) => [r.name, r]),
  );
  const programs = new Map([
    ["git", ["git"]],
    ["rsync", ["rsync"]],
    ["nc", ["netcat-traditional", "netcat-openbsd"]],
    ["xeyes", ["x11-apps"]],
    ["gpick", ["gpick"]],
    ["reboot", ["systemd-sysv"]],
    ["pgrep", ["procps"]],
  ]);
  const pages = new Map([
    ["git", 8],
    ["git commit", 6],
    ["rsync", 9],
    ["nc", 7],
    ["xeyes", 3],
    ["gpick", 4],
    ["reboot", 2],
    ["unknown-tool", 5],
  ]);
  const list = programList(pages, programs, packages, new Map([["procps", "2:4.0.2-3"]]));
  const by = new Map(list.map((p) => [p.name, p]));

  it("takes tldr pages Debian ships, their subcommand pages, and standard programs", () => {
    expect([...by.keys()].sort()).toEqual(["git", "git-commit", "gpick", "nc", "pgrep", "reboot", "rsync", "xeyes"]);
    expect(by.get("git-commit")).toMatchObject({ words: ["git", "commit"], package: "git", tldrExamples: 6 });
    expect(by.get("pgrep")).toMatchObject({ from: ["standard"], package: "procps" });
    expect(by.get("rsync")?.skip).toBeUndefined();
  });

  it("prefers the higher-priority package of a program several ship", () => {
    expect(by.get("nc")?.package).toBe("netcat-openbsd");
  });

  it("prefers a package named after the program to one that only provides its name, installed or not", () => {
    const more = new Map([...packages, ...[rec("docker.io"), rec("podman-docker", { installedKb: 1 })].map((r): [string, PackageRecord] => [r.name, r])]);
    const progs = new Map([...programs, ["docker", ["podman-docker", "docker.io"]]]);
    const list = programList(new Map([["docker", 8]]), progs, more, new Map([["podman-docker", "1"]]));
    expect(list.find((p) => p.name === "docker")?.package).toBe("docker.io");
  });

  it("skips graphical programs and those that may act, saying why", () => {
    expect(by.get("xeyes")?.skip).toMatch(/graphical.*section x11/);
    expect(by.get("gpick")?.skip).toMatch(/graphical.*libgtk-3-0/);
    expect(by.get("reboot")?.skip).toMatch(/may act instead of printing help/);
    // Never run; the man page is read, unless the program runs a command it is given.
    expect(actManOnly("reboot")).toBe(true);
    expect(actManOnly("runuser")).toBe(false);
    expect(actManOnly("ls")).toBe(false);
  });

  it("in a chroot, installs what would change this machine and what links a toolkit, but still skips graphical sections, programs that act and kernel modules", () => {
    const more = new Map([
      ...packages,
      ...[rec("grub-common"), rec("npm", { depends: ["nodejs"] }), rec("firewalld"), rec("zfs-dkms")].map((r): [string, PackageRecord] => [r.name, r]),
    ]);
    const progs = new Map([...programs, ["grub-mkrescue", ["grub-common"]], ["npm", ["npm"]], ["firewall-cmd", ["firewalld"]], ["zfs", ["zfs-dkms"]]]);
    const pg = new Map([...pages, ["grub-mkrescue", 3], ["npm", 8], ["firewall-cmd", 8], ["zfs", 4]]);
    const here = new Map(programList(pg, progs, more, new Map()).map((p) => [p.name, p]));
    const chroot = new Map(programList(pg, progs, more, new Map(), new Map(), true).map((p) => [p.name, p]));
    expect(here.get("grub-mkrescue")?.skip).toMatch(/boots/);
    expect(here.get("npm")?.skip).toMatch(/Node\.js/);
    expect(here.get("firewall-cmd")?.skip).toMatch(/network configuration/);
    for (const p of ["grub-mkrescue", "npm", "firewall-cmd", "gpick"]) expect(chroot.get(p)?.skip).toBeUndefined();
    expect(chroot.get("xeyes")?.skip).toMatch(/section x11/);
    expect(chroot.get("reboot")?.skip).toMatch(/may act/);
    expect(chroot.get("zfs")?.skip).toMatch(/kernel modules/);
  });

  it("finds tldr's examples where report:tldr does: SHELLGEN_TLDR, else next to the checkout or, from a git worktree, next to the main checkout", () => {
    const root = join(import.meta.dirname, "../../..");
    const saved = process.env.SHELLGEN_TLDR;
    try {
      process.env.SHELLGEN_TLDR = "/elsewhere/examples.jsonl";
      expect(tldrExamplesFile(root)).toBe("/elsewhere/examples.jsonl");
      delete process.env.SHELLGEN_TLDR;
      const common = execFileSync("git", ["rev-parse", "--path-format=absolute", "--git-common-dir"], { cwd: root, encoding: "utf8" }).trim();
      const near = (checkout: string) => join(dirname(checkout), "shared/data/tldr/examples.jsonl");
      const expected = [root, dirname(common)].map(near).find((f) => existsSync(f)) ?? near(root);
      expect(tldrExamplesFile(root)).toBe(expected);
    } finally {
      if (saved === undefined) delete process.env.SHELLGEN_TLDR;
      else process.env.SHELLGEN_TLDR = saved;
    }
  });
});

describe("programs that update-alternatives links (no package ships a file of their name)", () => {
  const rec = (spec: string): [string, PackageRecord] => {
    // name[:provides,...][:depends,...][:installedKb]
    const [name, prov, dep, kb] = spec.split(":");
    const r = { name: name!, version: "1", priority: "optional", section: "net", installedKb: Number(kb || 100) };
    return [r.name, { ...r, provides: prov ? prov.split(",") : [], depends: dep ? dep.split(",") : [] }];
  };
  const packages = new Map(
    "vim vim-tiny:::10 traceroute inetutils-traceroute:traceroute telnet::inetutils-telnet inetutils-telnet:telnet telnet-ssl:telnet::50 libtelnet-utils iotop iotop-c mtr::libgtk2.0-0 mtr-tiny plocate cd-discid util-linux rename"
      .split(" ")
      .map(rec),
  );
  // file:packages
  const programs = new Map(
    "vim.basic:vim vim.tiny:vim-tiny traceroute.db:traceroute inetutils-traceroute:inetutils-traceroute inetutils-telnet:inetutils-telnet telnet-ssl:telnet-ssl telnet-chatd:libtelnet-utils iotop-py:iotop iotop-c:iotop-c mtr:mtr,mtr-tiny plocate:plocate cd-discid:cd-discid rename.ul:util-linux file-rename:rename"
      .split(" ")
      .map((f): [string, string[]] => [f.split(":")[0]!, f.split(":")[1]!.split(",")]),
  );
  const installedAlt = new Map([["vi", { group: "vi", link: "/usr/bin/vi", target: "/usr/bin/vim.tiny", package: "vim-tiny" }]]);
  const pages = new Map(["vim", "vi", "traceroute", "telnet", "iotop", "mtr", "locate", "cd", "rename", "nosuch"].map((p) => [p, 3]));
  const by = new Map(programList(pages, programs, packages, new Map(), installedAlt).map((p) => [p.name, p]));

  it("maps each to the package that provides it, and says how", () => {
    expect([...by.keys()].sort()).toEqual(["iotop", "mtr", "rename", "telnet", "traceroute", "vi", "vim"]);
    // The link dpkg's alternatives database holds; a NAME.x / NAME-x file, the package of the program's name first.
    expect(by.get("vi")).toMatchObject({ package: "vim-tiny", via: "alternative /usr/bin/vi -> /usr/bin/vim.tiny" });
    expect(by.get("vim")).toMatchObject({ package: "vim", via: "alternative of vim.basic, vim.tiny", tldrExamples: 3 });
    expect(by.get("iotop")).toMatchObject({ package: "iotop", via: "alternative of iotop-py" });
    // Debian's own traceroute over a package that Provides it; a transitional package's dependency.
    expect(by.get("traceroute")).toMatchObject({ package: "traceroute", via: "alternative of traceroute.db" });
    expect(by.get("telnet")).toMatchObject({ package: "inetutils-telnet", via: "Provides: telnet, which package telnet depends on" });
    // A file needs no mapping; a package the capture skips (GTK) comes after one it installs.
    expect(by.get("mtr")).toMatchObject({ package: "mtr-tiny" });
    expect(by.get("mtr")?.via ?? by.get("mtr")?.skip).toBeUndefined();
    // Matched at a separator only (plocate is no locate); cd-discid is a program of its own, rename.ul no variant of util-linux.
    expect(alternativeProviders(programs, packages)("locate")).toBeUndefined();
    // Last, the package of the program's name that ships it under another name.
    expect(by.get("rename")).toMatchObject({ package: "rename", via: "alternative of file-rename" });
  });

  it("reads dpkg's alternatives database: master and slave links, each with its current choice and package (real dpkg-query)", () => {
    const nc = "auto\n/bin/nc\nnc.1.gz\n/usr/share/man/man1/nc.1.gz\nnetcat\n/bin/netcat\n\n/bin/nc.openbsd\n50\n/x.1.gz\n/bin/nc.openbsd\n\n";
    expect(alternativeLinks("nc", nc).map((l) => `${l.name} ${l.link}`)).toEqual(["nc /bin/nc", "nc.1.gz /usr/share/man/man1/nc.1.gz", "netcat /bin/netcat"]);
    const dir = mkdtempSync(join(tmpdir(), "debian-alt-"));
    try {
      mkdirSync(join(dir, "db"));
      mkdirSync(join(dir, "etc"));
      writeFileSync(
        join(dir, "db", "pkgtool"),
        "auto\n/usr/bin/pkgtool\nq\n/usr/bin/pkgtool-q\ngone\n/usr/bin/gone\n\n/usr/bin/dpkg\n10\n/usr/bin/dpkg-query\n\n\n",
      );
      symlinkSync("/usr/bin/dpkg", join(dir, "etc", "pkgtool"));
      symlinkSync("/usr/bin/dpkg-query", join(dir, "etc", "q"));
      expect(Object.fromEntries(readInstalledAlternatives(join(dir, "db"), join(dir, "etc")))).toEqual({
        pkgtool: { group: "pkgtool", link: "/usr/bin/pkgtool", target: "/usr/bin/dpkg", package: "dpkg" },
        "pkgtool-q": { group: "pkgtool", link: "/usr/bin/pkgtool-q", target: "/usr/bin/dpkg-query", package: "dpkg" },
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("adding programs to the committed corpus in place", () => {
  it("adds each as a program or a failure, replaces the old record, and leaves every other byte as it was", () => {
    const dir = mkdtempSync(join(tmpdir(), "debian-add-"));
    try {
      const out = join(dir, "out");
      const entry = (pkg: string) => ({ package: pkg, version: "1.0-1", from: ["tldr"], tldrExamples: 2, help: { argv: ["x", "--help"], exit: 0 } });
      writeCorpus(
        out,
        { seq: { words: ["seq"], ...entry("coreutils") } },
        { vim: { package: "vim", reason: "package not installed" }, xeyes: { package: "x11-apps", reason: "graphical" } },
        { help: new Map([["seq", "Usage: seq [OPTION]... LAST\n  -w, --equal-width  pad\n"]]), man: new Map() },
      );
      const before = readFileSync(join(out, "help.txt.br"));
      // Nothing to add: the corpus is rewritten byte for byte.
      expect(addPrograms(out, new DebianCorpus(join(dir, "empty")), [])).toEqual({ added: [], failed: [], unknown: [] });
      expect(readFileSync(join(out, "help.txt.br")).equals(before)).toBe(true);
      const work = new DebianCorpus(join(dir, "work"));
      const sha256 = work.writeText("help", "vim", "Usage: vim [arguments] [file ..]\n   -R   Readonly mode\n");
      const via = "alternative /usr/bin/vim -> /usr/bin/vim.basic";
      work.index.vim = { words: ["vim"], ...entry("vim"), via, help: { argv: ["vim", "--help"], exit: 0, sha256 } };
      work.failures.ufw = { package: "ufw", reason: "changes the machine's network configuration" };
      const big = work.writeText("help", "huge", "x\n".repeat(40));
      work.index.huge = { words: ["huge"], ...entry("h"), help: { argv: ["huge", "--help"], exit: 0, sha256: big } };
      expect(addPrograms(out, work, ["vim", "ufw", "huge", "absent", "seq"], { maxBytes: 70, reviewed: new Set(["seq"]) })).toEqual({
        added: ["vim"],
        failed: ["ufw", "huge"],
        unknown: ["absent"],
      });
      const index = readDebianIndex(out);
      expect(Object.keys(index).sort()).toEqual(["seq", "vim"]);
      expect(index.vim).toMatchObject({ package: "vim", via, help: { argv: ["vim", "--help"] } });
      expect(readBundle(join(out, "help.txt.br")).get("vim")).toContain("Readonly mode");
      expect(readBundle(join(out, "help.txt.br")).get("seq")).toContain("--equal-width");
      const failures = JSON.parse(brotliDecompressSync(readFileSync(join(out, "failures.json.br"))).toString());
      expect(Object.keys(failures).sort()).toEqual(["huge", "ufw", "xeyes"]);
      expect(failures.huge.reason).toMatch(/larger than 70 bytes/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("what a subcommand's help is not", () => {
  it("an error about the word, or output that is no help at all (texts programs printed)", () => {
    const podman =
      "emulate docker cli using podman.\nunknown help topic [`swarm`]\nusage:\n  podman [options] [command]\n\navailable commands:\n  attach      attach to a running container\n";
    expect(unknownWord(podman, ["docker", "swarm"])).toBe(true);
    expect(unknownWord("git: 'svn' is not a git command. see 'git --help'.\n", ["git", "svn"])).toBe(true);
    expect(unknownWord("error: otp is not in the password store.\n", ["pass", "otp"])).toBe(true);
    expect(unknownWord("no manual entry for gitsvn\n", ["git", "svn"])).toBe(true);
    // Its own help, which names it in its usage, is kept.
    expect(unknownWord("usage: docker swarm command\n\nmanage swarm\n", ["docker", "swarm"])).toBe(false);
    expect(unknownWord("usage: x [-h]\n", ["x"])).toBe(false);
    expect(looksLikeHelp('      create  readme.md\n      create  rakefile\n         run  git init from "."\n')).toBe(false);
    expect(looksLikeHelp("starting a gradle daemon\n:help\n\nwelcome to gradle 4.4.1.\n")).toBe(false);
    expect(looksLikeHelp("\ngroup\n    az ad : manage entities.\n\nsubgroups:\n    app : manage applications.\n")).toBe(true);
    expect(looksLikeHelp("sqs()\n\nname\n       sqs -\n\navailable commands\n       o add-permission\n")).toBe(true);
  });
});

describe("sandboxed help capture (bubblewrap)", () => {
  it("captures ls --help with its argv and exit status", () => {
    const c = captureProgram(["ls"]);
    expect(c.help?.run.argv).toEqual(["ls", "--help"]);
    expect(c.help?.run.exit).toBe(0);
    expect(optionLines(c.help!.text)).toBeGreaterThan(20);
    expect(c.man).toBeUndefined();
  });

  it("a program that may act gets its man page or, without one, a failure that keeps why it was not run", () => {
    const c = captureManOnly(["no-such-program-7d1f"], "may act instead of printing help (power or init control)");
    expect(c.help).toBeUndefined();
    expect(c.man).toBeUndefined();
    expect(c.failure).toMatch(/^may act instead of printing help \(power or init control\); no man page \(man .*no-such-program-7d1f/);
  });

  it("a program cannot write outside its empty folder or reach a network", () => {
    const w = runSandboxed(["sh", "-c", "touch /var/lib/sandbox-probe && echo wrote; touch ./here && echo here"]);
    expect(w.stdout.toString()).toBe("here\n");
    const net = runSandboxed(["cat", "/proc/net/dev"]);
    const ifaces = net.stdout
      .toString()
      .split("\n")
      .slice(2)
      .filter(Boolean)
      .map((l) => l.trim().split(":")[0]);
    expect(ifaces).toEqual(["lo"]);
  });

  it("prefers a help text that fits the corpus to a manual that does not, unless the one that fits is thin", () => {
    // $0 is the help argument: --help prints a 12 KB manual, -h a summary (or, in `thin`, an error).
    const probe = (short: string) =>
      `case "$0" in --help) echo "usage: probe [options]"; for i in $(seq 300); do echo "  --long-$i   a line of the manual"; done ;; -h) ${short} ;; *) exit 1 ;; esac`;
    const summary = `printf 'usage: probe [options]\\n  -a   all\\n  -b   brief\\n  -c   count\\n  -d   debug\\n  -e   echo\\n'`;
    const fits = captureProgram(["sh", "-c", probe(summary)], undefined, 6000, HOST, 4000);
    expect(fits.help?.run.argv.at(-1)).toBe("-h");
    expect(optionLines(fits.help!.text)).toBe(5);
    const thin = captureProgram(["sh", "-c", probe(`echo "usage: probe: unknown argument -h"`)], undefined, 6000, HOST, 4000);
    expect(thin.help?.run.argv.at(-1)).toBe("--help");
    // Under the default limit, which the manual fits, the text with the most options is taken as before.
    expect(captureProgram(["sh", "-c", probe(summary)]).help?.run.argv.at(-1)).toBe("--help");
  });

  it("records the program's own complaint when it prints no help of its own", () => {
    const c = captureProgram(["sh", "-c", "echo 'ERROR: the command failed' >&2; echo \"ERROR: No module named 'm.v2'\" >&2; exit 1"], "the parent's help");
    expect(c.help).toBeUndefined();
    expect(c.failure).toMatch(/^sh -c .* --help exited 1: ERROR: No module named 'm\.v2'$/);
  });

  it("runs a program from another system's folder (a chroot) when given its root", () => {
    const root = mkdtempSync(join(tmpdir(), "root-"));
    try {
      // cat and the libraries it loads, at their own paths under the new root.
      const files = ["/usr/bin/cat", ...[...execFileSync("ldd", ["/usr/bin/cat"], { encoding: "utf8" }).matchAll(/(\/\S+) \(0x/g)].map((m) => m[1]!)];
      for (const f of files) {
        mkdirSync(join(root, dirname(f)), { recursive: true });
        writeFileSync(join(root, f), readFileSync(f), { mode: 0o755 });
      }
      // The mount points bubblewrap needs in a read-only root, as any Debian system has them.
      for (const d of ["etc", "dev", "proc", "tmp", "run", "var/tmp", "root"]) mkdirSync(join(root, d), { recursive: true });
      writeFileSync(join(root, "etc/os-release"), 'PRETTY_NAME="Testix 1 (made up)"\n');
      const r = runSandboxed(["cat", "/etc/os-release"], 6000, root);
      expect(r.stdout.toString()).toContain("Testix 1");
      expect(runSandboxed(["cat", "/etc/os-release"]).stdout.toString()).not.toContain("Testix");
      // Not a system the capture can install into: it names what is missing.
      expect(describeSystem(root)).toEqual({ error: expect.stringMatching(/no \/usr\/bin\/apt-get: install apt/) });
      expect(describeSystem(join(root, "none"))).toEqual({ error: expect.stringMatching(/no etc\/os-release: make it with debootstrap/) });
      for (const f of ["usr/bin/apt-get", "usr/bin/man"]) writeFileSync(join(root, f), "");
      expect(describeSystem(root)).toEqual({ name: "Testix 1 (made up)" });
      expect(onRoot(root, ["dpkg-query", "-W"])).toEqual(["chroot", root, "dpkg-query", "-W"]);
      expect(onRoot("/", ["dpkg-query", "-W"])).toEqual(["dpkg-query", "-W"]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("a program that waits is stopped by the timeout", () => {
    expect(runSandboxed(["sleep", "5"], 500).exit).toBe("timeout");
  });
});

describe("the subcommand walk", () => {
  // Texts as a program prints them: a cobra-style top level, a group with its own commands.
  const texts: Record<string, string> = {
    t: "Usage: t [command]\n\nAvailable Commands:\n  store       Manage storage\n  login       Log in\n  help        Help about any command\n  vm          Manage machines\n",
    "t store":
      "Usage: t store [command]\n\nAvailable Commands:\n  blob        Manage blobs\n  queue       Manage queues\n\nFlags:\n  -h, --help   help for store\n",
    "t login": "Usage: t login [flags]\n\nFlags:\n  -u, --user string   who\n",
    "t store blob": "Usage: t store blob [command]\n\nAvailable Commands:\n  upload      Upload one\n",
  };
  const walk = (depth: number, max: number) => {
    const steps: WalkStep[] = [];
    const n = walkSubcommands({ key: "t", words: ["t"], text: texts.t! }, { depth, max }, (s) => {
      steps.push(s);
      return texts[s.words.join(" ")];
    });
    return { n, keys: steps.map((s) => s.key), steps };
  };

  it("reads the commands a help lists, without its own help command", () => {
    expect(listedSubcommands(texts.t!, ["t"])).toEqual(["store", "login", "vm"]);
    expect(listedSubcommands("not a help text", ["t"])).toEqual([]);
  });

  it("walks the command a root names for its global options, and only at that root", () => {
    const root = `${texts.t!}\nUse "t options" for a list of global command-line options (applies to all commands).\n`;
    expect(listedSubcommands(root, ["t"])).toEqual(["store", "login", "vm", "options"]);
    expect(listedSubcommands(root, ["u"])).toEqual(["store", "login", "vm"]);
    expect(listedSubcommands(`Usage: t store [command]\n\nUse "t options" for a list of global command-line options.\n`, ["t", "store"])).not.toContain(
      "options",
    );
  });

  it("visits breadth first, to its depth and count, and not below a command without help", () => {
    expect(walk(1, 100).keys).toEqual(["t-store", "t-login", "t-vm"]);
    const two = walk(2, 100);
    expect(two.keys).toEqual(["t-store", "t-login", "t-vm", "t-store-blob", "t-store-queue"]);
    expect(two.steps.find((s) => s.key === "t-store-blob")).toMatchObject({ words: ["t", "store", "blob"], parentHelp: texts["t store"] });
    expect(walk(3, 100).keys).toContain("t-store-blob-upload");
    // A walk cut short by its count still holds the whole top level.
    expect(walk(3, 4)).toMatchObject({ n: 4, keys: ["t-store", "t-login", "t-vm", "t-store-blob"] });
  });
});

describe("the committed corpus", () => {
  it("keeps index and failures compressed, read back as written; a damaged index is an error naming the file", () => {
    const dir = mkdtempSync(join(tmpdir(), "debian-commit-"));
    try {
      const work = new DebianCorpus(join(dir, "work"));
      const sha256 = work.writeText("help", "seq", "Usage: seq [OPTION]... LAST\n  -w, --equal-width  pad\n");
      work.index.seq = {
        words: ["seq"],
        package: "coreutils",
        version: "9.1-1",
        from: ["tldr"],
        tldrExamples: 1,
        help: { argv: ["seq", "--help"], exit: 0, stream: "stdout", sha256 },
      };
      work.failures.xeyes = { package: "x11-apps", reason: "graphical or needs a display (section x11)" };
      const out = join(dir, "out");
      mkdirSync(out);
      writeFileSync(join(out, "index.json"), "{}\n");
      expect(commitCorpus(work, out)).toMatchObject({ programs: 1, failures: 1 });
      expect(readDebianIndex(out).seq).toMatchObject({ words: ["seq"], package: "coreutils", help: { argv: ["seq", "--help"], exit: 0, stream: "stdout" } });
      expect(readDebianText(out, "help", "seq")).toContain("--equal-width");
      expect(JSON.parse(brotliDecompressSync(readFileSync(join(out, "failures.json.br"))).toString()).xeyes.reason).toContain("display");
      expect(() => readFileSync(join(out, "index.json"))).toThrow(/ENOENT/);
      writeFileSync(join(out, "index.json.br"), readFileSync(join(out, "index.json.br")).subarray(0, 20));
      expect(() => readDebianIndex(out)).toThrow(/index\.json\.br/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the generated Debian-derived grammars", () => {
  // A pack with no reviewed programs and a two-program Debian corpus, built in a temp folder.
  function scratch(): string {
    const dir = mkdtempSync(join(tmpdir(), "debian-pack-"));
    mkdirSync(join(dir, "help"));
    mkdirSync(join(dir, "texts"));
    const index = {
      seq: { words: ["seq"], package: "coreutils", version: "9.1-1", from: ["tldr"], tldrExamples: 1, help: { argv: ["seq", "--help"], exit: 0 } },
      nproc: { words: ["nproc"], package: "coreutils", version: "9.1-1", from: ["tldr"], tldrExamples: 1, help: { argv: ["nproc", "--help"], exit: 0 } },
    };
    writeFileSync(join(dir, "texts", "index.json.br"), brotliCompressSync(JSON.stringify(index)));
    const help = (p: string, opt: string) => `Usage: ${p} [OPTION]...\n\n  -${opt}, --${opt}x     an option\n      --help     display this help and exit\n`;
    writeFileSync(
      join(dir, "texts", "help.txt.br"),
      writeBundle(
        new Map([
          ["seq", help("seq", "w")],
          ["nproc", help("nproc", "a")],
        ]),
      ),
    );
    writeFileSync(join(dir, "pack.json"), JSON.stringify({ corpus: "help", debian: "texts", default: { commands: [] } }));
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "scratch", version: "0.0.0" }));
    return dir;
  }

  it("are rebuilt when missing, changed or made by another generator, and found current otherwise", () => {
    const dir = scratch();
    try {
      expect(buildPack(dir).debian).toBe(2);
      expect(buildPack(dir, { generated: true }).files).toBe(0);
      writeFileSync(join(dir, "debian", "seq.gbnf"), 'root ::= "seq"\n');
      const changed = buildPack(dir, { generated: true });
      expect(changed.files).toBeGreaterThan(0);
      expect(changed.drift).toEqual([]);
      writeFileSync(join(dir, "debian", ".generator"), "another generator\n");
      expect(buildPack(dir, { generated: true }).files).toBeGreaterThan(0);
      rmSync(join(dir, "debian"), { recursive: true });
      expect(buildPack(dir, { generated: true }).files).toBeGreaterThan(0);
      expect(readFileSync(join(dir, "debian", "nproc.gbnf"), "utf8")).toContain("nproc");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("report the programs whose grammar differs from the committed hashes", () => {
    const dir = scratch();
    try {
      buildPack(dir);
      const manifest = join(dir, "pack", "debian.json");
      writeFileSync(manifest, readFileSync(manifest, "utf8").replace(/("key":"seq".*"sha256":")[0-9a-f]/, "$1x"));
      rmSync(join(dir, "debian", ".generator"));
      expect(buildPack(dir, { generated: true }).drift).toEqual(["seq"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("filling in man pages", () => {
  const options = (n: number) => `Usage: x [OPTION]...\n${Array.from({ length: n }, (_, i) => `  --opt${i}   option ${i}`).join("\n")}\n`;
  const entry = (extra: object = {}) => ({ package: "p", version: "1.0-1", from: ["tldr"], tldrExamples: 2, ...extra });
  const rec = { argv: ["x", "--help"], exit: 0 };
  const manRec = { argv: ["man", "--nh", "--nj", "-P", "cat", "x"], exit: 0, env: { MANWIDTH: "80" } };

  it("selects the programs whose help is thin or missing and that have no man page", () => {
    const help: Record<string, string> = {
      error: "Error 1: You can't run option help in an IRC client!\n",
      pointer: "See 'man pointer'\n",
      few: options(4),
      full: options(5),
      hasman: options(1),
    };
    const index = {
      error: { help: rec },
      pointer: { help: rec },
      few: { help: rec },
      full: { help: rec },
      hasman: { help: rec, man: manRec },
      lost: { help: rec },
    };
    expect(manFillCandidates(index, (k) => help[k])).toEqual(["error", "few", "lost", "pointer"]);
  });

  it("commits a man page beside a help text of fewer than five options, and a long page only for a program with tldr examples up to its own limit", () => {
    const page = "X(1)\n\nSYNOPSIS\n       x [-a]\n";
    expect(commitWhy("man", page, entry(), options(3))).toBeUndefined();
    expect(commitWhy("man", page, entry(), options(5))).toMatch(/five options or more/);
    const long = page + "x".repeat(40_000);
    expect(commitWhy("man", long, entry())).toMatch(/larger than 30000 bytes/);
    expect(commitWhy("man", long, entry(), undefined, { maxManBytes: 50_000 })).toBeUndefined();
    expect(commitWhy("man", long, entry({ tldrExamples: 0 }), undefined, { maxManBytes: 50_000 })).toMatch(/larger than 30000/);
    expect(commitWhy("help", long, entry(), undefined, { maxManBytes: 50_000 })).toMatch(/larger than 30000/);
    // A page the man phase chose by its gain goes in beside a full help and over the size limits.
    expect(commitWhy("man", long, entry(), options(5), {}, true)).toBeUndefined();
    expect(commitWhy("help", long, entry(), options(5), {}, true)).toMatch(/larger than 30000/);
  });

  it("adds each found page to the committed corpus under the limits, records what became of every page, and changes nothing else", () => {
    const dir = mkdtempSync(join(tmpdir(), "debian-man-"));
    try {
      const out = join(dir, "out");
      const help = new Map([
        ["thin", "thin: try 'man thin'\n"],
        ["big", "big: see the manual\n"],
        ["full", options(6)],
      ]);
      const index = {
        thin: { words: ["thin"], ...entry(), help: rec },
        big: { words: ["big"], ...entry(), help: rec },
        full: { words: ["full"], ...entry(), help: rec },
      };
      writeCorpus(out, index, { gone: { package: "q", reason: "package not installed" } }, { help, man: new Map() });
      const before = { help: readFileSync(join(out, "help.txt.br")), failures: readFileSync(join(out, "failures.json.br")) };
      // The working corpus holds the pages the capture found (same version), as the capture stores them.
      const work = new DebianCorpus(join(dir, "work"));
      const pages: Record<string, string> = { thin: "THIN(1)\n\nSYNOPSIS\n       thin [-a] file\n", big: `BIG(1)\n${"x".repeat(31_000)}\n` };
      for (const [k, text] of Object.entries(pages)) {
        const sha256 = work.writeText("man", k, text);
        work.index[k] = { ...index[k as "thin"], man: { ...manRec, sha256 } };
      }
      const stateFile = join(dir, "man-fill.json");
      const state = fetchManPages(out, work, new Map(), stateFile);
      expect(Object.keys(state).sort()).toEqual(["big", "thin"]);
      const r = addManPages(out, work, state);
      expect(r).toEqual({ added: ["thin"], leftOut: 1 });
      expect(state.big!.result).toMatch(/larger than 30000 bytes/);
      expect(readManFillState(stateFile).thin!.version).toBe("1.0-1");
      expect(readDebianText(out, "man", "thin")).toBe(pages.thin);
      expect(readDebianIndex(out).thin!.man).toEqual(manRec);
      expect(readDebianIndex(out).big!.man).toBeUndefined();
      expect(readFileSync(join(out, "help.txt.br"))).toEqual(before.help);
      expect(readFileSync(join(out, "failures.json.br"))).toEqual(before.failures);
      // A rerun asks for nothing again and adds nothing twice.
      expect(addManPages(out, work, fetchManPages(out, work, new Map(), stateFile))).toEqual({ added: [], leftOut: 1 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // A man page as `man -P cat` prints it, documenting the help's --opt0..--opt5 and `extra` more.
  const page = (name: string, extra: string[] = [], filler = 0) =>
    [
      `${name.toUpperCase()}(1)                 User Commands                ${name.toUpperCase()}(1)`,
      "",
      "SYNOPSIS",
      `       ${name} [OPTION]... [FILE]...`,
      "",
      "OPTIONS",
      ...[...Array.from({ length: 6 }, (_, i) => `--opt${i}`), ...extra].flatMap((o) => [
        `       ${o}`,
        `              Does ${o.replace(/^-+/, "")}.${Array.from({ length: filler }, (_, i) => ` w${(i * 7919) % 10007}${o}`).join("")}`,
        "",
      ]),
    ].join("\n");

  const fullHelp = (name: string, n = 6) => options(n).replace("Usage: x [OPTION]...", `Usage: ${name} [OPTION]... [FILE]...`);

  it("names the options a man page documents and the help text does not, as the pack reads both", () => {
    expect(manOnlyOptions(["x"], options(6), page("x", ["--extra", "-q"]))).toEqual(["--extra", "-q"]);
    expect(manOnlyOptions(["x"], options(6), page("x"))).toEqual([]);
    // A thin or missing help lacks every option of the page.
    expect(manOnlyOptions(["x"], undefined, page("x", ["--extra"]))).toHaveLength(7);
  });

  it("chooses by gain per compressed byte within the budget, passes over a page too large for what is left, and never takes one that gains nothing", () => {
    const pages = [
      { key: "big", gain: 10, compressed: 10_000 },
      { key: "dense", gain: 3, compressed: 1_000 },
      { key: "small", gain: 1, compressed: 900 },
      { key: "none", gain: 0, compressed: 10 },
      { key: "worse", gain: -2, compressed: 10 },
    ];
    expect(byGain(pages, 5_000)).toEqual({ chosen: ["dense", "small"], overBudget: ["big"], spent: 1_900 });
    expect(byGain(pages, 20_000)).toEqual({ chosen: ["dense", "small", "big"], overBudget: [], spent: 11_900 });
    expect(byGain(pages, 100).chosen).toEqual([]);
  });

  it("under a budget, measures a thin help's page too, and leaves it out where it refuses what the help took or --except names it", () => {
    const dir = mkdtempSync(join(tmpdir(), "debian-man-"));
    try {
      const out = join(dir, "out");
      // Thin helps: a usage line and one option.
      const names = ["narrow", "fills", "named"];
      const help = new Map(names.map((k) => [k, `Usage: ${k} [OPTION]... [FILE]...\n\n      --opt1     does one\n`]));
      const index = Object.fromEntries(names.map((k) => [k, { words: [k], ...entry(), help: rec }]));
      writeCorpus(out, index, {}, { help, man: new Map() });
      const work = new DebianCorpus(join(dir, "work"));
      // narrow's page gives --opt1 a value, so a bare `narrow --opt1` is refused where the help took it.
      const pages: Record<string, string> = {
        narrow: page("narrow").replace("       --opt1\n", "       --opt1=NAME\n"),
        fills: page("fills", ["--extra"]),
        named: page("named", ["--extra"]),
      };
      for (const [k, text] of Object.entries(pages))
        work.index[k] = {
          ...index[k]!,
          help: { ...rec, sha256: work.writeText("help", k, help.get(k)!) },
          man: { ...manRec, sha256: work.writeText("man", k, text) },
        };
      const examples: Record<string, string[]> = { narrow: ["narrow --opt1"], fills: ["fills --extra x"], named: ["named --extra x"] };
      const measure = (key: string, words: string[], helpText: string | undefined, manText: string) => manGain(words, helpText, manText, examples[key]!);
      const state = fetchManPages(out, work, new Map(), join(dir, "man-fill.json"));
      expect(Object.keys(state).sort()).toEqual([...names].sort());
      chooseManPages(out, work, state, 1_000_000, measure, {}, new Set(["named"]));
      expect(state.narrow).toMatchObject({ lost: 1 });
      expect(state.fills).toMatchObject({ lost: 0 });
      const r = addManPages(out, work, state);
      expect(r.added).toEqual(["fills"]);
      expect(state.narrow!.result).toBe("its grammar refuses 1 tldr example(s) the help's grammar accepted");
      expect(state.named!.result).toBe("left out by --except");
      expect(readDebianIndex(out).narrow!.man).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("commits a page beside a full help where it names options the help lacks and raises the program's tldr acceptance, within the budget", () => {
    const dir = mkdtempSync(join(tmpdir(), "debian-man-"));
    try {
      const out = join(dir, "out");
      const names = ["gains", "same", "useless", "costly", "breaks"];
      const help = new Map(names.map((k) => [k, fullHelp(k, k === "breaks" ? 5 : 6)]));
      const index = Object.fromEntries(names.map((k) => [k, { words: [k], ...entry(), help: rec }]));
      writeCorpus(out, index, {}, { help, man: new Map() });
      const work = new DebianCorpus(join(dir, "work"));
      const pages: Record<string, string> = {
        gains: page("gains", ["--extra"]),
        same: page("same"),
        useless: page("useless", ["--never-used"]),
        costly: page("costly", ["--extra"], 400),
        // Sixteen options beside the help's five: the page is the base, and its --opt1 takes a value.
        breaks: page("breaks", ["--extra", ...Array.from({ length: 9 }, (_, i) => `--more${i}`)]).replace("       --opt1\n", "       --opt1=NAME\n"),
      };
      for (const [k, text] of Object.entries(pages))
        work.index[k] = {
          ...index[k]!,
          help: { ...rec, sha256: work.writeText("help", k, help.get(k)!) },
          man: { ...manRec, sha256: work.writeText("man", k, text) },
        };
      // The examples people write: --extra is in the pages only.
      const examples: Record<string, string[]> = {
        gains: ["gains --extra a.txt", "gains --opt1 b.txt"],
        same: ["same --extra a.txt"],
        useless: ["useless --extra a.txt"],
        costly: ["costly --extra a.txt"],
        breaks: ["breaks --extra a.txt", "breaks --extra b.txt", "breaks --opt1"],
      };
      const stateFile = join(dir, "man-fill.json");
      // Only the programs asked for beside a full help are looked up.
      expect(Object.keys(fetchManPages(out, work, new Map(), stateFile)).sort()).toEqual([]);
      const state = fetchManPages(out, work, new Map(), stateFile, { more: new Set(names) });
      expect(Object.keys(state).sort()).toEqual([...names].sort());
      const measure = (key: string, words: string[], helpText: string | undefined, manText: string) => manGain(words, helpText, manText, examples[key]!);
      const costly = manGain(["costly"], help.get("costly"), pages.costly!, examples.costly!).compressed;
      const budget = costly - 1;
      // A page named by --except is not chosen, though the budget has room for it.
      const roomy = (except?: Set<string>) => {
        const s = structuredClone(state);
        return { chosen: chooseManPages(out, work, s, 10 * costly, measure, {}, except).chosen, s };
      };
      expect(roomy().chosen).toEqual(["gains", "costly"]);
      const excepted = roomy(new Set(["costly"]));
      expect(excepted.chosen).toEqual(["gains"]);
      expect(excepted.s.costly!.choice).toBe("left out by --except");
      const c = chooseManPages(out, work, state, budget, measure);
      expect(c.chosen).toEqual(["gains"]);
      expect(c.overBudget).toEqual(["costly"]);
      expect(state.gains).toMatchObject({ helpLacks: ["--extra"], gain: 1, lost: 0, chosen: true });
      expect(state.same!.choice).toBe("names no option the help text lacks");
      expect(state.useless!.choice).toBe("makes no more tldr example accepted");
      expect(state.costly!.choice).toMatch(/over the budget/);
      expect(state.breaks).toMatchObject({ gain: 1, lost: 1, choice: "makes 1 accepted tldr example(s) refused" });
      expect(addManPages(out, work, state).added).toEqual(["gains"]);
      expect(readDebianText(out, "man", "gains")).toBe(pages.gains);
      expect(readDebianIndex(out).same!.man).toBeUndefined();
      // A rerun under the same budget counts the committed page again: nothing more is chosen.
      expect(chooseManPages(out, work, state, budget, measure).chosen).toEqual(["gains"]);
      expect(addManPages(out, work, state).added).toEqual([]);
      // So does a rerun from a state folder that never chose it: with room for costly beside
      // gains and no more, costly is still over, since gains spends its part first.
      const gainsBytes = state.gains!.compressed!;
      const other = new DebianCorpus(join(dir, "other"));
      other.index.gains = { ...index.gains!, help: { ...rec, sha256: other.writeText("help", "gains", help.get("gains")!) } };
      for (const k of ["costly"]) other.index[k] = { ...index[k]!, man: { ...manRec, sha256: other.writeText("man", k, pages[k]!) } };
      const fresh = fetchManPages(out, other, new Map(), join(dir, "other.json"), { more: new Set(["costly"]) });
      const again = chooseManPages(out, other, fresh, costly + gainsBytes - 1, measure);
      expect(again).toMatchObject({ chosen: ["gains"], overBudget: ["costly"], spent: gainsBytes });
      expect(fresh.gains).toMatchObject({ chosen: true, choice: "committed", gain: 1 });
      // The working corpus learns the committed page, so that a full commit from it keeps it.
      expect(other.index.gains!.man).toBeDefined();
      // A full commit from the working corpus keeps the chosen page beside the full help, and only it.
      const full = join(dir, "full");
      commitCorpus(work, full, { manChosen: new Set(["gains"]) });
      expect(Object.keys(readDebianIndex(full)).filter((k) => readDebianIndex(full)[k]!.man)).toEqual(["gains"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keeps out a page that makes the grammar refuse an example the help's grammar accepts, whatever it gains", () => {
    // A help of two options beside a page of seven: the page is the base, and it says --opt1 takes a value.
    const man = page("x", ["--extra"]).replace("       --opt1\n", "       --opt1=NAME\n");
    const r = manGain(["x"], fullHelp("x", 2), man, ["x --extra a.txt", "x --extra b.txt", "x --opt1"]);
    expect(r).toMatchObject({ gain: 1, lost: 1 });
  });

  it("replaces a program's texts by another system's where they gain examples, and measures what they lose", () => {
    const old = fullHelp("x", 5);
    const newer = `${old}  --extra       an option a newer release has\n`;
    const examples = ["x --extra a.txt", "x --opt1", "x --opt4"];
    expect(textsGain(["x"], { help: old }, { help: newer }, examples)).toEqual({ gain: 1, lost: 0 });
    // A newer text that drops an option loses the example that used it.
    expect(textsGain(["x"], { help: old }, { help: newer.replace(/^.*--opt4.*\n/m, "") }, examples)).toEqual({ gain: 0, lost: 1 });
    // No text at all accepts nothing.
    expect(textsGain(["x"], { help: old }, {}, examples)).toEqual({ gain: -2, lost: 2 });
  });

  // apt's own simulation; no package is installed.
  const aptKnows = (pkg: string) => {
    try {
      return execFileSync("apt-cache", ["show", pkg], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).includes("Package:");
    } catch {
      return false;
    }
  };
  it.skipIf(!aptKnows("network-manager-openvpn") || installedPackages().has("network-manager"))(
    "refuses to install on this machine a package whose dependency would change it (real apt-get -s; skipped without apt's lists)",
    () => {
      expect(wouldInstall(["network-manager-openvpn"])).toContain("network-manager");
      const dir = mkdtempSync(join(tmpdir(), "install-"));
      try {
        const state = installAll(
          ["network-manager-openvpn"],
          join(dir, "install.json"),
          () => false,
          () => {},
          60,
          "/",
          neverHere,
        );
        // network-manager, or whichever machine-changing package apt's plan names first: the
        // archive may also hold a newer systemd than this machine's, which the plan upgrades.
        expect(state["network-manager-openvpn"]).toMatchObject({ ok: false });
        expect(state["network-manager-openvpn"]!.reason).toMatch(
          /^would also install (network-manager|systemd-sysv), which changes (the machine's network configuration|how the machine boots)/,
        );
        expect(installedPackages().has("network-manager-openvpn")).toBe(false);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  const coreutils = installedPackages().get("coreutils");
  const hasMan = (() => {
    try {
      return execFileSync("man", ["-w", "ls"], { encoding: "utf8" }).trim() !== "";
    } catch {
      return false;
    }
  })();
  it.skipIf(!coreutils || !hasMan)("asks man for a page only where the installed package has the committed version (skipped without ls's page)", () => {
    const dir = mkdtempSync(join(tmpdir(), "debian-man-"));
    try {
      const work = new DebianCorpus(dir);
      const installed = new Map([["coreutils", coreutils!]]);
      const ls = { words: ["ls"], package: "coreutils", version: coreutils!, from: ["tldr"], tldrExamples: 7 };
      const f = fetchManPage("ls", ls, work, installed);
      expect(f.man?.argv).toEqual(["man", "--nh", "--nj", "-P", "cat", "ls"]);
      expect(f.bytes).toBeGreaterThan(1000);
      expect(fetchManPage("ls", { ...ls, version: "0.1-1" }, work, installed).failure).toBe(`coreutils ${coreutils} is installed, the corpus has 0.1-1`);
      expect(fetchManPage("ls", { ...ls, package: "nothing-here" }, work, installed).failure).toMatch(/not installed/);
      expect(fetchManPage("no-such-page-x", { ...ls, words: ["no-such-page-x"] }, work, installed).failure).toMatch(/No manual entry/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
