// The staff side (spec 3 §2, §4, §7; issue 21): the admin audit log, server-issued confirmation tokens for
// the actions spec 3 says "each need a prior confirmation", what a ban changed (so unban restores exactly
// that), staff notes and tags on users, and staff second factors (TOTP with hashed recovery codes).
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { accountStatus, releaseLabel, users, withdrawalStatus } from "./auth";
import { id } from "./columns";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Every admin action, written by recordAdminAction (app/services/admin/audit.ts). Append-only. */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: id(),
    /** Null when the acting staff account was deleted later, or for system actions. */
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    /** "user", "device", "feature_flag", "faq_topic", "song", "role"… */
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: jsonb("before").$type<Record<string, unknown> | null>(),
    after: jsonb("after").$type<Record<string, unknown> | null>(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [index("admin_audit_log_target").on(table.targetType, table.targetId, table.createdAt), index("admin_audit_log_created").on(table.createdAt)],
);
export type AdminAuditEntry = typeof adminAuditLog.$inferSelect;

/**
 * A confirmation the server issued for one admin, one action and exactly these targets and parameters.
 * Only the SHA-256 of the token is kept; it is used once and lapses after a few minutes.
 */
export const adminConfirmations = pgTable(
  "admin_confirmations",
  {
    id: id(),
    tokenHash: text("token_hash").notNull(),
    actorId: text("actor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    /** Sorted target ids. */
    targets: jsonb("targets").$type<string[]>().notNull(),
    params: jsonb("params").$type<Record<string, string>>().notNull().default({}),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [uniqueIndex("admin_confirmations_hash").on(table.tokenHash)],
);

/** What a ban changed, so unbanning puts back exactly those values (one row per banned user). */
export const userBans = pgTable("user_bans", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  previousAccountStatus: accountStatus("previous_account_status").notNull(),
  previousWithdrawalStatus: withdrawalStatus("previous_withdrawal_status").notNull(),
  previousReleaseLabel: releaseLabel("previous_release_label").notNull(),
  /** Devices this ban banned (devices banned before it stay banned on unban). */
  bannedDeviceIds: jsonb("banned_device_ids").$type<string[]>().notNull().default([]),
  bannedBy: text("banned_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: at("created_at").notNull().defaultNow(),
});

/** Staff notes on a user (the annotations view). */
export const userAnnotations = pgTable(
  "user_annotations",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [index("user_annotations_user").on(table.userId, table.createdAt)],
);

/** Staff labels for users ("vip", "chargeback risk"); not the song tags of the library and /tag/{id}. */
export const userTags = pgTable(
  "user_tags",
  {
    id: id(),
    name: text("name").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [uniqueIndex("user_tags_name").on(table.name)],
);

export const userTagAssignments = pgTable(
  "user_tag_assignments",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tagId: text("tag_id")
      .notNull()
      .references(() => userTags.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.tagId] }), index("user_tag_assignments_tag").on(table.tagId)],
);

/** A staff member's TOTP secret; enabledAt is set once the first code is accepted (enrolment done). */
export const staffSecondFactors = pgTable("staff_second_factors", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  enabledAt: at("enabled_at"),
  /** SHA-256 of each unused recovery code. */
  recoveryCodeHashes: jsonb("recovery_code_hashes").$type<string[]>().notNull().default([]),
  /** The last accepted TOTP time step: a code is never accepted twice. */
  lastUsedStep: integer("last_used_step"),
  createdAt: at("created_at").notNull().defaultNow(),
});
