// One contract for media storage, run against both stores: the local disk (the default) and S3Storage on
// an s3rver bucket (a TEST STAND-IN for an S3-compatible store, started here; tests/support/s3-standin.ts).
// The media route answers the same with either: ranges, ETags/304, and a private song refused to others.
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { songs } from "#drizzle/schema/songs";
import { storedMediaResponse } from "~/server/media-response.server";
import { MIN_PART_BYTES, S3Storage } from "~/server/s3-storage.server";
import { LocalDiskStorage, songMediaKeys, useStorage, type MediaStorage } from "~/server/storage.server";
import { createSongs } from "~/services/songs/create.server";
import { migrateMedia } from "~/services/media/migrate";
import * as songMediaRoute from "~/routes/media.songs.$songId.$file";
import { callRoute, get } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { startS3StandIn, type S3StandIn } from "../support/s3-standin";
import { signedIn, useSongServices } from "../support/songs";

let standIn: S3StandIn;
beforeAll(async () => {
  standIn = await startS3StandIn();
});
afterAll(async () => {
  await standIn?.stop();
});

const stores: { name: string; make: () => MediaStorage }[] = [
  { name: "local disk", make: () => new LocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "songloom-contract-"))) },
  {
    name: "S3 (s3rver stand-in)",
    // A low threshold so the multipart case below goes up in parts of S3's minimum size.
    make: () => new S3Storage({ bucket: standIn.bucket, endpoint: standIn.endpoint, accessKeyId: standIn.accessKeyId, secretAccessKey: standIn.secretAccessKey, prefix: `run-${Date.now().toString(36)}`, multipartThresholdBytes: MIN_PART_BYTES, partBytes: MIN_PART_BYTES }),
  },
];

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

function bytes(length: number, seed = 7): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = (i * 31 + seed) & 0xff;
  return out;
}

