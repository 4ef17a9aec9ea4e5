// Tops up the filter's pool of pre-generated songs (POST /song/fetch, plain creates).
import { refillPool } from "../../app/services/songs/generate.server";
import type { JobHandler } from "../queues";

export const handle: JobHandler<"song.pool-refill"> = async (jobs) => {
  for (const job of jobs) await refillPool(job.data.filter);
};
