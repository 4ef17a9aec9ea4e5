// Stores answer in DDEX (issue 36 §4): each batch's answer is an FtpAcknowledgementMessage in the batch's
// acknowledgements/ folder. The local stores write one that validates; the delivery reads it and maps its
// FileStatus and ErrorText to the per-store status and the store's words the owner sees. An answer that
// cannot be read (not XML, another message, not the structure, another release, too big) is held: the
// status does not move, the answer is kept, the release can still go Live on the other stores, and a
// readable answer written later settles it. A settled store's status never moves back.
import "../support/http-env";
import { mkdtempSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { storeDeliveries } from "#drizzle/schema/distribution";
import { releases } from "#drizzle/schema/releases";
import { users } from "#drizzle/schema/auth";
import { startBoss, stopBoss } from "#jobs/boss";
import { LocalDiskStorage, useStorage } from "~/server/storage.server";
import * as releasePage from "~/routes/release.$releaseId._index";
import { requestTakedown } from "~/services/releases/index.server";
import { ReleaseStatus } from "~/services/releases/status";
import { deliverToStore, pollAcknowledgement } from "~/services/distribution/deliver.server";
import { assignIdentifiers } from "~/services/distribution/identifiers";
import { PlatformStatus } from "~/services/distribution/index.server";
import {
  ACK_NAMESPACE,
  acknowledgementPath,
  buildFtpAcknowledgement,
  localStoreDpid,
  MAX_ACK_BYTES,
  readFtpAcknowledgement,
  type FtpAcknowledgement,
} from "~/services/distribution/ftp-acknowledgement.server";
import { startLocalStores, useLocalStores, type LocalStores } from "~/services/distribution/local-stores.server";
import { callRoute, createSession, get } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { insertApprovedRelease } from "../support/distribution";

const database = setupTestDatabase("postgres");
let stores: LocalStores;

beforeAll(async () => {
  useStorage(new LocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "songloom-ack-media-"))));
  stores = await startLocalStores({ root: mkdtempSync(path.join(os.tmpdir(), "songloom-ack-stores-")), ackDelayMs: 10, quiet: true });
  useLocalStores(stores);
  await startBoss(database().connection);
}, 60_000);
afterAll(async () => {
  await stopBoss();
  await stores.close();
  useLocalStores(null);
});

const db = () => database().db;
const row = async (id: string) => (await db().select().from(storeDeliveries).where(eq(storeDeliveries.id, id)))[0];
const release = async (id: string) => (await db().select().from(releases).where(eq(releases.id, id)))[0];

/** Delivers `releaseId` to each store by hand (no jobs) and waits for the local stores' answers. */
async function delivered(releaseId: string, storeIds: string[], kind: "release" | "takedown" = "release"): Promise<string[]> {
  await db().transaction((tx) => assignIdentifiers(tx, releaseId, { upcPrefix: "0300000", isrcRegistrant: "ZZACK" }));
  const ids: string[] = [];
  for (const storeId of storeIds) {
    const [inserted] = await db().insert(storeDeliveries).values({ releaseId, storeId, kind }).returning();
    await deliverToStore(inserted.id);
    ids.push(inserted.id);
  }
  await stores.idle();
  return ids;
}

async function ackFile(deliveryId: string): Promise<string> {
  const delivery = await row(deliveryId);
  return path.join(stores.root, delivery.storeId, delivery.batch!, acknowledgementPath(delivery.batch!));
}

/** What a store answering `status` writes, for the delivery's batch (overwriting the local store's answer). */
async function answer(deliveryId: string, fields: Partial<FtpAcknowledgement> = {}): Promise<void> {
  const delivery = await row(deliveryId);
  const { upc } = await release(delivery.releaseId);
  const xml = buildFtpAcknowledgement({
    sender: { dpid: localStoreDpid(delivery.storeId), name: delivery.storeId },
    recipient: { dpid: "PADPIDA0SONGLOOM0DEV", name: "Songloom" },
    createdAt: new Date(),
    releaseId: upc!,
    date: "2026-11-25",
    fileStatus: "FileOK",
    ...fields,
  });
  await writeFile(await ackFile(deliveryId), xml);
}

async function ownerPage(releaseId: string) {
  const { userId } = await release(releaseId);
  const { cookie } = await createSession(db(), userId);
  const response = await callRoute(releasePage.loader, get(`/release/${releaseId}`, cookie), { releaseId });
  return ((await response.json()) as { stores: Array<{ id: string; label: string; message: string | null }> }).stores;
}

