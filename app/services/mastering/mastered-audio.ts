// What plays and downloads: a song's master while it is of the version the song plays now (master >
// the song's own mix, with its vocal > the instrumental). Read by the media route and downloads.
import type { Song } from "../../../drizzle/schema/songs";
import { findMasteringFile, isMasterInSync, masterMetadata } from "./files";

export async function masteredFiles(song: Pick<Song, "id" | "version" | "masteredAt">): Promise<{ mp3: string; wav: string } | null> {
  // Only songs ever mastered have a master: the others skip the query.
  if (!song.masteredAt) return null;
  const master = await findMasteringFile(song.id, "dolby_master");
  if (!master || !isMasterInSync(song, master)) return null;
  const { mp3Key, wavKey } = masterMetadata(master);
  return mp3Key && wavKey ? { mp3: mp3Key, wav: wavKey } : null;
}
