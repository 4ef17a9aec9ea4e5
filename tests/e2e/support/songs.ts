import { expect, request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { eq } from "drizzle-orm";
import { songs, subscriptions } from "#drizzle/schema/index";
import { e2eDb, signedInUser } from "./auth";

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

/**
 * A verified user on the Creator plan (a subscription row written into the server's database) with one
 * complete song saved as "Night Drive". Allow SONG_READY_MS for it.
 */
export async function creatorWithSavedSong(baseURL: string | undefined): Promise<{ cookie: string; userId: string; songId: string }> {
  const { cookie, user } = await signedInUser();
  await e2eDb().insert(subscriptions).values({ userId: user.id, productId: 1, currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000) });
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Cookie: cookie } });
  const songId = await createCompleteSong(api);
  expect((await api.post(`/api/user/save/${songId}`, { data: {} })).status()).toBe(200);
  await api.dispose();
  await e2eDb().update(songs).set({ songName: "Night Drive" }).where(eq(songs.id, songId));
  return { cookie, userId: user.id, songId };
}
