// Composition cases per construct: what the composed default grammar must accept and
// reject. The README table is generated from these (compose/table.ts) and tests check them.
import type { Construct } from "./limits.js";

export interface ConstructCases {
  construct: Construct | "quoting";
  valid: string[];
  invalid: string[];
}

export const CASES: ConstructCases[] = [
  {
    construct: "pipe",
    valid: [
      "cat a.txt | sort | uniq -c",
      "sort -n data.txt | head -n 3",
      "grep -c error app.log | tee count.txt",
      "ls -1|wc -l",
      "/bin/ls -l | /usr/bin/wc -l",
      "./gen.sh --n 3 | sort",
      "cat a.txt | sort | uniq -c | sort -rn | head -n 5",
    ],
    invalid: ["cat a |", "ls | | wc", "| sort", "cat a.txt | sort --bogus", "sort | uniq -Z"],
  },
  {
    construct: "and",
    valid: [
      "mkdir -p out && cp a.txt out/",
      "test -f a.txt && cat a.txt",
      "grep -q x f.txt && echo found",
      "cd src && ls -l",
      "mkdir -p a && mkdir -p b && ls",
    ],
    invalid: ["mkdir -p out &&", "&& ls", "ls && && ls", "ls &&& ls", "cp && ls"],
  },
  {
    construct: "or",
    valid: ["grep -q x f.txt || echo missing", "test -d out || mkdir out", "cat a.txt || true", "ls a || ls b || ls c", "grep -q x f || exit 1"],
    invalid: ["ls ||", "|| ls", "ls || || ls", "ls ||| ls", "ls || grep"],
  },
  {
    construct: "seq",
    valid: ["cd src; ls", "mkdir -p out; cp a.txt out/; ls out", "ls;", "echo a ; echo b", "sort a.txt > b.txt; wc -l b.txt"],
    invalid: ["; ls", "ls ;; ls", "ls ; ; ls", "cd src; ls --bogus-flag", ";"],
  },
  {
    construct: "redirect",
    valid: ["sort a.txt > b.txt", "echo hi >> log.txt", "wc -l < a.txt", "ls nothere 2>/dev/null", "sort -n a.txt > b.txt 2>&1"],
    invalid: ["sort a.txt >", "wc -l <", "ls 2>", "sort a.txt > > b.txt", "echo hi >>> log.txt"],
  },
  {
    construct: "subst",
    valid: [
      "echo $(ls | wc -l)",
      'echo "$(date +%F)"',
      "wc -l $(ls *.txt)",
      "n=$(wc -l < a.txt)",
      "echo $((1 + 2))",
      "echo `date +%F`",
      "mkdir -p logs/$(date +%F)",
      "wc -l <(sort a.txt)",
      "cat a.txt >(sort)",
    ],
    invalid: ["echo $(ls", "echo $(ls | )", "echo $()", "wc -l $(ls --bogus)", "echo $((", "echo `date", "wc -l <(sort a.txt", "echo `ls --bogus`"],
  },
  {
    construct: "xargs",
    valid: [
      "cat /workspace/files.txt | xargs rm",
      "ls *.txt | xargs wc -l",
      "find . -name '*.tmp' | xargs rm -f",
      "cat list.txt | xargs -n 1 echo",
      "ls | xargs -I{} cp {} backup/",
    ],
    invalid: ["cat files.txt | xargs rm --bogus", "ls | xargs -n", "ls | xargs wc --nope", "xargs |", "ls | xargs -Z rm"],
  },
  {
    construct: "exec",
    valid: [
      "find . -name '*.log' -mtime +7 -exec gzip {} \\;",
      "find . -type f -exec wc -l {} +",
      "find . -name '*.txt' -exec cat {} \\;",
      "find src -type f -exec grep -l TODO {} +",
      "find . -empty -exec rm {} \\;",
    ],
    invalid: [
      "find . -exec gzip {}",
      "find . -exec \\;",
      "find . -name '*.log' -exec gzip --bogus {} \\;",
      "find . -exec {} \\;",
      "find . -name -exec gzip {} \\;",
    ],
  },
  {
    construct: "loop",
    valid: [
      'for f in *.txt; do wc -l "$f"; done > counts.txt',
      "for i in 1 2 3; do echo $i; done",
      'while read -r line; do echo "$line"; done < file.txt',
      "for f in $(ls); do cat $f; done",
      'while read -r f; do rm -f "$f"; done < list.txt',
    ],
    invalid: [
      "for f in *.txt; do wc -l $f",
      "for f in *.txt do wc -l $f; done",
      "while read -r line; done",
      "for in a b; do echo; done",
      "for f in a; do; done",
    ],
  },
  {
    construct: "if",
    valid: [
      "if [ -f a.txt ]; then cat a.txt; fi",
      "if test -d out; then ls out; else mkdir out; fi",
      "if grep -q x f.txt; then echo yes; fi",
      'if [ "$n" -gt 3 ]; then echo big; fi',
      "if [ -s a ]; then wc -l a; elif [ -f b ]; then wc -l b; fi",
    ],
    invalid: [
      "if [ -f a.txt ]; then cat a.txt",
      "if [ -f a.txt ] then cat a.txt; fi",
      "if [ -f a.txt; then cat a.txt; fi",
      "if; then ls; fi",
      "if [ -f a ]; then; fi",
    ],
  },
  {
    construct: "heredoc",
    valid: [
      "cat <<'EOF' > notes.txt\nhello\nworld\nEOF",
      "cat <<EOF\nline one\nEOF",
      "wc -l <<'END'\na\nb\nEND",
      "cat <<'EOF' | sort\nb\na\nEOF",
      'cat > run.sh <<"EOF"\necho hi\nEOF',
    ],
    invalid: ["cat <<'EOF'\nhello", "cat <<'EOF' > a.txt\nhello\nEOF EOF", "cat <<\nEOF", "cat <<'EOF\nx\nEOF", "cat <<'EOF'\n\nEOF"],
  },
  {
    construct: "background",
    valid: ["gzip a.log & wait", "sort a.txt > b.txt & sort c.txt > d.txt & wait", "gzip big.log &", "gzip a.log & gzip b.log; wait", "ls & wait"],
    invalid: ["& ls", "ls & & wait", "gzip a &&& wait", "wait -x", "ls &|"],
  },
  {
    construct: "assign",
    valid: ["x=1", "n=$(wc -l < a.txt); echo $n", "IFS= read -r line < a.txt", 'name="a b"; echo "$name"', "LC_ALL=C sort a.txt"],
    invalid: ["x =1", "=1", "1x=2", "x=$(", "x=1 y"],
  },
  {
    construct: "quoting",
    valid: [
      "grep -E 'a|b' f.txt",
      'echo "a  b"',
      "echo 'it''s'",
      "echo $HOME ${USER:-me} $$ $?",
      "sort -t$'\\t' -k2 f.txt",
      'cat "my file.txt"',
      'grep -c "x\\"y" f.txt',
    ],
    invalid: ["grep 'abc f.txt", 'echo "abc', "cat 'a.txt", 'echo "a" "b', "grep -E 'a|b f.txt", "echo 'it's", "echo ${HOME", 'echo "${HOME"'],
  },
];
