// Gets a song ready for its first edit; see prepareSongForEditing in app/services/song-edit.server.ts.
import { prepareSongForEditing } from "../../app/services/song-edit.server";
import type { JobHandler } from "../queues";

export const handle: JobHandler<"song.prepare-edit"> = async (jobs) => {
  for (const job of jobs) await prepareSongForEditing(job.data.songId);
};
