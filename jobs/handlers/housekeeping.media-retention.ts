// Daily: removes the media of rejected, never-saved and superseded songs (app/services/media/retention.ts).
import { purgeExpiredMedia } from "../../app/services/media/retention";
import type { JobHandler } from "../queues";

export const handle: JobHandler<"housekeeping.media-retention"> = async () => {
  const removed = await purgeExpiredMedia();
  if (removed.songs + removed.versions > 0) console.info(`housekeeping: removed the media of ${removed.songs} songs and ${removed.versions} superseded versions`);
};
