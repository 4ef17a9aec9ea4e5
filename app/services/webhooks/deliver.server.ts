// One try of one webhook delivery (the webhook.deliver job): a signed POST to the endpoint, what it
// answered recorded as an attempt, the delivery marked succeeded on a 2xx. Anything else (an error status,
// a redirect, which is never followed, no answer within TIMEOUT_MS, a refused address) is a failed try:
// the job throws and pg-boss tries again with growing waits (jobs/queues.ts), until the last try marks the
// delivery failed. Each try re-checks where the URL points (targets.server.ts).
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { and, eq, sql } from "drizzle-orm";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from "#drizzle/schema/platform";
import { db } from "~/server/db.server";
import { env } from "~/server/env.server";
import { WEBHOOK_HEADERS } from "./events";
import { signWebhook } from "./sign";
import { checkedLookup, parseWebhookUrl, WebhookTargetError } from "./targets.server";

/** How long an endpoint has to answer, from the first byte sent to the last header read. */
export const TIMEOUT_MS = 10_000;
/** What is kept of an answer's body, for the delivery page. */
export const RESPONSE_BODY_BYTES = 2048;

export interface SendOutcome {
  status: number | null;
  body: string | null;
  error: string | null;
  durationMs: number;
}

/** The attempt's outcome: done (succeeded, failed for good, or nothing left to do) or retry. */
export async function attemptWebhookDelivery(deliveryId: string, { finalAttempt }: { finalAttempt: boolean }): Promise<"done" | "retry"> {
  const [found] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, type: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!found || found.delivery.status !== "pending") return "done";
  const [counted] = await db
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, lastAttemptAt: sql`now()` })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, "pending")))
    .returning({ attempts: webhookDeliveries.attempts });
  if (!counted) return "done";

  const outcome: SendOutcome = found.endpoint.active
    ? await sendSigned(found.endpoint.url, found.endpoint.secret, found.delivery, found.type)
    : { status: null, body: null, error: "The endpoint is switched off.", durationMs: 0 };
  const succeeded = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const giveUp = !succeeded && (finalAttempt || !found.endpoint.active);
  await db.transaction(async (tx) => {
    await tx
      .insert(webhookAttempts)
      .values({ deliveryId, attempt: counted.attempts, responseStatus: outcome.status, responseBody: outcome.body, error: outcome.error, durationMs: outcome.durationMs })
      .onConflictDoNothing();
    if (succeeded || giveUp) {
      await tx.update(webhookDeliveries).set({ status: succeeded ? "succeeded" : "failed" }).where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, "pending")));
    }
  });
  return succeeded || giveUp ? "done" : "retry";
}

async function sendSigned(url: string, secret: string, delivery: { id: string; eventId: string; body: string }, type: string): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target: URL;
  try {
    target = parseWebhookUrl(url);
  } catch (error) {
    return { status: null, body: null, error: error instanceof WebhookTargetError ? error.message : String(error), durationMs: 0 };
  }
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = {
    "Content-Type": "application/json",
    "User-Agent": `Songloom-Webhooks/1.0 (+${env.APP_URL}/developers)`,
    [WEBHOOK_HEADERS.id]: delivery.eventId,
    [WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [WEBHOOK_HEADERS.signature]: signWebhook(secret, delivery.eventId, timestamp, delivery.body),
    "Songloom-Event-Type": type,
    "Songloom-Delivery-Id": delivery.id,
  };
  try {
    const response = await post(target, headers, delivery.body);
    if (response.status >= 300 && response.status < 400) {
      const location = response.location ? ` to ${response.location.slice(0, 300)}` : "";
      return { status: response.status, body: response.body, error: `Redirected${location}; webhooks do not follow redirects, so give the final URL.`, durationMs: elapsed() };
    }
    return { status: response.status, body: response.body, error: null, durationMs: elapsed() };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const message =
      code === "ETIMEDOUT_WEBHOOK"
        ? `No answer within ${TIMEOUT_MS / 1000} seconds.`
        : code === "EFORBIDDENADDRESS"
          ? `${(error as Error).message}; webhooks go only to public servers.`
          : `Could not reach the endpoint (${code ?? (error as Error).message}).`;
    return { status: null, body: null, error: message, durationMs: elapsed() };
  }
}

/** One POST, no redirects followed, at most TIMEOUT_MS, at most RESPONSE_BODY_BYTES of the answer kept. */
function post(url: URL, headers: Record<string, string>, body: string): Promise<{ status: number; body: string; location: string | null }> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const request = send(url, { method: "POST", headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) }, lookup: checkedLookup });
    const timer = setTimeout(() => request.destroy(Object.assign(new Error("timeout"), { code: "ETIMEDOUT_WEBHOOK" })), TIMEOUT_MS);
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      settle();
    };
    request.on("error", (error) => finish(() => reject(error)));
    request.on("response", (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const done = () => {
        const location = response.headers.location ?? null;
        finish(() => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), location }));
        response.destroy();
      };
      response.on("data", (chunk: Buffer) => {
        if (kept < RESPONSE_BODY_BYTES) {
          chunks.push(chunk.subarray(0, RESPONSE_BODY_BYTES - kept));
          kept += Math.min(chunk.length, RESPONSE_BODY_BYTES - kept);
        }
        if (kept >= RESPONSE_BODY_BYTES) done();
      });
      response.on("end", done);
      response.on("error", () => done());
    });
    request.end(body);
  });
}
