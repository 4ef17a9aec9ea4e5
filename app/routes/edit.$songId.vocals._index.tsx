// /edit/{songId}/vocals (spec 1 §2): the vocals of a song. Lyrics are what exists so far (the lyrics editor
// at /edit/{id}/vocals/addLyrics); until the vocal modes (a recorded or uploaded take, a sung voice) have
// pages, the Vocals tab opens the lyrics editor. A temporary redirect, so it can become a page later.
// Named `_index` so it does not become the parent layout of the vocals pages under it.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { loadSongForEditPage } from "~/services/song-edit.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { song } = await loadSongForEditPage(request, params.songId);
  return redirect(`/edit/${song.id}/vocals/addLyrics`);
}
