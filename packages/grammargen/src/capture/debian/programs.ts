// The capture's program list: every tldr common/Linux page whose program Debian ships, its
// subcommand pages (`git-commit` is `git commit`), and every program of a standard Debian
// install; each program mapped to the one package that provides it, or skipped with a reason.
import { readFileSync } from "node:fs";
import type { InstalledAlternative, PackageRecord } from "./archive.js";

export interface Program {
  /** Corpus name: the program, or program-subcommand for a subcommand page. */
  name: string;
  /** The command words the grammar starts with (["git", "commit"]). */
  words: string[];
  package: string;
  /** Why the program is on the list. */
  from: ("tldr" | "standard")[];
  /** Number of tldr examples of its page (0 for standard-only programs). */
  tldrExamples: number;
  /** How the program was mapped to its package where no package ships a file of its name (see providers). */
  via?: string;
  skip?: string;
}

const PRIORITY = ["required", "important", "standard", "optional", "extra"];

// Programs that may act instead of printing help, whatever their arguments: the sandbox
// confines them, but there is no help text to gain from switching a machine off or logging in.
// They are never run; the man page of most is read instead. Not of those that run a command
// they are given (runuser -u bob CMD, sg GROUP -c CMD): a policy must find that command, and
// their man pages' synopses do not say where it stands, so they stay without a grammar. Nor
// telinit's, whose runlevel operand is named COMMAND and would read as a command it runs.
const ACTS: [RegExp, string, "man" | "none"][] = [
  [/^(reboot|shutdown|halt|poweroff|init|runlevel|systemctl-.*|kexec|rtcwake|ctrlaltdel)$/, "power or init control", "man"],
  [/^telinit$/, "power or init control", "none"],
  [/^(login|sulogin|getty|agetty|mingetty|nologin|newgrp)$/, "login or session start", "man"],
  [/^(su-to-root|sg|runuser|startx|xinit)$/, "login or session start", "none"],
  [/^(killall5|pkill-.*|vlock|screen-lock)$/, "acts on every process", "man"],
];

// Packages the capture never installs on this machine: they change how it boots, resolves
// names, routes or which Node.js it runs, not just add programs. A chroot (system.ts) takes
// them: they change nothing outside it there.
const NEVER_HERE: [RegExp, string][] = [
  [/^(linux-image|linux-headers|grub|initramfs-tools|dracut|systemd-sysv|sysvinit-core|runit-init|openrc|shim-|efibootmgr$)/, "changes how the machine boots"],
  [/^(resolvconf|openresolv|systemd-resolved|network-manager|connman|firewalld|ufw|netplan|wicd|ifupdown2)$/, "changes the machine's network configuration"],
  [/^(nodejs|npm|node-.*|libnode.*)$/, "would replace the Node.js that runs this project"],
];
// Packages no system here can run: kernel modules and security policy need the kernel's help.
const NEVER: [RegExp, string][] = [[/-dkms$|^nvidia-|^apparmor$|^selinux-/, "kernel modules or security policy"]];

// Direct dependencies that make a package a graphical application.
const TOOLKIT =
  /^(libgtk-3-0|libgtk-4-1|libgtk2\.0-0|libqt5widgets5|libqt5gui5|libqt6widgets6|libqt6gui6|libwxgtk.*|libfltk.*|libvte-2\.91-0|libwebkit2gtk.*|libkf5.*|libsdl2-2\.0-0|libglfw3|libxaw7|libmotif.*|libxm4|tk\d.*|python3-tk|python3-gi|libgtk-layer.*|libgdk-3-0)$/;
const GUI_SECTIONS = /^(x11|gnome|kde|xfce|games)$/;

/** Why a package must not be installed on this machine, even as another's dependency. */
export function neverHere(name: string): string | undefined {
  for (const [re, why] of [...NEVER, ...NEVER_HERE]) if (re.test(name)) return why;
  return undefined;
}

/**
 * Why a package is skipped, or undefined when the capture installs it. In a chroot, a package
 * that depends on a graphical toolkit is installed too, and its program's help decides: one
 * that needs a display prints none (ffmpeg's package holds ffplay, yet ffmpeg prints its help).
 */
