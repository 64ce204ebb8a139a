// Type-level conformance of src/qdrant.ts with Qdrant's official REST types
// (@qdrant/js-client-rest, generated from Qdrant's OpenAPI spec; a devDependency, never loaded
// at run time). `npm run build` type-checks this file (tsconfig.qdrant-api.json), so a body
// the adapter sends that Qdrant would reject, or a response field it reads that Qdrant does
// not send, fails the build. qdrant-api.test.ts shows the check failing on a wrong body.
import type { Schemas } from "@qdrant/js-client-rest";
import type { QdrantRequests, QdrantResponses } from "../src/qdrant.js";

/** Our request body must be assignable to the official request type. */
type Sends<Official, Ours extends Official> = Ours;
/** The official response type must be assignable to the shape we read. */
type Reads<Ours, Official extends Ours> = Official;

export type QdrantApiConformance = [
  Sends<Schemas["CreateCollection"], QdrantRequests["createCollection"]>,
  Sends<Schemas["VectorParams"], QdrantRequests["createCollection"]["vectors"]>,
  Sends<Schemas["CreateFieldIndex"], QdrantRequests["createFieldIndex"]>,
  Sends<Schemas["PointInsertOperations"], QdrantRequests["upsertPoints"]>,
  Sends<Schemas["PointStruct"], QdrantRequests["upsertPoints"]["points"][number]>,
  Sends<Schemas["SearchRequest"], QdrantRequests["searchPoints"]>,
  // SearchRequest types `filter` loosely (it also admits any record), so check it on its own.
  Sends<Schemas["Filter"], QdrantRequests["filter"]>,
  Sends<Schemas["FieldCondition"], QdrantRequests["filter"]["must"][number]>,
  Sends<Schemas["WithPayloadInterface"], QdrantRequests["searchPoints"]["with_payload"]>,
  Sends<Schemas["PointsSelector"], QdrantRequests["deletePoints"]>,
  Sends<Schemas["CountRequest"], QdrantRequests["countPoints"]>,
  Reads<QdrantResponses["scoredPoint"], Schemas["ScoredPoint"]>,
  Reads<QdrantResponses["countResult"], Schemas["CountResult"]>,
  Reads<QdrantResponses["collectionInfo"], Schemas["CollectionInfo"]>,
];
