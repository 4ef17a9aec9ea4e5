// The library row's Copy button (spec 1 §7 POST /song/{id}/copy, spec 2 §4): a copy of one of the user's
// saved songs, made by the same service as the API and the edit page. A locked song is refused (it may only
// be played) and the copy counts against the plan's song limit, which answers with the limit message.
import type { Song } from "../../../drizzle/schema/songs";
import { findOwnedSong } from "~/models/song.server";
import { ApiError } from "~/server/http.server";
import { copySong } from "~/services/songs/edit.server";

export async function copyLibrarySong(user: { id: string }, songId: string): Promise<Song> {
  const song = await findOwnedSong(user.id, songId);
  if (!song || !song.saved) throw new ApiError(404, "not_found", "This song is not in your library.");
  return copySong(user, song);
}
