// Where each store's SFTP drop is (docs/distribution.md "Configuring a real store"). Connections are
// secrets, so they live in the JSON file named by DISTRIBUTION_STORES_FILE, not in the repo:
//
//   { "stores": { "spotify": { "host": "sftp.example", "port": 22, "username": "songloom",
//                              "privateKeyFile": "/run/secrets/spotify_ed25519", "root": "/inbound",
//                              "hostKeySha256": "base64 fingerprint", "dpid": "PADPIDA…" } } }
//
// With no file every store is a local store (local-stores.server.ts): same delivery code, the endpoint is
// an SFTP server inside this process writing to DATA_DIR/stores/<store>/. Never in production: there, no
// file means no store, and approved releases wait (a stand-in must not make a release look live).
import { readFileSync } from "node:fs";
import { z } from "zod";
import { env } from "~/server/env.server";
import { localStoreDpid } from "./ftp-acknowledgement.server";
import { getLocalStores } from "./local-stores.server";
import { findStore } from "./stores";

export interface StoreConnection {
  host: string;
  port: number;
  username: string;
  privateKey: string;
  /** The store's drop folder on its server; batches go under it. */
  root: string;
  /** When set, the server's host key must have this SHA-256 fingerprint (base64, as ssh-keygen -l prints it). */
  hostKeySha256?: string;
  /** The store's DDEX Party Id, the message's recipient. */
  dpid: string;
  /** A local store: messages are marked TestMessage. */
  local: boolean;
}

const ConnectionFile = z.object({
  stores: z.record(
    z.string(),
    z.object({
      host: z.string().min(1),
      port: z.number().int().min(1).max(65_535).default(22),
      username: z.string().min(1),
      privateKeyFile: z.string().min(1),
      root: z.string().default("/"),
      hostKeySha256: z.string().optional(),
      dpid: z.string().regex(/^PADPIDA[a-zA-Z0-9]+$/, "a DDEX Party Id (PADPIDA…)"),
    }),
  ),
});

let configured: Map<string, StoreConnection> | null | undefined;

/** The configured stores, or null when none are (local stores). Read once per process. */
export function configuredStores(): Map<string, StoreConnection> | null {
  if (configured !== undefined) return configured;
  if (!env.DISTRIBUTION_STORES_FILE) return (configured = null);
  const parsed = ConnectionFile.safeParse(JSON.parse(readFileSync(env.DISTRIBUTION_STORES_FILE, "utf8")));
  if (!parsed.success) throw new Error(`DISTRIBUTION_STORES_FILE: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`);
  configured = new Map();
  for (const [storeId, entry] of Object.entries(parsed.data.stores)) {
    if (!findStore(storeId)) throw new Error(`DISTRIBUTION_STORES_FILE: unknown store "${storeId}" (see app/services/distribution/stores.ts)`);
    const { privateKeyFile, ...rest } = entry;
    configured.set(storeId, { ...rest, privateKey: readFileSync(privateKeyFile, "utf8"), local: false });
  }
  return configured;
}

/** Whether deliveries go to the local stores: no store configured, outside production. */
export function usingLocalStores(): boolean {
  return configuredStores() === null && env.NODE_ENV !== "production";
}

/** Whether `storeId` can be delivered to: configured, or every store when the local stores stand in. */
export function isDeliverable(storeId: string): boolean {
  const stores = configuredStores();
  if (stores) return stores.has(storeId);
  return usingLocalStores() && findStore(storeId) !== undefined;
}

/** How to reach `storeId`; starts the local stores on first use when no store is configured. */
export async function storeConnection(storeId: string): Promise<StoreConnection> {
  const stores = configuredStores();
  if (stores) {
    const connection = stores.get(storeId);
    if (!connection) throw new Error(`Store ${storeId} is not configured in DISTRIBUTION_STORES_FILE`);
    return connection;
  }
  if (!usingLocalStores()) throw new Error("No store is configured: set DISTRIBUTION_STORES_FILE (docs/distribution.md)");
  const local = await getLocalStores();
  return {
    host: "127.0.0.1",
    port: local.port,
    username: storeId,
    privateKey: local.clientKey,
    root: "/",
    // A placeholder recipient: local stores are not DDEX parties.
    dpid: localStoreDpid(storeId),
    local: true,
  };
}

/** Tests: forget the parsed configuration so a changed environment is read again. */
export function resetStoreConfiguration(): void {
  configured = undefined;
}
