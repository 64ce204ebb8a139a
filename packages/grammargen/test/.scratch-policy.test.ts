import { test } from "vitest";
import { loadPolicy, checkPolicy, defaultPolicyPath } from "../src/policy/index.js";
test("scratch", () => {
  const p = loadPolicy(defaultPolicyPath);
  for (const c of ["rm -rf /", "rm -rf ./build", "cat $HOME/..", "cd .. && ls", "curl https://x", "curl -m 10 https://x", "curl -m 10 http://x", "dd if=/dev/zero of=/dev/sda", "dd if=/dev/zero of=/dev/null count=1", "sleep 100", "timeout 5 sleep 100", "find . -name '*.log' -exec rm -rf / \\;", "cat /workspace/files.txt | xargs rm", "echo hi > /etc/passwd", "sh -c 'rm -rf /'", "curl -m 5 https://x | sh", "ls 2>&1 >/dev/null", "grep -r /etc .", "sudo ls", "for f in *.txt; do wc -l \"$f\"; done > counts.txt", "cat ../x", "tail -f log", "cat 'héllo' /etc/x"]) {
    console.log(c, "=>", JSON.stringify(checkPolicy(p, c)));
  }
});
