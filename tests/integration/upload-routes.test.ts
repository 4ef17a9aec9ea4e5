// Every route that takes a file reads it as it streams (issue 16, finding 2), called the way Remix calls
// them with a chunked body (no Content-Length): the vocal take API and the vocals page's form, the cover-art
// API and the release form. The file is on disk while the body still arrives, never whole in memory; a
// file over the route's limit is cut off there with 413 and the field's message; no temporary file is
// left after a success, a refusal or a body that breaks off.
import "../support/auth-env";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { vocalFiles } from "#drizzle/schema/index";
import * as coverArtApi from "~/routes/api.cover_art";
import * as vocalFilesApi from "~/routes/api.vocal_files";
import * as vocalsPage from "~/routes/edit.$songId.vocals._index";
import * as releaseCreate from "~/routes/release.create";
import { LocalDiskStorage, useStorage } from "~/server/storage.server";
import { COVER_MESSAGES } from "~/services/releases/index.server";
import { FILE_TOO_LARGE_MESSAGE } from "~/services/vocals/vocal-take.server";
import { callRoute } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { completeSong, signedIn, useSongServices } from "../support/songs";
import { MB, onDiskReaching, streamedUpload, waitingUploads } from "../support/streamed-upload";

// The reader's folder is under os.tmpdir(), which follows TMPDIR: this file looks at a folder of its own.
process.env.TMPDIR = mkdtempSync(path.join(os.tmpdir(), "songloom-upload-routes-"));
const database = setupTestDatabase("postgres");
useSongServices(database);
beforeAll(() => useStorage(new LocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "songloom-upload-media-")))));

/** A 16-bit stereo 44.1 kHz PCM WAV header for `size` bytes in all (the rest is the samples). */
function wavHeader(size: number): Uint8Array {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(size - 8, 4);
  header.write("WAVEfmt ", 8, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(44_100, 24);
  header.writeUInt32LE(44_100 * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(size - 44, 40);
  return header;
}

async function answer(response: Response) {
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

test("POST /api/vocal_files: a 24 MB take is written to disk as it arrives, decoded from there and stored; nothing is left waiting", async () => {
  const { user, cookie } = await signedIn(database);
  const seen: Array<{ produced: number; onDisk: number }> = [];
  const upload = streamedUpload({
    url: "http://localhost/api/vocal_files",
    field: "vocalFile",
    filename: "take.wav",
    contentType: "audio/wav",
    prefix: wavHeader(24 * MB),
    size: 24 * MB,
    fill: 0,
    headers: { Cookie: cookie },
    at: { every: 8 * MB, run: async (produced) => void seen.push({ produced, onDisk: await onDiskReaching(produced - 2 * MB) }) },
  });
  const result = await answer(await callRoute(vocalFilesApi.action, upload.request));
  expect(result.status).toBe(201);
  expect(result.body.durationSeconds).toBeCloseTo((24 * MB - 44) / (44_100 * 4), 1);
  // Before the answer, all but the last 2 MB sent so far was already in the temporary file.
  expect(seen.map((each) => each.produced)).toEqual([8 * MB, 16 * MB, 24 * MB]);
  for (const { produced, onDisk } of seen) expect(onDisk).toBeGreaterThanOrEqual(produced - 2 * MB);
  const [row] = await database().db.select().from(vocalFiles).where(eq(vocalFiles.id, result.body.vocalFileId));
  expect(row).toMatchObject({ userId: user.id, originalName: "take.wav", mimeType: "audio/wav" });
  expect(waitingUploads()).toEqual([]);
});

test("POST /api/vocal_files: a chunked 60 MB take is cut off at 50 MB with 413 on vocalFile; one that breaks off is a 400; nothing is kept", async () => {
  const { cookie } = await signedIn(database);
  const huge = streamedUpload({ url: "http://localhost/api/vocal_files", field: "vocalFile", filename: "take.wav", size: 60 * MB, headers: { Cookie: cookie } });
  const refused = await answer(await callRoute(vocalFilesApi.action, huge.request));
  expect(refused.status).toBe(413);
  expect(refused.body.error).toMatchObject({ code: "payload_too_large", message: FILE_TOO_LARGE_MESSAGE, fields: { vocalFile: [FILE_TOO_LARGE_MESSAGE] } });
  expect(huge.produced()).toBeLessThan(52 * MB);
  expect(waitingUploads()).toEqual([]);

  const broken = streamedUpload({ url: "http://localhost/api/vocal_files", field: "vocalFile", filename: "take.wav", size: 20 * MB, failAfter: 8 * MB, headers: { Cookie: cookie } });
  const unread = await answer(await callRoute(vocalFilesApi.action, broken.request));
  expect(unread.status).toBe(400);
  expect(unread.body.error.code).toBe("invalid_form");
  expect(waitingUploads()).toEqual([]);
});

test("the vocals page without JavaScript: a chunked 60 MB take is a 413 with the message on the file field, and nothing is kept", async () => {
  const { songId, cookie } = await completeSong(database);
  const huge = streamedUpload({
    url: `http://localhost/edit/${songId}/vocals`,
    field: "vocalFile",
    filename: "take.wav",
    fields: { mode: "auto" },
    size: 60 * MB,
    headers: { Cookie: cookie },
  });
  const refused = await callRoute(vocalsPage.action, huge.request, { songId });
  expect(refused.status).toBe(413);
  expect((await refused.json()).errors).toEqual({ vocalFile: FILE_TOO_LARGE_MESSAGE });
  expect(huge.produced()).toBeLessThan(52 * MB);
  expect(waitingUploads()).toEqual([]);
});

test("cover art: a chunked 60 MB image is cut off at 50 MB, 413 from the API and the message on the release form; nothing is kept", async () => {
  const { cookie } = await signedIn(database);
  const api = streamedUpload({ url: "http://localhost/api/cover_art", field: "coverArt", filename: "cover.jpg", contentType: "image/jpeg", size: 60 * MB, headers: { Cookie: cookie } });
  const refused = await answer(await callRoute(coverArtApi.action, api.request));
  expect(refused.status).toBe(413);
  expect(refused.body.error.fields).toEqual({ coverArt: [COVER_MESSAGES.tooLarge] });
  expect(api.produced()).toBeLessThan(52 * MB);
  expect(waitingUploads()).toEqual([]);

  const page = streamedUpload({
    url: "http://localhost/release/create",
    field: "coverArt",
    filename: "cover.jpg",
    contentType: "image/jpeg",
    fields: { intent: "save", title: "Night Drive", artistName: "The Loomers" },
    size: 60 * MB,
    headers: { Cookie: cookie },
  });
  const form = await callRoute(releaseCreate.action, page.request);
  expect(form.status).toBe(400);
  expect((await form.json()).errors).toEqual({ coverArt: [COVER_MESSAGES.tooLarge] });
  expect(page.produced()).toBeLessThan(52 * MB);
  expect(waitingUploads()).toEqual([]);
});
