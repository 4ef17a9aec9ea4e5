// The OpenAPI 3.1 description of /api, built from the same zod schemas the api routes parse with.
// Each api route module calls registerApiOperation() at its top level and hands the result to apiRoute()
// (api.server.ts); the server build imports every route module at start-up, so by the time
// GET /api/openapi.json runs, the registry holds every operation.
import { z } from "zod";
import { CLIENT_BUILD } from "~/constants";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ApiResponseSpec {
  description: string;
  /** The JSON body. Leave it out for error statuses: they all share the ApiError schema. */
  schema?: z.ZodType;
}

export interface ApiOperation<
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Responses extends Record<number, ApiResponseSpec> = Record<number, ApiResponseSpec>,
> {
  method: HttpMethod;
  /** The URL in OpenAPI form, with path parameters in braces: `/api/song/{id}`. */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  /** `multipart` for a file upload (multipart/form-data); otherwise JSON or a urlencoded form. */
  request?: { query?: Query; body?: Body; params?: Params; multipart?: boolean };
  responses: Responses;
  /**
   * Set on the public /api/v1 operations (app/server/public-api.server.ts): the caller is a personal access
   * token (`Authorization: Bearer`), never a cookie; `scope` is what the token needs (null: any token),
   * `verified` whether the account must have a verified email, as the page for the same action asks.
   */
  token?: { scope: string | null; verified: boolean };
  /**
   * The operation's security requirement when it is neither a token operation nor a cookie one (a signed
   * webhook). Otherwise it follows from the above: the bearer scheme with the token's scope, or the session
   * cookie, required when the operation answers 401 or 403 and optional when it does not.
   */
  security?: Record<string, string[]>[];
}

// Kept on globalThis so a dev rebuild re-registers into the same map instead of a fresh, partial one.
const registryKey = Symbol.for("songloom.openapi.operations");
const globalStore = globalThis as unknown as Record<symbol, Map<string, ApiOperation> | undefined>;
const registry = (globalStore[registryKey] ??= new Map<string, ApiOperation>());

/** Adds an operation to the API description (replacing one with the same method and path) and returns it. */
export function registerApiOperation<
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Params extends z.ZodType | undefined = undefined,
  const Responses extends Record<number, ApiResponseSpec> = Record<number, ApiResponseSpec>,
>(operation: ApiOperation<Query, Body, Params, Responses>): ApiOperation<Query, Body, Params, Responses> {
  registry.set(`${operation.method} ${operation.path}`, operation as ApiOperation);
  return operation;
}

export function registeredApiOperations(): ApiOperation[] {
  return [...registry.values()];
}

/** The JSON error body every failing /api call answers with (see http.server.ts). */
export const ApiErrorSchema = z.object({
  error: z.object({
    status: z.number().int(),
    code: z.string().describe("Machine-readable reason, e.g. invalid_input, unauthorized, not_found"),
    message: z.string().describe("A sentence a person can read"),
    fields: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .describe("Per-field messages for invalid_input, keyed by the field's dotted path"),
  }),
});

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
}

/**
 * How callers prove who they are (docs/api.md): a personal access token on /api/v1, the browser's session
 * cookie everywhere else under /api, and Stripe's signature on its webhook.
 */
export const SECURITY_SCHEMES = {
  bearerToken: {
    type: "http",
    scheme: "bearer",
    description:
      "A personal access token (`slk_…`), made on /account/api/tokens, sent as `Authorization: Bearer <token>`; never in the URL (400 token_in_query). " +
      "Only /api/v1 operations take it, and each names the scope it needs: songs:read, songs:write, releases:read, releases:write, stats:read. " +
      "Errors: 401 unauthorized, invalid_token, token_expired or token_revoked; 403 banned, unverified or insufficient_scope; 429 rate_limited. " +
      "Every answer carries the RateLimit and RateLimit-Policy fields.",
  },
  sessionCookie: {
    type: "apiKey",
    in: "cookie",
    name: "__session",
    description: "The signed, httpOnly session cookie set at sign-in, for the app's own pages. Scripts should use a personal access token and /api/v1 instead.",
  },
  stripeSignature: {
    type: "apiKey",
    in: "header",
    name: "Stripe-Signature",
    description: "Stripe's signature of the webhook body, checked with STRIPE_WEBHOOK_SECRET.",
  },
} as const;