describe.each(stores)("media storage contract: $name", ({ make }) => {
  let storage: MediaStorage;
  beforeAll(() => {
    storage = make();
  });

  it("keeps what was put, by key, and says nothing for a missing key", async () => {
    await storage.put("songs/a/song.mp3", bytes(1000));
    await storage.put("songs/a/peaks.json", JSON.stringify({ peaks: [1, 2] }));
    expect(Buffer.from((await storage.get("songs/a/song.mp3"))!)).toEqual(Buffer.from(bytes(1000)));
    expect(JSON.parse(Buffer.from((await storage.get("songs/a/peaks.json"))!).toString("utf8"))).toEqual({ peaks: [1, 2] });
    expect(await storage.get("songs/a/none.mp3")).toBeNull();
    expect(await storage.stat("songs/a/none.mp3")).toBeNull();
  });

  it("states size, an ETag that changes with the content, and a modification time", async () => {
    await storage.put("songs/b/song.mp3", bytes(500, 1));
    const first = await storage.stat("songs/b/song.mp3");
    expect(first).toMatchObject({ size: 500 });
    expect(first!.etag).toMatch(/^".+"$/);
    expect(first!.modifiedAt).toBeInstanceOf(Date);
    await storage.put("songs/b/song.mp3", bytes(700, 2));
    const second = await storage.stat("songs/b/song.mp3");
    expect(second!.size).toBe(700);
    expect(second!.etag).not.toBe(first!.etag);
  });

  it("streams the whole object or one inclusive byte range", async () => {
    const body = bytes(4096, 3);
    await storage.put("songs/c/song.wav", body);
    expect(await readAll(storage.createReadStream("songs/c/song.wav"))).toEqual(Buffer.from(body));
    expect(await readAll(storage.createReadStream("songs/c/song.wav", { start: 100, end: 199 }))).toEqual(Buffer.from(body.subarray(100, 200)));
    expect(await readAll(storage.createReadStream("songs/c/song.wav", { start: 4095, end: 4095 }))).toEqual(Buffer.from(body.subarray(4095)));
  });

  it("deletes, and deleting a missing object is not an error", async () => {
    await storage.put("songs/d/song.mid", bytes(10));
    await storage.delete("songs/d/song.mid");
    expect(await storage.stat("songs/d/song.mid")).toBeNull();
    await expect(storage.delete("songs/d/song.mid")).resolves.toBeUndefined();
  });

  it("deletes a folder's objects, and only those", async () => {
    await Promise.all(["songs/g/song.mp3", "songs/g/v2/song.mp3", "songs/g/v2/peaks.json", "songs/gg/song.mp3"].map((key) => storage.put(key, "x")));
    await storage.deleteFolder("songs/g");
    for (const key of ["songs/g/song.mp3", "songs/g/v2/song.mp3", "songs/g/v2/peaks.json"]) expect(await storage.stat(key)).toBeNull();
    // A folder whose name merely starts the same is another folder.
    expect(await storage.stat("songs/gg/song.mp3")).not.toBeNull();
    await expect(storage.deleteFolder("songs/none")).resolves.toBeUndefined();
  });

  it("refuses keys that would escape the store", async () => {
    await expect(storage.put("../outside", "x")).rejects.toThrow(/Unsafe media key/);
    await expect(storage.get("songs//x")).rejects.toThrow(/Unsafe media key/);
    await expect(storage.stat("/etc/passwd")).rejects.toThrow(/Unsafe media key/);
  });

  it("keeps a file larger than a multipart part whole (a long WAV)", async () => {
    const body = bytes(MIN_PART_BYTES * 2 + 12345, 5);
    const commands: string[] = [];
    if (storage instanceof S3Storage) {
      storage.client.middlewareStack.add((next, context) => (args) => {
        commands.push(String(context.commandName));
        return next(args);
      }, { step: "initialize", name: "contractCommandLog" });
    }
    await storage.put("songs/e/song.wav", body);
    if (storage instanceof S3Storage) {
      storage.client.middlewareStack.remove("contractCommandLog");
      // Went up in three parts of at least S3's minimum size, not as one PUT.
      expect(commands.filter((name) => name === "UploadPartCommand")).toHaveLength(3);
      expect(commands).toContain("CompleteMultipartUploadCommand");
      expect(commands).not.toContain("PutObjectCommand");
    }
    expect((await storage.stat("songs/e/song.wav"))!.size).toBe(body.byteLength);
    const back = await storage.get("songs/e/song.wav");
    expect(Buffer.compare(Buffer.from(back!), Buffer.from(body))).toBe(0);
    const tail = await readAll(storage.createReadStream("songs/e/song.wav", { start: body.byteLength - 10, end: body.byteLength - 1 }));
    expect(tail).toEqual(Buffer.from(body.subarray(body.byteLength - 10)));
  }, 60_000);

  it("stores an upload from a file on disk, small or in parts, and leaves the file where it was", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "songloom-contract-upload-"));
    for (const [name, length] of [["cover.jpg", 4000], ["take.wav", MIN_PART_BYTES * 2 + 99]] as const) {
      const file = path.join(folder, name);
      const body = bytes(length, 11);
      writeFileSync(file, body);
      await storage.putFile(`uploads/f/${name}`, file);
      expect(Buffer.compare(Buffer.from((await storage.get(`uploads/f/${name}`))!), Buffer.from(body))).toBe(0);
      expect(existsSync(file)).toBe(true);
    }
  }, 60_000);

  it("is reachable", async () => {
    await expect(storage.reachable()).resolves.toBeUndefined();
  });

  it("answers media requests with ETags, 304, one range, 416 and HEAD", async () => {
    useStorage(storage);
    const body = bytes(2000, 9);
    await storage.put("songs/f/song.mp3", body);
    const request = (headers: Record<string, string> = {}, method = "GET") => new Request("http://localhost/media/songs/f/song.mp3", { method, headers });
    const whole = await storedMediaResponse(request(), "songs/f/song.mp3", "audio/mpeg", "public, max-age=86400");
    expect(whole.status).toBe(200);
    expect(whole.headers.get("Content-Length")).toBe("2000");
    const etag = whole.headers.get("ETag")!;
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(Buffer.from(body));
    expect((await storedMediaResponse(request({ "If-None-Match": etag }), "songs/f/song.mp3", "audio/mpeg", "x")).status).toBe(304);
    const ranged = await storedMediaResponse(request({ Range: "bytes=10-19" }), "songs/f/song.mp3", "audio/mpeg", "x");
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("Content-Range")).toBe("bytes 10-19/2000");
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(Buffer.from(body.subarray(10, 20)));
    expect((await storedMediaResponse(request({ Range: "bytes=5000-" }), "songs/f/song.mp3", "audio/mpeg", "x")).status).toBe(416);
    const head = await storedMediaResponse(request({}, "HEAD"), "songs/f/song.mp3", "audio/mpeg", "x");
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    expect((await storedMediaResponse(request(), "songs/f/missing.mp3", "audio/mpeg", "x")).status).toBe(404);
  });
});

