// Generated cover art (spec 2 §5, §7 POST /prompt_cover_art, GET /prompt_cover_art/previous, §8 art errors):
// a one-word English keyword and an optional prompt are checked, counted against the plan's daily limit
// and queued (release.cover-art); the job draws the design (app/engine/art), renders the 3000×3000 JPEG,
// stores it in the three sizes and, when it was made for a release still being edited, puts it on it.
import { and, desc, eq, gt, sql } from "drizzle-orm";
import sharp from "sharp";
import { coverArt, generatedArt, releases, type GeneratedArt } from "../../../drizzle/schema/releases";
import { newId } from "../../../drizzle/schema/columns";
import { enqueue } from "../../../jobs/enqueue";
import { DEFAULT_GENRE, findGenre } from "~/content/release-genres";
import type { PlanKey } from "~/content/plans";
import { ART_SIZE, designCoverArt, isDictionaryWord, promptRefusal } from "~/engine/art";
import { db } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { getUserPlan } from "~/server/plans.server";
import { getStorage } from "~/server/storage.server";
import { ART_PROMPT_MAX } from "~/utils/release-field-limits";
import { coverArtKeys, PAGE_PIXELS, THUMBNAIL_PIXELS } from "./cover-art-upload";
import { requireOwnedRelease } from "./find-release";
import { coverArtView, type CoverArtView } from "./release-view";
import { renderCoverJpeg } from "./render-cover";
import { isEditable } from "./status";
import { clearFixedFlags } from "~/services/review/fields";

/** Images a plan may generate in any 24 hours. */
export const DAILY_ART_LIMITS: Record<PlanKey, number> = { free: 5, creator: 25, pro: 100 };

export const ART_MESSAGES = {
  obscureWord: "Sorry, there was an error processing your request. This might happen if you picked an obscure word. Try again.",
  dailyLimit: (limit: number) => `Slow down Picasso! Only ${limit} images can be generated every 24 hours`,
  contentPolicy: "This prompt violates our content policy. Please try a different one.",
  generic: "Oops, not so fast... something is awry",
  oneWord: "The keyword must be one English word.",
  promptTooLong: `The prompt can be at most ${ART_PROMPT_MAX} characters.`,
} as const;

export interface GeneratedArtView {
  id: string;
  keyword: string;
  prompt: string;
  status: "queue" | "complete" | "failed";
  error: string | null;
  releaseId: string | null;
  coverArt: CoverArtView | null;
  createdAt: string;
}

export interface ArtRequest {
  keyword: string;
  prompt?: string;
  releaseId?: string;
}

/**
 * Checks and queues a generation. Throws ApiError 400 on `keyword`/`prompt` (not one dictionary word, too
 * long, content policy), 404 (not the user's release), 429 (daily limit).
 */
export async function requestGeneratedArt(user: { id: string }, input: ArtRequest, now = new Date()): Promise<GeneratedArtView> {
  const keyword = input.keyword.trim();
  const prompt = (input.prompt ?? "").replace(/\s+/g, " ").trim();
  if (!/^\S+$/.test(keyword)) throw new ApiError(400, "invalid_input", ART_MESSAGES.oneWord, { keyword: [ART_MESSAGES.oneWord] });
  if (prompt.length > ART_PROMPT_MAX) throw new ApiError(400, "invalid_input", ART_MESSAGES.promptTooLong, { prompt: [ART_MESSAGES.promptTooLong] });
  if (promptRefusal(`${keyword} ${prompt}`)) throw new ApiError(400, "content_policy", ART_MESSAGES.contentPolicy, { prompt: [ART_MESSAGES.contentPolicy] });
  if (!isDictionaryWord(keyword)) throw new ApiError(400, "obscure_word", ART_MESSAGES.obscureWord, { keyword: [ART_MESSAGES.obscureWord] });
  const release = input.releaseId ? await requireOwnedRelease(user.id, input.releaseId) : null;
  const { plan } = await getUserPlan(user);
  const limit = DAILY_ART_LIMITS[plan.key];
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cover-art:${user.id}`}))`);
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(generatedArt)
      .where(and(eq(generatedArt.userId, user.id), gt(generatedArt.createdAt, new Date(now.getTime() - 24 * 3600 * 1000))));
    if ((counted?.count ?? 0) >= limit) throw new ApiError(429, "daily_limit", ART_MESSAGES.dailyLimit(limit));
    const [row] = await tx
      .insert(generatedArt)
      .values({
        userId: user.id,
        releaseId: release?.id ?? null,
        keyword: keyword.toLowerCase(),
        prompt,
        title: release?.title ?? "",
        artistName: release?.artistName ?? "",
        genre: release?.genre ?? DEFAULT_GENRE,
      })
      .returning();
    await enqueue("release.cover-art", { generatedArtId: row.id }, { tx });
    return toView(row, null);
  });
}

