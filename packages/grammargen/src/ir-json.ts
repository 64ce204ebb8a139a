// The text of an IR file (golden ir.json, a pack's <key>.ir.json, `--format ir`): one option,
// operand, extension or subcommand field per line, so a changed option is one changed line in a
// diff, at about 60% of the size of the text indented by two spaces.

/**
 * `value` as JSON text ending in a newline, read back by JSON.parse to the value
 * JSON.stringify(value) gives. A list or object is written on one line unless it holds, at any
 * depth, a list with a list or object in it; such a list gets one item a line and such an object
 * one member a line, indented two spaces per level.
 */
export function formatIrJson(value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError("formatIrJson: the value has no JSON text (undefined, a function or a symbol)");
  // Read back so what is written below is plain JSON: toJSON, undefined members and the like
  // already resolved the way JSON.stringify resolves them.
  return `${write(JSON.parse(text) as unknown, "")}\n`;
}

const isContainer = (v: unknown): v is object => typeof v === "object" && v !== null;

/** Whether `v` is written over several lines: it holds a list that holds a list or an object. */
function spans(v: unknown): boolean {
  if (!isContainer(v)) return false;
  if (Array.isArray(v)) return v.some(isContainer);
  return Object.values(v).some(spans);
}

function write(v: unknown, indent: string): string {
  if (!spans(v)) return JSON.stringify(v);
  const inner = `${indent}  `;
  if (Array.isArray(v)) return `[\n${v.map((x) => inner + write(x, inner)).join(",\n")}\n${indent}]`;
  const members = Object.entries(v as object).map(([k, x]) => `${inner}${JSON.stringify(k)}: ${write(x, inner)}`);
  return `{\n${members.join(",\n")}\n${indent}}`;
}
