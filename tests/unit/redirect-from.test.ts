import { AFTER_SIGN_IN_DEFAULT, afterSignInPath, sameSitePath, verifyContinuationFor } from "~/utils/redirect-from";

describe("after sign-in (spec 3 §2)", () => {
  test("returns to a same-site redirectFrom, query and all", () => {
    expect(afterSignInPath("/library")).toBe("/library");
    expect(afterSignInPath("/edit/abc/notes?tab=2")).toBe("/edit/abc/notes?tab=2");
    expect(afterSignInPath("/labs")).toBe("/labs");
  });

  test("goes to the style step without one", () => {
    expect(AFTER_SIGN_IN_DEFAULT).toBe("/style");
    expect(afterSignInPath(null)).toBe("/style");
    expect(afterSignInPath("")).toBe("/style");
  });

  test.each([
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "library",
    "/%0a/evil",
  ])("refuses %j, which could leave the site", (value) => {
    const result = afterSignInPath(value);
    expect(result.startsWith("/") && !result.startsWith("//")).toBe(true);
    expect(result).not.toContain("evil.example");
  });

  test("never sends the user back to an auth page", () => {
    expect(afterSignInPath("/sign-in?redirectFrom=/library")).toBe("/style");
    expect(afterSignInPath("/sign-up")).toBe("/style");
    expect(afterSignInPath("/sign-insider")).toBe("/sign-insider");
  });

  test("sameSitePath normalises dot segments within the site", () => {
    expect(sameSitePath("/a/../library")).toBe("/library");
    // …but never into a protocol-relative path, which a browser would follow off-site.
    expect(sameSitePath("/..//evil.example")).toBeNull();
    expect(afterSignInPath("/.//evil.example")).toBe("/style");
  });
});

describe("where the verification link continues (spec 3 §4)", () => {
  test("back to membership when sign-up started there, else pricing", () => {
    expect(verifyContinuationFor("/account/membership")).toBe("membership");
    expect(verifyContinuationFor("/account/membership?plan=pro")).toBe("membership");
    expect(verifyContinuationFor("/account/membershipx")).toBe("pricing");
    expect(verifyContinuationFor("/library")).toBe("pricing");
    expect(verifyContinuationFor(undefined)).toBe("pricing");
    expect(verifyContinuationFor("https://evil.example/account/membership")).toBe("pricing");
  });
});
