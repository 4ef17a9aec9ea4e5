// Request hardening (issue 16, ADR 017): what server.mjs puts in front of Remix, in this order:
//   healthChecks      /healthz, /readyz
//   cspReports        POST /csp-report: what the policy blocked, logged
//   securityHeaders   CSP with a per-request nonce, nosniff, Referrer-Policy, Permissions-Policy, HSTS
//   requestDeadline   503 for a request with no answer in time
//   refuseCrossSite   403 for a state-changing request from another origin
//   limitRequestBody  413 past the route's body limit, counted while streaming
// and remixRequest/sendRemixResponse, Remix's express adapter reading the counted body with the shared abort signal.
export { limitRequestBody, bodyLimitFor, BODY_LIMIT_RULES, DEFAULT_BODY_LIMIT } from "./body-limits.server";
export { remixRequest, sendRemixResponse } from "./remix-adapter.server";
export { healthChecks, readiness } from "./health.server";
export { cspReports } from "./csp-report.server";
export { requestDeadline, LONG_REQUEST_PATHS } from "./request-deadline.server";
export { crossSiteProblem, refuseCrossSite, CROSS_ORIGIN_EXEMPT } from "./same-origin.server";
export { contentSecurityPolicy, securityHeaders } from "./security-headers.server";

import { env } from "../env.server";

/** The settings server.mjs wires these with (docs/configuration.md). */
export const settings = {
  appUrl: env.APP_URL,
  requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
  longRequestTimeoutMs: env.LONG_REQUEST_TIMEOUT_MS,
};
