// Option layouts once misread. Made-up programs' texts; each also refuses what they do not allow.
import { describe, test } from "vitest";
import { accepts } from "./help-verdicts.js";

describe("option heads", () => {
  test("spellings in brackets before a description ('[-h, --help]  Print this help', '[--pool] <string>  pool name') are the option's", () => {
    const help = `USAGE:
    probe --summary
    probe --pool <string>

OPTIONS:
[-h, --help]        Print this help.
[--summary]         Show a summary.
[--pool] <string>   pool name or uuid
`;
    accepts(help, ["probe --summary", "probe -h", "probe --help", "probe --pool p1"], ["probe --pool", "probe --sumary", "probe -x", "probe --pool a b"]);
  });

  test("Haskell GetOpt's table: letters, then long names in a column of their own, often with no description", () => {
    const help = `probe [OPTIONS] [FILES]
  -f FORMAT, -r FORMAT  --from=FORMAT, --read=FORMAT
  -o FILE               --output=FILE
                        --data-dir=DIRECTORY
  -s                    --standalone
                        --list-formats
                        --toc, --table-of-contents
  -v                    --version
`;
    accepts(
      help,
      [
        "probe --list-formats",
        "probe --data-dir=d a.md",
        "probe --toc -s a.md",
        "probe --from=markdown a.md",
        "probe -r md --read md a.md",
        "probe --table-of-contents a",
      ],
      ["probe --data-dir", "probe --list-format", "probe -x a", "probe --from"],
    );
  });

  test("a usage line with a letter cluster over a table set apart by runs of tabs: the table's options exist", () => {
    const help =
      "Usage: probe [-Cu] [OPTIONS] AGENT\n\nOPTIONS:\n  -h, --help\t\tdisplay this help message\n  -H\t\t\tdisplay the directives\n  -v 1|2c|3\t\tthe version to use\n  -c COMMUNITY\t\tset the community string\n";
    accepts(help, ["probe -h", "probe -v 2c -c public host", "probe -Cu host", "probe -H host"], ["probe -v 4 host", "probe -x host", "probe -c"]);
  });

  test("a remark in parentheses that names another spelling ('(synonym: -f)', '(or -o PATH)') adds it", () => {
    const help = `usage:  probe [options] [ncolors] -- pngfile [pngfile ...]

options:
  --force           overwrite existing output files (synonym: -f)
  --output file     destination file path to use (synonym: -o)
  --quiet           print nothing (same as -q 0)
     --outdir PATH  (or -d PATH)
                  Where the output files go.
     --version (or -V)
                  Print the version and exit.
`;
    accepts(
      help,
      ["probe -f a.png", "probe --force a.png", "probe -o b.png a.png", "probe -d out a.png", "probe -V", "probe --quiet a.png"],
      ["probe -q a.png", "probe -o", "probe -d", "probe -x a.png", "probe --version=x"],
    );
  });

  test("Thor's table: each long spelling in brackets of its own, the description after '# '", () => {
    const help = `Usage:
  probe new APP_PATH [options]

Options:
      [--skip-docs], [--no-skip-docs]  # Skip the docs
  -r, [--ruby=PATH]                    # Path to the Ruby binary
                                       # Default: /usr/bin/ruby
  -d, [--database=DATABASE]            # Use this database
  -f, [--force]                        # Overwrite files
  -v, [--version], [--no-version]      # Show the version and quit
`;
    accepts(
      help,
      ["probe --version", "probe -v", "probe new app --no-skip-docs -f", "probe new app -d postgresql", "probe new app --ruby=/usr/bin/ruby"],
      ["probe new app -d", "probe new app --ruby", "probe new app --forcex", "probe new app -x"],
    );
  });

  test("usage forms set apart by blank lines, each with its description below it, all show their options", () => {
    const help = `Usage: 

 probe --resave project_file
    Resaves all files in a project.

 probe --set-version version_number project_file
    Updates the version number.

 probe --status project_file
    Displays information about a project.
`;
    accepts(
      help,
      ["probe --resave p.jucer", "probe --set-version 1.2 p.jucer", "probe --status p.jucer"],
      ["probe --bogus p.jucer", "probe --status", "probe --resave a b c"],
    );
  });

  test("a long flag whose description ends '(default true)' takes =true or =false (Go's flag packages)", () => {
    const help = `Usage:
  probe pull [options] IMAGE [IMAGE...]

Options:
  -q, --quiet         Suppress output
      --tls-verify    Require HTTPS (default true)
`;
    accepts(
      help,
      ["probe pull --tls-verify=false img", "probe pull --tls-verify=true img", "probe pull --tls-verify img", "probe pull -q img"],
      ["probe pull --tls-verify=no img", "probe pull --quiet=false img", "probe pull --tls-verify=false"],
      "probe pull",
    );
  });

  test("a boolean in brackets after a space ('--check [true|false]') may be left off, and given only as one of its words", () => {
    accepts(
      "Usage: probe [OPTIONS] [URI]...\n\nOptions:\n --check [true|false]   Verify the peer. Default: true\n -p, --pasv [true|false]   Use passive mode.\n --limit=SPEED   Limit speed.\n",
      ["probe --check https://host/f", "probe --check=false u", "probe -p --limit=4000 f", "probe --check false u", "probe --pasv"],
      ["probe --check=maybe u", "probe --chek u"],
    );
  });
});
