"""Hand-written invocations for the getopt-style corpus entries (GNU, cobra, argparse, click, clap), written to corpora/help/<name>/invocations.json.

Each was then checked against the real program by verify-invocations (bubblewrap); the
verdicts live in verdicts.json. Fixture files in the sandbox: a.txt b.txt notes.txt
data.json data.csv dir/c.txt dir/sub/d.txt script.py a.txt.gz.
"""
import json, pathlib, sys

I = {
 "ls": (["ls -lah", "ls -la --color=never dir", "ls --block-size=1K -s a.txt", "ls -w80 -C dir", "ls --sort=size -r", "ls -1 -- a.txt b.txt", "ls dir -R --format=long"],
        ["ls --bogus", "ls --color=sometimes", "ls -w", "ls --sort=colour", "ls --width=wide"]),
 "grep": (["grep -E 'alp|gam' a.txt", "grep -in beta a.txt b.txt", "grep -c -e alpha -e beta a.txt", "grep -rn charlie dir", "grep --color=never -A1 beta a.txt", "grep -m 1 -v beta a.txt", "grep --binary-files=text alpha a.txt"],
          ["grep --bogus x a.txt", "grep -A", "grep --binary-files=maybe x a.txt", "grep -m lots x a.txt", "grep --context=some beta a.txt"]),
 "sed": (["sed -n 2p a.txt", "sed -e 's/a/b/g' a.txt", "sed -E 's/(a)+/X/' a.txt b.txt", "sed -i.bak 's/beta/BETA/' a.txt", "sed --expression=1d -- a.txt", "sed -n -e '$p' notes.txt"],
         ["sed --bogus p a.txt", "sed -e", "sed -n", "sed -f"]),
 "head": (["head -n 2 a.txt", "head -n -1 a.txt", "head -c 1K a.txt", "head -qn1 a.txt b.txt", "head --lines=3 notes.txt", "head -v a.txt"],
          ["head --bogus a.txt", "head -n", "head --lines=many a.txt", "head -x a.txt"]),
 "tail": (["tail -n 2 a.txt", "tail -n +2 a.txt", "tail -c 10 a.txt", "tail -q a.txt b.txt", "tail --lines=1 notes.txt", "tail -s 0.5 -n1 a.txt"],
          ["tail --bogus a.txt", "tail -n", "tail --lines=lots a.txt", "tail --follow=inode a.txt"]),
 "cut": (["cut -d, -f1 data.csv", "cut -c1-3 a.txt", "cut -f 2 -d ' ' notes.txt", "cut --complement -c1 a.txt", "cut -s -d, -f2 data.csv"],
         ["cut --bogus -f1 a.txt", "cut -d", "cut -q -f1 a.txt"]),
 "sort": (["sort a.txt", "sort -rn a.txt", "sort -t, -k2 data.csv", "sort -u -o out.txt a.txt b.txt", "sort --sort=numeric a.txt", "sort -S 1M a.txt", "sort --check=quiet a.txt"],
          ["sort --bogus a.txt", "sort -k", "sort --sort=alphabetic a.txt", "sort -S huge a.txt"]),
 "uniq": (["uniq a.txt", "uniq -c a.txt", "uniq -d -i a.txt", "uniq -f 1 notes.txt", "uniq a.txt out.txt", "uniq --all-repeated=separate a.txt"],
          ["uniq --bogus a.txt", "uniq -f", "uniq -f one a.txt", "uniq a.txt b.txt c.txt"]),
 "wc": (["wc -l a.txt", "wc -lwc a.txt b.txt", "wc --words notes.txt", "wc -L a.txt", "wc"],
        ["wc --bogus a.txt", "wc -q a.txt", "wc --files0-from"]),
 "cat": (["cat a.txt", "cat -n a.txt b.txt", "cat -A notes.txt", "cat -sE a.txt", "cat -- a.txt"],
         ["cat --bogus a.txt", "cat -q a.txt", "cat --number=2 a.txt"]),
 "cp": (["cp a.txt copy.txt", "cp -r dir dir2", "cp -v a.txt b.txt dir", "cp --backup=numbered a.txt b.txt", "cp -t dir a.txt b.txt", "cp -a dir/ backup"],
        ["cp --bogus a.txt c.txt", "cp -t", "cp a.txt", "cp -S"]),
 "mv": (["mv a.txt moved.txt", "mv -v a.txt b.txt dir", "mv -n a.txt b.txt", "mv -t dir a.txt", "mv --backup=simple a.txt b.txt"],
        ["mv --bogus a.txt c.txt", "mv a.txt", "mv -t", "mv -q a.txt b.txt"]),
 "rm": (["rm a.txt", "rm -rf dir", "rm -v a.txt b.txt", "rm -f nothere.txt", "rm --interactive=never a.txt", "rm -- a.txt"],
        ["rm --bogus a.txt", "rm -q a.txt", "rm", "rm --preserve-root=everything dir"]),
 "mkdir": (["mkdir new", "mkdir -p a/b/c", "mkdir -m 755 x y", "mkdir --mode=700 -v z", "mkdir -pv deep/er"],
           ["mkdir --bogus x", "mkdir -m", "mkdir", "mkdir -q x"]),
 "chmod": (["chmod 644 a.txt", "chmod u+x a.txt b.txt", "chmod -R go-w dir", "chmod --reference=a.txt b.txt", "chmod -v 600 a.txt"],
           ["chmod --bogus 644 a.txt", "chmod", "chmod 644", "chmod --reference"]),
 "du": (["du -sh dir", "du -a dir", "du --max-depth=1 .", "du -d 0 -b dir", "du -h --apparent-size a.txt", "du --time dir", "du -B 1K dir"],
        ["du --bogus dir", "du -d", "du --max-depth=deep dir", "du -B lots dir"]),
 "df": (["df -h", "df -T .", "df --output=source,size .", "df -B 1M .", "df -i ."],
        ["df --bogus", "df -B", "df -q ."]),
 "touch": (["touch new.txt", "touch -c a.txt", "touch -d '2020-01-01' a.txt", "touch -r a.txt b.txt", "touch -am x y"],
           ["touch --bogus a.txt", "touch", "touch -d", "touch -q a.txt"]),
 "date": (["date", "date -u", "date +%Y-%m-%d", "date -d '2020-01-01' +%s", "date -I", "date --iso-8601=seconds", "date -R -r a.txt"],
          ["date --bogus", "date -d", "date --iso-8601=weeks", "date -q"]),
 "tr": (["tr a-z A-Z", "tr -d aeiou", "tr -s ' '", "tr -cd '[:alnum:]'", "tr -- abc xyz"],
        ["tr --bogus a b", "tr", "tr -q a b"]),
 "diff": (["diff a.txt b.txt", "diff -u a.txt b.txt", "diff -U 1 a.txt b.txt", "diff -rq dir dir", "diff --color=never -y a.txt b.txt", "diff -c a.txt b.txt"],
          ["diff --bogus a.txt b.txt", "diff --color=sometimes a.txt b.txt", "diff -U", "diff -W wide a.txt b.txt"]),
 "gzip": (["gzip -k a.txt", "gzip -d a.txt.gz", "gzip -9 -c b.txt", "gzip -l a.txt.gz", "gzip -t a.txt.gz", "gzip -S .z -k notes.txt"],
          ["gzip --bogus a.txt", "gzip -S", "gzip -y a.txt"]),
 "xargs": (["xargs echo", "xargs -n 1 echo", "xargs -0 -r ls", "xargs -I{} echo {}", "xargs -P 2 -n1 echo x", "xargs -a a.txt echo"],
           ["xargs --bogus echo", "xargs -n", "xargs -n lots echo", "xargs -P"]),
 "tee": (["tee out.txt", "tee -a a.txt", "tee -i x y", "tee --output-error=warn out.txt", "tee -p out.txt"],
         ["tee --bogus out.txt", "tee -q out.txt", "tee --output-error=loud out.txt"]),
 "seq": (["seq 5", "seq 2 10", "seq 1 2 9", "seq -w 1 10", "seq -s, 3", "seq -f %03g 3"],
         ["seq --bogus 5", "seq", "seq -s", "seq -q 3"]),
 "paste": (["paste a.txt b.txt", "paste -d, a.txt b.txt", "paste -s a.txt", "paste --serial -d ' ' notes.txt", "paste - -"],
           ["paste --bogus a.txt", "paste -d", "paste -q a.txt"]),
 "timeout": (["timeout 5 true", "timeout 2s sleep 0", "timeout -k 1 5 ls -l", "timeout --signal=KILL 1m true", "timeout 0.5 true"],
             ["timeout --bogus 5 true", "timeout -k", "timeout -q 5 true"]),
 "base64": (["base64 a.txt", "base64 -d data.json", "base64 -w 0 a.txt", "base64 --wrap=76 b.txt", "base64 -di a.txt"],
            ["base64 --bogus a.txt", "base64 -w", "base64 -w wide a.txt", "base64 a.txt b.txt"]),
 "wget": (["wget -q http://localhost/", "wget -O out.html http://localhost/", "wget -t 1 -T 1 http://localhost/x", "wget --spider -nv http://localhost/", "wget -c -P dl http://localhost/f"],
          ["wget --bogus http://localhost/", "wget -O", "wget --secure-protocol=SSLv9 http://localhost/", "wget -t"]),
 "fold": (["fold a.txt", "fold -w 3 a.txt", "fold -s -w10 notes.txt", "fold -b b.txt", "fold --width=5 a.txt b.txt"],
          ["fold --bogus a.txt", "fold -w", "fold -w wide a.txt"]),
 # cobra
 "hugo": (["hugo version", "hugo env", "hugo -s . list all", "hugo --quiet config", "hugo help server"],
          ["hugo --bogus", "hugo -s", "hugo --buildDrafts=maybe"]),
 "restic": (["restic version", "restic -r /work/repo snapshots", "restic --json -r repo stats", "restic --no-cache -r repo check", "restic help backup", "restic -r repo --password-file a.txt init"],
            ["restic --bogus version", "restic -r", "restic --compression=extreme version", "restic --pack-size=big version"]),
 # argparse
 "flake8": (["flake8 script.py", "flake8 --max-line-length 100 script.py", "flake8 -v --count script.py", "flake8 --select=E,W --statistics .", "flake8 --color never script.py"],
            ["flake8 --bogus script.py", "flake8 --max-line-length long script.py", "flake8 --color sometimes script.py", "flake8 --output-file"]),
 "http": (["http --offline example.org", "http --offline --ignore-stdin POST example.org name=x", "http --offline -v GET localhost/api", "http --offline --pretty=none example.org", "http --offline -A basic -a u:p example.org"],
          ["http --bogus example.org", "http", "http --pretty=loud example.org", "http --max-redirects=some example.org"]),
 "json-tool": (["python3 -m json.tool data.json", "python3 -m json.tool --sort-keys data.json", "python3 -m json.tool --indent 2 data.json out.json", "python3 -m json.tool --compact data.json", "python3 -m json.tool --tab -- data.json"],
               ["python3 -m json.tool --bogus data.json", "python3 -m json.tool --indent", "python3 -m json.tool data.json out.json extra.json"]),
 "venv": (["python3 -m venv --without-pip env1", "python3 -m venv --without-pip --prompt demo env2", "python3 -m venv --without-pip --clear e3 e4", "python3 -m venv --without-pip --copies e5", "python3 -m venv --without-pip --system-site-packages e6"],
          ["python3 -m venv --bogus env", "python3 -m venv", "python3 -m venv --prompt"]),
 # click
 "black": (["black --check script.py", "black -l 100 --diff script.py", "black -q --target-version py311 script.py", "black --skip-string-normalization --check .", "black --color --diff script.py"],
           ["black --bogus script.py", "black -l long script.py", "black --target-version py2 script.py", "black -l"]),
 "flask": (["flask --help", "flask routes --help", "flask --app script run --help", "flask --version", "flask shell --help"],
           ["flask --bogus routes", "flask --app", "flask -A"]),
 # clap
 "rg": (["rg alpha a.txt", "rg -i -n BETA a.txt b.txt", "rg -e alpha -e beta .", "rg -t py import", "rg --max-count 1 -A 2 beta a.txt", "rg -l --hidden alpha dir"],
        ["rg --bogus alpha", "rg -A", "rg --max-count many alpha", "rg -j"]),
 "fdfind": (["fdfind txt", "fdfind -e txt", "fdfind -H -t f . dir", "fdfind --max-depth 1 c", "fdfind -E sub -g '*.txt' dir"],
            ["fdfind --bogus txt", "fdfind -d", "fdfind --max-depth deep txt", "fdfind -j"]),
 "hyperfine": (["hyperfine --runs 2 true", "hyperfine -w 1 -r 2 'sleep 0'", "hyperfine -N --runs 2 true", "hyperfine --export-json out.json -r 2 true", "hyperfine -r 2 true false -i"],
               ["hyperfine --bogus true", "hyperfine --runs many true", "hyperfine -r", "hyperfine"]),
 "batcat": (["batcat a.txt", "batcat -n a.txt b.txt", "batcat --paging=never -p a.txt", "batcat -l json data.json", "batcat -r 1:2 notes.txt"],
            ["batcat --bogus a.txt", "batcat -l", "batcat --terminal-width wide a.txt"]),
 "sd": (["sd alpha omega a.txt", "sd -p beta BETA a.txt", "sd -s '.' ',' notes.txt", "sd -f i ALPHA x a.txt b.txt", "sd -- x y a.txt"],
        ["sd --bogus a b a.txt", "sd", "sd -f"]),
 "lsd": (["lsd", "lsd -la dir", "lsd --tree --depth 2 dir", "lsd --color never --icon never", "lsd --sort size -r ."],
         ["lsd --bogus", "lsd --color sometimes", "lsd --depth deep", "lsd --sort colour"]),
 "b3sum": (["b3sum a.txt", "b3sum --no-names a.txt b.txt", "b3sum -l 16 a.txt", "b3sum --num-threads 1 notes.txt", "b3sum --raw -l 8 a.txt"],
           ["b3sum --bogus a.txt", "b3sum -l", "b3sum -l long a.txt"]),
 # generic
 "jq": (["jq . data.json", "jq -r .name data.json", "jq -c '.items[]' data.json", "jq --arg v 1 '.name = $v' data.json", "jq -n '1+1'", "jq -S --tab . data.json"],
        ["jq --bogus . data.json", "jq --arg", "jq --arg v"]),
 "tree": (["tree", "tree -a dir", "tree -L 1 .", "tree -d --noreport dir", "tree -P '*.txt' -f dir", "tree --filelimit 10 dir"],
          ["tree --bogus", "tree -L", "tree -L deep", "tree -q9 dir"]),
 "age": (["age -r age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p -o out.age a.txt", "age -p -a -o out.age a.txt", "age -d -i key.txt a.txt", "age --decrypt -i key.txt -o out.txt a.txt", "age -e -R keys.txt a.txt"],
         ["age --bogus a.txt", "age -o", "age -r"]),
}

root = pathlib.Path(__file__).resolve().parents[3] / "corpora" / "help"
for name, (valid, invalid) in I.items():
    d = root / name
    if not d.is_dir():
        sys.exit(f"missing corpus folder {d}")
    (d / "invocations.json").write_text(json.dumps({"valid": valid, "invalid": invalid}, indent=2) + "\n")
print(f"wrote {len(I)} invocations.json files")
