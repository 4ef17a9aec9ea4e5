// Signed outgoing webhooks (docs/api.md "Webhooks"): endpoints users register on /account/api/webhooks,
// events emitted where the facts are written, deliveries sent by the webhook.deliver job.
export { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS, WEBHOOK_HEADERS, type WebhookEventType } from "./events";
export { emitReleaseStatusChanged, emitRoyaltiesImported, emitSongReady, emitStoreAcknowledged, emitWebhookEvent, emitWithdrawalPaid, type WebhookEventInput } from "./emit.server";
export { attemptWebhookDelivery, RESPONSE_BODY_BYTES, TIMEOUT_MS } from "./deliver.server";
export {
  createEndpoint,
  deleteEndpoint,
  EndpointFormSchema,
  endpointWithDeliveries,
  listEndpoints,
  MAX_ENDPOINTS,
  recentFailures,
  replayDelivery,
  setEndpointActive,
  type DeliveryView,
  type EndpointView,
} from "./endpoints.server";
export { newWebhookSecret, signWebhook } from "./sign";
export { configureWebhookTargets, isForbiddenAddress, parseWebhookUrl, webhookTargetPolicy, WebhookTargetError } from "./targets.server";
