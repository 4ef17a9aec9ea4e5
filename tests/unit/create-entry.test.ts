// The create step's entry token (docs/decisions/007): bound to user, style and filter, signed, short-lived.
import { CREATE_ENTRY_TTL_SECONDS, createEntryToken, isValidEntryToken } from "~/server/create-entry.server";

const secret = "unit-test-secret";
const entry = { userId: "user-1", style: "wd_lofi", filter: "morning_sun" };
const now = Date.UTC(2025, 0, 1);

describe("create entry token", () => {
  const token = createEntryToken(entry, { now, secret });

  it("lets its own user into its own style and filter before it expires", () => {
    expect(isValidEntryToken(token, entry, { now: now + (CREATE_ENTRY_TTL_SECONDS - 1) * 1000, secret })).toBe(true);
  });

  it("expires after the TTL", () => {
    expect(isValidEntryToken(token, entry, { now: now + CREATE_ENTRY_TTL_SECONDS * 1000, secret })).toBe(false);
  });

  it("is refused for another user, style or filter", () => {
    expect(isValidEntryToken(token, { ...entry, userId: "user-2" }, { now, secret })).toBe(false);
    expect(isValidEntryToken(token, { ...entry, style: "wd_edm" }, { now, secret })).toBe(false);
    expect(isValidEntryToken(token, { ...entry, filter: "rainy_nights" }, { now, secret })).toBe(false);
  });

  it("is refused when missing, malformed, re-signed with another secret or tampered with", () => {
    expect(isValidEntryToken(null, entry, { now, secret })).toBe(false);
    expect(isValidEntryToken("garbage", entry, { now, secret })).toBe(false);
    expect(isValidEntryToken(createEntryToken(entry, { now, secret: "other" }), entry, { now, secret })).toBe(false);
    const [payload, signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ ...entry, exp: Math.floor(now / 1000) + 10 ** 9 })).toString("base64url");
    expect(isValidEntryToken(`${forged}.${signature}`, entry, { now, secret })).toBe(false);
    expect(isValidEntryToken(`${payload}.${signature}x`, entry, { now, secret })).toBe(false);
  });
});
