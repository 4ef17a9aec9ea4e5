// Labs generations (spec 2 §2, §6, §7): a user with labs access lists, plays, downloads and renames the
// experimental songs Songloom Labs made for them. Without access every call is refused (403); someone
// else's generation is 404, so a caller never learns whose ids exist.
import { and, asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { labsAccess, labsGenerations, type LabsGeneration } from "../../../drizzle/schema/labs";
import { UNNAMED_SONG } from "~/models/song.server";
import { db } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { LABS_PAGE_SIZE } from "~/utils/library-paging";

export { LABS_PAGE_SIZE };

export const LABS_SORTS = ["newest", "oldest", "name"] as const;
export type LabsSort = (typeof LABS_SORTS)[number];
export const LABS_FORMATS = ["mp3", "wav"] as const;
export type LabsFormat = (typeof LABS_FORMATS)[number];

export const NO_LABS_ACCESS_MESSAGE = "Songloom Labs is not available on your account.";
export const LABS_NOT_FOUND_MESSAGE = "This Labs generation does not exist.";

export async function hasAccessToLabs(userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: labsAccess.userId }).from(labsAccess).where(eq(labsAccess.userId, userId));
  return row !== undefined;
}

export async function requireLabsAccess(user: { id: string }): Promise<void> {
  if (!(await hasAccessToLabs(user.id))) throw new ApiError(403, "no_labs_access", NO_LABS_ACCESS_MESSAGE);
}

export interface LabsGenerationView {
  id: string;
  songName: string;
  unnamed: boolean;
  artistName: string | null;
  prompt: string | null;
  durationSeconds: number | null;
  peaks: number[] | null;
  formats: LabsFormat[];
  /** Plays the MP3 (the download route, inline). */
  audioUrl: string;
  createdAt: string;
}

export function labsDownloadUrl(id: string, format: LabsFormat): string {
  return `/api/labs/generations/${id}/download?format=${format}`;
}

function view(row: LabsGeneration): LabsGenerationView {
  return {
    id: row.id,
    songName: row.songName,
    unnamed: row.songName === UNNAMED_SONG,
    artistName: row.artistName,
    prompt: row.prompt,
    durationSeconds: row.durationSeconds,
    peaks: row.wavePreview,
    formats: row.files.wav ? ["mp3", "wav"] : ["mp3"],
    audioUrl: `${labsDownloadUrl(row.id, "mp3")}&inline=1`,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface LabsQuery {
  query?: string;
  sort?: LabsSort;
  page?: number;
  perPage?: number;
}

export interface LabsPage {
  generations: LabsGenerationView[];
  total: number;
  page: number;
  perPage: number;
}

const ORDER: Record<LabsSort, SQL[]> = {
  newest: [desc(labsGenerations.createdAt), desc(labsGenerations.id)],
  oldest: [asc(labsGenerations.createdAt), asc(labsGenerations.id)],
  name: [asc(sql`lower(${labsGenerations.songName})`), desc(labsGenerations.createdAt)],
};

/** A page of the user's generations; `query` matches the name, the artist or the prompt (any case). */
export async function listLabsGenerations(user: { id: string }, options: LabsQuery = {}): Promise<LabsPage> {
  await requireLabsAccess(user);
  const { page = 1, perPage = LABS_PAGE_SIZE, sort = "newest" } = options;
  const query = options.query?.trim() ?? "";
  const pattern = `%${query.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const where = and(
    eq(labsGenerations.userId, user.id),
    query ? or(ilike(labsGenerations.songName, pattern), ilike(labsGenerations.artistName, pattern), ilike(labsGenerations.prompt, pattern)) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(labsGenerations)
      .where(where)
      .orderBy(...ORDER[sort])
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: sql<number>`count(*)::int` }).from(labsGenerations).where(where),
  ]);
  return { generations: rows.map(view), total: counted?.total ?? 0, page, perPage };
}

async function ownedGeneration(user: { id: string }, id: string): Promise<LabsGeneration> {
  await requireLabsAccess(user);
  const [row] = await db.select().from(labsGenerations).where(and(eq(labsGenerations.id, id), eq(labsGenerations.userId, user.id)));
  if (!row) throw new ApiError(404, "not_found", LABS_NOT_FOUND_MESSAGE);
  return row;
}

export interface LabsDownload {
  key: string;
  filename: string;
  contentType: string;
}

/** The storage key and file name of one of a generation's files. */
export async function labsDownload(user: { id: string }, id: string, format: LabsFormat): Promise<LabsDownload> {
  const row = await ownedGeneration(user, id);
  const key = row.files[format];
  if (!key) throw new ApiError(404, "no_such_format", `This generation has no ${format.toUpperCase()} file.`);
  const name = row.songName === UNNAMED_SONG ? "Songloom Labs generation" : row.songName;
  return { key, filename: `${name}.${format}`, contentType: format === "mp3" ? "audio/mpeg" : "audio/wav" };
}

export interface LabsRename {
  /** Blank or "New Song" leaves the generation unnamed; left out keeps the name. */
  song_name?: string;
  /** Blank clears it; left out keeps it. */
  artist_name?: string;
}

/** PUT /api/labs/generations/{id} and the library's rename form. */
export async function renameLabsGeneration(user: { id: string }, id: string, names: LabsRename): Promise<LabsGenerationView> {
  const row = await ownedGeneration(user, id);
  const changes: Partial<Pick<LabsGeneration, "songName" | "artistName">> = {};
  if (names.song_name !== undefined) changes.songName = names.song_name.trim() || UNNAMED_SONG;
  if (names.artist_name !== undefined) changes.artistName = names.artist_name.trim() || null;
  if (Object.keys(changes).length === 0) return view(row);
  const [updated] = await db
    .update(labsGenerations)
    .set(changes)
    .where(and(eq(labsGenerations.id, row.id), eq(labsGenerations.userId, user.id)))
    .returning();
  return view(updated!);
}