/** The tags of the public surface, described; other tags are listed after them, as the operations name them. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  "v1 account": "The public API (personal access tokens): who the token belongs to.",
  "v1 songs": "The public API: create songs, follow their generation, save them.",
  "v1 releases": "The public API: releases, their tracks and cover art, submission.",
  "v1 stats": "The public API: streams, revenue and royalties.",
  songs: "The app's own calls (session cookie): creating, reading and changing songs.",
  library: "The app's own calls: the library of saved songs.",
  edit: "The app's own calls: the song editor.",
  production: "The app's own calls: instruments, drums and the mix of a song.",
  lyrics: "The app's own calls: lyrics and their timing.",
  vocals: "The app's own calls: sung vocals.",
  mastering: "The app's own calls: mastering previews and masters.",
  releases: "The app's own calls: releases, cover art and submission.",
  stats: "The app's own calls: streams and revenue.",
  payments: "The app's own calls: memberships, purchases, balances and withdrawals; Stripe's webhook.",
  royalties: "Staff: royalty reports and records.",
  identity: "Identity checks for withdrawals.",
  user: "The signed-in account.",
  app: "The app itself: build, terms, feature flags.",
  admin: "Staff only: every call checks its permission and is audited.",
};

/**
 * The document as JSON, built once: operations register when their route modules load, so it changes only
 * when more of them have (a test importing routes one by one). Building it takes some 0.4 s (337 KB of
 * JSON); sending the kept copy about a tenth of that.
 */
let served: { operations: number; json: string } | undefined;
export function openApiJson(): string {
  const operations = registeredApiOperations();
  if (served?.operations !== operations.length) served = { operations: operations.length, json: JSON.stringify(buildOpenApiDocument(operations)) };
  return served.json;
}

export function buildOpenApiDocument(operations: ApiOperation[] = registeredApiOperations()): OpenApiDocument {
  const components: Record<string, JsonSchema> = { ApiError: toSchema(ApiErrorSchema, "output", {}) };
  const paths: OpenApiDocument["paths"] = {};
  const sorted = [...operations].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  for (const operation of sorted) {
    paths[operation.path] ??= {};
    paths[operation.path][operation.method.toLowerCase()] = describeOperation(operation, components);
  }
  const tagNames = [...new Set(sorted.flatMap((operation) => operation.tags))];
  const tags = [
    ...Object.keys(TAG_DESCRIPTIONS).filter((name) => tagNames.includes(name)).map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
    ...tagNames.filter((name) => !(name in TAG_DESCRIPTIONS)).sort().map((name) => ({ name })),
  ];
  return {
    openapi: "3.1.0",
    info: {
      title: "Songloom API",
      version: CLIENT_BUILD,
      description:
        "JSON API of Songloom. Every error answers with the ApiError body; invalid input is a 400 invalid_input with per-field messages. " +
        "Scripts and other programs use the versioned public API under /api/v1 with a personal access token (the bearerToken scheme; " +
        "docs/api.md walks through creating a song, waiting for its webhook, and releasing it). The rest of /api serves the app's own pages, " +
        "and differs from the spec's client on purpose: the caller is identified by the signed, httpOnly `__session` cookie set at sign-in " +
        "(not an identity-provider token in Authorization), and the browser by a signed, httpOnly `device` cookie (not a fingerprint " +
        "header); a Client-Build header is not required (ADR 005).",
    },
    servers: [{ url: "/" }],
    tags,
    paths,
    components: { schemas: components, securitySchemes: SECURITY_SCHEMES },
  };
}

