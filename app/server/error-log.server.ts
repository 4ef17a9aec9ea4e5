// What Remix reports to the server log (exported as handleError from entry.server.tsx). A request Remix
// answers itself with a 4xx (a method the route has no action or loader for: 405; a URL no route
// matches: 404) is the client's mistake, not ours: logging each with a stack trace would bury the faults
// the log is read for. Nor is a request the browser gave up on (aborted).
import type { HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // The request id (server.mjs) ties this line to the request's own log line.
  const id = request.headers.get("x-request-id");
  console.error(`${request.method} ${new URL(request.url).pathname}${id ? ` [request ${id}]` : ""}:`, error);
};
