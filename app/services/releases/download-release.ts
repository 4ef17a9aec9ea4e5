// GET /api/release/{id}/download (spec 2 §7): the release as a zip, streamed as it is built: each track's
// WAV, the full-size cover and a metadata sheet (release.txt). Entries are stored, not deflated: WAV and
// JPEG barely shrink, and storing costs no CPU. A WAV is a WAV download, so the plan must include them.
import { Zip, ZipPassThrough } from "fflate";
import { inArray } from "drizzle-orm";
import { songs } from "../../../drizzle/schema/songs";
import { findLanguage } from "~/content/release-languages";
import { db } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { getUserPlan } from "~/server/plans.server";
import { getStorage } from "~/server/storage.server";
import { formatRefusal } from "~/services/songs/downloads.server";
import { explicitLabel } from "~/utils/release-display";
import { coverArtById, releaseView } from "./release-view";
import type { Release } from "../../../drizzle/schema/releases";

function safeName(name: string): string {
  return name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, "").trim().slice(0, 80) || "Untitled";
}

export interface ReleaseDownload {
  filename: string;
  stream: ReadableStream<Uint8Array>;
}

export async function downloadRelease(user: { id: string }, release: Release): Promise<ReleaseDownload> {
  const refusal = formatRefusal(await getUserPlan(user), "wav");
  if (refusal) throw new ApiError(403, "plan_required", refusal);
  const view = await releaseView(release);
  if (view.songs.length === 0) throw new ApiError(409, "no_songs", "This release has no songs to download yet.");
  const storage = getStorage();
  const rows = await db.select({ id: songs.id, media: songs.media }).from(songs).where(inArray(songs.id, view.songIds));
  const wavs = new Map(rows.map((row) => [row.id, row.media?.wav ?? null]));
  const entries: { name: string; key: string }[] = [];
  for (const track of view.songs) {
    const key = wavs.get(track.id);
    if (!key || !(await storage.stat(key))) throw new ApiError(409, "wav_missing", `The WAV of "${track.songName}" is not available. Export it from the song's page first.`);
    entries.push({ name: `${String(track.position).padStart(2, "0")} ${safeName(track.unnamed ? "Untitled" : track.songName)}.wav`, key });
  }
  const art = release.coverArtId ? (await coverArtById([release.coverArtId])).get(release.coverArtId) : undefined;
  if (art && (await storage.stat(art.sizes.full))) entries.push({ name: `cover.${art.sizes.full.endsWith(".png") ? "png" : "jpg"}`, key: art.sizes.full });
  const sheet = [
    `Title: ${view.title}`,
    `Artist: ${view.artistName}`,
    `Genre: ${view.genreName}`,
    `Language: ${view.language ? (findLanguage(view.language)?.name ?? view.language) : "None"}`,
    `Lyrics: ${explicitLabel(view.explicit)}`,
    `Status: ${view.statusLabel}`,
    ...(view.label ? [`Label: ${view.label}`] : []),
    ...(release.upc ? [`UPC: ${release.upc}`] : []),
    ...(view.coverArtCreditName ? [`Cover art: ${view.coverArtCreditName}${view.coverArtCreditUrl ? ` (${view.coverArtCreditUrl})` : ""}`] : []),
    "",
    "Tracks:",
    ...view.songs.map((track) => `${track.position}. ${track.unnamed ? "Untitled" : track.songName}${track.durationSeconds ? ` (${Math.round(track.durationSeconds)} s)` : ""}${track.isrc ? ` ISRC ${track.isrc}` : ""}`),
    "",
  ].join("\n");

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const zip = new Zip((error, chunk, final) => {
        if (error) controller.error(error);
        else {
          controller.enqueue(chunk);
          if (final) controller.close();
        }
      });
      try {
        const info = new ZipPassThrough("release.txt");
        zip.add(info);
        info.push(new TextEncoder().encode(sheet), true);
        for (const entry of entries) {
          const file = new ZipPassThrough(entry.name);
          zip.add(file);
          const reader = storage.createReadStream(entry.key).getReader();
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            file.push(value);
          }
          file.push(new Uint8Array(0), true);
        }
        zip.end();
      } catch (error) {
        controller.error(error);
      }
    },
  });
  return { filename: `${safeName(`${view.artistName} - ${view.title}`)}.zip`, stream };
}
