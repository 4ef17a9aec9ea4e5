// Renders a pool song: song.render's work on a queue of its own (jobs/queues.ts says why).
import { renderSongs } from "./song.render";

export const handle = renderSongs("song.render-pool");
