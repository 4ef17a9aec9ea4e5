// LOCAL STORES, for development and tests (issue 18 §4; docs/distribution.md "Local stores"). With no
// real store configured, this process runs an SFTP server (the ssh2 package's server) on 127.0.0.1 that
// stands in for every store: store `<id>` logs in as user `<id>` and lands in DATA_DIR/stores/<id>/. When
// a batch's completion marker arrives it checks the batch as a store would (store-check.server.ts) and,
// after a short delay, writes its DDEX FtpAcknowledgementMessage into the batch's acknowledgements/. The
// delivery code talking to it is the production code; nothing here is used with real stores.
import { mkdir, open, readdir, rename, rm, stat, type FileHandle } from "node:fs/promises";
import { mkdirSync, type Stats } from "node:fs";
import path from "node:path";
import ssh2, { type Connection, type ParsedKey, type SFTPWrapper } from "ssh2";
import { env } from "~/server/env.server";
import { hostKeyFingerprint } from "./host-key";
import { acknowledgementPath, buildFtpAcknowledgement, localStoreDpid } from "./ftp-acknowledgement.server";
import { checkBatch } from "./store-check.server";
import { findStore } from "./stores";

// ssh2 is CommonJS: its named exports are only reachable through the default export under Node's ESM.
const { Server, utils } = ssh2;
const { STATUS_CODE, flagsToString } = utils.sftp;

