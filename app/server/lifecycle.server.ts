// Start-up and shut-down of everything the web process owns besides HTTP:
// the database (migrated and seeded on boot) and the pg-boss queue with its in-process worker.
import { migrate, withMigrationLock } from "../../drizzle/migrate";
import { seed } from "../../drizzle/seed";
import { startBoss } from "../../jobs/boss";
import { enqueue } from "../../jobs/enqueue";
import { registerWorkers } from "../../jobs/worker";
import { getLocalStores } from "../services/distribution/local-stores.server";
import { configuredStores, usingLocalStores } from "../services/distribution/config.server";
import { previewVersion, selectedPreviewItems } from "../services/catalogue-previews/index.server";
import { listenForCacheChanges } from "./cache-bus.server";
import { getConnection } from "./db.server";
import { env } from "./env.server";
import { prepareDummyHash } from "./password.server";
import { shutdownWithDeadlines, type ShutdownOptions } from "./shutdown.server";
import { removeStaleUploads } from "./uploads.server";

export async function boot(): Promise<void> {
  const connection = getConnection();
  await withMigrationLock(connection, async () => {
    await migrate(connection);
    await seed(connection.db);
  });
  // Upload temp files a crashed process left behind; only old ones, as another process may be uploading.
  // Not worth failing start-up over: the next boot tries again.
  try {
    const removed = await removeStaleUploads();
    if (removed > 0) console.info(`Uploads: removed ${removed} temporary file(s) left by an earlier process.`);
  } catch (error) {
    console.warn("Uploads: could not remove old temporary files:", error);
  }
  // Sign-in compares unknown emails against this hash, so it must not cost extra on first use.
  await prepareDummyHash();
  // Other processes' changes to what this one caches (flags) arrive as NOTIFYs (docs/deploy.md).
  await listenForCacheChanges();
  const boss = await startBoss(connection);
  if (env.WORKER_IN_PROCESS) {
    await registerWorkers(boss);
    // No real store configured: the clearly labelled local stand-ins (docs/distribution.md) start now;
    // in production nothing stands in, and approved releases wait for a configured store.
    if (usingLocalStores()) await getLocalStores();
    else if (!configuredStores()) console.warn("Distribution: no store is configured (DISTRIBUTION_STORES_FILE); approved releases are not delivered.");
  }
  // The style and filter previews of this catalogue version: made once, in the background (a no-op job
  // when they exist). Whichever process works the queue makes them.
  if (selectedPreviewItems().length > 0) await enqueue("catalogue.previews", { version: previewVersion() });
}

/**
 * Stops HTTP (when given), the job queue and the database, each within its deadline (shutdown.server.ts).
 * True when everything finished in time.
 */
export function shutdown(options: ShutdownOptions = {}): Promise<boolean> {
  return shutdownWithDeadlines(options);
}
