// Writes a song's lyrics from its prompt; see completeLyrics in app/services/lyrics/song-lyrics.server.ts.
// `lyricsId` is the song id (song_lyrics is keyed by song).
import { completeLyrics, giveUpOnLyrics } from "../../app/services/lyrics/song-lyrics.server";
import { queues, type JobHandler } from "../queues";

export const handle: JobHandler<"lyrics.generate"> = async (jobs) => {
  for (const job of jobs) {
    try {
      await completeLyrics(job.data.lyricsId);
    } catch (error) {
      if (job.retryCount >= queues["lyrics.generate"].retryLimit) await giveUpOnLyrics(job.data.lyricsId);
      throw error;
    }
  }
};