export interface LocalStores {
  port: number;
  root: string;
  /** The private key deliveries log in with (OpenSSH format). */
  clientKey: string;
  /** The server's host key fingerprint, as a store would publish it (config hostKeySha256). */
  hostKeySha256: string;
  /** How many times each file (store/path) was completed (renamed into place): tests check "exactly once". */
  completions: Map<string, number>;
  /** Resolves when every acknowledgement scheduled so far is written. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface LocalStoresOptions {
  root?: string;
  ackDelayMs?: number;
  port?: number;
  quiet?: boolean;
}

type Handle = { kind: "file"; file: FileHandle } | { kind: "dir"; entries: string[]; dir: string; sent: boolean };

/**
 * A fresh ed25519 key pair whose keys ssh2 can read back. ssh2's generateKeyPairSync writes a public key
 * whose first byte is zero one time in about 256 as 31 bytes, which its own parser then rejects
 * ("Malformed OpenSSH public key"); such a pair is drawn again.
 */
export function ed25519KeyPair(): { keys: ReturnType<typeof utils.generateKeyPairSync>; parsed: ParsedKey } {
  for (;;) {
    const keys = utils.generateKeyPairSync("ed25519");
    const parsed = utils.parseKey(keys.public);
    if (!(parsed instanceof Error) && !(utils.parseKey(keys.private) instanceof Error)) return { keys, parsed };
  }
}

export async function startLocalStores(options: LocalStoresOptions = {}): Promise<LocalStores> {
  const root = path.resolve(options.root ?? path.join(env.DATA_DIR, "stores"));
  const ackDelayMs = options.ackDelayMs ?? env.LOCAL_STORES_ACK_DELAY_MS;
  await mkdir(root, { recursive: true });
  const { keys: hostKey, parsed: hostPublic } = ed25519KeyPair();
  const { keys: clientKeys, parsed: allowed } = ed25519KeyPair();
  const allowedBlob = allowed.getPublicSSH();
  const completions = new Map<string, number>();
  const pending = new Set<Promise<void>>();
  const connections = new Set<Connection>();

  const server = new Server({ hostKeys: [hostKey.private] }, (client) => {
    connections.add(client);
    // Small SFTP requests one after another: without this each waits on the peer's delayed ACK (~40–90 ms).
    // (ssh2's server connections have setNoDelay; @types/ssh2 does not list it.)
    (client as Connection & { setNoDelay(noDelay: boolean): void }).setNoDelay(true);
    client.on("close", () => connections.delete(client));
    let storeId = "";
    client.on("authentication", (context) => {
      if (context.method !== "publickey" || !findStore(context.username) || !context.key.data.equals(allowedBlob)) return context.reject(["publickey"]);
      if (context.signature && allowed.verify(context.blob!, context.signature, context.hashAlgo) !== true) return context.reject(["publickey"]);
      storeId = context.username;
      context.accept();
    });
    client.on("ready", () => {
      client.on("session", (acceptSession) => {
        acceptSession().on("sftp", (acceptSftp) => {
          serveSftp(acceptSftp(), path.join(root, storeId), storeId);
        });
      });
    });
    // A client that goes away mid-transfer (a crashed delivery) is normal here.
    client.on("error", () => undefined);
  });

  function serveSftp(sftp: SFTPWrapper, home: string, storeId: string): void {
    // The store's folder is its "/": it must exist before the first request looks at it.
    mkdirSync(home, { recursive: true });
    const handles = new Map<number, Handle>();
    let nextHandle = 1;
    const handleOf = (buffer: Buffer) => handles.get(buffer.readUInt32BE(0));
    const newHandle = (value: Handle) => {
      const id = nextHandle++;
      handles.set(id, value);
      const buffer = Buffer.alloc(4);
      buffer.writeUInt32BE(id);
      return buffer;
    };
    // Virtual paths are rooted at the store's folder; `..` cannot climb out of it.
    const virtual = (requested: string) => path.posix.normalize(path.posix.join("/", requested));
    const real = (requested: string) => path.join(home, virtual(requested));
    const fail = (reqid: number, error: unknown) => {
      const code = (error as NodeJS.ErrnoException).code;
      sftp.status(reqid, code === "ENOENT" ? STATUS_CODE.NO_SUCH_FILE : code === "EACCES" ? STATUS_CODE.PERMISSION_DENIED : STATUS_CODE.FAILURE);
    };
    const attrs = (info: Stats) => ({ mode: info.mode, uid: 0, gid: 0, size: info.size, atime: Math.floor(info.atimeMs / 1000), mtime: Math.floor(info.mtimeMs / 1000) });
    const run = (reqid: number, work: () => Promise<void>) => void work().catch((error) => fail(reqid, error));

    sftp.on("REALPATH", (reqid, requested) => sftp.name(reqid, [{ filename: virtual(requested), longname: virtual(requested), attrs: {} as never }]));
    const statHandler = (reqid: number, requested: string) => run(reqid, async () => sftp.attrs(reqid, attrs(await stat(real(requested)))));
    sftp.on("STAT", statHandler);
    sftp.on("LSTAT", statHandler);
    sftp.on("FSTAT", (reqid, handle) =>
      run(reqid, async () => {
        const entry = handleOf(handle);
        if (entry?.kind !== "file") return void sftp.status(reqid, STATUS_CODE.FAILURE);
        sftp.attrs(reqid, attrs(await entry.file.stat()));
      }),
    );
    sftp.on("OPEN", (reqid, filename, flags) =>
      run(reqid, async () => {
        const file = await open(real(filename), flagsToString(flags) ?? "r");
        sftp.handle(reqid, newHandle({ kind: "file", file }));
      }),
    );
    sftp.on("WRITE", (reqid, handle, offset, data) =>
      run(reqid, async () => {
        const entry = handleOf(handle);
        if (entry?.kind !== "file") return void sftp.status(reqid, STATUS_CODE.FAILURE);
        await entry.file.write(data, 0, data.length, offset);
        sftp.status(reqid, STATUS_CODE.OK);
      }),
    );
    sftp.on("READ", (reqid, handle, offset, length) =>
      run(reqid, async () => {
        const entry = handleOf(handle);
        if (entry?.kind !== "file") return void sftp.status(reqid, STATUS_CODE.FAILURE);
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await entry.file.read(buffer, 0, length, offset);
        if (bytesRead === 0) sftp.status(reqid, STATUS_CODE.EOF);
        else sftp.data(reqid, buffer.subarray(0, bytesRead));
      }),
    );
    sftp.on("CLOSE", (reqid, handle) =>
      run(reqid, async () => {
        const entry = handleOf(handle);
        handles.delete(handle.readUInt32BE(0));
        if (entry?.kind === "file") await entry.file.close();
        sftp.status(reqid, STATUS_CODE.OK);
      }),
    );
    sftp.on("OPENDIR", (reqid, requested) =>
      run(reqid, async () => {
        const dir = real(requested);
        sftp.handle(reqid, newHandle({ kind: "dir", dir, entries: await readdir(dir), sent: false }));
      }),
    );
    sftp.on("READDIR", (reqid, handle) =>
      run(reqid, async () => {
        const entry = handleOf(handle);
        if (entry?.kind !== "dir") return void sftp.status(reqid, STATUS_CODE.FAILURE);
        if (entry.sent) return void sftp.status(reqid, STATUS_CODE.EOF);
        entry.sent = true;
        const names = await Promise.all(
          entry.entries.map(async (name) => ({ filename: name, longname: name, attrs: attrs(await stat(path.join(entry.dir, name))) })),
        );
        if (names.length === 0) sftp.status(reqid, STATUS_CODE.EOF);
        else sftp.name(reqid, names as never);
      }),
    );
    sftp.on("MKDIR", (reqid, requested) => run(reqid, async () => (await mkdir(real(requested), { recursive: true }), sftp.status(reqid, STATUS_CODE.OK))));
    sftp.on("RMDIR", (reqid, requested) => run(reqid, async () => (await rm(real(requested), { recursive: true }), sftp.status(reqid, STATUS_CODE.OK))));
    sftp.on("REMOVE", (reqid, requested) => run(reqid, async () => (await rm(real(requested)), sftp.status(reqid, STATUS_CODE.OK))));
    sftp.on("SETSTAT", (reqid) => sftp.status(reqid, STATUS_CODE.OK));
    sftp.on("FSETSTAT", (reqid) => sftp.status(reqid, STATUS_CODE.OK));
    sftp.on("RENAME", (reqid, from, to) =>
      run(reqid, async () => {
        await rename(real(from), real(to));
        const key = `${storeId}${virtual(to)}`;
        completions.set(key, (completions.get(key) ?? 0) + 1);
        sftp.status(reqid, STATUS_CODE.OK);
        // The completion marker: the batch is whole, check it and answer.
        const completed = /^BatchComplete_(.+)\.xml$/.exec(path.posix.basename(to));
        if (completed) schedule(path.dirname(real(to)), storeId, completed[1]);
      }),
    );
  }

  function schedule(batchDir: string, storeId: string, batch: string): void {
    const work = new Promise<void>((resolve) => setTimeout(resolve, ackDelayMs))
      .then(() => checkBatch(batchDir))
      .then(async (check) => {
        // The store answers as a DDEX store does: an FtpAcknowledgementMessage in acknowledgements/.
        const xml = buildFtpAcknowledgement({
          sender: { dpid: localStoreDpid(storeId), name: findStore(storeId)?.name ?? storeId },
          recipient: { dpid: env.DDEX_SENDER_DPID, name: env.DDEX_SENDER_NAME },
          createdAt: new Date(),
          // The release as the batch names it (folder <stamp>_<UPC>): what the message says, else the folder's.
          releaseId: check.releaseId ?? batch.split("_")[1] ?? batch,
          date: `${batch.slice(0, 4)}-${batch.slice(4, 6)}-${batch.slice(6, 8)}`,
          fileStatus: check.fileStatus,
          errorText: check.errorText,
          ...(check.fileStatus !== "FileOK" && { proposedAction: check.fileStatus === "ResourceMissing" ? "ResendXmlAndResources" : "DoNotResendRelease", manualCheckRequired: check.fileStatus !== "ResourceMissing" }),
        });
        const target = path.join(batchDir, acknowledgementPath(batch));
        await mkdir(path.dirname(target), { recursive: true });
        const handle = await open(`${target}.tmp`, "w");
        await handle.writeFile(xml);
        await handle.close();
        await rename(`${target}.tmp`, target);
      })
      .catch((error) => console.error("Local stores: could not acknowledge", batchDir, error))
      .finally(() => pending.delete(work));
    pending.add(work);
  }

  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? env.LOCAL_STORES_PORT, "127.0.0.1", () => resolve((server.address() as { port: number }).port));
  });
  if (!options.quiet) console.log(`LOCAL STORES (development stand-ins, not real stores): SFTP on 127.0.0.1:${port}, batches in ${root}`);
  return {
    port,
    root,
    clientKey: clientKeys.private,
    hostKeySha256: hostKeyFingerprint(hostPublic.getPublicSSH()),
    completions,
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      for (const connection of connections) connection.end();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const globalStores = globalThis as typeof globalThis & { __songloomLocalStores?: Promise<LocalStores> };

/** The process's local stores, started on first use. */
export function getLocalStores(): Promise<LocalStores> {
  globalStores.__songloomLocalStores ??= startLocalStores();
  return globalStores.__songloomLocalStores;
}

/** Points the process at given local stores (tests, the bench). */
export function useLocalStores(stores: LocalStores | null): void {
  if (stores) globalStores.__songloomLocalStores = Promise.resolve(stores);
  else delete globalStores.__songloomLocalStores;
}
