export async function main(_argv: string[]): Promise<number> {
  process.stderr.write("not implemented yet\n");
  return 2;
}
