// The wrapper of every /api/v1 route: the public, versioned API that scripts call with a personal access
// token (docs/api.md). It is apiRoute (api.server.ts: zod parsing, the error shape, response schemas) behind
// the token guard (app/services/access-tokens/authenticate.server.ts), which runs first, before a byte of
// the body is read, and never looks at cookies. Every answer, refusals included, carries the token's
// RateLimit fields and Cache-Control: no-store.
//
//   const operation = registerApiOperation({ method: "GET", path: "/api/v1/songs", ..., token: { scope: "songs:read", verified: false } });
//   export const loader = publicApiRoute(operation, async ({ caller, query }) => listSongs(caller.user, query));
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { authenticateTokenRequest, isTokenScope, type TokenCaller } from "~/services/access-tokens";
import { apiRoute, type ApiHandlerArgs, type HandlerResult } from "./api.server";
import type { ApiOperation, ApiResponseSpec } from "./openapi.server";

// The caller of each request, for the handler apiRoute calls (the request object is the key).
const callers = new WeakMap<Request, TokenCaller>();

export function publicApiRoute<
  Query extends z.ZodType | undefined,
  Body extends z.ZodType | undefined,
  Params extends z.ZodType | undefined,
  Responses extends Record<number, ApiResponseSpec>,
>(
  operation: ApiOperation<Query, Body, Params, Responses>,
  handler: (args: ApiHandlerArgs<Query, Body, Params> & { caller: TokenCaller }) => Promise<HandlerResult<Responses>>,
): (args: LoaderFunctionArgs | ActionFunctionArgs) => Promise<Response> {
  const requirement = operation.token;
  if (!requirement || !operation.path.startsWith("/api/v1/")) throw new Error(`${operation.method} ${operation.path} is not a token operation of /api/v1`);
  if (requirement.scope !== null && !isTokenScope(requirement.scope)) throw new Error(`${operation.path} names an unknown scope ${requirement.scope}`);
  const inner = apiRoute(operation, (args) => handler({ ...args, caller: callers.get(args.request)! }));
  return async (args) => {
    const authenticated = await authenticateTokenRequest(args.request, { scope: requirement.scope as never, verified: requirement.verified });
    if (authenticated instanceof Response) return authenticated;
    callers.set(args.request, authenticated.caller);
    const response = await inner(args);
    for (const [name, value] of authenticated.headers) response.headers.set(name, value);
    response.headers.set("Cache-Control", "no-store");
    return response;
  };
}
