// GET /media/songs/{songId}/card.png, card-square.png and card-thumb.webp: a song's current card, drawn on first request
// and then served from media storage with ETag/304. Under the versioned URL the pages print (?v= the
// card's hash) it may be kept for a year; without it, or under an old version, only as long as a public
// page. A private song's card is its owner's alone, and a 404 to anyone else.
import { mediaNotFound, storedMediaResponse } from "~/server/media-response.server";
import { CARD_SIZES, cardVersion, ensureCard, type CardShape } from "./card.server";
import { IMMUTABLE_CACHE, PUBLIC_CACHE } from "./http-cache";
import { findShareSong } from "./public-song.server";

export function cardShapeOf(file: string | undefined): CardShape | null {
  if (file === CARD_SIZES.wide.file) return "wide";
  if (file === CARD_SIZES.square.file) return "square";
  if (file === CARD_SIZES.thumb.file) return "thumb";
  return null;
}

export async function cardResponse(request: Request, songId: string, shape: CardShape, viewerId: string | null): Promise<Response> {
  const song = await findShareSong(songId, viewerId);
  if (!song) return mediaNotFound();
  const key = await ensureCard(song.id, shape, song);
  const current = new URL(request.url).searchParams.get("v") === cardVersion(song);
  const cacheControl = song.private ? "private, no-store" : current ? IMMUTABLE_CACHE : PUBLIC_CACHE;
  return storedMediaResponse(request, key, CARD_SIZES[shape].type, cacheControl);
}
