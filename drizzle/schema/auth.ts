// Who someone is and how they got in: users, their sign-in identities, DB-stored sessions, the browsers
// (devices) they use, one-time email tokens and an append-only event log. Spec 3 §3 (User, Device) and §4.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** statuses.account (spec 3 §3). */
export const accountStatus = pgEnum("account_status", ["ACTIVE", "BANNED", "FROZEN", "INACTIVE"]);
/** Account withdrawal status (spec 3 §3). */
export const withdrawalStatus = pgEnum("withdrawal_status", ["ACTIVE", "INACTIVE", "FROZEN"]);
/**
 * Release label, the user's distribution tier (spec 3 §3). "{product}" is Songloom: SONGLOOM is the
 * standard label (default distribution); SHADOWBAN rejects every submission.
 */
export const releaseLabel = pgEnum("release_label", [
  "SONGLOOM",
  "SONGLOOM_ELEVATED",
  "NUEMETA",
  "NUEMETA_ELEVATED",
  "BULK",
  "SHADOWBAN",
]);
/**
 * The user's standing against the *current* terms of use (User.termsOfUseStatus). acceptTerms sets
 * ACCEPTED; publishing a new version resets everyone to PENDING. terms_acceptances keeps the history.
 */
export const termsOfUseStatus = pgEnum("terms_of_use_status", ["PENDING", "ACCEPTED"]);
export const identityProvider = pgEnum("identity_provider", ["email", "google", "facebook", "apple"]);

export const users = pgTable(
  "users",
  {
    id: id(),
    /** Always stored lower-cased, so uniqueness is case-insensitive without citext. */
    email: text("email").notNull(),
    displayName: text("display_name").notNull(),
    emailVerifiedAt: at("email_verified_at"),
    isAdmin: boolean("is_admin").notNull().default(false),
    accountStatus: accountStatus("account_status").notNull().default("ACTIVE"),
    withdrawalStatus: withdrawalStatus("withdrawal_status").notNull().default("ACTIVE"),
    releaseLabel: releaseLabel("release_label").notNull().default("SONGLOOM"),
    termsOfUseStatus: termsOfUseStatus("terms_of_use_status").notNull().default("PENDING"),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("users_email_unique").on(table.email),
    check("users_email_lower_case", sql`${table.email} = lower(${table.email})`),
  ],
);
export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** One way to sign in. Email identities carry the password hash; social ones the provider's user id. */
export const identities = pgTable(
  "identities",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: identityProvider("provider").notNull(),
    /** The provider's stable user id; for `email` the lower-cased address. */
    providerUserId: text("provider_user_id").notNull(),
    /** scrypt hash (app/server/password.server.ts); only for `email`. */
    passwordHash: text("password_hash"),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("identities_provider_user").on(table.provider, table.providerUserId),
    uniqueIndex("identities_one_per_provider").on(table.userId, table.provider),
  ],
);
export type Identity = typeof identities.$inferSelect;

/** A browser, known by the long-lived `device` cookie (spec 3 §3 Device). Banning one signs it out for good. */
export const devices = pgTable("devices", {
  /** The value of the signed `device` cookie. */
  id: text("id").primaryKey(),
  userAgent: text("user_agent").notNull().default(""),
  browser: text("browser"),
  os: text("os"),
  ip: text("ip"),
  country: text("country"),
  city: text("city"),
  continent: text("continent"),
  banned: boolean("banned").notNull().default(false),
  bannedAt: at("banned_at"),
  createdAt: at("created_at").notNull().defaultNow(),
  lastLoginAt: at("last_login_at").notNull().defaultNow(),
}, (table) => [
  // A device ban also refuses sign-ins from the banned device's last address (signInUser).
  index("devices_banned_ip").on(table.ip).where(sql`${table.banned}`),
]);
export type Device = typeof devices.$inferSelect;

/** Which users signed in on which device (Device.number_of_users counts these rows). */
export const userDevices = pgTable(
  "user_devices",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deviceId: text("device_id")
      .notNull()
      .references(() => devices.id, { onDelete: "cascade" }),
    createdAt: at("created_at").notNull().defaultNow(),
    lastLoginAt: at("last_login_at").notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.deviceId] }), index("user_devices_device").on(table.deviceId)],
);

/**
 * Sessions live here, not in the cookie: the cookie holds only the signed id, so signing out, banning a
 * device or expiring a session takes effect on the next request from any web process.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Null only for sessions made without a browser (tests, tools). */
    deviceId: text("device_id").references(() => devices.id, { onDelete: "set null" }),
    /** The rest of the Remix session data (flash messages); user and device are columns. */
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: at("expires_at").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    lastSeenAt: at("last_seen_at").notNull().defaultNow(),
    /** When this session passed the staff second factor (admins only; admin pages need a recent one). */
    secondFactorAt: at("second_factor_at"),
  },
  (table) => [index("sessions_user").on(table.userId), index("sessions_device").on(table.deviceId)],
);
export type Session = typeof sessions.$inferSelect;

/** One-time token tables share a shape: only the SHA-256 of the token is stored. */
const oneTimeToken = (tableName: string) =>
  pgTable(
    tableName,
    {
      id: id(),
      userId: text("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      tokenHash: text("token_hash").notNull(),
      expiresAt: at("expires_at").notNull(),
      usedAt: at("used_at"),
      createdAt: at("created_at").notNull().defaultNow(),
    },
    (table) => [uniqueIndex(`${tableName}_hash`).on(table.tokenHash), index(`${tableName}_user`).on(table.userId)],
  );

/** Links sent on sign-up (/verify?token=). The housekeeping job deletes expired rows. */
export const emailVerificationTokens = oneTimeToken("email_verification_tokens");
/** Links sent by /forgot-password (/reset-password?token=). */
export const passwordResetTokens = oneTimeToken("password_reset_tokens");

/** What happened to a user, for the admin events view (GET admin/user-events/{id}). Append-only. */
export const userEvents = pgTable(
  "user_events",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [index("user_events_user_created").on(table.userId, table.createdAt)],
);
export type UserEvent = typeof userEvents.$inferSelect;
