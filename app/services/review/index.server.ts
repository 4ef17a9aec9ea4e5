// Staff review of releases (issue 18): queues, the review lock, automatic checks, review actions and the
// owner's emails. notifyReleaseLive is for the delivery side (app/services/distribution).
export * from "./fields";
export * from "./lock.server";
export * from "./queue.server";
export * from "./checks.server";
export * from "./actions.server";
export * from "./notify.server";
export * from "./audio-metrics";
