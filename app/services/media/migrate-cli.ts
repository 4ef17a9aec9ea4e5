// npm run media:migrate [-- --from <folder>]: DATA_DIR/media (or the folder given) into the bucket named by
// S3_BUCKET and the other S3_* settings (docs/deploy.md). Safe to run again: it resumes, and skips what is there.
import path from "node:path";
import { parseArgs } from "node:util";
import { env } from "~/server/env.server";
import { bucketFromEnv } from "~/server/storage.server";
import { migrateMedia } from "./migrate";

const { values } = parseArgs({ options: { from: { type: "string" } } });
const target = bucketFromEnv();
if (!target) {
  console.error("media:migrate needs S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY for a non-AWS store).");
  process.exit(1);
}
const root = path.resolve(values.from ?? path.join(env.DATA_DIR, "media"));
console.log(`Copying ${root} into s3://${env.S3_BUCKET}/${env.S3_PREFIX ?? ""}`);
let seen = 0;
const report = await migrateMedia(root, target, {
  onFile: () => {
    if (++seen % 100 === 0) console.log(`  ${seen} files`);
  },
});
console.log(`Done: ${report.copied} copied (${(report.bytesCopied / 1e6).toFixed(1)} MB), ${report.skipped} already there.`);
