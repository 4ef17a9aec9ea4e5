import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";

const SongSchema = z.object({ id: z.string(), name: z.string() });

const createSong = registerApiOperation({
  method: "POST",
  path: "/api/test/songs/{styleId}",
  summary: "Test operation",
  tags: ["test"],
  request: {
    params: z.object({ styleId: z.string().min(2) }),
    query: z.object({ dryRun: z.enum(["yes", "no"]).default("no") }),
    body: z.object({ name: z.string().min(1, "Give the song a name"), tempo: z.coerce.number().int().min(40).max(240) }),
  },
  responses: { 201: { description: "Created", schema: SongSchema } },
});

function call(
  handler: (args: Parameters<ReturnType<typeof apiRoute>>[0]) => Promise<Response>,
  init: { url?: string; method?: string; body?: BodyInit; contentType?: string; params?: Record<string, string> } = {},
) {
  const headers = init.contentType ? { "Content-Type": init.contentType } : undefined;
  const request = new Request(init.url ?? "http://localhost/api/test/songs/lofi", {
    method: init.method ?? "POST",
    body: init.body,
    headers,
  });
  return handler({ request, params: init.params ?? { styleId: "lofi" }, context: {} });
}

async function errorBody(response: Response) {
  return ((await response.json()) as { error: { status: number; code: string; message: string; fields?: Record<string, string[]> } })
    .error;
}

describe("apiRoute", () => {
  const echo = apiRoute(createSong, async ({ body, params, query }) => ({
    id: `${params.styleId}-${query.dryRun}`,
    name: `${body.name} at ${body.tempo}`,
  }));

  it("hands the handler parsed params, query and JSON body and answers with the declared status", async () => {
    const response = await call(echo, {
      url: "http://localhost/api/test/songs/lofi?dryRun=yes",
      body: JSON.stringify({ name: "Rain", tempo: "90" }),
      contentType: "application/json",
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json()).toEqual({ id: "lofi-yes", name: "Rain at 90" });
  });

  it("reads form bodies too, so plain HTML forms can post to the API", async () => {
    const response = await call(echo, {
      body: new URLSearchParams({ name: "Waves", tempo: "120" }),
      contentType: "application/x-www-form-urlencoded",
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ id: "lofi-no", name: "Waves at 120" });
  });

  it("maps invalid input to 400 invalid_input with a message per field", async () => {
    const response = await call(echo, {
      body: JSON.stringify({ name: "", tempo: 500 }),
      contentType: "application/json",
    });
    expect(response.status).toBe(400);
    const error = await errorBody(response);
    expect(error.code).toBe("invalid_input");
    expect(error.status).toBe(400);
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(["name", "tempo"]);
    expect(error.fields?.name).toEqual(["Give the song a name"]);
  });

  it("validates path params and query strings the same way", async () => {
    const response = await call(echo, {
      url: "http://localhost/api/test/songs/x?dryRun=maybe",
      params: { styleId: "x" },
      body: JSON.stringify({ name: "Rain", tempo: 90 }),
      contentType: "application/json",
    });
    expect(response.status).toBe(400);
    expect(Object.keys((await errorBody(response)).fields ?? {}).sort()).toEqual(["dryRun", "styleId"]);
  });

  it("answers malformed JSON with 400 invalid_json", async () => {
    const response = await call(echo, { body: "{not json", contentType: "application/json" });
    expect(response.status).toBe(400);
    expect((await errorBody(response)).code).toBe("invalid_json");
  });

  it("answers a broken multipart body with 400 invalid_form", async () => {
    const response = await call(echo, { body: "garbage", contentType: "multipart/form-data; boundary=xx" });
    expect(response.status).toBe(400);
    expect((await errorBody(response)).code).toBe("invalid_form");
  });

  it("refuses another method with 405", async () => {
    const response = await call(echo, { method: "GET" });
    expect(response.status).toBe(405);
    expect((await errorBody(response)).code).toBe("method_not_allowed");
  });

  it("turns a thrown ApiError into its own status, code, message and fields", async () => {
    const refusing = apiRoute(createSong, async () => {
      throw new ApiError(409, "song_locked", "This song is locked.", { name: ["Taken"] });
    });
    const response = await call(refusing, { body: JSON.stringify({ name: "Rain", tempo: 90 }), contentType: "application/json" });
    expect(response.status).toBe(409);
    expect(await errorBody(response)).toEqual({
      status: 409,
      code: "song_locked",
      message: "This song is locked.",
      fields: { name: ["Taken"] },
    });
  });

  it("logs an unexpected error and answers 500 internal_error without its details", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = apiRoute(createSong, async () => {
      throw new Error("database password is hunter2");
    });
    const response = await call(broken, { body: JSON.stringify({ name: "Rain", tempo: 90 }), contentType: "application/json" });
    expect(response.status).toBe(500);
    const error = await errorBody(response);
    expect(error.code).toBe("internal_error");
    expect(error.message).not.toContain("hunter2");
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });

  it("treats a response that breaks its own schema as a bug (500), not as bad input", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const wrongShape = apiRoute(createSong, async () => ({ id: 7, name: "Rain" }) as unknown as { id: string; name: string });
    const response = await call(wrongShape, { body: JSON.stringify({ name: "Rain", tempo: 90 }), contentType: "application/json" });
    expect(response.status).toBe(500);
    log.mockRestore();
  });

  it("sends only the fields the response schema lists", async () => {
    const leaky = apiRoute(createSong, async () => ({ id: "1", name: "Rain", passwordHash: "secret" }));
    const response = await call(leaky, { body: JSON.stringify({ name: "Rain", tempo: 90 }), contentType: "application/json" });
    expect(await response.json()).toEqual({ id: "1", name: "Rain" });
  });

  it("gives thrown non-JSON error responses the API error shape and passes redirects on", async () => {
    const forbidden = apiRoute(createSong, async () => {
      throw new Response("Not yours", { status: 403, headers: { "Content-Type": "text/plain" } });
    });
    const response = await call(forbidden, { body: JSON.stringify({ name: "Rain", tempo: 90 }), contentType: "application/json" });
    expect(response.status).toBe(403);
    expect(await errorBody(response)).toEqual({ status: 403, code: "forbidden", message: "Not yours" });

    const moved = apiRoute(createSong, async () => {
      throw new Response(null, { status: 302, headers: { Location: "/elsewhere" } });
    });
    const redirect = await call(moved, { body: JSON.stringify({ name: "Rain", tempo: 90 }), contentType: "application/json" });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("/elsewhere");
  });
});

describe("apiRoute with input the handler parses itself", () => {
  const lookup = registerApiOperation({
    method: "GET",
    path: "/api/test/lookup",
    summary: "Test operation",
    tags: ["test"],
    responses: { 200: { description: "Found", schema: z.object({ ok: z.boolean() }) } },
  });

  it("maps a ZodError thrown by the handler to 400 invalid_input", async () => {
    const handler = apiRoute(lookup, async ({ request }) => {
      z.object({ page: z.coerce.number().int().positive() }).parse({ page: new URL(request.url).searchParams.get("page") });
      return { ok: true };
    });
    const response = await handler({ request: new Request("http://localhost/api/test/lookup?page=-1"), params: {}, context: {} });
    expect(response.status).toBe(400);
    expect((await errorBody(response)).fields).toHaveProperty("page");
  });
});