describe("the FtpAcknowledgementMessage", () => {
  test("the local store's answer is a DDEX FtpAcknowledgementMessage that validates, and reads back as FileOK", async () => {
    const { releaseId } = await insertApprovedRelease(db(), { tracks: 1 });
    const [id] = await delivered(releaseId, ["deezer"]);
    const xml = await readFile(await ackFile(id), "utf8");
    expect(xml).toContain(`<ernc:FtpAcknowledgementMessage xmlns:ernc="${ACK_NAMESPACE}" MessageVersionId="ern-c-sftp/16">`);
    const { upc } = await release(releaseId);
    const reading = readFtpAcknowledgement(xml, { releaseId: upc!, senderDpid: localStoreDpid("deezer") });
    expect(reading).toMatchObject({ ok: true, ack: { fileStatus: "FileOK", releaseId: upc, sender: { dpid: localStoreDpid("deezer") } } });

    expect(await pollAcknowledgement(id)).toBe(true);
    expect(await row(id)).toMatchObject({ phase: "acknowledged", status: PlatformStatus.Success, storeFileStatus: "FileOK", storeMessage: null, ackProblem: null, error: null, acknowledgement: xml });
  });

  test("a rejection sets the store's status and shows the owner the store's own words", async () => {
    const { releaseId } = await insertApprovedRelease(db(), { tracks: 2 });
    const [corrupt, missing, own, older] = await delivered(releaseId, ["tidal", "qobuz", "napster", "anghami"]);
    await answer(corrupt, { fileStatus: "ResourceCorrupt", errorText: "Track 2 cuts out at 0:41.", proposedAction: "ResendXmlAndResources", manualCheckRequired: false, affectedIsrcs: ["ZZACK2600001"] });
    await answer(missing, { fileStatus: "ResourceMissing" });
    await answer(own, { fileStatus: "UserDefined", userDefinedValue: "Held for editorial review" });
    // An answer in the choreography's 1.4 namespace (same structure) is read as well.
    await answer(older, { fileStatus: "MetadataMissing" });
    const olderFile = await ackFile(older);
    await writeFile(olderFile, (await readFile(olderFile, "utf8")).replace(ACK_NAMESPACE, "http://ddex.net/xml/ern-c/14"));

    for (const id of [corrupt, missing, own, older]) expect(await pollAcknowledgement(id), (await row(id)).ackProblem ?? id).toBe(true);
    expect(await row(corrupt)).toMatchObject({ phase: "acknowledged", status: PlatformStatus.Failure, storeFileStatus: "ResourceCorrupt", storeMessage: "Track 2 cuts out at 0:41.", error: "ResourceCorrupt: Track 2 cuts out at 0:41." });
    expect(await row(missing)).toMatchObject({ status: PlatformStatus.AssetMissing, storeFileStatus: "ResourceMissing", storeMessage: "A file is missing." });
    expect(await row(own)).toMatchObject({ status: PlatformStatus.Failure, storeFileStatus: "UserDefined", storeMessage: "Held for editorial review" });
    expect(await row(older)).toMatchObject({ status: PlatformStatus.Failure, storeFileStatus: "MetadataMissing", storeMessage: "Details the store requires are missing." });

    const page = new Map((await ownerPage(releaseId)).map((store) => [store.id, store]));
    expect(page.get("tidal")).toMatchObject({ label: "Failure", message: "Track 2 cuts out at 0:41." });
    expect(page.get("qobuz")).toMatchObject({ label: "Asset missing", message: "A file is missing." });
    expect(page.get("napster")).toMatchObject({ label: "Failure", message: "Held for editorial review" });
    // No store took it: the release stays Approved.
    expect((await release(releaseId)).status).toBe(ReleaseStatus.Approved);
  });

  test("unreadable answers are held with the reason and the answer kept; the release goes Live on the others; a readable answer settles it; nothing moves back", async () => {
    const { releaseId } = await insertApprovedRelease(db(), { tracks: 1 });
    const [good, garbled] = await delivered(releaseId, ["deezer", "tidal"]);
    const file = await ackFile(garbled);
    const { upc } = await release(releaseId);
    const cases: Array<[string, string | (() => Promise<void>), RegExp]> = [
      ["not XML", "<FtpAcknowledgementMessage><FileStatus>FileOK</Fil", /not well-formed XML/],
      ["another message", `<ack status="ok"/>`, /is a ack, not a DDEX FtpAcknowledgementMessage/],
      ["no namespace", `<FtpAcknowledgementMessage MessageVersionId="1"/>`, /namespace \(none\) is not the ERN choreography's/],
      ["an unknown status", async () => {
        await answer(garbled);
        await writeFile(file, (await readFile(file, "utf8")).replace(">FileOK<", ">AllGood<"));
      }, /does not follow the FtpAcknowledgementMessage structure: .*AllGood/],
      ["a missing element", async () => {
        await answer(garbled);
        await writeFile(file, (await readFile(file, "utf8")).replace(/<AcknowledgedFile>[\s\S]*<\/AcknowledgedFile>/, ""));
      }, /does not follow the FtpAcknowledgementMessage structure: .*FileStatus/],
      ["another release", async () => answer(garbled, { releaseId: "0000000000000" }), new RegExp(`for release 0000000000000, not this batch's ${upc}`)],
      ["another sender", async () => answer(garbled, { sender: { dpid: "PADPIDA0SOMEONEELSE", name: "Someone" } }), /sent by PADPIDA0SOMEONEELSE, not the store/],
      ["too big", `<x>${"a".repeat(MAX_ACK_BYTES)}</x>`, /more than the 262144 an acknowledgement can be/],
    ];
    for (const [what, write, problem] of cases) {
      if (typeof write === "string") await writeFile(file, write);
      else await write();
      expect(await pollAcknowledgement(garbled), what).toBe(false);
      const held = await row(garbled);
      expect(held, what).toMatchObject({ phase: "uploaded", status: PlatformStatus.Submitted, storeFileStatus: null });
      expect(held.ackProblem, what).toMatch(problem);
      expect(held.error, what).toMatch(/^The store's acknowledgement could not be read \(held\): /);
      // Nothing the store said is lost (the too-big answer is not downloaded at all).
      if (what !== "too big") expect(held.acknowledgement, what).toBe(await readFile(file, "utf8"));
    }

    // The other store took it: the release goes Live without waiting on the held answer.
    expect(await pollAcknowledgement(good)).toBe(true);
    expect((await release(releaseId)).status).toBe(ReleaseStatus.Live);
    const page = new Map((await ownerPage(releaseId)).map((store) => [store.id, store]));
    expect(page.get("tidal")).toMatchObject({ label: "Submitted", message: expect.stringMatching(/could not be read/) });

    // The store writes a readable answer: the held delivery settles.
    await answer(garbled, { fileStatus: "ResourceNotMeetingSpecifications", errorText: "Loudness above -9 LUFS." });
    expect(await pollAcknowledgement(garbled)).toBe(true);
    expect(await row(garbled)).toMatchObject({ phase: "acknowledged", status: PlatformStatus.Failure, ackProblem: null, storeMessage: "Loudness above -9 LUFS." });
    // Later answers change nothing once settled.
    await answer(garbled, { fileStatus: "FileOK" });
    expect(await pollAcknowledgement(garbled)).toBe(true);
    await writeFile(await ackFile(good), "garbage");
    expect(await pollAcknowledgement(good)).toBe(true);
    expect(await row(garbled)).toMatchObject({ status: PlatformStatus.Failure, storeMessage: "Loudness above -9 LUFS." });
    expect(await row(good)).toMatchObject({ status: PlatformStatus.Success, ackProblem: null });
  });

  test("a takedown whose answer is held keeps the release Pending Removal; a release's late FileOK does not undo Removed", async () => {
    const { releaseId, userId } = await insertApprovedRelease(db(), { tracks: 1 });
    const [first, second] = await delivered(releaseId, ["deezer", "tidal"]);
    expect(await pollAcknowledgement(first)).toBe(true);
    expect(await pollAcknowledgement(second)).toBe(true);
    expect((await release(releaseId)).status).toBe(ReleaseStatus.Live);

    const [owner] = await db().select().from(users).where(eq(users.id, userId));
    await requestTakedown(owner, releaseId);
    const takedowns = await db().select().from(storeDeliveries).where(and(eq(storeDeliveries.releaseId, releaseId), eq(storeDeliveries.kind, "takedown")));
    for (const takedown of takedowns) await deliverToStore(takedown.id);
    await stores.idle();
    const deezerTakedown = takedowns.find((entry) => entry.storeId === "deezer")!.id;
    const tidalTakedown = takedowns.find((entry) => entry.storeId === "tidal")!.id;
    await writeFile(await ackFile(tidalTakedown), "not an acknowledgement");
    expect(await pollAcknowledgement(deezerTakedown)).toBe(true);
    expect(await pollAcknowledgement(tidalTakedown)).toBe(false);
    expect((await row(tidalTakedown)).ackProblem).toMatch(/not well-formed XML/);
    expect((await release(releaseId)).status).toBe(ReleaseStatus.PendingRemoval);
    await answer(tidalTakedown);
    expect(await pollAcknowledgement(tidalTakedown)).toBe(true);
    expect((await release(releaseId)).status).toBe(ReleaseStatus.Removed);
    expect(await row(first)).toMatchObject({ status: PlatformStatus.Removed });

    // A release delivery whose FileOK arrives after its takedown was acknowledged stays Removed.
    await db().update(storeDeliveries).set({ phase: "uploaded" }).where(eq(storeDeliveries.id, second));
    await answer(second);
    expect(await pollAcknowledgement(second)).toBe(true);
    expect(await row(second)).toMatchObject({ phase: "acknowledged", status: PlatformStatus.Removed });
  });
});
