// The create step (/style/{style}/filter/{filter}/create) may only be entered from the filter step
// (spec 1 §2). The filter step signs a short-lived entry token into its links and form; the create step's
// loader checks it and sends anyone without a valid one to /style. See docs/decisions/007.
//
// Token: base64url(JSON payload) "." base64url(HMAC-SHA256(payload)), keyed by SESSION_SECRET with a
// purpose label, so a token minted here can never pass as any other signed value of the app.
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "~/server/env.server";

/** Long enough to read the creator and choose options; short enough that a shared link is useless. */
export const CREATE_ENTRY_TTL_SECONDS = 10 * 60;

const PURPOSE = "songloom:create-entry:v1";

export interface CreateEntry {
  userId: string;
  style: string;
  filter: string;
}

interface Payload extends CreateEntry {
  /** Expiry, in seconds since the epoch. */
  exp: number;
}

function sign(encodedPayload: string, secret: string): string {
  return createHmac("sha256", secret).update(`${PURPOSE}\n${encodedPayload}`).digest("base64url");
}

export function createEntryToken(entry: CreateEntry, options: { now?: number; secret?: string } = {}): string {
  const now = options.now ?? Date.now();
  const payload: Payload = { ...entry, exp: Math.floor(now / 1000) + CREATE_ENTRY_TTL_SECONDS };
  const encoded = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${encoded}.${sign(encoded, options.secret ?? env.SESSION_SECRET)}`;
}

/** True when `token` was signed here for this user, style and filter and has not expired. */
export function isValidEntryToken(
  token: string | null | undefined,
  expected: CreateEntry,
  options: { now?: number; secret?: string } = {},
): boolean {
  if (!token) return false;
  const [encoded, signature, extra] = token.split(".");
  if (!encoded || !signature || extra !== undefined) return false;
  const wanted = Buffer.from(sign(encoded, options.secret ?? env.SESSION_SECRET));
  const given = Buffer.from(signature);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return false;
  let payload: Partial<Payload>;
  try {
    payload = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8")) as Partial<Payload>;
  } catch {
    return false;
  }
  const now = Math.floor((options.now ?? Date.now()) / 1000);
  return (
    payload.userId === expected.userId &&
    payload.style === expected.style &&
    payload.filter === expected.filter &&
    typeof payload.exp === "number" &&
    payload.exp > now
  );
}
