// Cover art (spec 2 §5, §8): uploads checked from the bytes with sharp (too small, not square, too large,
// not an image, CMYK converted to RGB), stored in three sizes; generated art queued as a job, drawn at
// 3000×3000 and put on its release, with the keyword, content-policy and daily-limit refusals.
import "../support/http-env";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { releases } from "#drizzle/schema/index";
import { startBoss, stopBoss } from "#jobs/boss";
import { getStorage, LocalDiskStorage, useStorage } from "~/server/storage.server";
import { ART_MESSAGES, COVER_MESSAGES, createRelease, generateCoverArt, previousGeneratedArt, readCoverUpload, requestGeneratedArt, storeUploadedCoverArt } from "~/services/releases/index.server";
import { createUser } from "../support/auth";
import { setupTestDatabase } from "../support/database";

const database = setupTestDatabase("postgres");
let folder: string;

beforeAll(async () => {
  useStorage(new LocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "songloom-cover-media-"))));
  folder = mkdtempSync(path.join(os.tmpdir(), "songloom-cover-files-"));
  await startBoss(database().connection);
}, 60_000);
afterAll(async () => {
  await stopBoss();
});

let counter = 0;
async function imageFile(width: number, height: number, format: "jpeg" | "png", options: { cmyk?: boolean } = {}): Promise<string> {
  let image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  if (options.cmyk) image = image.toColourspace("cmyk");
  const file = path.join(folder, `image-${(counter += 1)}.${format === "jpeg" ? "jpg" : "png"}`);
  await (format === "jpeg" ? image.jpeg() : image.png()).toFile(file);
  return file;
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { status: number; fields?: Record<string, string[]> }) => ({ status: error.status, message: error.fields?.coverArt?.[0] }),
  );

test("too small, not square, not an image and too large are refused on coverArt with the reason", async () => {
  const user = await createUser(database().db);
  expect(await refusal(storeUploadedCoverArt(user, await imageFile(1000, 1000, "jpeg")))).toEqual({ status: 400, message: COVER_MESSAGES.tooSmall(1000, 1000) });
  expect(await refusal(storeUploadedCoverArt(user, await imageFile(3000, 2000, "png")))).toEqual({ status: 400, message: COVER_MESSAGES.notSquare(3000, 2000) });
  const pdf = path.join(folder, "cover.jpg");
  writeFileSync(pdf, "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
  expect(await refusal(storeUploadedCoverArt(user, pdf))).toEqual({ status: 400, message: COVER_MESSAGES.notImage });
  const big = path.join(folder, "big.jpg");
  writeFileSync(big, Buffer.alloc(60 * 1024 * 1024, 1));
  expect(await refusal(storeUploadedCoverArt(user, big))).toEqual({ status: 400, message: COVER_MESSAGES.tooLarge });
});

test("a 60 MB upload is refused (413) by its declared length, and cut off at 50 MB when it declares none", async () => {
  const declared = new Request("http://localhost/api/cover_art", { method: "POST", headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(60 * 1024 * 1024) }, body: "--x--" });
  expect(await refusal(readCoverUpload(declared))).toEqual({ status: 413, message: COVER_MESSAGES.tooLarge });
  const form = new FormData();
  form.set("coverArt", new Blob([Buffer.alloc(60 * 1024 * 1024, 7)], { type: "image/jpeg" }), "big.jpg");
  const body = new Response(form);
  const streamed = new Request("http://localhost/api/cover_art", { method: "POST", headers: { "Content-Type": body.headers.get("Content-Type")! }, body: body.body, duplex: "half" } as RequestInit);
  expect(await refusal(readCoverUpload(streamed))).toEqual({ status: 413, message: COVER_MESSAGES.tooLarge });
});

test("an RGB PNG is kept as it is; a CMYK JPEG is converted to sRGB; both get 300 and 1400 px sizes", async () => {
  const user = await createUser(database().db);
  const png = await storeUploadedCoverArt(user, await imageFile(3000, 3000, "png"));
  expect(png).toMatchObject({ width: 3000, height: 3000, format: "png", source: "upload" });
  expect(png.sizes.full.endsWith(".png")).toBe(true);
  const cmykFile = await imageFile(3000, 3000, "jpeg", { cmyk: true });
  expect((await sharp(cmykFile).metadata()).space).toBe("cmyk");
  const cmyk = await storeUploadedCoverArt(user, cmykFile);
  const storage = getStorage();
  const full = await sharp(Buffer.from((await storage.get(cmyk.sizes.full))!)).metadata();
  expect(full).toMatchObject({ format: "jpeg", space: "srgb", width: 3000, height: 3000, channels: 3 });
  expect(cmyk.originalKey).not.toBe(cmyk.sizes.full);
  expect((await sharp(Buffer.from((await storage.get(cmyk.originalKey!))!)).metadata()).space).toBe("cmyk");
  for (const [key, size] of [[cmyk.sizes.thumbnail, 300], [cmyk.sizes.page, 1400]] as const) {
    expect(await sharp(Buffer.from((await storage.get(key))!)).metadata()).toMatchObject({ width: size, height: size, format: "jpeg" });
  }
});

test("generated art: queued, drawn at 3000×3000 and put on its release; history; keyword, policy and daily refusals", async () => {
  const user = await createUser(database().db);
  const release = await createRelease(user, { title: "Harbor Lights", artistName: "Loomer", genre: "ambient", language: null, explicit: null, coverArtCreditName: null, coverArtCreditUrl: null });
  const queued = await requestGeneratedArt(user, { keyword: "Harbors", prompt: "fog at dawn", releaseId: release.id });
  expect(queued).toMatchObject({ status: "queue", keyword: "harbors", prompt: "fog at dawn" });
  await generateCoverArt(queued.id);
  const [withCover] = await database().db.select().from(releases).where(eq(releases.id, release.id));
  expect(withCover.coverArtId).toBeTruthy();
  const [history] = await previousGeneratedArt(user);
  expect(history).toMatchObject({ id: queued.id, status: "complete" });
  expect(history.coverArt?.id).toBe(withCover.coverArtId);
  const art = (await database().db.query.coverArt.findFirst({ where: (table, { eq: equals }) => equals(table.id, withCover.coverArtId!) }))!;
  const full = await sharp(Buffer.from((await getStorage().get(art.sizes.full))!)).metadata();
  expect(full).toMatchObject({ format: "jpeg", width: 3000, height: 3000, space: "srgb" });

  const fail = (input: Parameters<typeof requestGeneratedArt>[1]) => requestGeneratedArt(user, input).then(() => null, (error: { status: number; message: string }) => [error.status, error.message]);
  expect(await fail({ keyword: "xqzvbl" })).toEqual([400, ART_MESSAGES.obscureWord]);
  expect(await fail({ keyword: "two words" })).toEqual([400, ART_MESSAGES.oneWord]);
  expect(await fail({ keyword: "beach", prompt: "naked people" })).toEqual([400, ART_MESSAGES.contentPolicy]);
  for (let index = 0; index < 4; index++) await requestGeneratedArt(user, { keyword: "river" });
  expect(await fail({ keyword: "river" })).toEqual([429, "Slow down Picasso! Only 5 images can be generated every 24 hours"]);
}, 60_000);
