// Qdrant over its REST API, for pools that outgrow one machine: vectors live in a
// collection, payloads carry the example, search returns scored payloads. Plain fetch,
// no client library at run time. No Qdrant server can run on the build machines, so every
// request body and every response shape read here is written as a type below, and the
// build checks those types against the official client's OpenAPI types
// (test/qdrant-api.conformance.ts): drift from the real API fails the build.

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

/** Endpoints used, as Qdrant's OpenAPI spells them; `{collection_name}` is filled in. */
export const QDRANT_ENDPOINTS = {
  getCollection: ["GET", "/collections/{collection_name}"],
  createCollection: ["PUT", "/collections/{collection_name}"],
  createFieldIndex: ["PUT", "/collections/{collection_name}/index"],
  upsertPoints: ["PUT", "/collections/{collection_name}/points"],
  searchPoints: ["POST", "/collections/{collection_name}/points/search"],
  deletePoints: ["POST", "/collections/{collection_name}/points/delete"],
  countPoints: ["POST", "/collections/{collection_name}/points/count"],
} as const;

type Payload = QdrantPoint["payload"] & { example_id: string };

/** The request bodies this adapter sends. */
export interface QdrantRequests {
  createCollection: { vectors: { size: number; distance: "Cosine" } };
  createFieldIndex: { field_name: string; field_schema: "keyword" };
  upsertPoints: { points: { id: string; vector: number[]; payload: Payload }[] };
  filter: { must: { key: string; match: { value: string } }[] };
  searchPoints: { vector: number[]; limit: number; with_payload: true; filter?: QdrantRequests["filter"] };
  deletePoints: { points: string[] };
  countPoints: { exact: true };
}

/** What this adapter reads from responses (`result` of each); Qdrant may send more. */
export interface QdrantResponses {
  collectionInfo: { config: { params: { vectors?: unknown } } };
  scoredPoint: { id: string | number; score: number; payload?: Record<string, unknown> | null };
  countResult: { count: number };
}

export const qdrantBodies = {
  createCollection: (dim: number): QdrantRequests["createCollection"] => ({ vectors: { size: dim, distance: "Cosine" } }),
  createFieldIndex: (field: string): QdrantRequests["createFieldIndex"] => ({ field_name: field, field_schema: "keyword" }),
  upsertPoints: (points: QdrantPoint[]): QdrantRequests["upsertPoints"] => ({
    points: points.map((p) => ({ id: toUuid(p.id), vector: Array.from(p.vector), payload: { ...p.payload, example_id: p.id } })),
  }),
  searchPoints: (vector: Float32Array | number[], limit: number, program?: string): QdrantRequests["searchPoints"] => ({
    vector: Array.from(vector),
    limit,
    with_payload: true,
    ...(program ? { filter: { must: [{ key: "program", match: { value: program } }] } } : {}),
  }),
  deletePoints: (ids: string[]): QdrantRequests["deletePoints"] => ({ points: ids.map(toUuid) }),
  countPoints: (): QdrantRequests["countPoints"] => ({ exact: true }),
};

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
    this.base = opts.url.replace(/\/+$/, "");
  }

  private async call(endpoint: keyof typeof QDRANT_ENDPOINTS, body?: unknown, okStatus: number[] = [200], query = ""): Promise<{ status: number; json: any }> {
    const [method, template] = QDRANT_ENDPOINTS[endpoint];
    const path = template.replace("{collection_name}", this.opts.collection) + query;
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
      throw new QdrantError(`Qdrant ${method} ${path} failed with HTTP ${res.status}: ${why}`);
    }
    return { status: res.status, json };
  }

  /** Creates the collection (cosine distance) unless it exists with the same size. */
  async ensureCollection(dim: number): Promise<"created" | "exists"> {
    const got = await this.call("getCollection", undefined, [200, 404]);
    if (got.status === 200) {
      const info = got.json?.result as QdrantResponses["collectionInfo"] | undefined;
      const size = (info?.config?.params?.vectors as { size?: unknown } | undefined)?.size;
      if (typeof size === "number" && size !== dim) throw new QdrantError(`collection ${this.opts.collection} holds ${size}-d vectors, not ${dim}-d`);
      return "exists";
    }
    await this.call("createCollection", qdrantBodies.createCollection(dim));
    await this.call("createFieldIndex", qdrantBodies.createFieldIndex("program"));
    return "created";
  }

  async upsert(points: QdrantPoint[], batch = 256): Promise<void> {
    for (let i = 0; i < points.length; i += batch) {
      await this.call("upsertPoints", qdrantBodies.upsertPoints(points.slice(i, i + batch)), [200], "?wait=true");
    }
  }

  async search(vector: Float32Array | number[], limit: number, filter?: { program?: string }): Promise<QdrantHit[]> {
    const { json } = await this.call("searchPoints", qdrantBodies.searchPoints(vector, limit, filter?.program));
    const result = json?.result as QdrantResponses["scoredPoint"][] | undefined;
    if (!Array.isArray(result)) throw new QdrantError("Qdrant search answered without a result array");
    return result.map((r) => {
      const payload = (r.payload ?? {}) as QdrantHit["payload"] & { example_id?: string };
      return { id: payload.example_id ?? fromUuid(String(r.id)), score: Number(r.score), payload };
    });
  }

  async delete(ids: string[]): Promise<void> {
    await this.call("deletePoints", qdrantBodies.deletePoints(ids), [200], "?wait=true");
  }

  async count(): Promise<number> {
    const { json } = await this.call("countPoints", qdrantBodies.countPoints());
    return Number((json?.result as QdrantResponses["countResult"] | undefined)?.count ?? 0);
  }
}
