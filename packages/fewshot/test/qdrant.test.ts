import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import { fromUuid, QdrantError, QdrantStore, toUuid } from "../src/qdrant.js";
import { exampleId } from "../src/example.js";
import { HashEmbedder } from "../src/embedder.js";
import { openPool } from "../src/pool.js";
import { smallCorpus, tempDir } from "./helpers.js";

// No Qdrant server can be installed here, so this checks the REST requests the adapter
// builds against a loopback server that records them and answers like Qdrant's API docs.
interface Seen {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}
let server: Server;
let base = "";
const seen: Seen[] = [];
let collectionExists = false;

beforeAll(async () => {
  server = createServer((req, res) => {
    let data = "";
    req.on("data", (c) => (data += c));
    req.on("end", () => {
      const body = data ? JSON.parse(data) : undefined;
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(json));
      };
      if (req.method === "GET" && req.url === "/collections/shellgen") {
        return collectionExists
          ? send(200, { result: { config: { params: { vectors: { size: 4, distance: "Cosine" } } } }, status: "ok" })
          : send(404, { status: { error: "Not found: Collection `shellgen` doesn't exist!" } });
      }
      if (req.url === "/collections/shellgen/points/search") {
        return send(200, {
          result: [
            {
              id: toUuid("00aa11bb22cc33dd"),
              score: 0.93,
              payload: { request: "Count lines", command: "wc -l < a.txt", program: "wc", example_id: "00aa11bb22cc33dd" },
            },
          ],
          status: "ok",
        });
      }
      if (req.url === "/collections/broken/points/search") return send(500, { status: { error: "boom" } });
      if (req.method === "GET" && req.url === "/collections/pool") return send(404, { status: { error: "Not found" } });
      if (req.url === "/collections/pool/points/count") return send(200, { result: { count: 0 }, status: "ok" });
      if (req.url === "/collections/pool/points/search") {
        const tarId = exampleId({ request: "Extract backup.tar.gz", command: "tar -xzf backup.tar.gz" });
        return send(200, { result: [{ id: toUuid(tarId), score: 0.99, payload: { example_id: tarId } }], status: "ok" });
      }
      send(200, { result: true, status: "ok" });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const addr = server.address();
  base = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("QdrantStore request building", () => {
  it("creates a cosine collection with a program index when it is missing", async () => {
    seen.length = 0;
    collectionExists = false;
    const q = new QdrantStore({ url: base, collection: "shellgen", apiKey: "secret" });
    expect(await q.ensureCollection(4)).toBe("created");
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(["GET /collections/shellgen", "PUT /collections/shellgen", "PUT /collections/shellgen/index"]);
    expect(seen[1]!.body).toEqual({ vectors: { size: 4, distance: "Cosine" } });
    expect(seen[2]!.body).toEqual({ field_name: "program", field_schema: "keyword" });
    expect(seen.every((s) => s.headers["api-key"] === "secret")).toBe(true);
  });

  it("refuses a collection of another vector size", async () => {
    collectionExists = true;
    await expect(new QdrantStore({ url: base, collection: "shellgen" }).ensureCollection(8)).rejects.toThrow(/holds 4-d vectors, not 8-d/);
  });

  it("upserts in batches with UUID ids and the example as payload", async () => {
    seen.length = 0;
    const q = new QdrantStore({ url: base, collection: "shellgen" });
    const pts = Array.from({ length: 5 }, (_, i) => ({
      id: `00aa11bb22cc33d${i}`,
      vector: new Float32Array([i, 0, 0, 1]),
      payload: { request: `r${i}`, command: `ls ${i}`, program: "ls" },
    }));
    await q.upsert(pts, 2);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(Array(3).fill("PUT /collections/shellgen/points?wait=true"));
    expect(seen[0]!.body.points[0]).toEqual({
      id: "00000000-0000-0000-00aa-11bb22cc33d0",
      vector: [0, 0, 0, 1],
      payload: { request: "r0", command: "ls 0", program: "ls", example_id: "00aa11bb22cc33d0" },
    });
    expect(seen[2]!.body.points).toHaveLength(1);
  });

  it("searches with an optional program filter and maps hits back to example ids", async () => {
    seen.length = 0;
    const q = new QdrantStore({ url: base, collection: "shellgen" });
    const hits = await q.search(new Float32Array([1, 0, 0, 0]), 3, { program: "wc" });
    expect(seen[0]!.body).toEqual({ vector: [1, 0, 0, 0], limit: 3, with_payload: true, filter: { must: [{ key: "program", match: { value: "wc" } }] } });
    expect(hits).toEqual([{ id: "00aa11bb22cc33dd", score: 0.93, payload: expect.objectContaining({ command: "wc -l < a.txt" }) }]);
    await q.delete(["00aa11bb22cc33dd"]);
    expect(seen[1]!.url).toBe("/collections/shellgen/points/delete?wait=true");
    expect(seen[1]!.body).toEqual({ points: ["00000000-0000-0000-00aa-11bb22cc33dd"] });
  });

  it("turns HTTP and connection failures into one clear error", async () => {
    await expect(new QdrantStore({ url: base, collection: "broken" }).search([1, 0, 0, 0], 1)).rejects.toThrow(/HTTP 500: boom/);
    await expect(new QdrantStore({ url: "http://127.0.0.1:1", collection: "x", timeoutMs: 2000 }).count()).rejects.toThrow(QdrantError);
    expect(() => new QdrantStore({ url: "localhost:6333", collection: "x" })).toThrow(/must start with http/);
    expect(fromUuid(toUuid("00aa11bb22cc33dd"))).toBe("00aa11bb22cc33dd");
  });

  it("backs a pool: uploads its vectors once and takes dense candidates from Qdrant's search", async () => {
    seen.length = 0;
    const qdrant = new QdrantStore({ url: base, collection: "pool" });
    const pool = await openPool({ dir: tempDir("qdrant-pool"), examplesDir: smallCorpus(), index: ":memory:", embedder: new HashEmbedder(16), qdrant });
    const upserts = seen.filter((x) => x.url === "/collections/pool/points?wait=true");
    expect(upserts.flatMap((u) => u.body.points)).toHaveLength(6);
    expect(upserts[0]!.body.points[0].vector).toHaveLength(16);
    // Lexically this request matches nothing; the only candidate is Qdrant's hit.
    const r = await pool.retrieveAsync("zebra quokka", { k: 2 });
    expect(seen.some((x) => x.url === "/collections/pool/points/search")).toBe(true);
    expect(r.examples.map((e) => e.command)).toEqual(["tar -xzf backup.tar.gz"]);
    expect(r.examples[0]!.why).toMatch(/dense 0\.99/);
    await pool.close();
    await expect(openPool({ dir: tempDir("qdrant-noemb"), examplesDir: smallCorpus(), index: ":memory:", qdrant })).rejects.toThrow(/needs an embedder/);
  });
});
