// Gets a song ready for its first edit; see prepareSongForEditing in app/services/songs/edit.server.ts.
import { prepareSongForEditing } from "../../app/services/songs/edit.server";
import type { JobHandler } from "../queues";

export const handle: JobHandler<"song.prepare-edit"> = async (jobs) => {
  for (const job of jobs) await prepareSongForEditing(job.data.songId);
};
