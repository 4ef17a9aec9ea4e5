import { allowedMethods, methodNotAllowed } from "~/server/api-methods.server";
import type { ApiOperation, HttpMethod } from "~/server/openapi.server";

const op = (method: HttpMethod, path: string): ApiOperation => ({ method, path, summary: "", tags: [], responses: {} });
const operations = [
  op("GET", "/api/song/{id}"),
  op("PUT", "/api/song/{id}"),
  op("POST", "/api/song/fetch"),
  op("POST", "/api/song/{id}/copy"),
  op("GET", "/api/song/{id}/download/{format}"),
];

describe("which methods an /api URL takes", () => {
  test("every method registered for the URL's operation path", () => {
    expect(allowedMethods("/api/song/abc", operations)).toEqual(["GET", "PUT"]);
    expect(allowedMethods("/api/song/abc/download/mp3", operations)).toEqual(["GET"]);
  });

  test("a literal segment ranks above a parameter, as Remix routes it", () => {
    expect(allowedMethods("/api/song/fetch", operations)).toEqual(["POST"]);
  });

  test("a trailing slash is the same URL; an empty segment fills no parameter; other URLs are no operation's", () => {
    expect(allowedMethods("/api/song/abc/copy/", operations)).toEqual(["POST"]);
    expect(allowedMethods("/api/song//copy", operations)).toBeNull();
    expect(allowedMethods("/api/song/abc/copy/more", operations)).toBeNull();
    expect(allowedMethods("/api/nothing", operations)).toBeNull();
  });
});

describe("the answer to a method the URL does not take", () => {
  test("405 with Allow, in the API's error shape", async () => {
    const answer = methodNotAllowed("GET", "/api/song/abc/copy", operations)!;
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("POST");
    expect(await answer.json()).toEqual({ error: { status: 405, code: "method_not_allowed", message: "GET is not allowed here; use POST." } });
    expect(methodNotAllowed("DELETE", "/api/song/abc", operations)!.headers.get("allow")).toBe("GET, PUT, HEAD");
  });

  test("none for a method it takes (HEAD as GET), for OPTIONS, or for a URL no operation has", () => {
    expect(methodNotAllowed("POST", "/api/song/abc/copy", operations)).toBeNull();
    expect(methodNotAllowed("HEAD", "/api/song/abc", operations)).toBeNull();
    expect(methodNotAllowed("OPTIONS", "/api/song/abc/copy", operations)).toBeNull();
    expect(methodNotAllowed("GET", "/api/nothing", operations)).toBeNull();
  });
});
