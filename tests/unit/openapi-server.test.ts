import { z } from "zod";
import { buildOpenApiDocument, registerApiOperation, registeredApiOperations, type ApiOperation } from "~/server/openapi.server";

const Artist = z.object({ id: z.string(), name: z.string() }).meta({ id: "Artist" });

const getSong: ApiOperation = {
  method: "GET",
  path: "/api/song/{songId}",
  summary: "One song",
  tags: ["songs"],
  request: {
    params: z.object({ songId: z.string().min(3) }),
    query: z.object({ removeNotes: z.enum(["true", "false"]).optional(), page: z.coerce.number().int() }),
  },
  responses: {
    200: { description: "The song", schema: z.object({ id: z.string(), artist: Artist, tempo: z.number() }) },
    404: { description: "No such song" },
  },
};

const renameSong: ApiOperation = {
  method: "PUT",
  path: "/api/song/{songId}",
  summary: "Rename a song",
  tags: ["songs"],
  request: { body: z.object({ songName: z.string().max(80), private: z.boolean().default(false) }) },
  responses: { 200: { description: "Renamed", schema: z.object({ ok: z.literal(true) }) } },
};

describe("buildOpenApiDocument", () => {
  const document = buildOpenApiDocument([renameSong, getSong]);
  const get = document.paths["/api/song/{songId}"].get as Record<string, any>;
  const put = document.paths["/api/song/{songId}"].put as Record<string, any>;

  it("is an OpenAPI 3.1 document carrying the client build as its version", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.version).toBe("2.67.2");
    expect(Object.keys(document.paths["/api/song/{songId}"]).sort()).toEqual(["get", "put"]);
  });

  it("describes path and query parameters from the zod schemas", () => {
    expect(get.parameters).toEqual([
      { name: "songId", in: "path", required: true, schema: { type: "string", minLength: 3 } },
      { name: "removeNotes", in: "query", required: false, schema: { type: "string", enum: ["true", "false"] } },
      { name: "page", in: "query", required: true, schema: expect.objectContaining({ type: "integer" }) },
    ]);
    expect(get.operationId).toBe("getApiSongBySongId");
  });

  it("describes the request body as its input type (defaults make fields optional)", () => {
    const schema = put.requestBody.content["application/json"].schema;
    expect(schema.properties.songName).toEqual({ type: "string", maxLength: 80 });
    expect(schema.required).toEqual(["songName"]);
    expect(put.requestBody.content).toHaveProperty("application/x-www-form-urlencoded");
  });

  it("moves schemas with an id into components and points references there", () => {
    const schema = get.responses["200"].content["application/json"].schema;
    expect(schema.properties.artist).toEqual({ $ref: "#/components/schemas/Artist" });
    expect(document.components.schemas.Artist).toMatchObject({ type: "object", required: ["id", "name"] });
    expect(JSON.stringify(document)).not.toContain("#/$defs/");
  });

  it("gives declared errors, invalid input and server errors the shared ApiError body", () => {
    const errorRef = { $ref: "#/components/schemas/ApiError" };
    expect(get.responses["404"].content["application/json"].schema).toEqual(errorRef);
    expect(get.responses["400"].content["application/json"].schema).toEqual(errorRef);
    expect(get.responses["500"].content["application/json"].schema).toEqual(errorRef);
    expect(document.components.schemas.ApiError).toMatchObject({ required: ["error"] });
  });
});

describe("a file upload", () => {
  it("describes a multipart body as multipart/form-data only", () => {
    const upload: ApiOperation = {
      method: "POST",
      path: "/api/vocal_files",
      summary: "Upload",
      tags: ["vocals"],
      request: { multipart: true, body: z.object({ vocalFile: z.string().meta({ format: "binary" }) }) },
      responses: { 201: { description: "Stored" } },
    };
    const post = buildOpenApiDocument([upload]).paths["/api/vocal_files"].post as Record<string, any>;
    expect(Object.keys(post.requestBody.content)).toEqual(["multipart/form-data"]);
    expect(post.requestBody.content["multipart/form-data"].schema.properties.vocalFile).toMatchObject({ type: "string", format: "binary" });
  });
});

describe("registerApiOperation", () => {
  it("keeps one operation per method and path, the latest registration winning", () => {
    registerApiOperation({ ...renameSong, path: "/api/test/registry", summary: "First" });
    registerApiOperation({ ...renameSong, path: "/api/test/registry", summary: "Second" });
    const matching = registeredApiOperations().filter((operation) => operation.path === "/api/test/registry");
    expect(matching.map((operation) => operation.summary)).toEqual(["Second"]);
    expect(buildOpenApiDocument().paths["/api/test/registry"].put).toMatchObject({ summary: "Second" });
  });
});
