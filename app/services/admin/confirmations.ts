// Confirmation tokens (spec 3 §2: the listed admin actions "each ask for confirmation"; §7: "each need a
// prior confirmation"). The server issues a token for one admin, one action and exactly these targets and
// parameters; the action runs only with it, once, within CONFIRMATION_TTL_MINUTES. A direct POST without
// one is refused, so the confirmation step cannot be skipped by a script or a forged form.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { adminConfirmations } from "#drizzle/schema/admin";
import type { Db, Tx } from "~/server/db.server";
import type { ConfirmedAction } from "./confirmed-actions";
import { AdminActionError } from "./errors";

export const CONFIRMATION_TTL_MINUTES = 10;

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

/** Params as stored and compared: string values with sorted keys. */
function canonicalParams(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.keys(params).sort().map((key) => [key, String(params[key])]));
}

export interface ConfirmationRequest {
  actorId: string;
  /**
   * A user action, or an action on other rows: the bulk delete of restricted artist names and bulk release
   * decisions (their ids), a staff takedown (the release), a decision on a held withdrawal (the withdrawal)
   * or a reset of a staff member's second factor (them).
   */
  action:
    | ConfirmedAction
    | "restricted_artist_names.delete"
    | "release.bulk_approve"
    | "release.bulk_reject"
    | "release.takedown"
    | "withdrawal.approve"
    | "withdrawal.reject"
    | "second_factor.reset";
  /** Sorted, distinct target ids. */
  targets: string[];
  params: Record<string, string>;
}

export async function issueConfirmation(db: Db | Tx, request: ConfirmationRequest): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const [row] = await db
    .insert(adminConfirmations)
    .values({
      tokenHash: hash(token),
      actorId: request.actorId,
      action: request.action,
      targets: request.targets,
      params: canonicalParams(request.params),
      expiresAt: sql`now() + make_interval(mins => ${CONFIRMATION_TTL_MINUTES})`,
    })
    .returning({ expiresAt: adminConfirmations.expiresAt });
  return { token, expiresAt: row.expiresAt };
}

/**
 * Uses the token up, or throws 428 confirmation_required. It must have been issued to this admin for
 * this action, targets and params; atomic, so two requests with one token cannot both pass.
 */
export async function consumeConfirmation(tx: Db | Tx, token: string | undefined | null, request: ConfirmationRequest): Promise<void> {
  if (!token) throw new AdminActionError(428, "confirmation_required", "This action needs a confirmation first.");
  const [row] = await tx
    .update(adminConfirmations)
    .set({ usedAt: sql`now()` })
    .where(and(eq(adminConfirmations.tokenHash, hash(token)), sql`${adminConfirmations.usedAt} is null`, sql`${adminConfirmations.expiresAt} > now()`))
    .returning();
  const matches =
    row &&
    row.actorId === request.actorId &&
    row.action === request.action &&
    JSON.stringify(row.targets) === JSON.stringify(request.targets) &&
    JSON.stringify(row.params) === JSON.stringify(canonicalParams(request.params));
  if (!matches) {
    // Thrown inside the caller's transaction, which rolls the update back: a token used for the wrong
    // action is not spent, it just does not work for this one.
    throw new AdminActionError(428, "confirmation_required", "The confirmation is missing, used, expired or was for another action. Confirm again.");
  }
}
