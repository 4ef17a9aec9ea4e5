import {
  adminRoutePermissions,
  ADMIN_ROUTE_PERMISSIONS,
  hasPermission,
  hasRole,
  PERMISSIONS,
  permissionsForRoles,
  ROLE_PERMISSIONS,
  ROLES,
  type AccessSubject,
  type Permission,
  type Role,
} from "~/server/permissions.server";

const admin = (roles: Role[]): AccessSubject => ({ isAdmin: true, roles, permissions: permissionsForRoles(roles) });

// Spec 3 §6 "Role grants", written out independently of the implementation's table.
const SPEC_GRANTS: Record<Exclude<Role, "engineering" | "super_admin">, Permission[]> = {
  creator_success_coordinator: ["distro:viewer", "account:viewer", "user:viewer", "tag:viewer", "tag:actions", "device:viewer", "kyc:viewer"],
  ar_coordinator: ["distro:viewer", "distro:actions", "account:viewer", "user:viewer", "tag:viewer", "tag:actions", "device:viewer", "kyc:viewer"],
  content_review_specialist: ["distro:viewer", "distro:actions", "user:viewer", "tag:viewer", "tag:actions", "device:viewer", "kyc:viewer"],
  distro_ops_coordinator: ["distro:viewer", "distro:actions", "account:viewer", "user:viewer", "tag:viewer", "tag:actions", "device:viewer", "kyc:viewer"],
  royalty_admin: ["royalty:admin", "royalty:viewer", "user:viewer", "account:viewer", "account:approve_transactions", "kyc:viewer"],
  music_admin: [
    "distro:admin", "distro:viewer", "distro:actions", "account:admin", "account:viewer", "user:admin", "user:viewer",
    "tag:admin", "tag:viewer", "tag:actions", "faq:viewer", "faq:actions", "feature_flag:viewer", "roles:viewer",
    "device:admin", "device:viewer", "kyc:viewer", "kyc:actions",
  ],
};

describe("the role grant matrix (spec 3 §6)", () => {
  test("names the 8 roles and 25 permissions of spec 3 §3", () => {
    expect([...ROLES].sort()).toEqual(
      ["ar_coordinator", "content_review_specialist", "creator_success_coordinator", "distro_ops_coordinator", "engineering", "music_admin", "royalty_admin", "super_admin"],
    );
    expect(PERMISSIONS).toHaveLength(25);
    expect(new Set(PERMISSIONS).size).toBe(25);
  });

  test.each(Object.entries(SPEC_GRANTS))("%s has exactly the spec's grants", (role, expected) => {
    expect([...ROLE_PERMISSIONS[role as Role]].sort()).toEqual([...expected].sort());
  });

  test("engineering has everything except restricted-artist-names admin", () => {
    expect(ROLE_PERMISSIONS.engineering).not.toContain("restricted_artist_names:admin");
    expect(ROLE_PERMISSIONS.engineering).toHaveLength(PERMISSIONS.length - 1);
  });

  test("distro ops coordinator is the same as A&R", () => {
    expect(ROLE_PERMISSIONS.distro_ops_coordinator).toEqual(ROLE_PERMISSIONS.ar_coordinator);
  });
});

describe("hasPermission", () => {
  test("needs the admin flag, whatever the roles", () => {
    expect(hasPermission({ isAdmin: false, roles: ["engineering"], permissions: [...PERMISSIONS] }, "user:viewer")).toBe(false);
    expect(hasPermission({ isAdmin: false, roles: [], permissions: [] }, [])).toBe(false);
  });

  test("a super admin passes every check without explicit grants", () => {
    const superAdmin = admin(["super_admin"]);
    expect(superAdmin.permissions).toEqual([]);
    for (const permission of PERMISSIONS) expect(hasPermission(superAdmin, permission)).toBe(true);
  });

  test("an array means any one of them", () => {
    const faqOnly: AccessSubject = { isAdmin: true, roles: [], permissions: ["faq:actions"] };
    expect(hasPermission(faqOnly, ["faq:viewer", "faq:actions"])).toBe(true);
    expect(hasPermission(faqOnly, ["faq:viewer"])).toBe(false);
  });

  test("an admin with no role has no permission but passes an admin-only check", () => {
    const bare = admin([]);
    expect(hasPermission(bare, "distro:viewer")).toBe(false);
    expect(hasPermission(bare, [])).toBe(true);
  });

  test("grants follow the roles: royalty admin sees royalties, not distribution", () => {
    expect(hasPermission(admin(["royalty_admin"]), "royalty:viewer")).toBe(true);
    expect(hasPermission(admin(["royalty_admin"]), "distro:viewer")).toBe(false);
    expect(hasPermission(admin(["royalty_admin", "content_review_specialist"]), "distro:actions")).toBe(true);
  });
});

describe("hasRole", () => {
  test("any one matching role, admins only", () => {
    expect(hasRole(admin(["music_admin"]), "engineering", "music_admin")).toBe(true);
    expect(hasRole(admin(["music_admin"]), "engineering")).toBe(false);
    expect(hasRole({ isAdmin: false, roles: ["music_admin"], permissions: [] }, "music_admin")).toBe(false);
  });
});

describe("admin route permissions (spec 3 §6 Route permissions)", () => {
  test.each([
    ["/admin/distro", ["distro:viewer"]],
    ["/admin/faqs", ["faq:viewer", "faq:actions"]],
    ["/admin/users", ["user:viewer"]],
    ["/admin/users/abc123/view", ["user:viewer"]],
    ["/admin/users/abc123/transactions", ["account:viewer"]],
    ["/admin/users/abc123/devices", ["device:viewer"]],
    ["/admin/users/abc123/distro", ["distro:viewer"]],
    ["/admin/users/abc123/releases", ["distro:viewer"]],
    ["/admin/royalties", ["royalty:viewer"]],
    ["/admin/feature_flags", ["feature_flag:viewer"]],
    ["/admin/tags", ["tag:admin"]],
    ["/admin/restricted_artist_names", ["restricted_artist_names:admin"]],
    ["/admin/swagger", ["openapi:viewer"]],
    ["/admin/tags/", ["tag:admin"]],
  ])("%s needs %j", (path, expected) => {
    expect(adminRoutePermissions(path)).toEqual(expected);
  });

  test("paths the spec does not name have no rule", () => {
    for (const path of ["/admin", "/admin/nothing", "/admin/users//view", "/admin/users/1/view/extra", "/library"]) {
      expect(adminRoutePermissions(path)).toBeNull();
    }
  });

  test("every rule names known permissions", () => {
    for (const { anyOf } of ADMIN_ROUTE_PERMISSIONS) {
      expect(anyOf.length).toBeGreaterThan(0);
      for (const permission of anyOf) expect(PERMISSIONS).toContain(permission);
    }
  });
});