function describeOperation(operation: ApiOperation, components: Record<string, JsonSchema>): JsonSchema {
  const { request = {} } = operation;
  const parameters = [
    ...pathParameters(operation.path, request.params, components),
    ...(request.query ? objectParameters(request.query, "query", components) : []),
  ];
  const responses: Record<string, JsonSchema> = {};
  for (const [status, response] of Object.entries(operation.responses)) {
    const schema = response.schema ? toSchema(response.schema, "output", components) : errorRef();
    responses[status] = { description: response.description, content: { "application/json": { schema } } };
  }
  const error = (description: string) => ({ description, content: { "application/json": { schema: errorRef() } } });
  if (request.query || request.body || request.params) responses["400"] ??= error("Invalid input");
  if (operation.token) {
    // What the token guard answers (app/services/access-tokens/authenticate.server.ts), on every operation.
    responses["400"] ??= error("token_in_query: a token was sent in the URL");
    responses["401"] ??= error("unauthorized (no token), invalid_token, token_expired or token_revoked");
    responses["403"] ??= error(`banned${operation.token.verified ? ", unverified" : ""}${operation.token.scope ? ` or insufficient_scope (needs ${operation.token.scope})` : ""}`);
    responses["429"] ??= error("rate_limited: over the token's requests per minute (see the RateLimit header fields)");
  }
  responses["500"] ??= error("Unexpected server error");
  return {
    operationId: operationId(operation),
    summary: operation.summary,
    ...(operation.description || operation.token ? { description: describeWithScope(operation) } : {}),
    tags: operation.tags,
    security: securityOf(operation),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(request.body
      ? {
          requestBody: {
            required: true,
            content: request.multipart
              ? { "multipart/form-data": { schema: toSchema(request.body, "input", components) } }
              : {
                  "application/json": { schema: toSchema(request.body, "input", components) },
                  "application/x-www-form-urlencoded": { schema: toSchema(request.body, "input", components) },
                },
          },
        }
      : {}),
    responses,
  };
}

/** Whom the operation lets in, as an OpenAPI security requirement (see ApiOperation.security). */
function securityOf(operation: ApiOperation): Record<string, string[]>[] {
  if (operation.security) return operation.security;
  if (operation.token) return [{ bearerToken: operation.token.scope ? [operation.token.scope] : [] }];
  if (401 in operation.responses || 403 in operation.responses) return [{ sessionCookie: [] }];
  // Anyone may call it; a signed-in caller may see more (their own private song, say).
  return [{}, { sessionCookie: [] }];
}

function describeWithScope(operation: ApiOperation): string {
  const text = operation.description ?? "";
  if (!operation.token) return text;
  const needs = operation.token.scope ? `Needs a token with the \`${operation.token.scope}\` scope` : "Any valid token";
  return `${text}${text ? "\n\n" : ""}${needs}${operation.token.verified ? ", of an account with a verified email" : ""}.`;
}

function errorRef(): JsonSchema {
  return { $ref: "#/components/schemas/ApiError" };
}

/** `GET /api/song/{id}` becomes `getApiSongById`. */
function operationId(operation: ApiOperation): string {
  const words = operation.path
    .split("/")
    .filter(Boolean)
    .map((segment) => segment.replace(/^\{(.+)\}$/, "by_$1"))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [operation.method.toLowerCase(), ...words.map((word) => word[0].toUpperCase() + word.slice(1))].join("");
}

function pathParameters(path: string, params: z.ZodType | undefined, components: Record<string, JsonSchema>) {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
  const properties = params ? objectProperties(params, "input", components).properties : {};
  return names.map((name) => ({ name, in: "path", required: true, schema: properties[name] ?? { type: "string" } }));
}

function objectParameters(schema: z.ZodType, location: "query", components: Record<string, JsonSchema>) {
  const { properties, required } = objectProperties(schema, "input", components);
  return Object.entries(properties).map(([name, propertySchema]) => ({
    name,
    in: location,
    required: required.includes(name),
    schema: propertySchema,
  }));
}

function objectProperties(schema: z.ZodType, io: "input" | "output", components: Record<string, JsonSchema>) {
  let json = toSchema(schema, io, components);
  if (typeof json.$ref === "string") json = components[json.$ref.replace("#/components/schemas/", "")] ?? {};
  return {
    properties: (json.properties ?? {}) as Record<string, JsonSchema>,
    required: (json.required ?? []) as string[],
  };
}

/**
 * One zod schema as an OpenAPI 3.1 (JSON Schema 2020-12) schema. Schemas given an id with
 * `.meta({ id })` become named components, and references to them point there.
 */
function toSchema(schema: z.ZodType, io: "input" | "output", components: Record<string, JsonSchema>): JsonSchema {
  const { $schema: _dialect, $defs, ...json } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  const pointAtComponents = (value: unknown): JsonSchema =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/'));
  for (const [name, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
    components[name] = pointAtComponents(definition);
  }
  return pointAtComponents(json);
}
