// The events a webhook endpoint can subscribe to (docs/api.md "Webhooks"), and what each one's `data` holds.
// Plain data: the account pages and the developers page show the list.
export const WEBHOOK_EVENTS = {
  "song.ready": "A song finished generating and can be played, saved and released. data: { song: { id, status, songName, style, filter, durationSeconds } }",
  "release.status_changed": "A release moved to a new status (submitted, approved, live, rejected...). data: { release: { id, title }, from, to, fromLabel, toLabel }",
  "store.acknowledged": "A store answered a delivery of your release. data: { release: { id }, store: { id, name }, kind, accepted, status, statusLabel, message }",
  "royalties.imported": "Royalties for your songs were imported and credited. data: { report: { id }, periodStart, periodEnd, creditedMicros } (micro-dollars)",
  "withdrawal.paid": "A withdrawal was paid out. data: { withdrawal: { id }, amountCents, currency, paidAt }",
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;

export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEventType[];

/** The headers every delivery carries (Standard Webhooks, https://www.standardwebhooks.com). */
export const WEBHOOK_HEADERS = {
  id: "webhook-id",
  timestamp: "webhook-timestamp",
  signature: "webhook-signature",
} as const;
