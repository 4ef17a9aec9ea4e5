// One error shape for every JSON answer of /api/*:
//   { "error": { "status": 400, "code": "invalid_input", "message": "...", "fields": { "email": ["..."] } } }
// Throw an ApiError anywhere under an api route (or a guard called by one); the api wrapper turns it into JSON.

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly fields?: FieldErrors,
    /** Extra response headers, such as a 429's Retry-After. */
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export function jsonError(status: number, code: string, message: string, fields?: FieldErrors): Response {
  return Response.json({ error: { status, code, message, ...(fields ? { fields } : {}) } }, { status });
}

export function apiErrorResponse(error: ApiError): Response {
  const response = jsonError(error.status, error.code, error.message, error.fields);
  for (const [name, value] of Object.entries(error.headers ?? {})) response.headers.set(name, value);
  return response;
}

/**
 * What the session guards read of a request: a fetch Request, or the light view the page caches build
 * without one (PageRequest in page-cache.server.ts).
 */
export interface RequestHead {
  url: string;
  headers: { get(name: string): string | null };
}

/** True for requests to the JSON API, which get JSON errors instead of redirects. */
export function isApiRequest(request: RequestHead): boolean {
  return new URL(request.url).pathname.startsWith("/api/");
}
