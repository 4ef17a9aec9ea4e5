import { expect, type APIRequestContext } from "@playwright/test";

/** Songs render for real: seconds each, minutes when the suite's other renders and vocals share the queue. */
export const SONG_READY_MS = 240_000;

/** Creates one Lo-Fi song as the context's user, through the API, and waits until it is complete; its id. */
export async function createCompleteSong(api: APIRequestContext): Promise<string> {
  const created = await api.post("/api/song", { data: { style: "wd_lofi", filter: "morning_sun", songs: 1 } });
  expect(created.status()).toBe(201);
  const songId = (await created.json()).songs[0].id as string;
  await expect
    .poll(async () => (await (await api.get(`/api/song/${songId}`)).json()).song.status, { timeout: SONG_READY_MS, intervals: [1_000] })
    .toBe("complete");
  return songId;
}
