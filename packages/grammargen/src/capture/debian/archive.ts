// What Debian's archive says, read through apt's own tools: every package's record
// (`apt-cache dumpavail`) and which package ships which program (`apt-file search`).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { basename, join } from "node:path";
import { HOST, onRoot } from "./system.js";

export interface PackageRecord {
  name: string;
  version: string;
  priority: string;
  section: string;
  /** Direct dependencies, alternatives flattened, versions dropped. */
  depends: string[];
  /** Virtual package names it provides (`telnet` for inetutils-telnet), versions dropped. */
  provides?: string[];
  installedKb: number;
}

const BIG = 1 << 30;

/** argv's output, run on the system at root. */
function output(root: string, argv: string[]): string {
  const [cmd, ...rest] = onRoot(root, argv);
  return execFileSync(cmd!, rest, { maxBuffer: BIG, encoding: "utf8" });
}

export function readPackages(root = HOST): Map<string, PackageRecord> {
  const text = output(root, ["apt-cache", "dumpavail"]);
  const out = new Map<string, PackageRecord>();
  for (const block of text.split(/\n\n+/)) {
    const field = (f: string) => new RegExp(`^${f}: (.*(?:\\n .*)*)`, "m").exec(block)?.[1]?.trim() ?? "";
    const name = field("Package");
    if (!name) continue;
    const rec: PackageRecord = {
      name,
      version: field("Version"),
      priority: field("Priority") || "optional",
      section: field("Section"),
      depends: [field("Depends"), field("Pre-Depends")]
        .join(",")
        .split(/[,|]/)
        .map((d) => d.trim().split(/[\s(:]/)[0]!)
        .filter(Boolean),
      provides: field("Provides")
        .split(",")
        .map((d) => d.trim().split(/[\s(:]/)[0]!)
        .filter(Boolean),
      installedKb: Number(field("Installed-Size")) || 0,
    };
    // dumpavail may list a package once per suite (bookworm, -updates, -security): keep the newest.
    const old = out.get(name);
    if (!old || compareVersions(rec.version, old.version) > 0) out.set(name, rec);
  }
  return out;
}

function compareVersions(a: string, b: string): number {
  try {
    execFileSync("dpkg", ["--compare-versions", a, "gt", b]);
    return 1;
  } catch {
    return -1;
  }
}

/** program basename -> the packages that ship it in /bin, /sbin, /usr/bin or /usr/sbin. */
export function readProgramPackages(root = HOST): Map<string, string[]> {
  const text = output(root, ["apt-file", "search", "--regexp", "^/(usr/)?s?bin/[^/]+$"]);
  const out = new Map<string, string[]>();
  for (const line of text.split("\n")) {
    const m = /^([^:\s]+): (\S+)\s*$/.exec(line);
    if (!m) continue;
    const program = m[2]!.split("/").pop()!;
    const list = out.get(program) ?? out.set(program, []).get(program)!;
    if (!list.includes(m[1]!)) list.push(m[1]!);
  }
  return out;
}

/** Installed packages and their versions (dpkg's view, "ii" only). */
export function installedPackages(root = HOST): Map<string, string> {
  const text = output(root, ["dpkg-query", "-W", "-f", "${db:Status-Abbrev}\t${Package}\t${Version}\n"]);
  const out = new Map<string, string>();
  for (const line of text.split("\n")) {
    const [status, name, version] = line.split("\t");
    if (status?.startsWith("ii") && name && version) out.set(name, version);
  }
  return out;
}

/** One program link that update-alternatives made on this machine, and what it points to now. */
export interface InstalledAlternative {
  /** The alternative group (`vi`, `nc`, `mailx`). */
  group: string;
  /** The link (`/usr/bin/vi`). */
  link: string;
  /** The file it points to (`/usr/bin/vim.basic`). */
  target: string;
  /** The package that ships the target. */
  package: string;
}

const BIN = /^\/(usr\/)?s?bin\/[^/]+$/;

/**
 * The master and slave links of one group of dpkg's alternatives database
 * (/var/lib/dpkg/alternatives/GROUP: the mode, the master link, then name/link pairs of the
 * slaves up to a blank line, then the alternatives), each with the name that /etc/alternatives
 * holds its current choice under.
 */
export function alternativeLinks(group: string, text: string): { name: string; link: string }[] {
  const lines = text.split("\n");
  const out = lines[1] ? [{ name: group, link: lines[1] }] : [];
  for (let i = 2; i + 1 < lines.length && lines[i] !== ""; i += 2) out.push({ name: lines[i]!, link: lines[i + 1]! });
  return out;
}

/**
 * program basename -> the alternative that provides it on this machine: each link in a bin
 * folder that dpkg's alternatives database holds, with the file its current choice points to
 * and that file's package. Links whose choice is missing or whose target no package ships are
 * left out. A chroot's db and chosen folders hold links as its own file system names them, and
 * its own dpkg knows their packages.
 */
export function readInstalledAlternatives(db = "/var/lib/dpkg/alternatives", chosen = "/etc/alternatives", root = HOST): Map<string, InstalledAlternative> {
  const found: Omit<InstalledAlternative, "package">[] = [];
  if (!existsSync(db)) return new Map();
  for (const group of readdirSync(db).sort()) {
    for (const { name, link } of alternativeLinks(group, readFileSync(join(db, group), "utf8"))) {
      if (!BIN.test(link)) continue;
      let target: string;
      try {
        target = readlinkSync(join(chosen, name));
      } catch {
        continue;
      }
      found.push({ group, link, target });
    }
  }
  // One dpkg-query for every target: "package: /path" per line.
  const owner = new Map<string, string>();
  const [cmd, ...rest] = onRoot(root, ["dpkg-query", "-S", ...new Set(found.map((f) => f.target))]);
  const r = spawnSync(cmd!, rest, { encoding: "utf8", maxBuffer: BIG });
  for (const line of (r.stdout ?? "").split("\n")) {
    const m = /^([^:\s,]+)(?::\S+)?(?:, [^:]+)*: (\/.*)$/.exec(line);
    if (m) owner.set(m[2]!, m[1]!);
  }
  const out = new Map<string, InstalledAlternative>();
  for (const f of found) {
    const pkg = owner.get(f.target);
    const program = basename(f.link);
    if (pkg && !out.has(program)) out.set(program, { ...f, package: pkg });
  }
  return out;
}
