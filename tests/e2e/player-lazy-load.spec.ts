// Spec 1 §4/§9: the player lazy-loads a list's next page when it is 4 songs from the end. Twelve saved songs
// (rows only: the test is about the queue, not the sound), ten to a library page.
import { expect, test } from "@playwright/test";
import { eq } from "drizzle-orm";
import { songs } from "#drizzle/schema/index";
import { insertSavedSong } from "../support/releases";
import { e2eDb, signedInUser, useCookies } from "./support/auth";

test("playing from the library asks for the next page when 4 songs remain, and queues it", async ({ page, context, baseURL }) => {
  const { user, cookie } = await signedInUser();
  for (let index = 0; index < 12; index += 1) {
    const songId = await insertSavedSong(e2eDb(), user.id, { name: `Lazy ${index + 1}` });
    const key = `songs/${songId}/1/song`;
    await e2eDb().update(songs).set({ media: { mp3: `${key}.mp3`, wav: `${key}.wav`, midi: `${key}.mid`, peaks: `${key}.json`, description: `${key}.desc.json` } }).where(eq(songs.id, songId));
  }
  await useCookies(context, cookie, baseURL!);
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/search/songs")) asked.push(request.url());
  });
  await page.goto("/library?itemsPerPage=10");
  const cards = page.getByRole("list", { name: "Saved songs" }).getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2 }) });
  await expect(cards).toHaveCount(10);
  const fifth = cards.nth(4);
  const fifthTitle = (await fifth.getByRole("heading", { level: 2 }).textContent())!;
  await fifth.getByRole("button", { name: `Play ${fifthTitle}` }).click();

  const bar = page.getByRole("region", { name: "Player" });
  await expect(bar).toContainText(fifthTitle);
  // Five songs follow the fifth of ten: not yet.
  await page.waitForTimeout(500);
  expect(asked).toEqual([]);

  // One more, and four remain: the next page is asked for.
  const nextPage = page.waitForResponse((response) => response.url().includes("/api/search/songs") && response.url().includes("page=2"));
  await bar.getByRole("button", { name: "Play next song" }).click();
  const answer = await nextPage;
  expect(answer.status()).toBe(200);
  expect(new URL(answer.url()).searchParams.get("perPage")).toBe("10");
  expect((await answer.json()).songs).toHaveLength(2);

  // The page's last four and the next page's two play on: six more "next"s, then the end.
  for (let step = 0; step < 6; step += 1) await bar.getByRole("button", { name: "Play next song" }).click();
  await expect(bar.getByRole("button", { name: "Play next song" })).toBeDisabled();
  expect(asked).toHaveLength(1);
});
