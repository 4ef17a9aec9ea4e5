// Delivery to the stores (issue 18 §2, §4) on PostgreSQL, against the local stores (the same SFTP code
// as for real stores): identifiers assigned once and race-safe, a release delivered to every store of its
// label and acknowledged (Live), taken down (Removed), a half-uploaded batch resumed without duplicates,
// an invalid message stopped with the validator's error, the stores' checks, a Shadowbanned user refused,
// and the staff API's permission.
import "../support/http-env";
import { mkdtempSync } from "node:fs";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { storeDeliveries } from "#drizzle/schema/distribution";
import { releases, releaseSongs } from "#drizzle/schema/releases";
import { users } from "#drizzle/schema/auth";
import { songs } from "#drizzle/schema/songs";
import { env } from "~/server/env.server";
import { resetStoreConfiguration } from "~/services/distribution/config.server";
import { getBoss, startBoss, stopBoss } from "#jobs/boss";
import { handle as sweepAcks } from "#jobs/handlers/release.ack-sweep";
import { handlers } from "#jobs/handlers/index";
import { registerWorkers } from "#jobs/worker";
import { LocalDiskStorage, useStorage } from "~/server/storage.server";
import * as dspRoute from "~/routes/api.admin.releases.$id.dsp_statuses";
import * as releasePage from "~/routes/release.$releaseId._index";
import { requestTakedown } from "~/services/releases/index.server";
import { ReleaseStatus } from "~/services/releases/status";
import { deliverToStore, pollAcknowledgement } from "~/services/distribution/deliver.server";
import { assignIdentifiers, isValidEan13, ISRC_PATTERN } from "~/services/distribution/identifiers";
import { PlatformStatus, startDelivery, storeStatuses } from "~/services/distribution/index.server";
import { startLocalStores, useLocalStores, type LocalStores } from "~/services/distribution/local-stores.server";
import { checkBatch } from "~/services/distribution/store-check.server";
import { STORES } from "~/services/distribution/stores";
import { callRoute, createSession, createUser, get } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { insertApprovedRelease } from "../support/distribution";
import { waitFor } from "../support/wait";

const database = setupTestDatabase("postgres");
let stores: LocalStores;
const standard = STORES.filter((store) => store.tier === "standard");

beforeAll(async () => {
  useStorage(new LocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "songloom-distribution-media-"))));
  stores = await startLocalStores({ root: mkdtempSync(path.join(os.tmpdir(), "songloom-stores-")), ackDelayMs: 20, quiet: true });
  useLocalStores(stores);
  await startBoss(database().connection);
}, 60_000);
afterAll(async () => {
  await stopBoss();
  await stores.close();
  useLocalStores(null);
});

const db = () => database().db;
const release = async (id: string) => (await db().select().from(releases).where(eq(releases.id, id)))[0];
const tracks = async (id: string) => db().select().from(releaseSongs).where(eq(releaseSongs.releaseId, id)).orderBy(releaseSongs.position);
const deliveries = async (id: string, kind: "release" | "takedown" = "release") =>
  db().select().from(storeDeliveries).where(and(eq(storeDeliveries.releaseId, id), eq(storeDeliveries.kind, kind)));
const settings = { upcPrefix: "0200000", isrcRegistrant: "ZZSLM" };

/** One delivery row for `storeId` without queueing its job (tests drive the job by hand). */
async function deliveryRow(releaseId: string, storeId: string): Promise<string> {
  await db().transaction((tx) => assignIdentifiers(tx, releaseId, settings));
  const [row] = await db().insert(storeDeliveries).values({ releaseId, storeId, kind: "release" }).returning();
  return row.id;
}

describe("identifiers", () => {
  test("approvals at once get distinct valid UPCs and ISRCs; a second assignment keeps them", async () => {
    const made = await Promise.all(Array.from({ length: 8 }, () => insertApprovedRelease(db(), { tracks: 2 })));
    await Promise.all(made.map(({ releaseId }) => db().transaction((tx) => assignIdentifiers(tx, releaseId, settings))));
    const upcs = await Promise.all(made.map(async ({ releaseId }) => (await release(releaseId)).upc!));
    expect(new Set(upcs).size).toBe(8);
    for (const upc of upcs) expect(isValidEan13(upc) && upc.startsWith("0200000")).toBe(true);
    const isrcs = (await Promise.all(made.map(({ releaseId }) => tracks(releaseId)))).flat().map((track) => track.isrc!);
    expect(new Set(isrcs).size).toBe(16);
    for (const isrc of isrcs) expect(isrc).toMatch(ISRC_PATTERN);
    // A resubmission (or redelivery) keeps what the release has.
    await db().transaction((tx) => assignIdentifiers(tx, made[0].releaseId, settings));
    expect((await release(made[0].releaseId)).upc).toBe(upcs[0]);
    expect((await tracks(made[0].releaseId)).map((track) => track.isrc)).toEqual(isrcs.slice(0, 2));
  });
});

