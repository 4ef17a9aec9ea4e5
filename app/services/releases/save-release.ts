// Created on first save, updated after (spec 2 §4): the release form's fields. The artist name is checked
// against restricted_artist_names here, so the page and POST/PUT /api/album refuse it alike.
import { and, eq } from "drizzle-orm";
import { coverArt, releases, type Release } from "../../../drizzle/schema/releases";
import { db, type Db, type Tx } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { artistNameRefusal } from "./artist-names";
import { requireOwnedRelease } from "./find-release";
import type { ReleaseFormInput } from "./release-form";
import { isEditable, releaseStatusLabel } from "./status";
import { clearFixedFlags } from "~/services/review/fields";

export interface ReleaseFields extends ReleaseFormInput {
  /** A cover the user uploaded or generated; undefined keeps the current one. */
  coverArtId?: string | null;
}

async function checkFields(userId: string, input: ReleaseFields, database: Db | Tx): Promise<void> {
  const refusal = await artistNameRefusal(input.artistName, database);
  if (refusal) throw new ApiError(400, "invalid_input", refusal, { artistName: [refusal] });
  if (input.coverArtId) {
    const [art] = await database
      .select({ id: coverArt.id })
      .from(coverArt)
      .where(and(eq(coverArt.id, input.coverArtId), eq(coverArt.userId, userId)));
    if (!art) throw new ApiError(400, "invalid_input", "This cover art does not exist.", { coverArt: ["This cover art does not exist."] });
  }
}

export function notEditableError(status: number | null): ApiError {
  return new ApiError(409, "not_editable", `This release is ${releaseStatusLabel(status)} and can no longer be changed.`);
}

export async function createRelease(user: { id: string }, input: ReleaseFields, database: Db | Tx = db): Promise<Release> {
  await checkFields(user.id, input, database);
  const [release] = await database
    .insert(releases)
    .values({ ...input, coverArtId: input.coverArtId ?? null, userId: user.id })
    .returning();
  return release;
}

export async function updateRelease(user: { id: string }, releaseId: string, input: ReleaseFields, database: Db | Tx = db): Promise<Release> {
  const release = await requireOwnedRelease(user.id, releaseId, database);
  if (!isEditable(release.status) || release.archivedAt) throw notEditableError(release.status);
  await checkFields(user.id, input, database);
  const { coverArtId, ...fields } = input;
  const [updated] = await database
    .update(releases)
    // Fixing a field a reviewer flagged clears that flag (the release form then stops pointing at it).
    .set({ ...fields, ...(coverArtId !== undefined && { coverArtId }), issues: clearFixedFlags(release.issues, release, input) })
    .where(and(eq(releases.id, release.id), eq(releases.userId, user.id)))
    .returning();
  return updated;
}

/** Puts a cover (uploaded or generated) on the release. */
export async function setReleaseCoverArt(user: { id: string }, releaseId: string, coverArtId: string, database: Db | Tx = db): Promise<void> {
  const release = await requireOwnedRelease(user.id, releaseId, database);
  if (!isEditable(release.status) || release.archivedAt) throw notEditableError(release.status);
  const [art] = await database
    .select({ id: coverArt.id })
    .from(coverArt)
    .where(and(eq(coverArt.id, coverArtId), eq(coverArt.userId, user.id)));
  if (!art) throw new ApiError(404, "not_found", "This cover art does not exist.");
  await database
    .update(releases)
    .set({ coverArtId, issues: clearFixedFlags(release.issues, release, { coverArtId }) })
    .where(eq(releases.id, release.id));
}
