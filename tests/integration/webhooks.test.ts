// Signed outgoing webhooks (docs/api.md "Webhooks") against a real database and pg-boss, delivering to a
// receiver on this machine: signatures that Standard Webhooks' own library accepts, pg-boss retries with
// back-off after a 500, redirects not followed, timeouts, the last try marking the delivery failed,
// replays, what the delivery page shows, events recorded once, and private or loopback endpoints refused
// outside development both when saved and when delivered.
import "../support/auth-env";
import { mkdtempSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { withdrawals } from "#drizzle/schema/money";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from "#drizzle/schema/platform";
import { startBoss, stopBoss } from "#jobs/boss";
import { queues } from "#jobs/queues";
import { registerWorkers } from "#jobs/worker";
import * as webhookDeliver from "#jobs/handlers/webhook.deliver";
import * as endpointPage from "~/routes/account.api.webhooks.$endpointId";
import * as endpointsPage from "~/routes/account.api.webhooks._index";
import { rawRows } from "~/server/db.server";
import { LocalDiskStorage, useStorage } from "~/server/storage.server";
import { createSongs } from "~/services/songs/create.server";
import { userBalances } from "~/services/ledger";
import { generateRoyaltyReport, importReport, registerReport } from "~/services/royalties";
import { settlePayout } from "~/services/withdrawals/payouts.server";
import { insertLiveRelease } from "../support/royalties";
import { composeSong, configureSongRendering, renderSongMedia } from "~/services/songs/generate.server";
import { ApiError } from "~/server/http.server";
import {
  attemptWebhookDelivery,
  configureWebhookTargets,
  createEndpoint,
  emitSongReady,
  emitWebhookEvent,
  endpointWithDeliveries,
  isForbiddenAddress,
  replayDelivery,
  type WebhookEventType,
} from "~/services/webhooks";
import { checkedLookup } from "~/services/webhooks/targets.server";
import { callRoute, createSession, createUser, get } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { freePort } from "../support/ports";
import { waitFor } from "../support/wait";

const database = setupTestDatabase("postgres");

interface Received {
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}
const received: Received[] = [];
let receiver: Server;
let base = "";

beforeAll(async () => {
  const port = await freePort();
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      received.push({ path, headers: request.headers, body });
      if (path.startsWith("/ok")) return void response.writeHead(200, { "Content-Type": "text/plain" }).end("thanks");
      if (path.startsWith("/fail")) return void response.writeHead(500, { "Content-Type": "text/plain" }).end("boom: database down");
      if (path.startsWith("/redirect")) return void response.writeHead(302, { Location: `${base}/ok/moved` }).end();
      if (path.startsWith("/big")) return void response.writeHead(200).end("x".repeat(100_000));
      // /slow: never answers; the delivery's timeout ends it.
    });
  });
  await new Promise<void>((resolve) => receiver.listen(port, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${port}`;
  await startBoss(database().connection);
});

afterAll(async () => {
  configureWebhookTargets({ allowLocal: false });
  await stopBoss();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

/** Development's rules for these tests: a receiver on 127.0.0.1 over http. */
beforeEach(() => configureWebhookTargets({ allowLocal: true }));

async function endpointFor(path: string, events: WebhookEventType[] = ["song.ready"]) {
  const { db } = database();
  const user = await createUser(db);
  const endpoint = await createEndpoint(user, { url: `${base}${path}`, description: "", events });
  return { user, endpoint };
}

async function deliveriesOf(endpointId: string) {
  return database().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
}

async function jobOf(deliveryId: string) {
  const [job] = await rawRows<{ id: string; state: string; retry_count: number; start_after: Date; created_on: Date }>(
    database().db,
    sql`select id, state::text as state, retry_count, start_after, created_on from pgboss.job where name = 'webhook.deliver' and data->>'deliveryId' = ${deliveryId}`,
  );
  return job;
}

const song = (id: string) => ({ id, songName: "Night Bus", style: "wd_lofi", filter: "morning_sun", durationSeconds: 151.2 });

describe("signed deliveries through pg-boss", () => {
  test("an event becomes a queued job per subscribed endpoint; the worker posts it signed, and Standard Webhooks verifies it", async () => {
    const { db } = database();
    const { user, endpoint } = await endpointFor("/ok/signed", ["song.ready", "withdrawal.paid"]);
    const other = await createEndpoint(user, { url: `${base}/ok/other`, description: "", events: ["release.status_changed"] });
    const eventId = await emitSongReady(db, user.id, song("songaaaaaaaaaaaaaaaaaaaa"));
    expect(eventId).toMatch(/^evt_/);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(await deliveriesOf(other.id)).toEqual([]);
    expect((await jobOf(delivery.id)).state).toBe("created");

    const boss = await startBoss(database().connection);
    await registerWorkers(boss, { "webhook.deliver": webhookDeliver.handle }, { pollingIntervalSeconds: 0.5 });
    const request = await waitFor(async () => received.find((entry) => entry.path === "/ok/signed"), { what: "the signed delivery" });
    await waitFor(async () => (await deliveriesOf(endpoint.id))[0].status === "succeeded" || undefined, { what: "the delivery to be recorded" });
    await boss.offWork("webhook.deliver");

    const payload = new Webhook(endpoint.secret).verify(request.body, request.headers as Record<string, string>) as Record<string, unknown>;
    expect(payload).toEqual({ id: eventId, type: "song.ready", createdAt: expect.any(String), data: { song: { ...song("songaaaaaaaaaaaaaaaaaaaa"), status: "complete" } } });
    expect(request.headers["webhook-id"]).toBe(eventId);
    expect(Math.abs(Number(request.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(60);
    expect(request.headers["songloom-event-type"]).toBe("song.ready");
    expect(request.headers["content-type"]).toBe("application/json");
    // A changed body, or the wrong secret, does not verify.
    expect(() => new Webhook(endpoint.secret).verify(request.body.replace("Night Bus", "Night Car"), request.headers as Record<string, string>)).toThrow();
    expect(() => new Webhook(other.secret).verify(request.body, request.headers as Record<string, string>)).toThrow();

    const [attempt] = await db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery.id));
    expect(attempt).toMatchObject({ attempt: 1, responseStatus: 200, responseBody: "thanks", error: null });
  });

  test("the same fact is one event, however often it is noticed", async () => {
    const { db } = database();
    const { user, endpoint } = await endpointFor("/ok/once");
    expect(await emitSongReady(db, user.id, song("songbbbbbbbbbbbbbbbbbbbb"))).toMatch(/^evt_/);
    expect(await emitSongReady(db, user.id, song("songbbbbbbbbbbbbbbbbbbbb"))).toBeNull();
    expect(await db.select().from(webhookEvents).where(eq(webhookEvents.userId, user.id))).toHaveLength(1);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
    // An endpoint switched off gets nothing new.
    await db.update(webhookEndpoints).set({ active: false }).where(eq(webhookEndpoints.id, endpoint.id));
    await emitSongReady(db, user.id, song("songcccccccccccccccccccc"));
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
  });

  test("a 500 is retried by pg-boss with back-off; the last allowed try marks the delivery failed", async () => {
    const { db } = database();
    const { user, endpoint } = await endpointFor("/fail/retry");
    await emitSongReady(db, user.id, song("songdddddddddddddddddddd"));
    const [delivery] = await deliveriesOf(endpoint.id);

    const boss = await startBoss(database().connection);
    await registerWorkers(boss, { "webhook.deliver": webhookDeliver.handle }, { pollingIntervalSeconds: 0.5 });
    const job = await waitFor(async () => {
      const found = await jobOf(delivery.id);
      return found?.state === "retry" ? found : undefined;
    }, { what: "the failed try to be scheduled again" });
    await boss.offWork("webhook.deliver");
    // Not at once: the declared delay (30 s) at least, growing with each retry (retryBackoff).
    expect(new Date(job.start_after).getTime() - Date.now()).toBeGreaterThan(15_000);
    expect(queues["webhook.deliver"]).toMatchObject({ retryBackoff: true, retryDelay: 30, retryLimit: 8 });
    const [first] = await db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery.id));
    expect(first).toMatchObject({ attempt: 1, responseStatus: 500, responseBody: "boom: database down" });
    expect((await deliveriesOf(endpoint.id))[0].status).toBe("pending");

    // The job's last allowed try (what pg-boss runs after the eighth retry): still failing, so it is failed for good.
    const lastTry = { id: "last", name: "webhook.deliver", data: { deliveryId: delivery.id }, retryCount: queues["webhook.deliver"].retryLimit } as Parameters<typeof webhookDeliver.handle>[0][number];
    await expect(webhookDeliver.handle([lastTry])).resolves.toBeUndefined();
    const [after] = await deliveriesOf(endpoint.id);
    expect(after).toMatchObject({ status: "failed", attempts: 2 });
    // A middle try throws, so pg-boss schedules the next one.
    const { user: other, endpoint: second } = await endpointFor("/fail/middle");
    await emitSongReady(db, other.id, song("songeeeeeeeeeeeeeeeeeeee"));
    const [middle] = await deliveriesOf(second.id);
    await expect(webhookDeliver.handle([{ ...lastTry, data: { deliveryId: middle.id }, retryCount: 3 }])).rejects.toThrow(/tried again later/);
  });

  test("a redirect is not followed, a silent endpoint times out, and an answer is kept to 2 KB", async () => {
    const { db } = database();
    const { user, endpoint } = await endpointFor("/redirect/here");
    await emitSongReady(db, user.id, song("songffffffffffffffffffff"));
    const [redirected] = await deliveriesOf(endpoint.id);
    expect(await attemptWebhookDelivery(redirected.id, { finalAttempt: false })).toBe("retry");
    const [redirectTry] = await db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, redirected.id));
    expect(redirectTry.responseStatus).toBe(302);
    expect(redirectTry.error).toMatch(/do not follow redirects/);
    expect(received.some((entry) => entry.path === "/ok/moved")).toBe(false);

    const big = await endpointFor("/big");
    await emitSongReady(db, big.user.id, song("songgggggggggggggggggggg"));
    const [bigDelivery] = await deliveriesOf(big.endpoint.id);
    expect(await attemptWebhookDelivery(bigDelivery.id, { finalAttempt: false })).toBe("done");
    const [bigTry] = await db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, bigDelivery.id));
    expect(bigTry.responseBody).toHaveLength(2048);

    const slow = await endpointFor("/slow");
    await emitSongReady(db, slow.user.id, song("songhhhhhhhhhhhhhhhhhhhh"));
    const [slowDelivery] = await deliveriesOf(slow.endpoint.id);
    expect(await attemptWebhookDelivery(slowDelivery.id, { finalAttempt: true })).toBe("done");
    const [slowTry] = await db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, slowDelivery.id));
    expect(slowTry).toMatchObject({ responseStatus: null, error: "No answer within 10 seconds." });
    expect((await deliveriesOf(slow.endpoint.id))[0].status).toBe("failed");
  }, 30_000);

  test("the owner replays a delivery from its page, which shows each try's answer; nobody else can", async () => {
    const { db } = database();
    const { user, endpoint } = await endpointFor("/ok/replay");
    await emitSongReady(db, user.id, song("songiiiiiiiiiiiiiiiiiiii"));
    const [original] = await deliveriesOf(endpoint.id);
    await attemptWebhookDelivery(original.id, { finalAttempt: false });
    const { cookie } = await createSession(db, user.id);
    const form = new Request(new URL(`/account/api/webhooks/${endpoint.id}`, "http://localhost:3000"), {
      method: "POST",
      body: new URLSearchParams({ intent: "replay", deliveryId: original.id }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    });
    expect((await callRoute(endpointPage.action as never, form, { endpointId: endpoint.id })).status).toBe(200);
    const all = await deliveriesOf(endpoint.id);
    const replay = all.find((delivery) => delivery.replayOf === original.id)!;
    expect(replay).toMatchObject({ eventId: original.eventId, body: original.body, status: "pending" });
    expect((await jobOf(replay.id)).state).toBe("created");
    await attemptWebhookDelivery(replay.id, { finalAttempt: false });
    const sent = received.filter((entry) => entry.path === "/ok/replay");
    expect(sent).toHaveLength(2);
    expect(sent[1].headers["webhook-id"]).toBe(sent[0].headers["webhook-id"]);
    expect(sent[1].headers["songloom-delivery-id"]).toBe(replay.id);

    const page = await (await callRoute(endpointPage.loader as never, get(`/account/api/webhooks/${endpoint.id}`, cookie), { endpointId: endpoint.id })).json();
    expect(page.endpoint.secret).toBe(endpoint.secret);
    expect(page.deliveries).toHaveLength(2);
    expect(page.deliveries[1].tries[0]).toMatchObject({ attempt: 1, responseStatus: 200, responseBody: "thanks" });

    const stranger = await createUser(db);
    await expect(replayDelivery(stranger.id, endpoint.id, original.id)).rejects.toMatchObject({ status: 404 });
    await expect(endpointWithDeliveries(stranger.id, endpoint.id)).rejects.toBeInstanceOf(ApiError);
  });
});

describe("events from where the facts are written", () => {
  test("a rendered song announces itself to its owner's endpoints once, in the transaction that completes it", async () => {
    const { db } = database();
    useStorage(new LocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "songloom-media-"))));
    configureSongRendering({ excerpt: { startSeconds: 0, seconds: 2 } });
    const { user, endpoint } = await endpointFor("/ok/rendered");
    const created = await createSongs(user, { style: "wd_lofi", filter: "morning_sun", songs: 1 });
    const songId = created.songs[0].id;
    await composeSong(songId);
    expect(await db.select().from(webhookEvents).where(eq(webhookEvents.userId, user.id))).toEqual([]);
    await renderSongMedia(songId);
    await renderSongMedia(songId);
    const events = await db.select().from(webhookEvents).where(eq(webhookEvents.userId, user.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "song.ready", dedupeKey: `song:${songId}`, data: { song: { id: songId, status: "complete", style: "wd_lofi" } } });
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
  }, 120_000);

  test("credited royalties and a paid withdrawal reach their owner's endpoints, once each", async () => {
    const { db } = database();
    const { user, endpoint } = await endpointFor("/ok/money", ["royalties.imported", "withdrawal.paid"]);
    const live = await insertLiveRelease(db, user.id, 1);
    const outDir = mkdtempSync(path.join(os.tmpdir(), "songloom-reports-"));
    const generated = await generateRoyaltyReport({ outDir, tracks: live.tracks.map((track) => ({ isrc: track.isrc, upc: live.upc })), from: "2026-10-01", to: "2026-10-03", seed: 3 });
    const { report } = await registerReport(db, generated.path);
    await importReport(report.id);
    await importReport(report.id);
    const credited = (await userBalances(db, user.id)).availableMicros;
    expect(credited).toBeGreaterThan(0);

    const [withdrawal] = await db.insert(withdrawals).values({ userId: user.id, amountCents: 1_500, state: "requested", externalAccountId: "ba_test" }).returning();
    const payout = { id: "po_test", status: "paid", metadata: { withdrawal_id: withdrawal.id } } as unknown as Parameters<typeof settlePayout>[0];
    await settlePayout(payout);
    await settlePayout(payout);

    const events = await db.select().from(webhookEvents).where(eq(webhookEvents.userId, user.id));
    expect(events.map((event) => event.type).sort()).toEqual(["royalties.imported", "withdrawal.paid"]);
    expect(events.find((event) => event.type === "royalties.imported")!.data).toEqual({ report: { id: report.id }, periodStart: "2026-10-01", periodEnd: "2026-10-03", creditedMicros: credited });
    expect(events.find((event) => event.type === "withdrawal.paid")!.data).toMatchObject({ withdrawal: { id: withdrawal.id }, amountCents: 1_500, currency: "usd" });
    expect(await deliveriesOf(endpoint.id)).toHaveLength(2);
  });
});

describe("where webhooks may go", () => {
  beforeEach(() => configureWebhookTargets({ allowLocal: false }));

  test("outside development, http, local names and private, loopback or link-local addresses are refused on the form", async () => {
    const { db } = database();
    const user = await createUser(db);
    const { cookie } = await createSession(db, user.id);
    const refused = async (url: string) => {
      const request = new Request(new URL("/account/api/webhooks", "http://localhost:3000"), {
        method: "POST",
        body: new URLSearchParams([["url", url], ["events", "song.ready"]]),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      });
      const response = await callRoute(endpointsPage.action as never, request);
      expect(response.status, url).toBe(400);
      return ((await response.json()).errors.fields.url as string[]).join(" ");
    };
    expect(await refused(`${base}/ok`)).toMatch(/must start with https/);
    expect(await refused("https://127.0.0.1/hook")).toMatch(/private or local/);
    expect(await refused("https://10.1.2.3/hook")).toMatch(/private or local/);
    expect(await refused("https://169.254.169.254/latest/meta-data")).toMatch(/private or local/);
    expect(await refused("https://[::1]/hook")).toMatch(/private or local/);
    expect(await refused("https://[::ffff:127.0.0.1]/hook")).toMatch(/private or local/);
    expect(await refused("https://localhost/hook")).toMatch(/local/);
    expect(await refused("https://user:pass@example.com/hook")).toMatch(/passwords/);
    expect(await refused("not a url")).toMatch(/full URL/);
    const noEvents = await callRoute(
      endpointsPage.action as never,
      new Request(new URL("/account/api/webhooks", "http://localhost:3000"), { method: "POST", body: new URLSearchParams({ url: "https://example.com/hook" }), headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie } }),
    );
    expect((await noEvents.json()).errors.fields.events).toEqual(["Choose at least one event."]);
    expect(await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, user.id))).toEqual([]);
  });

  test("an endpoint that points at this machine is refused again when delivering, and the name is checked as it resolves", async () => {
    const { db } = database();
    const user = await createUser(db);
    // As if it had been saved in development, or its address had changed since.
    const [endpoint] = await db.insert(webhookEndpoints).values({ userId: user.id, url: `https://127.0.0.1:${new URL(base).port}/ok/sneaky`, events: ["song.ready"], secret: "whsec_c2VjcmV0" }).returning();
    await emitWebhookEvent(db, { userId: user.id, type: "song.ready", dedupeKey: "song:sneaky", data: {} });
    const [delivery] = await deliveriesOf(endpoint.id);
    await attemptWebhookDelivery(delivery.id, { finalAttempt: true });
    const [attempt] = await db.select().from(webhookAttempts).where(and(eq(webhookAttempts.deliveryId, delivery.id)));
    expect(attempt).toMatchObject({ responseStatus: null, error: expect.stringMatching(/private or local/) });
    expect(received.some((entry) => entry.path === "/ok/sneaky")).toBe(false);

    const lookedUp = await new Promise<NodeJS.ErrnoException | null>((resolve) => checkedLookup("localhost", {}, (error) => resolve(error)));
    expect(lookedUp?.code).toBe("EFORBIDDENADDRESS");
    for (const address of ["127.0.0.1", "10.0.0.1", "172.16.5.4", "192.168.1.1", "100.64.0.1", "169.254.169.254", "0.0.0.0", "::1", "fe80::1", "fd00::1", "::ffff:10.0.0.1", "::ffff:7f00:1"]) {
      expect(isForbiddenAddress(address), address).toBe(true);
    }
    for (const address of ["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111"]) expect(isForbiddenAddress(address), address).toBe(false);
  });
});
