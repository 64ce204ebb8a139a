// What Debian's archive says, read through apt's own tools: every package's record
// (`apt-cache dumpavail`) and which package ships which program (`apt-file search`).
import { execFileSync } from "node:child_process";

export interface PackageRecord {
  name: string;
  version: string;
  priority: string;
  section: string;
  /** Direct dependencies, alternatives flattened, versions dropped. */
  depends: string[];
  installedKb: number;
}

const BIG = 1 << 30;

export function readPackages(): Map<string, PackageRecord> {
  const text = execFileSync("apt-cache", ["dumpavail"], { maxBuffer: BIG, encoding: "utf8" });
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
export function readProgramPackages(): Map<string, string[]> {
  const text = execFileSync("apt-file", ["search", "--regexp", "^/(usr/)?s?bin/[^/]+$"], { maxBuffer: BIG, encoding: "utf8" });
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
export function installedPackages(): Map<string, string> {
  const text = execFileSync("dpkg-query", ["-W", "-f", "${db:Status-Abbrev}\t${Package}\t${Version}\n"], { maxBuffer: BIG, encoding: "utf8" });
  const out = new Map<string, string>();
  for (const line of text.split("\n")) {
    const [status, name, version] = line.split("\t");
    if (status?.startsWith("ii") && name && version) out.set(name, version);
  }
  return out;
}
