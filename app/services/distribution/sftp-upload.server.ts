// Uploading one batch to a store's SFTP drop with ssh2-sftp-client (issue 18 §4): the resources, then the
// message, then the completion marker that tells the store the batch is whole.
//
// Resumable: each file goes up as `<name>.part` and is renamed once complete, so a file under its final
// name is always whole. After a crash the retry finds the batch folder (its name is kept in the delivery
// row), skips every file already there at its full size and uploads only the rest; the marker goes last,
// once. At most MAX_PARALLEL_UPLOADS batches upload at once per process, whatever calls this.
import { connect as netConnect, type Socket } from "node:net";
import SftpClient from "ssh2-sftp-client";
import type { StoreConnection } from "./config.server";
import { hostKeyFingerprint } from "./host-key";

export const MAX_PARALLEL_UPLOADS = 4;

export interface BatchFile {
  /** Path inside the batch folder. */
  name: string;
  size: number;
  /**
   * The file's bytes. Whole files (a few tens of MB at most) rather than streams: the SFTP client sends
   * one buffer as many pipelined writes, a stream as one small write at a time, each waiting for its reply.
   */
  read(): Promise<Buffer>;
}

export interface UploadHooks {
  /** Called after each file is complete on the server (tests crash the upload here). */
  afterFile?(name: string): Promise<void> | void;
}

// A small counting semaphore: the queue's concurrency bounds one worker's jobs, this bounds uploads
// however they are started (jobs, the bench, tests).
let active = 0;
let peak = 0;
const waiting: Array<() => void> = [];

async function acquire(): Promise<void> {
  if (active >= MAX_PARALLEL_UPLOADS) await new Promise<void>((resolve) => waiting.push(resolve));
  active += 1;
  peak = Math.max(peak, active);
}

function release(): void {
  active -= 1;
  waiting.shift()?.();
}

/** The most uploads that ran at once since the last reset (the bench reports it). */
export function uploadConcurrency(): { active: number; peak: number; resetPeak(): void } {
  return { active, peak, resetPeak: () => void (peak = active) };
}

export function marker(batch: string): string {
  return `BatchComplete_${batch}.xml`;
}

async function connect(connection: StoreConnection): Promise<SftpClient> {
  // Our own socket, with Nagle off: a batch is many small SFTP requests in a row, and each would otherwise
  // wait on the server's delayed ACK.
  const sock = await new Promise<Socket>((resolve, reject) => {
    const socket = netConnect({ host: connection.host, port: connection.port, noDelay: true, timeout: 20_000 });
    socket.once("connect", () => {
      socket.setTimeout(0);
      resolve(socket);
    });
    socket.once("timeout", () => socket.destroy(new Error(`Timed out connecting to ${connection.host}:${connection.port}`)));
    socket.once("error", reject);
  });
  const client = new SftpClient("songloom-delivery");
  await client.connect({
    sock,
    host: connection.host,
    port: connection.port,
    username: connection.username,
    privateKey: connection.privateKey,
    readyTimeout: 20_000,
    ...(connection.hostKeySha256 && { hostVerifier: (key: Buffer) => hostKeyFingerprint(key) === connection.hostKeySha256 }),
  });
  return client;
}

const join = (...parts: string[]) => parts.join("/").replace(/\/+/g, "/");

/**
 * Uploads `files`, `message` and the marker into `folder` (under the store's root), skipping files already
 * complete there. `onUploaded` records each completed file (the delivery row's uploaded_files).
 */
export async function uploadBatch(
  connection: StoreConnection,
  input: { folder: string; batch: string; files: BatchFile[]; message: { name: string; xml: string } },
  onUploaded: (name: string) => Promise<void>,
  hooks: UploadHooks = {},
): Promise<{ uploaded: string[]; skipped: string[] }> {
  await acquire();
  const client = await connect(connection).catch((error: unknown) => {
    release();
    throw error;
  });
  const uploaded: string[] = [];
  const skipped: string[] = [];
  try {
    const base = join(connection.root, input.folder);
    const messageBytes = Buffer.from(input.message.xml, "utf8");
    const markerBody = Buffer.from(`<?xml version="1.0" encoding="utf-8"?>\n<BatchComplete batch="${input.batch}" message="${input.message.name}"/>\n`, "utf8");
    const all: BatchFile[] = [
      ...input.files,
      { name: input.message.name, size: messageBytes.length, read: async () => messageBytes },
      { name: marker(input.batch), size: markerBody.length, read: async () => markerBody },
    ];
    const folders = new Set(all.map((file) => join(base, file.name).split("/").slice(0, -1).join("/")));
    for (const folder of folders) if (!(await client.exists(folder))) await client.mkdir(folder, true);
    for (const file of all) {
      const target = join(base, file.name);
      const present = await client.exists(target);
      if (present === "-") {
        const info = await client.stat(target);
        if (info.size === file.size) {
          skipped.push(file.name);
          await onUploaded(file.name);
          continue;
        }
        await client.delete(target);
      }
      const partial = `${target}.part`;
      await client.put(await file.read(), partial);
      await client.rename(partial, target);
      uploaded.push(file.name);
      await onUploaded(file.name);
      await hooks.afterFile?.(file.name);
    }
    return { uploaded, skipped };
  } finally {
    await client.end().catch(() => undefined);
    release();
  }
}

/**
 * The store's acknowledgement file `name` in the batch folder, or null while there is none. A file larger
 * than `maxBytes` is not downloaded (body null): no acknowledgement is that big.
 */
export async function readAcknowledgement(connection: StoreConnection, folder: string, name: string, maxBytes: number): Promise<{ bytes: number; body: Buffer | null } | null> {
  const client = await connect(connection);
  try {
    const path = join(connection.root, folder, name);
    if ((await client.exists(path)) !== "-") return null;
    const { size } = await client.stat(path);
    if (size > maxBytes) return { bytes: size, body: null };
    return { bytes: size, body: (await client.get(path)) as Buffer };
  } finally {
    await client.end().catch(() => undefined);
  }
}
