// The membership level rule (spec 2 §6, spec 3 §6): no features is free, exactly five is pro, otherwise creator.
import { PLAN_LIMITS } from "~/server/plans.server";
import { MEMBERSHIP_FEATURES, membershipLevel, productFeatures } from "~/services/billing/membership-level";

test("0 features is free, 3 is creator, exactly 5 is pro", () => {
  expect(membershipLevel([])).toBe("free");
  expect(membershipLevel(["downloads", "wav_downloads", "commercial_use"])).toBe("creator");
  expect(membershipLevel(["downloads", "wav_downloads", "midi_downloads", "stem_downloads", "commercial_use"])).toBe("pro");
  expect(MEMBERSHIP_FEATURES).toHaveLength(5);
});

test("four features, or five with one repeated, are still creator; unknown names do not count", () => {
  expect(membershipLevel(MEMBERSHIP_FEATURES.slice(0, 4))).toBe("creator");
  expect(membershipLevel(["downloads", "downloads", "wav_downloads", "midi_downloads", "stem_downloads"])).toBe("creator");
  expect(membershipLevel(["labs"])).toBe("free");
});

test("each product's features make the level it is sold as, and the plans' limits agree", () => {
  expect(membershipLevel(productFeatures(7))).toBe("free");
  for (const id of [1, 9]) expect(membershipLevel(productFeatures(id))).toBe("creator");
  for (const id of [2, 10]) expect(membershipLevel(productFeatures(id))).toBe("pro");
  expect(productFeatures(999)).toEqual([]);
  for (const key of ["free", "creator", "pro"] as const) expect(membershipLevel(PLAN_LIMITS[key].features)).toBe(key);
});
