// Webhook signatures as Standard Webhooks (https://www.standardwebhooks.com) define them, so receivers can
// check them with that project's libraries or a few lines of their own: HMAC-SHA256 keyed with the
// endpoint's secret (the base64 after `whsec_`) over `<webhook-id>.<webhook-timestamp>.<body>`, sent as
// `webhook-signature: v1,<base64>`. The timestamp is in the signed text, so a captured delivery cannot be
// replayed later with a new date; receivers refuse timestamps more than five minutes away.
import { createHmac, randomBytes } from "node:crypto";

export const SECRET_PREFIX = "whsec_";

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString("base64")}`;
}

export function signWebhook(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
  const signature = createHmac("sha256", key).update(`${messageId}.${timestampSeconds}.${body}`).digest("base64");
  return `v1,${signature}`;
}
