// TEST STAND-IN for an S3-compatible object store: s3rver (from the npm registry) keeps buckets in a
// temporary folder and speaks enough of the S3 API for the SDK (put, get, ranged get, head, delete,
// multipart). Tests and the multi-process test point S3Storage at it; production points at a real store.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** s3rver's fixed credentials: it checks signatures against these. */
export const STANDIN_ACCESS_KEY = "S3RVER";
export const STANDIN_SECRET_KEY = "S3RVER";

export interface S3StandIn {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The environment a Songloom process needs to use this bucket (S3_* in env.server.ts). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startS3StandIn(bucket = "songloom-test"): Promise<S3StandIn> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "songloom-s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    accessKeyId: STANDIN_ACCESS_KEY,
    secretAccessKey: STANDIN_SECRET_KEY,
    env: { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: STANDIN_ACCESS_KEY, S3_SECRET_ACCESS_KEY: STANDIN_SECRET_KEY },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
