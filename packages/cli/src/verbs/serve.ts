// `shellgen serve`: a llama-server-compatible endpoint for any GGUF, on loopback by default.
import { UsageError, type Args } from "@shellgen/base";
import { defaultModelPath, isUrl, startServer } from "@shellgen/decode";

export async function run(args: Args): Promise<number> {
  if (args.positionals.length) throw new UsageError(`unexpected argument ${args.positionals[0]} (see shellgen serve --help)`);
  const model = args.str("model") ?? defaultModelPath();
  if (isUrl(model)) throw new UsageError("shellgen serve needs a GGUF file or hf: URI, not a URL");
  const server = await startServer({
    model,
    port: args.int("port", 0, 65535) ?? 8080,
    host: args.str("host") ?? "127.0.0.1",
    threads: args.int("threads", 1, 1024),
  });
  // Said once the socket accepts connections, so a user (or a script) knows where to send requests.
  process.stdout.write(`shellgen serve: listening on ${server.url} (model ${model})\n`);
  await new Promise<void>((resolveStop) => {
    const stop = () => resolveStop();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  await server.close();
  return 0;
}
