// Which methods an /api URL answers, from the operations the api routes register (openapi.server.ts).
// A route answers only the methods it exports a handler for: Remix itself answers the rest (a GET on a
// POST-only route gets 400 {"message":"Unexpected Server Error"}). server.mjs asks here first, and the api
// wrapper (api.server.ts) answers a wrong method it does see the same way: 405 with Allow, in the API's
// error shape.
import { jsonError } from "./http.server";
import { registeredApiOperations, type ApiOperation } from "./openapi.server";

/**
 * The 405 answer for `method` on `pathname`, or null when the URL takes that method or is no api
 * operation's (Remix answers those: the route, or api.$.ts's 404).
 */
export function methodNotAllowed(method: string, pathname: string, operations: ApiOperation[] = registeredApiOperations()): Response | null {
  if (method === "OPTIONS") return null;
  const allowed = allowedMethods(pathname, operations);
  if (!allowed || allowed.includes(method === "HEAD" ? "GET" : method)) return null;
  return wrongMethodResponse(method, allowed);
}

/** 405 for `method` where only `allowed` are taken: the API's error shape, with Allow. */
export function wrongMethodResponse(method: string, allowed: string[]): Response {
  const response = jsonError(405, "method_not_allowed", `${method} is not allowed here; use ${allowed.join(" or ")}.`);
  response.headers.set("Allow", allowed.includes("GET") ? [...allowed, "HEAD"].join(", ") : allowed.join(", "));
  return response;
}

/**
 * The methods of the operation path Remix would route `pathname` to: of the paths that match it, the one
 * whose segments are literal furthest along (`/api/song/fetch` before `/api/song/{id}`), as Remix ranks
 * routes. Null when no operation's path matches.
 */
export function allowedMethods(pathname: string, operations: ApiOperation[]): string[] | null {
  const segments = pathname.replace(/\/+$/, "").split("/");
  let best: { rank: string; methods: Set<string> } | null = null;
  for (const operation of operations) {
    const rank = rankOf(operation.path.split("/"), segments);
    if (rank === null) continue;
    if (!best || rank > best.rank) best = { rank, methods: new Set([operation.method]) };
    else if (rank === best.rank) best.methods.add(operation.method);
  }
  return best ? [...best.methods].sort() : null;
}

/** For a path that matches: a letter per segment, literal (b) ranking above parameter (a); else null. */
function rankOf(template: string[], segments: string[]): string | null {
  if (template.length !== segments.length) return null;
  let rank = "";
  for (let i = 0; i < template.length; i++) {
    const isParameter = template[i].startsWith("{") && template[i].endsWith("}");
    if (isParameter ? segments[i] === "" : template[i] !== segments[i]) return null;
    rank += isParameter ? "a" : "b";
  }
  return rank;
}
