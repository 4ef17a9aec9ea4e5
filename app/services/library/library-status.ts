// What the library reports about the user (spec 2 §7): the song limit and which songs it unlocks
// (GET /user/songs/limit) and the onboarding steps (GET /user/onboarding).
import { and, count, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import { userOnboarding } from "../../../drizzle/schema/onboarding";
import { releases } from "../../../drizzle/schema/releases";
import { songDownloads, songs } from "../../../drizzle/schema/songs";
import { db } from "~/server/db.server";
import { getUserPlan } from "~/server/plans.server";
import { FORMAT_RULES, monthStartUtc } from "~/services/songs/downloads.server";
import type { DownloadFormat } from "../../../drizzle/schema/songs";

const WAV_COUNTED = (Object.keys(FORMAT_RULES) as DownloadFormat[]).filter((format) => FORMAT_RULES[format].countsAsWav);

export interface SongLimitAnswer {
  limit: number | null;
  limit_enforced: boolean;
  remaining_monthly_downloads: number;
  /** Saved songs that are not locked (the earliest saved, up to the limit). */
  unlocked_songs: string[];
}

export async function songLimit(user: { id: string }, now = new Date()): Promise<SongLimitAnswer> {
  const { limits } = await getUserPlan(user);
  const unlocked = await db
    .select({ id: songs.id })
    .from(songs)
    .where(and(eq(songs.userId, user.id), eq(songs.saved, true), eq(songs.locked, false)))
    .orderBy(songs.savedAt, songs.id);
  const [used] = await db
    .select({ used: count() })
    .from(songDownloads)
    .where(and(eq(songDownloads.userId, user.id), inArray(songDownloads.format, WAV_COUNTED), gte(songDownloads.createdAt, monthStartUtc(now))));
  return {
    limit: limits.songLimit,
    limit_enforced: limits.limitEnforced,
    remaining_monthly_downloads: Math.max(0, limits.monthlyWavDownloads - (used?.used ?? 0)),
    unlocked_songs: unlocked.map((row) => row.id),
  };
}

export interface OnboardingStep {
  key: "first_song" | "first_save" | "first_edit" | "first_release";
  title: string;
  href: string;
  isComplete: boolean;
}

/** Any edit of any of the user's songs (the "first edit" step): a version row exists only after an edit. */
const hasEdited = (userId: string) => sql<boolean>`exists (select 1 from song_versions as v join songs as s on s.id = v.song_id where s.user_id = ${userId})`;
const tourDismissed = (userId: string) => sql<boolean>`exists (select 1 from ${userOnboarding} where ${userOnboarding.userId} = ${userId} and ${userOnboarding.editorTourDismissedAt} is not null)`;

/**
 * The editor tour (docs/edit-flow.md) is offered on the edit page until the user's editing step is done:
 * while none of their songs has been edited yet, unless they hid it. The user is in the editor once a song
 * exists, so "create your first song" is always complete there; the edit step is the one the tour helps with.
 */
export async function editorTourOffered(user: { id: string }): Promise<boolean> {
  const [row] = await db.select({ offered: sql<boolean>`not ${hasEdited(user.id)} and not ${tourDismissed(user.id)}` }).from(sql`(select 1) as one`);
  return row?.offered ?? false;
}

/** Hides the editor tour for good (every device); idempotent. */
export async function dismissEditorTour(user: { id: string }): Promise<void> {
  await db
    .insert(userOnboarding)
    .values({ userId: user.id, editorTourDismissedAt: new Date() })
    .onConflictDoUpdate({ target: userOnboarding.userId, set: { editorTourDismissedAt: sql`coalesce(${userOnboarding.editorTourDismissedAt}, now())` } });
}

/** The steps a new user completes, in order, and whether the editor tour is offered (editorTourOffered). */
export async function onboardingSteps(user: { id: string }): Promise<{ steps: OnboardingStep[]; editorTour: boolean }> {
  const [row] = await db
    .select({
      songs: sql<number>`(select count(*) from ${songs} where ${songs.userId} = ${user.id})::int`,
      saved: sql<number>`(select count(*) from ${songs} where ${songs.userId} = ${user.id} and ${songs.saved})::int`,
      edited: hasEdited(user.id),
      tourDismissed: tourDismissed(user.id),
    })
    .from(sql`(select 1) as one`);
  const [released] = await db
    .select({ count: count() })
    .from(releases)
    .where(and(eq(releases.userId, user.id), isNotNull(releases.submittedAt)));
  const steps: OnboardingStep[] = [
    { key: "first_song", title: "Create your first song", href: "/create", isComplete: (row?.songs ?? 0) > 0 },
    { key: "first_save", title: "Save a song to your library", href: "/create", isComplete: (row?.saved ?? 0) > 0 },
    { key: "first_edit", title: "Edit a song (instruments, notes or arrangement)", href: "/edit", isComplete: row?.edited ?? false },
    { key: "first_release", title: "Submit your first release", href: "/release/create", isComplete: (released?.count ?? 0) > 0 },
  ];
  return { steps, editorTour: !(row?.edited ?? false) && !(row?.tourDismissed ?? false) };
}
