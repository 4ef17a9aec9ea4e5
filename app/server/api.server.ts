// The wrapper every /api resource route goes through. It parses the request with the operation's zod
// schemas (path params, query, JSON or form body), runs the handler, checks the answer against the
// declared response schema (which also strips fields the schema does not list, so a handler cannot
// leak a whole row), and turns every failure into the one JSON error shape of http.server.ts:
//   ZodError           -> 400 invalid_input with per-field messages (input the handler parses itself too)
//   ApiError           -> its own status and code
//   thrown Response    -> passed on (redirects, or JSON already) or given the error shape
//   anything else      -> 500 internal_error, logged: a 500 is always a bug.
//
//   const operation = registerApiOperation({ method: "GET", path: "/api/build", ..., responses: { 200: { ... } } });
//   export const loader = apiRoute(operation, async () => ({ build: CLIENT_BUILD }));
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { ApiError, apiErrorResponse, jsonError, type FieldErrors } from "~/server/http.server";
import { allowedMethods, wrongMethodResponse } from "~/server/api-methods.server";
import { requireUser } from "~/server/guards.server";
import { registeredApiOperations, type ApiOperation, type ApiResponseSpec } from "~/server/openapi.server";

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

type SuccessSchema<R> = R extends { 200: { schema: infer S } }
  ? S
  : R extends { 201: { schema: infer S } }
    ? S
    : R extends { 202: { schema: infer S } }
      ? S
      : undefined;

/** What a handler may return: the success body (as the schema's input) or a Response it built itself. */
export type HandlerResult<R> = SuccessSchema<R> extends z.ZodType ? z.input<SuccessSchema<R>> | Response : Response | null;

export type ApiHandlerArgs<Query, Body, Params> = Omit<LoaderFunctionArgs, "params"> & {
  query: Output<Query>;
  body: Output<Body>;
  params: Params extends z.ZodType ? z.output<Params> : LoaderFunctionArgs["params"];
};

export function apiRoute<
  Query extends z.ZodType | undefined,
  Body extends z.ZodType | undefined,
  Params extends z.ZodType | undefined,
  Responses extends Record<number, ApiResponseSpec>,
>(
  operation: ApiOperation<Query, Body, Params, Responses>,
  handler: (args: ApiHandlerArgs<Query, Body, Params>) => Promise<HandlerResult<Responses>>,
): (args: LoaderFunctionArgs | ActionFunctionArgs) => Promise<Response> {
  return async (args) => {
    const { request } = args;
    try {
      const method = request.method === "HEAD" ? "GET" : request.method;
      if (method !== operation.method) {
        return wrongMethodResponse(request.method, allowedMethods(new URL(request.url).pathname, registeredApiOperations()) ?? [operation.method]);
      }
      // Authenticate before reading a body (issue 16, finding 2): an operation that answers 401 is for
      // signed-in callers, so a stranger's upload is refused before a byte of it is read. The lookup is
      // shared with the handler's own guard (one per request). A token operation (/api/v1) was let in by its
      // own guard already (public-api.server.ts) and never reads the cookie.
      if (method !== "GET" && 401 in operation.responses && !operation.token) await requireUser(request);
      const input = await parseRequest(operation, args);
      const result = await handler({ ...args, ...(input as Pick<ApiHandlerArgs<Query, Body, Params>, "params" | "query" | "body">) });
      if (result instanceof Response) return result;
      return successResponse(operation.responses, result);
    } catch (error) {
      return errorToResponse(error, request);
    }
  };
}

/**
 * Parses path params, query and body, reporting the problems of all three at once. A failure is the
 * client's mistake (400), unlike a response that breaks its schema (500).
 */
async function parseRequest(operation: ApiOperation, args: LoaderFunctionArgs) {
  const { query, body, params } = operation.request ?? {};
  const parts = [
    params ? params.safeParse(args.params) : undefined,
    query ? query.safeParse(searchParamsToObject(new URL(args.request.url).searchParams)) : undefined,
    body ? body.safeParse(await readBody(args.request)) : undefined,
  ] as const;
  const issues = parts.flatMap((part) => (part && !part.success ? part.error.issues : []));
  if (issues.length > 0) throw new z.ZodError(issues);
  const [parsedParams, parsedQuery, parsedBody] = parts;
  return {
    params: parsedParams ? parsedParams.data : args.params,
    query: parsedQuery?.data,
    body: parsedBody?.data,
  };
}

export function invalidInput(error: z.ZodError): ApiError {
  const fields: FieldErrors = {};
  const general: string[] = [];
  for (const issue of error.issues) {
    if (issue.path.length === 0) {
      general.push(issue.message);
      continue;
    }
    const key = issue.path.map(String).join(".");
    (fields[key] ??= []).push(issue.message);
  }
  const message = general.length > 0 ? general.join(" ") : "Some fields are invalid.";
  return new ApiError(400, "invalid_input", message, Object.keys(fields).length > 0 ? fields : undefined);
}

/** Query strings and forms as plain objects; a repeated key becomes an array. */
export function searchParamsToObject(params: URLSearchParams | FormData): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    object[key] = values.length > 1 ? values : values[0];
  }
  return object;
}

async function readBody(request: Request): Promise<unknown> {
  const contentType = request.headers.get("content-type") ?? "";
  if (contentType.includes("application/json")) {
    try {
      return await request.json();
    } catch {
      throw new ApiError(400, "invalid_json", "The request body is not valid JSON.");
    }
  }
  if (contentType.includes("application/x-www-form-urlencoded") || contentType.includes("multipart/form-data")) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw new ApiError(400, "invalid_form", "The request body is not valid form data.");
    }
    return searchParamsToObject(form);
  }
  throw new ApiError(415, "unsupported_media_type", "Send the body as JSON or as form data.");
}

function successResponse(responses: Record<number, ApiResponseSpec>, result: unknown): Response {
  const success = Object.entries(responses).find(([status]) => Number(status) >= 200 && Number(status) < 300);
  if (!success) throw new Error("An api operation must declare a 2xx response");
  const [status, { schema }] = success;
  if (!schema) return new Response(null, { status: Number(status), headers: { "Cache-Control": "no-store" } });
  const parsed = schema.safeParse(result);
  // A response that breaks its own schema is our bug: a plain error (500), never a ZodError (400).
  if (!parsed.success) throw new Error(`The response breaks its schema: ${z.prettifyError(parsed.error)}`);
  return Response.json(parsed.data, { status: Number(status), headers: { "Cache-Control": "no-store" } });
}

const codeForStatus: Record<number, string> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  429: "too_many_requests",
};

async function errorToResponse(error: unknown, request: Request): Promise<Response> {
  if (error instanceof ApiError) return apiErrorResponse(error);
  if (error instanceof z.ZodError) return apiErrorResponse(invalidInput(error));
  if (error instanceof Response) {
    const contentType = error.headers.get("content-type") ?? "";
    if ((error.status >= 300 && error.status < 400) || contentType.includes("application/json")) return error;
    const text = contentType.startsWith("text/plain") ? await error.text() : "";
    const message = text || error.statusText || "The request failed.";
    return jsonError(error.status, codeForStatus[error.status] ?? "error", message);
  }
  console.error(`500 on ${request.method} ${new URL(request.url).pathname}`, error);
  return jsonError(500, "internal_error", "Something went wrong on our side. Please try again later.");
}
