// Operations (issue 24, ADR 026): JSON logs with request ids, Prometheus metrics, and the request log that
// feeds both. server.mjs wires requestLog and metricsEndpoint first; the worker serves metrics on
// METRICS_PORT (jobs/worker.ts).
export { log, logConsoleAsJson, setLogRole } from "./log.server";
export { metricsEndpoint, observeRenderStages, registry, jobDuration, admissionRefusals } from "./metrics.server";
export { requestLog, routeLabeller } from "./requests.server";
