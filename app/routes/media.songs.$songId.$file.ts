// GET /media/songs/{songId}/{file}: a song's files from media storage, with HTTP range requests (seeking
// in <audio>), ETags and cache headers. Files: song.mp3 (anyone who may see the song), peaks.json (same),
// song.wav and song.mid (the owner only; download entitlements by plan come with downloads), and
// card.png and card-square.png, the PNG link-preview cards (app/services/share, docs/share.md), and
// cover.svg, a cover drawn from the song's waveform for share cards, and instrumental.mp3 (the owner only: the
// song without its vocal).
// preview.mp3 is the owner's: a song's first seconds while it is created, or with ?version=N an edit's while it renders.
// A private song is a 404 to everyone but its owner: its existence is not confirmed.
// ?version=N serves that version's files (A/B listening on the production page, docs/edit-flow.md): the
// owner may ask for any version, everyone else only for the one the song plays now.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { findVisibleSong, type Song } from "~/models/song.server";
import { getOptionalUser } from "~/server/guards.server";
import { findVersion } from "~/services/songs/edit.server";
import { masteredFiles } from "~/services/mastering/index.server";
import type { SongMedia } from "../../drizzle/schema/songs";
import { mediaNotFound, storedMediaResponse } from "~/server/media-response.server";
import { waveformPath } from "~/utils/waveform";
import { cardResponse, cardShapeOf } from "~/services/share";

const FILES = {
  "song.mp3": { media: "mp3", type: "audio/mpeg", ownerOnly: false },
  "peaks.json": { media: "peaks", type: "application/json", ownerOnly: false },
  "song.wav": { media: "wav", type: "audio/wav", ownerOnly: true },
  "song.mid": { media: "midi", type: "audio/midi", ownerOnly: true },
} as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  const cardShape = cardShapeOf(params.file);
  if (cardShape && params.songId) return cardResponse(request, params.songId, cardShape, user?.id ?? null);
  if (params.file === "cover.svg") {
    const song = params.songId ? await findVisibleSong(user?.id ?? null, params.songId) : null;
    if (!song || !song.wavePreview) return mediaNotFound();
    return new Response(coverSvg(song.songName, song.wavePreview), {
      headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": cacheControl(song) },
    });
  }
  let key: string;
  let song: Song | null;
  let type: string;
  if (params.file === "preview.mp3") {
    // The first seconds of a song still rendering (progressive playback), or with ?version=N of an edit
    // still rendering (docs/edit-flow.md): only its owner is waiting for them.
    song = params.songId ? await findVisibleSong(user?.id ?? null, params.songId) : null;
    if (!song || song.userId !== user?.id) return mediaNotFound();
    const asked = new URL(request.url).searchParams.get("version");
    const previewKey = asked === null ? song.previewKey : /^[1-9]\d{0,8}$/.test(asked) ? (await findVersion(song.id, Number(asked)))?.previewKey : null;
    if (!previewKey) return mediaNotFound();
    key = previewKey;
    type = "audio/mpeg";
  } else if (params.file === "instrumental.mp3") {
    // The song without its vocal: what a new take is recorded over (docs/vocals-flow.md). Owner only.
    song = params.songId ? await findVisibleSong(user?.id ?? null, params.songId) : null;
    if (!song || !song.media || song.userId !== user?.id) return mediaNotFound();
    key = song.media.instrumental?.mp3 ?? song.media.mp3;
    type = "audio/mpeg";
  } else {
    const file = FILES[params.file as keyof typeof FILES] as (typeof FILES)[keyof typeof FILES] | undefined;
    song = file && params.songId ? await findVisibleSong(user?.id ?? null, params.songId) : null;
    if (!file || !song || !song.media || (file.ownerOnly && song.userId !== user?.id)) return mediaNotFound();
    const asked = new URL(request.url).searchParams.get("version");
    const media = await versionMedia(song, asked, song.userId === user?.id);
    if (!media) return mediaNotFound();
    key = media[file.media];
    // The version the song plays now sounds as mastered, when it is (docs/mastering.md).
    if ((file.media === "mp3" || file.media === "wav") && media === song.media) {
      const mastered = await masteredFiles(song);
      if (mastered) key = mastered[file.media];
    }
    type = file.type;
  }
  // The instrumental is the owner's alone: never in a shared cache.
  return storedMediaResponse(request, key, type, params.file === "instrumental.mp3" ? "private, max-age=86400" : cacheControl(song));
}

/**
 * The media of the asked version: the song's own without ?version or for the current one; an earlier
 * version's from song_versions, for the owner only. Version 1 (the creation render) has no row of its
 * own: its files are the previousMedia of the edit made on it, version 2.
 */
async function versionMedia(song: Song, asked: string | null, isOwner: boolean): Promise<SongMedia | null> {
  if (asked === null) return song.media;
  if (!/^[1-9]\d{0,8}$/.test(asked)) return null;
  const version = Number(asked);
  if (version === song.version) return song.media;
  if (!isOwner) return null;
  if (version === 1) {
    const next = await findVersion(song.id, 2);
    return next?.previousVersion === 1 ? next.previousMedia : null;
  }
  const row = await findVersion(song.id, version);
  return row?.status === "complete" ? row.media : null;
}

/**
 * Public songs may sit in shared caches for a day (the files of a song never change once complete; a
 * re-render gets a new ETag). A private song is only ever sent to its owner, and kept out of caches.
 */
function cacheControl(song: Song): string {
  return song.private ? "private, no-store" : "public, max-age=86400";
}

/** A 1200x630 card (the OpenGraph size): the waveform over the brand gradient, and the song's name. */
function coverSvg(name: string, peaks: number[]): string {
  const escaped = name.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e1b4b"/><stop offset="1" stop-color="#7c3aed"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#g)"/>
<path transform="translate(100 215)" d="${waveformPath(peaks, 1000, 200)}" fill="#e9d5ff"/>
<text x="100" y="540" font-family="system-ui, sans-serif" font-size="56" font-weight="700" fill="#ffffff">${escaped}</text>
<text x="100" y="110" font-family="system-ui, sans-serif" font-size="36" fill="#c4b5fd">Songloom</text>
</svg>`;
}