describe("a delivery by hand", () => {
  test("a batch interrupted mid-upload resumes in the same folder and uploads each file once", async () => {
    const { releaseId } = await insertApprovedRelease(db(), { tracks: 3 });
    const deliveryId = await deliveryRow(releaseId, "deezer");
    let completed = 0;
    const crash = async () => {
      completed += 1;
      if (completed === 2) throw new Error("worker killed");
    };
    await expect(deliverToStore(deliveryId, { afterFile: crash })).rejects.toThrow("worker killed");
    const [halfway] = await db().select().from(storeDeliveries).where(eq(storeDeliveries.id, deliveryId));
    expect(halfway.phase).toBe("uploading");
    expect(halfway.uploadedFiles).toHaveLength(2);
    await deliverToStore(deliveryId);
    const [done] = await db().select().from(storeDeliveries).where(eq(storeDeliveries.id, deliveryId));
    expect(done.phase).toBe("uploaded");
    // One batch folder, every file (3 WAVs, the cover, the message, the marker) completed exactly once.
    const folders = await readdir(path.join(stores.root, "deezer"));
    expect(folders).toEqual([done.batch]);
    const batchFiles = [...stores.completions].filter(([key]) => key.startsWith(`deezer/${done.batch}/`));
    expect(batchFiles).toHaveLength(6);
    expect(batchFiles.every(([, count]) => count === 1)).toBe(true);
    expect(done.uploadedFiles).toHaveLength(6);
    // The store accepts it.
    await stores.idle();
    expect(await pollAcknowledgement(deliveryId)).toBe(true);
    const [acknowledged] = await db().select().from(storeDeliveries).where(eq(storeDeliveries.id, deliveryId));
    expect(acknowledged).toMatchObject({ phase: "acknowledged", status: PlatformStatus.Success, error: null });
  });

  test("an invalid message stops that delivery: nothing is uploaded and staff see the validator's error", async () => {
    const { releaseId } = await insertApprovedRelease(db(), { language: "not a language" });
    const deliveryId = await deliveryRow(releaseId, "tidal");
    await deliverToStore(deliveryId);
    const [row] = await db().select().from(storeDeliveries).where(eq(storeDeliveries.id, deliveryId));
    expect(row.phase).toBe("refused");
    expect(row.status).toBe(PlatformStatus.Failure);
    expect(row.error).toMatch(/failed validation: .*LanguageOfPerformance/);
    expect(await readdir(path.join(stores.root, "tidal")).catch(() => [])).toEqual([]);
  });

  test("the local store answers ResourceMissing for a file really missing, a hash or specification status for a wrong hash or small art", async () => {
    const { releaseId } = await insertApprovedRelease(db(), { tracks: 2 });
    const deliveryId = await deliveryRow(releaseId, "qobuz");
    await deliverToStore(deliveryId);
    await stores.idle();
    const [row] = await db().select().from(storeDeliveries).where(eq(storeDeliveries.id, deliveryId));
    const batchDir = path.join(stores.root, "qobuz", row.batch!);
    expect((await checkBatch(batchDir)).fileStatus).toBe("FileOK");
    const wav = path.join(batchDir, "resources", (await readdir(path.join(batchDir, "resources"))).find((name) => name.endsWith("_002.wav"))!);
    const bytes = await readFile(wav);
    bytes[bytes.length - 1] ^= 0xff;
    await writeFile(wav, bytes);
    expect(await checkBatch(batchDir)).toMatchObject({ fileStatus: "SignatureOrHashSumWrongOrMissing", errorText: expect.stringMatching(/MD5/) });
    await rm(wav);
    expect(await checkBatch(batchDir)).toMatchObject({ fileStatus: "ResourceMissing", errorText: expect.stringMatching(/_002\.wav is not in the batch/) });

    // Its acknowledgement check was queued by the upload; once that chain is gone, the sweep queues another.
    const checks = await getBoss().findJobs("release.ack", { data: { deliveryId } });
    expect(checks).toHaveLength(1);
    await getBoss().deleteJob("release.ack", checks[0].id);
    expect(await getBoss().findJobs("release.ack", { data: { deliveryId } })).toEqual([]);
    await sweepAcks([]);
    expect(await getBoss().findJobs("release.ack", { data: { deliveryId }, queued: true })).toHaveLength(1);

    const small = await insertApprovedRelease(db(), { coverPixels: 1400 });
    const smallId = await deliveryRow(small.releaseId, "qobuz");
    await deliverToStore(smallId);
    await stores.idle();
    expect(await pollAcknowledgement(smallId)).toBe(true);
    const [refused] = await db().select().from(storeDeliveries).where(eq(storeDeliveries.id, smallId));
    expect(refused.status).toBe(PlatformStatus.Failure);
    expect(refused.error).toMatch(/^ResourceNotMeetingSpecifications: Cover art .*1400×1400; at least 3000×3000/);
    expect(refused).toMatchObject({ storeFileStatus: "ResourceNotMeetingSpecifications", storeMessage: expect.stringMatching(/1400×1400/) });
  });
});