describe.each(stores)("the song media route on $name", ({ make }) => {
  const database = setupTestDatabase("postgres");
  useSongServices(database);

  it("serves a private song's audio to its owner only, with ranges", async () => {
    const storage = make();
    useStorage(storage);
    const owner = await signedIn(database);
    const other = await signedIn(database);
    const created = await createSongs(owner.user, { style: "wd_lofi", filter: "morning_sun", songs: 1 });
    const songId = created.songs[0].id;
    const keys = songMediaKeys(songId);
    const audio = bytes(3000, 11);
    await storage.put(keys.mp3, audio);
    await database().db.update(songs).set({ status: "complete", private: true, media: keys }).where(eq(songs.id, songId));
    const ask = (cookie?: string, headers: Record<string, string> = {}) => callRoute(songMediaRoute.loader, get(`/media/songs/${songId}/song.mp3`, cookie, headers), { songId, file: "song.mp3" });

    const own = await ask(owner.cookie, { Range: "bytes=0-99" });
    expect(own.status).toBe(206);
    expect(own.headers.get("Cache-Control")).toBe("private, no-store");
    expect(Buffer.from(await own.arrayBuffer())).toEqual(Buffer.from(audio.subarray(0, 100)));
    expect((await ask(other.cookie)).status).toBe(404);
    expect((await ask()).status).toBe(404);
  });
});

describe("media:migrate", () => {
  it("copies a local store into the bucket, resumes after a stop, and skips what is already there", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "songloom-migrate-"));
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 5; i++) {
      const key = `songs/s${i}/song.mp3`;
      files[key] = bytes(300 + i, i);
      mkdirSync(path.join(root, `songs/s${i}`), { recursive: true });
      writeFileSync(path.join(root, key), files[key]);
    }
    // A write that never finished is not media.
    writeFileSync(path.join(root, "songs/s0/song.mp3.ab12.partial"), "half");
    const bucket = new S3Storage({ bucket: standIn.bucket, endpoint: standIn.endpoint, accessKeyId: standIn.accessKeyId, secretAccessKey: standIn.secretAccessKey, prefix: `migrate-${Date.now().toString(36)}` });

    const stopped = await migrateMedia(root, bucket, { limit: 2 });
    expect(stopped).toMatchObject({ copied: 2, skipped: 0 });
    // One object changed locally after the first run: the resumed run copies it again.
    files["songs/s0/song.mp3"] = bytes(300, 99);
    writeFileSync(path.join(root, "songs/s0/song.mp3"), files["songs/s0/song.mp3"]);
    const resumed = await migrateMedia(root, bucket);
    expect(resumed).toMatchObject({ copied: 4, skipped: 1 });
    expect(await migrateMedia(root, bucket)).toMatchObject({ copied: 0, skipped: 5 });
    for (const [key, body] of Object.entries(files)) expect(Buffer.from((await bucket.get(key))!)).toEqual(Buffer.from(body));
    expect(await bucket.stat("songs/s0/song.mp3.ab12.partial")).toBeNull();
  });
});