export function packageSkip(rec: PackageRecord | undefined, installed: boolean, chroot = false): string | undefined {
  if (!rec) return "not in Debian's package lists";
  if (installed) return undefined;
  for (const [re, why] of [...NEVER, ...(chroot ? [] : NEVER_HERE)]) if (re.test(rec.name)) return why;
  if (!chroot && rec.depends.some((d) => /^(nodejs|libnode\d*)$/.test(d))) return "depends on Node.js, which would replace the one that runs this project";
  if (GUI_SECTIONS.test(rec.section.replace(/^.*\//, ""))) return `graphical or needs a display (section ${rec.section})`;
  const toolkit = rec.depends.find((d) => TOOLKIT.test(d));
  if (toolkit && !chroot) return `graphical or needs a display (depends on ${toolkit})`;
  if (rec.installedKb > 400_000) return `package too large (${Math.round(rec.installedKb / 1024)} MB installed)`;
  return undefined;
}

export function actSkip(program: string): string | undefined {
  for (const [re, why] of ACTS) if (re.test(program)) return `may act instead of printing help (${why})`;
  return undefined;
}

/** Whether a program the capture never runs (actSkip) has its man page read instead. */
export function actManOnly(program: string): boolean {
  return ACTS.some(([re, , man]) => re.test(program) && man === "man");
}

/** tldr common/Linux pages with their example counts, from the examples file. */
export function tldrPages(file: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line.trim()) continue;
    const e = JSON.parse(line) as { page: string; platform: string };
    if (e.platform !== "common" && e.platform !== "linux") continue;
    out.set(e.page, (out.get(e.page) ?? 0) + 1);
  }
  return out;
}

function choosePackage(candidates: string[], program: string, packages: Map<string, PackageRecord>, installed: Map<string, string>, chroot: boolean): string {
  const rank = (p: string) => [
    // A package named after the program (docker.io, docker-cli) before one that only provides
    // its name (podman-docker), installed or not.
    p === program || (p.startsWith(program) && /^[.-]/.test(p.slice(program.length))) ? 0 : 1,
    installed.has(p) ? 0 : 1,
    // A package the capture would skip (a GTK build) after one it installs (the -tiny build).
    packageSkip(packages.get(p), installed.has(p), chroot) ? 1 : 0,
    p === program ? 0 : 1,
    PRIORITY.indexOf(packages.get(p)?.priority ?? "extra"),
    packages.get(p)?.installedKb ?? 0,
  ];
  return [...candidates].sort((a, b) => {
    const x = rank(a);
    const y = rank(b);
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
    return a.localeCompare(b);
  })[0]!;
}

/** The packages that may provide a program no package ships as a file, and why. */
export interface Providers {
  packages: string[];
  via: string;
}

/**
 * Whether `file` (the program's name, a separator, a suffix) in package `p` is a variant of the
 * program: the package is the program's own (vim.basic in vim) or the suffix names it
 * (sar.sysstat, nc.openbsd in netcat-openbsd), and it is not named after the whole file
 * (cd-discid is no `cd`).
 */
function variant(program: string, file: string, p: string): boolean {
  const x = file.slice(program.length + 1);
  return p === program || ((p === x || p.endsWith(`-${x}`)) && p !== file && !p.endsWith(`-${file}`));
}

/**
 * The packages of a program no package ships under its name: a link update-alternatives makes
 * at install time (`vim` -> vim.basic). In order: the link dpkg's alternatives database holds
 * here; the packages whose Provides name it; a variant file `NAME.x`, then `NAME-x`. The
 * package named as the program wins among them, or the one it depends on (a transitional
 * package). A guess is checked when the capture runs it: no link leaves it "not on PATH".
 */
export function alternativeProviders(
  programPackages: Map<string, string[]>,
  packages: Map<string, PackageRecord>,
  alternatives: Map<string, InstalledAlternative> = new Map(),
): (program: string) => Providers | undefined {
  const provides = new Map<string, string[]>();
  for (const p of packages.values()) for (const v of p.provides ?? []) (provides.get(v) ?? provides.set(v, []).get(v)!).push(p.name);
  const filesOf = new Map<string, string[]>();
  for (const [file, pkgs] of programPackages) for (const p of pkgs) (filesOf.get(p) ?? filesOf.set(p, []).get(p)!).push(file);
  // program -> [file, packages] of the files named program.x and program-x.
  const suffixed = { ".": new Map<string, [string, string[]][]>(), "-": new Map<string, [string, string[]][]>() };
  for (const [file, pkgs] of programPackages) {
    for (const sep of [".", "-"] as const) {
      for (let i = file.indexOf(sep); i > 0; i = file.indexOf(sep, i + 1)) {
        const m = suffixed[sep];
        const base = file.slice(0, i);
        (m.get(base) ?? m.set(base, []).get(base)!).push([file, pkgs]);
      }
    }
  }
  return (program) => {
    const alt = alternatives.get(program);
    if (alt) return { packages: [alt.package], via: `alternative ${alt.link} -> ${alt.target}` };
    const tiers: Providers[] = [];
    const virt = provides.get(program);
    if (virt?.length) tiers.push({ packages: [...new Set(virt)].sort(), via: `Provides: ${program}` });
    for (const sep of [".", "-"] as const) {
      const files = (suffixed[sep].get(program) ?? [])
        .map(([f, ps]): [string, string[]] => [f, ps.filter((p) => variant(program, f, p))])
        .filter(([, ps]) => ps.length);
      if (!files.length) continue;
      const names = files.map(([f]) => f).sort();
      tiers.push({
        packages: [...new Set(files.flatMap(([, p]) => p))].sort(),
        via: `alternative of ${names.slice(0, 3).join(", ")}${names.length > 3 ? ", ..." : ""}`,
      });
    }
    // Last, the package of the program's name, where it ships a file that names the program
    // in another way (rename's file-rename).
    if (!tiers.length && packages.has(program)) {
      const own = (filesOf.get(program) ?? []).filter((f) => f !== program && f.includes(program)).sort();
      if (own.length) tiers.push({ packages: [program], via: `alternative of ${own[0]}` });
    }
    if (!tiers.length) return undefined;
    // The package of the program's own name, where it is one of them or a transitional package
    // that depends on one (`ftp` on tnftp, `telnet` on inetutils-telnet), is Debian's choice.
    const own = packages.get(program);
    for (const t of tiers) if (t.packages.includes(program)) return { packages: [program], via: t.via };
    for (const t of tiers) {
      const dep = own?.depends.find((d) => t.packages.includes(d));
      if (dep) return { packages: [dep], via: `${t.via}, which package ${program} depends on` };
    }
    return tiers[0];
  };
}

export function programList(
  pages: Map<string, number>,
  programPackages: Map<string, string[]>,
  packages: Map<string, PackageRecord>,
  installed: Map<string, string>,
  alternatives: Map<string, InstalledAlternative> = new Map(),
  chroot = false,
): Program[] {
  const out = new Map<string, Program>();
  const providers = alternativeProviders(programPackages, packages, alternatives);
  // A program's packages: those that ship it as a file, else those that provide it as an alternative.
  const packagesOf = (program: string): Providers | undefined => {
    const pkgs = programPackages.get(program);
    return pkgs ? { packages: pkgs, via: "" } : providers(program);
  };
  const add = (name: string, words: string[], by: Providers, from: "tldr" | "standard") => {
    const old = out.get(name);
    if (old) {
      if (!old.from.includes(from)) old.from.push(from);
      return;
    }
    const pkg = choosePackage(by.packages, words[0]!, packages, installed, chroot);
    const skip = actSkip(words[0]!) ?? packageSkip(packages.get(pkg), installed.has(pkg), chroot);
    out.set(name, {
      name,
      words,
      package: pkg,
      from: [from],
      tldrExamples: pages.get(words.join(" ")) ?? 0,
      ...(by.via ? { via: by.via } : {}),
      ...(skip ? { skip } : {}),
    });
  };
  for (const page of pages.keys()) {
    if (!/^[\w][\w.+-]*$/.test(page)) continue;
    const by = packagesOf(page);
    if (by) add(page, [page], by, "tldr");
  }
  // Subcommand pages (`git commit`): the parent program's subcommand, named `git-commit`.
  for (const page of pages.keys()) {
    const m = /^([\w][\w.+-]*) ([\w][\w.-]*)$/.exec(page);
    if (!m || programPackages.has(`${m[1]}-${m[2]}`)) continue;
    const parent = packagesOf(m[1]!);
    if (!parent) continue;
    if (!out.has(m[1]!)) add(m[1]!, [m[1]!], parent, "tldr");
    add(`${m[1]}-${m[2]}`, [m[1]!, m[2]!], { packages: [out.get(m[1]!)!.package], via: out.get(m[1]!)!.via ?? "" }, "tldr");
  }
  const standard = new Set([...packages.values()].filter((p) => ["required", "important", "standard"].includes(p.priority)).map((p) => p.name));
  for (const [program, pkgs] of programPackages) {
    if (!/^[\w][\w.+-]*$/.test(program)) continue;
    const std = pkgs.filter((p) => standard.has(p));
    if (std.length) add(program, [program], { packages: std, via: "" }, "standard");
  }
  return [...out.values()].sort((a, b) => a.name.localeCompare(b.name));
}
