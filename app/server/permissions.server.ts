// Admin roles, permissions and which admin page needs what (spec 3 §3, §6), as typed data.
// The seed (drizzle/seed/access.ts), the guards, the admin pages and the guard-matrix tests all read
// these constants, so a grant changes in one place. Pure: no database access here.

export const PERMISSIONS = [
  "distro:admin",
  "distro:viewer",
  "distro:actions",
  "account:admin",
  "account:viewer",
  "account:approve_transactions",
  "royalty:admin",
  "royalty:viewer",
  "user:admin",
  "user:viewer",
  "faq:viewer",
  "faq:actions",
  "device:admin",
  "device:viewer",
  "tag:admin",
  "tag:viewer",
  "tag:actions",
  "feature_flag:admin",
  "feature_flag:viewer",
  "restricted_artist_names:admin",
  "roles:admin",
  "roles:viewer",
  "openapi:viewer",
  "kyc:viewer",
  "kyc:actions",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const PERMISSION_DESCRIPTIONS: Record<Permission, string> = {
  "distro:admin": "Administer distribution (edit and take down releases)",
  "distro:viewer": "View releases under review and their distribution",
  "distro:actions": "Approve, reject and flag releases",
  "account:admin": "Change account and withdrawal status",
  "account:viewer": "View balances and transactions",
  "account:approve_transactions": "Approve held transactions",
  "royalty:admin": "Process royalties and approve royalty reports",
  "royalty:viewer": "View royalty records and reports",
  "user:admin": "Ban, unban and change users",
  "user:viewer": "Look up users and view their details",
  "faq:viewer": "View FAQ topics and questions",
  "faq:actions": "Create and edit FAQ topics and questions",
  "device:admin": "Ban and unban devices",
  "device:viewer": "View users' devices",
  "tag:admin": "Create, edit and delete tags",
  "tag:viewer": "View tags on users",
  "tag:actions": "Tag and untag users",
  "feature_flag:admin": "Enable and disable feature flags",
  "feature_flag:viewer": "View feature flags",
  "restricted_artist_names:admin": "Manage restricted artist names",
  "roles:admin": "Grant and revoke admin roles",
  "roles:viewer": "View admin roles and permissions",
  "openapi:viewer": "Read the API documentation (swagger)",
  "kyc:viewer": "View identity verification status",
  "kyc:actions": "Change identity verification status",
};

export const ROLES = [
  "engineering",
  "creator_success_coordinator",
  "ar_coordinator",
  "content_review_specialist",
  "distro_ops_coordinator",
  "super_admin",
  "royalty_admin",
  "music_admin",
] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_NAMES: Record<Role, string> = {
  engineering: "Engineering",
  creator_success_coordinator: "Creator success coordinator",
  ar_coordinator: "A&R coordinator (full-time)",
  content_review_specialist: "Content review specialist (part-time)",
  distro_ops_coordinator: "Distro ops coordinator",
  super_admin: "Super admin",
  royalty_admin: "Royalty admin",
  music_admin: "Music admin",
};

const AR_COORDINATOR: readonly Permission[] = [
  "distro:viewer",
  "distro:actions",
  "account:viewer",
  "user:viewer",
  "tag:viewer",
  "tag:actions",
  "device:viewer",
  "kyc:viewer",
];

/**
 * The role grant table of spec 3 §6, exactly. super_admin has no explicit grants ("not shown"): it
 * passes every check in hasPermission instead.
 */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  engineering: PERMISSIONS.filter((permission) => permission !== "restricted_artist_names:admin"),
  creator_success_coordinator: [
    "distro:viewer",
    "account:viewer",
    "user:viewer",
    "tag:viewer",
    "tag:actions",
    "device:viewer",
    "kyc:viewer",
  ],
  ar_coordinator: AR_COORDINATOR,
  content_review_specialist: [
    "distro:viewer",
    "distro:actions",
    "user:viewer",
    "tag:viewer",
    "tag:actions",
    "device:viewer",
    "kyc:viewer",
  ],
  // "same as A&R"
  distro_ops_coordinator: AR_COORDINATOR,
  royalty_admin: ["royalty:admin", "royalty:viewer", "user:viewer", "account:viewer", "account:approve_transactions", "kyc:viewer"],
  music_admin: [
    "distro:admin",
    "distro:viewer",
    "distro:actions",
    "account:admin",
    "account:viewer",
    "user:admin",
    "user:viewer",
    "tag:admin",
    "tag:viewer",
    "tag:actions",
    "faq:viewer",
    "faq:actions",
    "feature_flag:viewer",
    "roles:viewer",
    "device:admin",
    "device:viewer",
    "kyc:viewer",
    "kyc:actions",
  ],
  super_admin: [],
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/** The union of the roles' grants, in PERMISSIONS order. */
export function permissionsForRoles(roles: readonly string[]): Permission[] {
  const granted = new Set(roles.filter(isRole).flatMap((role) => ROLE_PERMISSIONS[role]));
  return PERMISSIONS.filter((permission) => granted.has(permission));
}

/** What the permission checks need to know about someone. */
export interface AccessSubject {
  isAdmin: boolean;
  roles: readonly string[];
  permissions: readonly string[];
}

/** Any one of the roles (spec 3 §6 "a role check needs any one matching role"). Admins only. */
export function hasRole(user: AccessSubject, ...roles: Role[]): boolean {
  return user.isAdmin && roles.some((role) => user.roles.includes(role));
}

/**
 * Admin flag plus the permission; a super admin passes every check. An array means any one of them
 * (FAQs need "faq:viewer" or "faq:actions"); an empty array means the admin flag alone.
 */
export function hasPermission(user: AccessSubject, required: Permission | readonly Permission[]): boolean {
  if (!user.isAdmin) return false;
  if (user.roles.includes("super_admin")) return true;
  const anyOf: readonly Permission[] = typeof required === "string" ? [required] : required;
  return anyOf.length === 0 || anyOf.some((permission) => user.permissions.includes(permission));
}

/**
 * Admin pages and what they need (spec 3 §6 "Route permissions"), most specific first; `pattern` uses
 * Remix's `:param` notation below /admin. Pages the table does not name (the songs page, user events
 * and annotations beyond "user info") get the closest rule the spec gives, noted beside each.
 */
export const ADMIN_ROUTE_PERMISSIONS: readonly { pattern: string; anyOf: readonly Permission[] }[] = [
  { pattern: "/admin/distro", anyOf: ["distro:viewer"] },
  { pattern: "/admin/distro/:releaseId", anyOf: ["distro:viewer"] },
  { pattern: "/admin/faqs", anyOf: ["faq:viewer", "faq:actions"] },
  // Not in the spec's table: song search and moderation is distribution staff's work.
  { pattern: "/admin/songs", anyOf: ["distro:viewer"] },
  { pattern: "/admin/users", anyOf: ["user:viewer"] },
  { pattern: "/admin/users/:userId/view", anyOf: ["user:viewer"] },
  { pattern: "/admin/users/:userId/transactions", anyOf: ["account:viewer"] },
  // Events and annotations are part of the user's info page.
  { pattern: "/admin/users/:userId/events", anyOf: ["user:viewer"] },
  { pattern: "/admin/users/:userId/annotations", anyOf: ["user:viewer"] },
  { pattern: "/admin/users/:userId/devices", anyOf: ["device:viewer"] },
  { pattern: "/admin/users/:userId/distro", anyOf: ["distro:viewer"] },
  { pattern: "/admin/users/:userId/releases", anyOf: ["distro:viewer"] },
  { pattern: "/admin/royalties", anyOf: ["royalty:viewer"] },
  // Not in the spec's table: held withdrawals are transactions, seen like the user's transactions page.
  { pattern: "/admin/withdrawals", anyOf: ["account:viewer"] },
  { pattern: "/admin/feature_flags", anyOf: ["feature_flag:viewer"] },
  { pattern: "/admin/tags", anyOf: ["tag:admin"] },
  { pattern: "/admin/restricted_artist_names", anyOf: ["restricted_artist_names:admin"] },
  { pattern: "/admin/swagger", anyOf: ["openapi:viewer"] },
  // Not in the spec's table: the roles page of issue 21 (roles viewer to see, roles admin to assign).
  { pattern: "/admin/roles", anyOf: ["roles:viewer"] },
  // Not in the spec's table: resetting a staff member's lost authenticator changes who can act as staff,
  // like assigning roles.
  { pattern: "/admin/staff_second_factor", anyOf: ["roles:admin"] },
  // Not in the spec's table: like restricted artist names, a list that refuses users' content to protect
  // someone's rights (generated vocals never sing these lyrics), so the same permission.
  { pattern: "/admin/protected_lyrics", anyOf: ["restricted_artist_names:admin"] },
];

/** The permissions an admin path needs, or null when it is not an admin page the spec names. */
export function adminRoutePermissions(pathname: string): readonly Permission[] | null {
  const parts = pathname.replace(/\/+$/, "").split("/");
  const rule = ADMIN_ROUTE_PERMISSIONS.find(({ pattern }) => {
    const patternParts = pattern.split("/");
    return (
      patternParts.length === parts.length &&
      patternParts.every((part, index) => (part.startsWith(":") ? parts[index] !== "" : part === parts[index]))
    );
  });
  return rule ? rule.anyOf : null;
}