/** The job: draws, renders and stores the image, once (a retry of a completed one does nothing). */
export async function generateCoverArt(generatedArtId: string): Promise<void> {
  const [row] = await db.select().from(generatedArt).where(eq(generatedArt.id, generatedArtId));
  if (!row || row.status !== "queue") return;
  const mood = findGenre(row.genre)?.mood ?? "dark";
  const design = designCoverArt({ keyword: row.keyword, prompt: row.prompt, title: row.title || capitalise(row.keyword), artistName: row.artistName, mood });
  const full = await renderCoverJpeg(design.svg);
  const id = newId();
  const keys = coverArtKeys(id, "jpg", "jpg");
  const [thumbnail, page] = await Promise.all([
    sharp(full).resize(THUMBNAIL_PIXELS, THUMBNAIL_PIXELS).jpeg({ quality: 82 }).toBuffer(),
    sharp(full).resize(PAGE_PIXELS, PAGE_PIXELS).jpeg({ quality: 88 }).toBuffer(),
  ]);
  const storage = getStorage();
  await storage.put(keys.full, full);
  await storage.put(keys.page, page);
  await storage.put(keys.thumbnail, thumbnail);
  await db.transaction(async (tx) => {
    await tx.insert(coverArt).values({
      id,
      userId: row.userId,
      source: "generated",
      originalKey: keys.full,
      sizes: { thumbnail: keys.thumbnail, page: keys.page, full: keys.full },
      width: ART_SIZE,
      height: ART_SIZE,
      format: "jpeg",
      bytes: full.byteLength,
    });
    const [done] = await tx
      .update(generatedArt)
      .set({ status: "complete", coverArtId: id })
      .where(and(eq(generatedArt.id, row.id), eq(generatedArt.status, "queue")))
      .returning();
    if (done?.releaseId) {
      const [release] = await tx.select().from(releases).where(eq(releases.id, done.releaseId));
      if (release && isEditable(release.status) && !release.archivedAt) {
        await tx
          .update(releases)
          .set({ coverArtId: id, issues: clearFixedFlags(release.issues, release, { coverArtId: id }) })
          .where(eq(releases.id, release.id));
      }
    }
  });
}

export async function failGeneratedArt(generatedArtId: string): Promise<void> {
  await db
    .update(generatedArt)
    .set({ status: "failed", error: ART_MESSAGES.generic })
    .where(and(eq(generatedArt.id, generatedArtId), eq(generatedArt.status, "queue")));
}

/** The user's generations, newest first (GET /api/prompt_cover_art/previous). */
export async function previousGeneratedArt(user: { id: string }, limit = 24): Promise<GeneratedArtView[]> {
  const rows = await db
    .select({ art: generatedArt, cover: coverArt })
    .from(generatedArt)
    .leftJoin(coverArt, eq(coverArt.id, generatedArt.coverArtId))
    .where(eq(generatedArt.userId, user.id))
    .orderBy(desc(generatedArt.createdAt), desc(generatedArt.id))
    .limit(limit);
  return rows.map((row) => toView(row.art, row.cover));
}

function toView(row: GeneratedArt, cover: typeof coverArt.$inferSelect | null): GeneratedArtView {
  return {
    id: row.id,
    keyword: row.keyword,
    prompt: row.prompt,
    status: row.status,
    error: row.error,
    releaseId: row.releaseId,
    coverArt: cover ? coverArtView(cover) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
