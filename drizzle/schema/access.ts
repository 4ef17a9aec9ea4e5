// What someone may do: admin roles and permissions (spec 3 §6), feature flags and terms with their
// acceptances (spec 3 §4). Role and permission rows are seeded from the constants in
// app/server/permissions.server.ts (drizzle/seed/access.ts), which are the one source of their names.
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { id, timestamps } from "./columns";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Id is the role key ("music_admin"). */
export const roles = pgTable("roles", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  ...timestamps,
});
export type Role = typeof roles.$inferSelect;

/** Id is the permission key ("distro:viewer"). */
export const permissions = pgTable("permissions", {
  id: text("id").primaryKey(),
  description: text("description").notNull().default(""),
  ...timestamps,
});
export type Permission = typeof permissions.$inferSelect;

export const rolePermissions = pgTable(
  "role_permissions",
  {
    roleId: text("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    permissionId: text("permission_id")
      .notNull()
      .references(() => permissions.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.roleId, table.permissionId] })],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    roleId: text("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.roleId] }), index("user_roles_role").on(table.roleId)],
);

/** Feature flag (spec 3 §3: id, key, description, active). */
export const featureFlags = pgTable(
  "feature_flags",
  {
    id: id(),
    key: text("key").notNull(),
    description: text("description").notNull().default(""),
    active: boolean("active").notNull().default(false),
    ...timestamps,
  },
  (table) => [uniqueIndex("feature_flags_key").on(table.key)],
);
export type FeatureFlag = typeof featureFlags.$inferSelect;

/** A published version of a legal text (GET /terms?terms_type=). The current one is the highest version. */
export const terms = pgTable(
  "terms",
  {
    id: id(),
    /** "terms_of_use" or "privacy_policy". */
    type: text("type").notNull(),
    version: integer("version").notNull(),
    body: text("body").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [uniqueIndex("terms_type_version").on(table.type, table.version)],
);
export type Terms = typeof terms.$inferSelect;

/** Who accepted which version, and when (POST /user/terms/accept). */
export const termsAcceptances = pgTable(
  "terms_acceptances",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    termsId: text("terms_id")
      .notNull()
      .references(() => terms.id, { onDelete: "cascade" }),
    acceptedAt: at("accepted_at").notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.termsId] })],
);
