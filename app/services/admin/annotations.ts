// Staff notes on a user (the annotations view): who wrote what, when. Adding and removing are audited.
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { userAnnotations } from "#drizzle/schema/admin";
import { users } from "#drizzle/schema/auth";
import type { Db, Tx } from "~/server/db.server";
import { recordAdminAction } from "./audit";
import { AdminActionError } from "./errors";

export const AnnotationBodySchema = z
  .string({ message: "Write a note." })
  .trim()
  .min(1, { message: "Write a note." })
  .max(2000, { message: "Use at most 2000 characters." })
  .regex(/^[^\u0000]*$/, { message: "Contains a character that is not allowed." });

export function listAnnotations(db: Db | Tx, userId: string) {
  return db
    .select({ id: userAnnotations.id, body: userAnnotations.body, createdAt: userAnnotations.createdAt, authorId: userAnnotations.authorId, authorEmail: users.email, authorName: users.displayName })
    .from(userAnnotations)
    .leftJoin(users, eq(users.id, userAnnotations.authorId))
    .where(eq(userAnnotations.userId, userId))
    .orderBy(desc(userAnnotations.createdAt), desc(userAnnotations.id));
}

export async function addAnnotation(tx: Db | Tx, userId: string, body: string, authorId: string): Promise<string> {
  const [target] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!target) throw new AdminActionError(404, "not_found", "No such user.");
  const [row] = await tx.insert(userAnnotations).values({ userId, body, authorId }).returning({ id: userAnnotations.id });
  await recordAdminAction(tx, { actorId: authorId, action: "annotation_added", targetType: "user", targetId: userId, before: null, after: { annotationId: row.id, body } });
  return row.id;
}

/** Removes a note; only its author or an admin with user:admin may (`mayRemoveAny`). */
export async function removeAnnotation(tx: Db | Tx, userId: string, annotationId: string, actorId: string, mayRemoveAny: boolean): Promise<void> {
  const [row] = await tx.select().from(userAnnotations).where(and(eq(userAnnotations.id, annotationId), eq(userAnnotations.userId, userId)));
  if (!row) throw new AdminActionError(404, "not_found", "No such note.");
  if (row.authorId !== actorId && !mayRemoveAny) throw new AdminActionError(403, "forbidden", "Only the note's author or a user admin may remove it.");
  await tx.delete(userAnnotations).where(eq(userAnnotations.id, annotationId));
  await recordAdminAction(tx, { actorId, action: "annotation_removed", targetType: "user", targetId: userId, before: { annotationId, body: row.body }, after: null });
}
