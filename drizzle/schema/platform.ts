// The open platform (docs/api.md, ADR 034): personal access tokens for /api/v1, and the webhook endpoints
// users register, the events sent to them and every delivery attempt. Services: app/services/access-tokens
// and app/services/webhooks; job: jobs/handlers/webhook.deliver.ts.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { id } from "./columns";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * A personal access token. The token itself is shown once, at creation; the table keeps its SHA-256 (it
 * is 32 random bytes, so a fast hash is as safe as a slow one) and a short prefix to tell tokens apart.
 * `kind` staff: made by a staff account on /admin/tokens, behind the second factor and audited; it still
 * acts only as that account on /api/v1, never with staff permissions.
 */
export const accessTokens = pgTable(
  "access_tokens",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["user", "staff"] }).notNull().default("user"),
    name: text("name").notNull(),
    scopes: text("scopes").array().notNull(),
    /** The first characters of the token (`slk_ab12cd34`), to recognise it in the list. */
    prefix: text("prefix").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: at("expires_at").notNull(),
    lastUsedAt: at("last_used_at"),
    revokedAt: at("revoked_at"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("access_tokens_token_hash_unique").on(table.tokenHash),
    index("access_tokens_user_id").on(table.userId, table.createdAt),
    check("access_tokens_scopes_not_empty", sql`cardinality(${table.scopes}) > 0`),
  ],
);

export type AccessToken = typeof accessTokens.$inferSelect;
export type NewAccessToken = typeof accessTokens.$inferInsert;

/** An HTTPS URL a user asked to be told about some events at, with the secret its deliveries are signed with. */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    events: text("events").array().notNull(),
    /** `whsec_` + base64 of 24 random bytes (Standard Webhooks); the key of every signature. */
    secret: text("secret").notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [
    index("webhook_endpoints_user_id").on(table.userId),
    check("webhook_endpoints_events_not_empty", sql`cardinality(${table.events}) > 0`),
  ],
);

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;

/**
 * Something that happened to a user that endpoints may be told about. `dedupeKey` names the fact
 * (`song:<id>`, `release:<id>:<status>:<history id>`): the unique index makes an event exist once, however
 * often the code that notices it runs (a retried job), so it is never sent twice.
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    dedupeKey: text("dedupe_key").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [uniqueIndex("webhook_events_dedupe").on(table.userId, table.type, table.dedupeKey)],
);

/**
 * One event to one endpoint. A replay is a new delivery of the same event (`replayOf`); otherwise an event
 * reaches an endpoint once (partial unique index). The body is fixed when the delivery is made, so every
 * attempt sends the same bytes.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: id(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text("event_id")
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    replayOf: text("replay_of"),
    body: text("body").notNull(),
    status: text("status", { enum: ["pending", "succeeded", "failed"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastAttemptAt: at("last_attempt_at"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("webhook_deliveries_once").on(table.endpointId, table.eventId).where(sql`${table.replayOf} is null`),
    index("webhook_deliveries_endpoint").on(table.endpointId, table.createdAt),
  ],
);

export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;

/** Each try of a delivery: what the endpoint answered (status and the start of its body) or why it failed. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: id(),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    responseStatus: integer("response_status"),
    /** At most 2 KB of what the endpoint answered. */
    responseBody: text("response_body"),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [uniqueIndex("webhook_attempts_delivery_attempt").on(table.deliveryId, table.attempt)],
);

export type WebhookAttempt = typeof webhookAttempts.$inferSelect;
