"""Drops the committed pairs whose command (or a shot's) the current default policy refuses.

    /usr/bin/python3 model/recheck_policy.py

make_data.py filters by the policy of the day it runs; when the policy grows stricter, the
committed data can hold pairs it now refuses. This removes them from model/data/{train,val}
.jsonl.gz without rebuilding the rest, and records what it dropped in the manifest
(`policy_recheck`), with the new digest. The shipped model was trained before the recheck.
"""
from __future__ import annotations

import collections
import datetime
import gzip
import hashlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tldr_pairs import check_commands  # noqa: E402

DATA = os.path.join(HERE, "data")


def main() -> None:
    rows = {}
    for name in ("train", "val"):
        with gzip.open(os.path.join(DATA, f"{name}.jsonl.gz"), "rb") as f:
            rows[name] = [line for line in f]
    parsed = {name: [json.loads(line) for line in lines] for name, lines in rows.items()}
    cmds = sorted({c for ps in parsed.values() for p in ps for c in [p["command"]] + [s[1] for s in p.get("shots", [])]})
    refused = {}
    for c, v in zip(cmds, check_commands(cmds)):
        if v["parses"] and v["violations"]:
            refused[c] = v["violations"]
    rules = collections.Counter()
    digest = hashlib.sha256()
    kept_counts = {}
    dropped = []
    for name in ("train", "val"):
        out = []
        for line, p in zip(rows[name], parsed[name]):
            bad = [c for c in [p["command"]] + [s[1] for s in p.get("shots", [])] if c in refused]
            if bad:
                dropped.append({"command": p["command"], "refused": bad[0], "rules": refused[bad[0]]})
                rules.update(refused[bad[0]])
                continue
            out.append(line)
            digest.update(line)
        kept_counts[name] = len(out)
        tmp = os.path.join(DATA, f".{name}.jsonl.gz.tmp")
        with gzip.GzipFile(tmp, "wb", mtime=0) as gz:
            gz.write(b"".join(out))
        os.replace(tmp, os.path.join(DATA, f"{name}.jsonl.gz"))
    path = os.path.join(DATA, "manifest.json")
    with open(path) as f:
        manifest = json.load(f)
    manifest.update({"train": kept_counts["train"], "val": kept_counts["val"], "sha256": digest.hexdigest()})
    manifest.setdefault("policy_recheck", []).append(
        {"date": datetime.date.today().isoformat(), "dropped": len(dropped), "rules": dict(sorted(rules.items())),
         "examples": [d["command"] for d in dropped[:12]]})
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(manifest, f, indent=2)
    os.replace(tmp, path)
    print(json.dumps({"dropped": len(dropped), "rules": dict(rules), "train": kept_counts["train"], "val": kept_counts["val"]}))


if __name__ == "__main__":
    main()
