// The streaming upload reader (issue 16, finding 2): the file goes to disk as it arrives, never whole into
// memory; it is cut off at the limit; and no temporary file outlives a failed, aborted or finished read.
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { readMultipartUpload, removeStaleUploads, uploadFolder, UploadTooLargeError, UploadUnreadableError } from "~/server/uploads.server";
import { MB, onDiskReaching, streamedUpload, waitingUploads } from "../support/streamed-upload";

// The reader's folder is under os.tmpdir(), which follows TMPDIR: each run looks at a folder of its own.
process.env.TMPDIR = mkdtempSync(path.join(os.tmpdir(), "songloom-uploads-test-"));
const url = "http://localhost/api/vocal_files";

test("the file is on disk while the body is still arriving: at most a little of it is anywhere else", async () => {
  const seen: Array<{ produced: number; onDisk: number }> = [];
  const upload = streamedUpload({
    url,
    field: "vocalFile",
    filename: "take.wav",
    contentType: "audio/wav",
    fields: { mode: "auto", emphasis: "0.5" },
    size: 24 * MB,
    at: { every: 8 * MB, run: async (produced) => void seen.push({ produced, onDisk: await onDiskReaching(produced - 2 * MB) }) },
  });
  const result = await readMultipartUpload(upload.request, { field: "vocalFile", maxBytes: 50 * MB });
  expect(seen.map((each) => each.produced)).toEqual([8 * MB, 16 * MB, 24 * MB]);
  for (const { produced, onDisk } of seen) expect(onDisk).toBeGreaterThanOrEqual(produced - 2 * MB);
  expect(result.file).toMatchObject({ filename: "take.wav", contentType: "audio/wav", size: 24 * MB });
  expect(result.fields.get("mode")).toBe("auto");
  expect(result.fields.get("emphasis")).toBe("0.5");
  expect(waitingUploads()).toEqual([{ name: path.basename(result.file!.path), size: 24 * MB }]);
  await result.cleanup();
  await result.cleanup();
  expect(waitingUploads()).toEqual([]);
});

test("a file of exactly the limit is taken; one byte more is cut off where it passes the limit, and nothing is kept", async () => {
  const exact = await readMultipartUpload(streamedUpload({ url, field: "vocalFile", size: 3 * MB }).request, { field: "vocalFile", maxBytes: 3 * MB });
  expect(exact.file?.size).toBe(3 * MB);
  await exact.cleanup();

  const over = streamedUpload({ url, field: "vocalFile", size: 3 * MB + 1 });
  await expect(readMultipartUpload(over.request, { field: "vocalFile", maxBytes: 3 * MB })).rejects.toBeInstanceOf(UploadTooLargeError);
  expect(waitingUploads()).toEqual([]);

  // A chunked body far over the limit is not read to its end.
  const huge = streamedUpload({ url, field: "vocalFile", size: 200 * MB });
  await expect(readMultipartUpload(huge.request, { field: "vocalFile", maxBytes: 3 * MB })).rejects.toBeInstanceOf(UploadTooLargeError);
  expect(huge.produced()).toBeLessThan(5 * MB);
  expect(waitingUploads()).toEqual([]);
});

test("a body that breaks off, or a request aborted while its body has stalled, leaves no temporary file", async () => {
  const broken = streamedUpload({ url, field: "vocalFile", size: 20 * MB, failAfter: 6 * MB });
  await expect(readMultipartUpload(broken.request, { field: "vocalFile", maxBytes: 50 * MB })).rejects.toBeInstanceOf(UploadUnreadableError);
  expect(waitingUploads()).toEqual([]);

  // The request's deadline (or the client hanging up) aborts its signal; the body then sends nothing more.
  const controller = new AbortController();
  let stalled = false;
  const stalling = streamedUpload({
    url,
    field: "vocalFile",
    size: 20 * MB,
    signal: controller.signal,
    at: {
      every: 4 * MB,
      run: async (produced) => {
        expect(await onDiskReaching(produced - 2 * MB)).toBeGreaterThan(0);
        stalled = true;
        controller.abort(new Error("deadline"));
        await new Promise(() => {});
      },
    },
  });
  await expect(readMultipartUpload(stalling.request, { field: "vocalFile", maxBytes: 50 * MB })).rejects.toBeInstanceOf(UploadUnreadableError);
  expect(stalled).toBe(true);
  expect(waitingUploads()).toEqual([]);
});

test("an empty file input is no file; other file fields are read past and not kept; a body that is not multipart is refused", async () => {
  const form = new FormData();
  form.append("title", "Night Drive");
  form.append("coverArt", new File([], ""));
  form.append("other", new File(["not this one"], "other.txt"));
  const empty = await readMultipartUpload(new Request(url, { method: "POST", body: form }), { field: "coverArt", maxBytes: MB });
  expect(empty.file).toBeNull();
  expect(empty.fields.get("title")).toBe("Night Drive");
  expect(empty.fields.get("other")).toBeNull();
  expect(waitingUploads()).toEqual([]);

  const json = new Request(url, { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });
  await expect(readMultipartUpload(json, { field: "coverArt", maxBytes: MB })).rejects.toBeInstanceOf(UploadUnreadableError);
  const noBoundary = new Request(url, { method: "POST", body: "x", headers: { "Content-Type": "multipart/form-data" } });
  await expect(readMultipartUpload(noBoundary, { field: "coverArt", maxBytes: MB })).rejects.toBeInstanceOf(UploadUnreadableError);
});

test("start-up removes upload files a crashed process left (over an hour old), and keeps recent ones another process may be writing", async () => {
  const folder = uploadFolder();
  mkdirSync(folder, { recursive: true });
  const now = Date.now();
  const aged = (name: string, minutes: number) => {
    const file = path.join(folder, name);
    writeFileSync(file, "part of a take");
    const at = new Date(now - minutes * 60_000);
    utimesSync(file, at, at);
    return file;
  };
  const crashed = aged("crashed-yesterday.upload", 24 * 60);
  const crashedEarlier = aged("crashed-earlier.upload", 61);
  const streaming = aged("streaming-now.upload", 0);
  const recent = aged("started-ten-minutes-ago.upload", 10);
  const notOurs = aged("someone-else.txt", 24 * 60);

  expect(await removeStaleUploads({ now })).toBe(2);
  expect([crashed, crashedEarlier].map(existsSync)).toEqual([false, false]);
  expect([streaming, recent, notOurs].map(existsSync)).toEqual([true, true, true]);
  // Nothing left to remove: a second start-up is a no-op.
  expect(await removeStaleUploads({ now })).toBe(0);
  for (const file of [streaming, recent, notOurs]) rmSync(file);
});

test("removing stale uploads is a no-op when no upload ever made the folder", async () => {
  const before = process.env.TMPDIR;
  process.env.TMPDIR = mkdtempSync(path.join(os.tmpdir(), "songloom-uploads-empty-"));
  try {
    expect(await removeStaleUploads()).toBe(0);
  } finally {
    process.env.TMPDIR = before;
  }
});
