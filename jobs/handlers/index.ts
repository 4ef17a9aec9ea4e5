// Which queue each handler works: one file per job, named after its queue. A declared queue without an
// entry here still accepts jobs; they wait until a handler is added.
import type { HandlerRegistry } from "../queues";
import * as cataloguePreviews from "./catalogue.previews";
import * as expireRateLimits from "./housekeeping.expire-rate-limits";
import * as expireVerificationTokens from "./housekeeping.expire-verification-tokens";
import * as mediaRetention from "./housekeeping.media-retention";
import * as lyricsGenerate from "./lyrics.generate";
import * as masterFull from "./master.full";
import * as masterPreview from "./master.preview";
import * as releaseAck from "./release.ack";
import * as releaseAckSweep from "./release.ack-sweep";
import * as releaseCoverArt from "./release.cover-art";
import * as releaseDeliver from "./release.deliver";
import * as royaltiesImport from "./royalties.import";
import * as royaltiesLocalReports from "./royalties.local-reports";
import * as songCompose from "./song.compose";
import * as songPoolRefill from "./song.pool-refill";
import * as songPrepareEdit from "./song.prepare-edit";
import * as songRender from "./song.render";
import * as songRenderPool from "./song.render-pool";
import * as songRerender from "./song.rerender";
import * as songWav from "./song.wav";
import * as vocalGenerate from "./vocal.generate";
import * as webhookDeliver from "./webhook.deliver";

export const handlers: HandlerRegistry = {
  "housekeeping.expire-verification-tokens": expireVerificationTokens.handle,
  "housekeeping.expire-rate-limits": expireRateLimits.handle,
  "housekeeping.media-retention": mediaRetention.handle,
  "song.compose": songCompose.handle,
  "song.render": songRender.handle,
  "song.render-pool": songRenderPool.handle,
  "song.rerender": songRerender.handle,
  "song.prepare-edit": songPrepareEdit.handle,
  "song.pool-refill": songPoolRefill.handle,
  "song.wav": songWav.handle,
  "lyrics.generate": lyricsGenerate.handle,
  "vocal.generate": vocalGenerate.handle,
  "master.preview": masterPreview.handle,
  "master.full": masterFull.handle,
  "release.cover-art": releaseCoverArt.handle,
  "release.deliver": releaseDeliver.handle,
  "release.ack": releaseAck.handle,
  "release.ack-sweep": releaseAckSweep.handle,
  "royalties.import": royaltiesImport.handle,
  "royalties.local-reports": royaltiesLocalReports.handle,
  "catalogue.previews": cataloguePreviews.handle,
  "webhook.deliver": webhookDeliver.handle,
};
