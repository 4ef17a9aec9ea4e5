// Distribution (issue 18, docs/distribution.md): the counters behind UPCs and ISRCs, and one row per
// release × store × kind (the release itself, or its takedown) that the delivery and acknowledgement jobs
// move forward.
//
// `status` is the spec's distribution platform status (spec 2 §4, spec 3 §3): 0 Submitted, 1 Failure,
// 2 Success, 3 Asset missing, 4 Removed, 5 Not submitted. `phase` is where the delivery job is:
// queued → uploading → uploaded (waiting for the store's acknowledgement) → acknowledged; `refused` when
// the message failed validation or the label may not deliver (nothing left us). An uploaded delivery with
// `ack_problem` is held: the store answered, but not readably (docs/distribution.md "The store's answer").
import { bigint, index, integer, jsonb, pgEnum, pgTable, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { releases } from "./releases";

/**
 * One counter per identifier series: `upc` (the GS1 company prefix's item references) and `isrc:<YY>`
 * (the registrant's designation codes of one year). `value` is the last number handed out; numbers only
 * go up, so an identifier is never issued twice.
 */
export const distributionCounters = pgTable("distribution_counters", {
  series: text("series").primaryKey(),
  value: bigint("value", { mode: "number" }).notNull(),
});

export const deliveryKind = pgEnum("delivery_kind", ["release", "takedown"]);
export type DeliveryKind = (typeof deliveryKind.enumValues)[number];

export const deliveryPhase = pgEnum("delivery_phase", ["queued", "uploading", "uploaded", "acknowledged", "refused"]);
export type DeliveryPhase = (typeof deliveryPhase.enumValues)[number];

export const storeDeliveries = pgTable(
  "store_deliveries",
  {
    id: id(),
    releaseId: text("release_id")
      .notNull()
      .references(() => releases.id, { onDelete: "cascade" }),
    /** An id of app/services/distribution/stores.ts. */
    storeId: text("store_id").notNull(),
    kind: deliveryKind("kind").notNull(),
    status: smallint("status").notNull().default(0),
    phase: deliveryPhase("phase").notNull().default("queued"),
    /** The batch folder on the store's server; fixed at the first attempt so a retry resumes it. */
    batch: text("batch"),
    messageId: text("message_id"),
    /** Files of the batch already uploaded in full (a retry after a crash skips them). */
    uploadedFiles: jsonb("uploaded_files").$type<string[]>().notNull().default([]),
    attempts: integer("attempts").notNull().default(0),
    /** For staff: the validator's or the store's error, or the upload failure. */
    error: text("error"),
    /** The DDEX FileStatus of the store's FtpAcknowledgementMessage, as it sent it (FileOK, ResourceCorrupt, …). */
    storeFileStatus: text("store_file_status"),
    /** The store's own words about its answer (its ErrorText, or what its status means): the artist sees these. */
    storeMessage: text("store_message"),
    /**
     * Why the store's acknowledgement could not be read (not XML, not the structure, another release): the
     * delivery is held at its status, still checked, and staff see this and the answer itself.
     */
    ackProblem: text("ack_problem"),
    /** The store's acknowledgement as received (kept so nothing the store said is lost). */
    acknowledgement: text("acknowledgement"),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true, mode: "date" }),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (table) => [uniqueIndex("store_deliveries_release_store_kind").on(table.releaseId, table.storeId, table.kind), index("store_deliveries_phase").on(table.phase)],
);
export type StoreDelivery = typeof storeDeliveries.$inferSelect;
