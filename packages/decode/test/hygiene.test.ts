import { describe, expect, it } from "vitest";
import { cleanCommand } from "../src/hygiene.js";
import { parseBash } from "../src/gate.js";

describe("cleanCommand", () => {
  const cases: [string, string][] = [
    [" wc -l notes.txt", "wc -l notes.txt"],
    ["```bash\nls -la\n```", "ls -la"],
    ["```\ngrep -c error app.log\n```\nThis counts the lines.", "grep -c error app.log"],
    ["Here is the command:\n```sh\nsort -u names.txt\n```", "sort -u names.txt"],
    ["$ head -n 5 data.csv", "head -n 5 data.csv"],
    ["`du -sh .`", "du -sh ."],
    ["`du -sh .` shows the size.", "du -sh ."],
    ["Command: tail -n 3 log.txt", "tail -n 3 log.txt"],
    ["wc -w essay.txt  # counts words", "wc -w essay.txt"],
    ["echo 'a # b' > f.txt", "echo 'a # b' > f.txt"],
    ["ls -1\n\nThis lists one file per line.", "ls -1"],
    ["cat a.txt\ncat b.txt", "cat a.txt"],
    ['for f in *.txt; do\n  wc -l "$f"\ndone\nThat loops.', 'for f in *.txt; do\n  wc -l "$f"\ndone'],
    ["cat <<'EOF' > hi.txt\nhello\nEOF", "cat <<'EOF' > hi.txt\nhello\nEOF"],
    ["find . -name '*.log' |\n  xargs wc -l", "find . -name '*.log' |\n  xargs wc -l"],
  ];
  it.each(cases)("%j -> %j", (raw, want) => {
    expect(cleanCommand(raw)).toBe(want);
  });

  it("keeps exactly one parseable command from chatty output", () => {
    const out = cleanCommand("Sure! You can use:\n\n```bash\n$ cut -d, -f2 people.csv | sort | uniq -c\n```\n\nExplanation: cut takes the second field.");
    expect(out).toBe("cut -d, -f2 people.csv | sort | uniq -c");
    expect(parseBash(out).parses).toBe(true);
  });
});
