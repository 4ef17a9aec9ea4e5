// Protected lyrics (drizzle/schema/vocals.ts protected_lyrics): texts staff add so generated vocals never sing
// them (copyright_check_error, generative-vocals-rules.ts). Listed, added and removed on /admin/protected_lyrics.
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { protectedLyrics } from "../../../drizzle/schema/vocals";
import { db } from "~/server/db.server";
import { typedText } from "~/utils/input-schemas";

export const ProtectedLyricsSchema = z.object({
  title: typedText().trim().min(1, "Give the song's title.").max(200, "Keep the title to 200 characters."),
  artist: typedText().trim().min(1, "Give the artist.").max(200, "Keep the artist to 200 characters."),
  text: typedText().trim().min(1, "Paste the lyrics.").max(20_000, "Keep the lyrics to 20,000 characters."),
});
export type ProtectedLyricsInput = z.infer<typeof ProtectedLyricsSchema>;

export function listProtectedLyrics() {
  return db.select().from(protectedLyrics).orderBy(desc(protectedLyrics.createdAt));
}

export async function addProtectedLyrics(input: ProtectedLyricsInput, addedBy: string): Promise<void> {
  await db.insert(protectedLyrics).values({ ...input, addedBy });
}

export async function removeProtectedLyrics(id: string): Promise<void> {
  await db.delete(protectedLyrics).where(eq(protectedLyrics.id, id));
}
