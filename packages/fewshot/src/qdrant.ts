// Qdrant over its REST API, for pools that outgrow one machine: vectors live in a
// collection, payloads carry the example, search returns scored payloads. Plain fetch,
// no client library. Only the request shapes are tested here (against a loopback
// server that records them); no Qdrant server is available on this machine.

export interface QdrantOptions {
  url: string; // e.g. http://localhost:6333
  collection: string;
  apiKey?: string;
  timeoutMs?: number;
}

export interface QdrantPoint {
  /** the example id (16 hex digits) - sent as a UUID, which Qdrant requires */
  id: string;
  vector: Float32Array | number[];
  payload: { request: string; command: string; program: string; category?: string; difficulty?: number };
}

export interface QdrantHit {
  id: string;
  score: number;
  payload: QdrantPoint["payload"];
}

export class QdrantError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "QdrantError";
  }
}

/** 16 hex digits -> a UUID string, reversibly (zero-padded on the left). */
export function toUuid(id: string): string {
  if (!/^[0-9a-f]{1,32}$/.test(id)) throw new QdrantError(`point id must be hex, got ${JSON.stringify(id)}`);
  const h = id.padStart(32, "0");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function fromUuid(u: string): string {
  return u.replace(/-/g, "").replace(/^0{16}/, "");
}

export class QdrantStore {
  private readonly base: string;
  constructor(readonly opts: QdrantOptions) {
    if (!/^https?:\/\//.test(opts.url)) throw new QdrantError(`Qdrant url must start with http:// or https:// (got ${JSON.stringify(opts.url)})`);
    if (!/^[A-Za-z0-9_-]+$/.test(opts.collection)) throw new QdrantError(`bad collection name ${JSON.stringify(opts.collection)}`);
    this.base = `${opts.url.replace(/\/+$/, "")}/collections/${opts.collection}`;
  }

  private async call(method: string, path: string, body?: unknown, okStatus: number[] = [200]): Promise<{ status: number; json: any }> {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (this.opts.apiKey) headers["api-key"] = this.opts.apiKey;
    let res: Response;
    try {
      res = await fetch(this.base + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
      });
    } catch (e) {
      throw new QdrantError(`Qdrant at ${this.opts.url} is unreachable: ${(e as Error).message}`);
    }
    const text = await res.text();
    let json: any = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!okStatus.includes(res.status)) {
      const why = json?.status?.error ?? text.slice(0, 200);
      throw new QdrantError(`Qdrant ${method} ${path || "/"} failed with HTTP ${res.status}: ${why}`);
    }
    return { status: res.status, json };
  }

  /** Creates the collection (cosine distance) unless it exists with the same size. */
  async ensureCollection(dim: number): Promise<"created" | "exists"> {
    const got = await this.call("GET", "", undefined, [200, 404]);
    if (got.status === 200) {
      const size = got.json?.result?.config?.params?.vectors?.size;
      if (typeof size === "number" && size !== dim) throw new QdrantError(`collection ${this.opts.collection} holds ${size}-d vectors, not ${dim}-d`);
      return "exists";
    }
    await this.call("PUT", "", { vectors: { size: dim, distance: "Cosine" } });
    await this.call("PUT", "/index", { field_name: "program", field_schema: "keyword" });
    return "created";
  }

  async upsert(points: QdrantPoint[], batch = 256): Promise<void> {
    for (let i = 0; i < points.length; i += batch) {
      await this.call("PUT", "/points?wait=true", {
        points: points.slice(i, i + batch).map((p) => ({ id: toUuid(p.id), vector: Array.from(p.vector), payload: { ...p.payload, example_id: p.id } })),
      });
    }
  }

  async search(vector: Float32Array | number[], limit: number, filter?: { program?: string }): Promise<QdrantHit[]> {
    const body: Record<string, unknown> = { vector: Array.from(vector), limit, with_payload: true };
    if (filter?.program) body.filter = { must: [{ key: "program", match: { value: filter.program } }] };
    const { json } = await this.call("POST", "/points/search", body);
    const result = json?.result;
    if (!Array.isArray(result)) throw new QdrantError("Qdrant search answered without a result array");
    return result.map((r: any) => ({ id: r.payload?.example_id ?? fromUuid(String(r.id)), score: Number(r.score), payload: r.payload }));
  }

  async delete(ids: string[]): Promise<void> {
    await this.call("POST", "/points/delete?wait=true", { points: ids.map(toUuid) });
  }

  async count(): Promise<number> {
    const { json } = await this.call("POST", "/points/count", { exact: true });
    return Number(json?.result?.count ?? 0);
  }
}