describe("which stores", () => {
  /** The stores startDelivery queues for a release, in a transaction rolled back afterwards (no jobs stay). */
  async function routedStores(releaseId: string): Promise<string[]> {
    let routed: string[] = [];
    await db()
      .transaction(async (tx) => {
        await startDelivery(tx, releaseId);
        routed = (await tx.select({ storeId: storeDeliveries.storeId }).from(storeDeliveries).where(eq(storeDeliveries.releaseId, releaseId))).map((row) => row.storeId);
        throw new Error("roll back");
      })
      .catch((error: Error) => {
        if (error.message !== "roll back") throw error;
      });
    return routed.sort();
  }
  const elevated = STORES.filter((store) => store.tier === "elevated").map((store) => store.id);

  test("the standard label reaches the standard stores, the elevated label and fully mastered releases more", async () => {
    expect(standard.length).toBeGreaterThanOrEqual(40);
    const plain = await insertApprovedRelease(db(), { tracks: 2 });
    expect(await routedStores(plain.releaseId)).toEqual(standard.map((store) => store.id).sort());
    const elevatedLabel = await insertApprovedRelease(db(), { label: "SONGLOOM_ELEVATED" });
    expect(await routedStores(elevatedLabel.releaseId)).toEqual(STORES.map((store) => store.id).sort());
    const mastered = await insertApprovedRelease(db(), { tracks: 2 });
    const songIds = (await tracks(mastered.releaseId)).map((track) => track.songId);
    await db().update(songs).set({ masteredAt: new Date() }).where(inArray(songs.id, songIds.slice(0, 1)));
    expect(await routedStores(mastered.releaseId)).not.toContain(elevated[0]);
    await db().update(songs).set({ masteredAt: new Date() }).where(inArray(songs.id, songIds));
    expect(await routedStores(mastered.releaseId)).toEqual(STORES.map((store) => store.id).sort());
  });

  test("with a stores file, only the configured stores are delivered to, over the configured connection", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "songloom-stores-config-"));
    const keyFile = path.join(folder, "spotify_ed25519");
    await writeFile(keyFile, stores.clientKey);
    const file = path.join(folder, "stores.json");
    // The local stores' server, configured as a real store would be (with its host key pinned).
    const entry = { host: "127.0.0.1", port: stores.port, username: "spotify", privateKeyFile: keyFile, root: "/", hostKeySha256: stores.hostKeySha256, dpid: "PADPIDA0TESTSTORE" };
    await writeFile(file, JSON.stringify({ stores: { spotify: entry } }));
    env.DISTRIBUTION_STORES_FILE = file;
    resetStoreConfiguration();
    try {
      const { releaseId } = await insertApprovedRelease(db());
      expect(await routedStores(releaseId)).toEqual(["spotify"]);
      const deliveryId = await deliveryRow(releaseId, "spotify");
      await deliverToStore(deliveryId);
      const [row] = await db().select().from(storeDeliveries).where(eq(storeDeliveries.id, deliveryId));
      expect(row.phase).toBe("uploaded");
      const message = await readFile(path.join(stores.root, "spotify", row.batch!, `${row.batch}.xml`), "utf8");
      expect(message).toContain("<PartyId>PADPIDA0TESTSTORE</PartyId>");
      expect(message).toContain("<MessageControlType>LiveMessage</MessageControlType>");
      // A server whose host key is not the pinned one is refused.
      await writeFile(file, JSON.stringify({ stores: { spotify: { ...entry, hostKeySha256: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" } } }));
      resetStoreConfiguration();
      const other = await insertApprovedRelease(db());
      const otherId = await deliveryRow(other.releaseId, "spotify");
      await expect(deliverToStore(otherId)).rejects.toThrow();
      const [failed] = await db().select().from(storeDeliveries).where(eq(storeDeliveries.id, otherId));
      expect(failed.error).toMatch(/^Upload failed/);
    } finally {
      env.DISTRIBUTION_STORES_FILE = undefined;
      resetStoreConfiguration();
    }
  });
});

describe("start to finish through the jobs", () => {
  test("a Shadowbanned user's release is refused and nothing is queued", async () => {
    const { releaseId } = await insertApprovedRelease(db(), { label: "SHADOWBAN" });
    await expect(db().transaction((tx) => startDelivery(tx, releaseId))).rejects.toMatchObject({ status: 409, code: "label_refused" });
    expect(await deliveries(releaseId)).toEqual([]);
    expect((await release(releaseId)).upc).toBeNull();
  });

  test("approved → every standard store acknowledges → Live; the owner's takedown → Removed; staff see it, others not", async () => {
    const { releaseId, userId } = await insertApprovedRelease(db(), { tracks: 3 });
    await db().transaction((tx) => startDelivery(tx, releaseId));
    const rows = await deliveries(releaseId);
    expect(rows.map((row) => row.storeId).sort()).toEqual(standard.map((store) => store.id).sort());
    expect((await release(releaseId)).label).toBe("SONGLOOM");

    await registerWorkers((await startBoss(database().connection)), { "release.deliver": handlers["release.deliver"], "release.ack": handlers["release.ack"] }, { pollingIntervalSeconds: 0.5 });
    await waitFor(async () => (await release(releaseId)).status === ReleaseStatus.Live, { timeoutMs: 120_000, what: "the release to go live" });
    const live = await deliveries(releaseId);
    expect(live.every((row) => row.phase === "acknowledged" && row.status === PlatformStatus.Success)).toBe(true);
    const spotify = live.find((row) => row.storeId === "spotify")!;
    const batch = await readdir(path.join(stores.root, "spotify", spotify.batch!));
    expect(batch.sort()).toEqual([`${spotify.batch}.xml`, `BatchComplete_${spotify.batch}.xml`, "acknowledgements", "resources"].sort());

    const statuses = await storeStatuses(db(), releaseId, "distributed");
    expect(statuses).toHaveLength(standard.length);
    const notDistributed = await storeStatuses(db(), releaseId, "not_distributed");
    expect(notDistributed.map((row) => row.storeId).sort()).toEqual(STORES.filter((store) => store.tier === "elevated").map((store) => store.id).sort());
    expect(notDistributed.every((row) => row.statusLabel === "Not submitted")).toBe(true);

    // The staff API: a distro viewer (creator success coordinator) sees it; a regular user does not.
    const viewer = await createUser(db(), { isAdmin: true, roles: ["creator_success_coordinator"] });
    const viewerSession = await createSession(db(), viewer.id);
    const answer = await callRoute(dspRoute.loader, get(`/api/admin/releases/${releaseId}/dsp_statuses?filter=distributed`, viewerSession.cookie), { id: releaseId });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { dspStatuses: Array<{ storeId: string; status: number; statusLabel: string }> };
    expect(body.dspStatuses.find((row) => row.storeId === "spotify")).toMatchObject({ status: 2, statusLabel: "Success" });
    const regular = await createUser(db());
    const regularSession = await createSession(db(), regular.id);
    expect((await callRoute(dspRoute.loader, get(`/api/admin/releases/${releaseId}/dsp_statuses`, regularSession.cookie), { id: releaseId })).status).toBe(403);
    const bad = await callRoute(dspRoute.loader, get(`/api/admin/releases/${releaseId}/dsp_statuses?filter=some`, viewerSession.cookie), { id: releaseId });
    expect(bad.status).toBe(400);

    // The owner's release page: every store's status, filtered.
    const ownerSession = await createSession(db(), userId);
    const page = async (filter: string) => {
      const response = await callRoute(releasePage.loader, get(`/release/${releaseId}?stores=${filter}`, ownerSession.cookie), { releaseId });
      return ((await response.json()) as { stores: Array<{ id: string; label: string }> }).stores;
    };
    const distributed = await page("distributed");
    expect(distributed).toHaveLength(standard.length);
    expect(new Set(distributed.map((store) => store.label))).toEqual(new Set(["Success"]));
    expect((await page("not_distributed")).map((store) => store.label)).toEqual(Array(STORES.length - standard.length).fill("Not submitted"));
    expect(await page("all")).toHaveLength(STORES.length);

    const [owner] = await db().select().from(users).where(eq(users.id, userId));
    await requestTakedown(owner, releaseId);
    expect((await release(releaseId)).status).toBe(ReleaseStatus.PendingRemoval);
    await waitFor(async () => (await release(releaseId)).status === ReleaseStatus.Removed, { timeoutMs: 120_000, what: "the release to be removed" });
    const takedowns = await deliveries(releaseId, "takedown");
    expect(takedowns).toHaveLength(standard.length);
    expect((await deliveries(releaseId)).every((row) => row.status === PlatformStatus.Removed)).toBe(true);
    const takedownBatch = takedowns.find((row) => row.storeId === "spotify")!.batch!;
    const message = await readFile(path.join(stores.root, "spotify", takedownBatch, `${takedownBatch}.xml`), "utf8");
    expect(message).toMatch(/<EndDate>\d{4}-\d{2}-\d{2}<\/EndDate>/);
  }, 240_000);
});
