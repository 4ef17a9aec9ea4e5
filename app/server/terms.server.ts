// Terms and their acceptance (spec 3 §4): acceptance of the current terms of use is enforced only while
// the terms_of_use_enforce_for_all_users flag is on. users.terms_of_use_status is the user's standing
// against the current version (publishing a new one resets everyone to PENDING); terms_acceptances keeps
// who accepted which version when.
import { desc, eq } from "drizzle-orm";
import { terms, termsAcceptances, type Terms } from "../../drizzle/schema/access";
import { users } from "../../drizzle/schema/auth";
import type { SessionUser } from "~/models/user.server";
import { db, type Db, type Tx } from "./db.server";
import { isFlagActive } from "./flags.server";
import { isPossibleId } from "~/utils/input-schemas";

export const TERMS_TYPES = ["terms_of_use", "privacy_policy"] as const;
export type TermsType = (typeof TERMS_TYPES)[number];

export const TERMS_ENFORCEMENT_FLAG = "terms_of_use_enforce_for_all_users";

/** The highest published version of a type, or null when none is published yet. */
export async function getCurrentTerms(type: TermsType, tx: Db | Tx = db): Promise<Terms | null> {
  const [row] = await tx.select().from(terms).where(eq(terms.type, type)).orderBy(desc(terms.version)).limit(1);
  return row ?? null;
}

/** Publishes the next version. A new terms of use must be accepted again by everyone. */
export async function publishTerms(tx: Db | Tx, type: TermsType, body: string): Promise<Terms> {
  const current = await getCurrentTerms(type, tx);
  const [row] = await tx
    .insert(terms)
    .values({ type, version: (current?.version ?? 0) + 1, body })
    .returning();
  if (type === "terms_of_use") await tx.update(users).set({ termsOfUseStatus: "PENDING" });
  return row;
}

export async function needsTermsAcceptance(user: Pick<SessionUser, "termsOfUseStatus">): Promise<boolean> {
  if (user.termsOfUseStatus === "ACCEPTED") return false;
  return (await isFlagActive(TERMS_ENFORCEMENT_FLAG)) && (await getCurrentTerms("terms_of_use")) !== null;
}

/** What the terms dialog shows (app/components/terms-dialog.tsx), or null when nothing must be accepted. */
export interface TermsDialogData {
  termsId: string;
  version: number;
  body: string;
}

export async function getTermsDialog(user: SessionUser | null): Promise<TermsDialogData | null> {
  if (!user || !(await needsTermsAcceptance(user))) return null;
  const current = await getCurrentTerms("terms_of_use");
  return current && { termsId: current.id, version: current.version, body: current.body };
}

export class StaleTermsError extends Error {
  constructor() {
    super("These terms have been replaced by a newer version. Please read and accept the current terms.");
  }
}

/** No published terms have this id. A kind of stale terms: the dialog answers both by showing the current ones. */
export class UnknownTermsError extends StaleTermsError {
  constructor() {
    super();
    this.message = "There are no terms with this id.";
  }
}

/**
 * Records acceptance of the current version of a type of terms (the dialog's terms of use, or through
 * POST /api/user/terms/accept any type). Accepting an older version is refused. Only the terms of use
 * change the user's termsOfUseStatus.
 */
export async function acceptTerms(userId: string, termsId: string): Promise<Terms> {
  return db.transaction(async (tx) => {
    const [asked] = isPossibleId(termsId) ? await tx.select().from(terms).where(eq(terms.id, termsId)) : [];
    if (!asked || !isTermsType(asked.type)) throw new UnknownTermsError();
    const current = await getCurrentTerms(asked.type, tx);
    if (!current || current.id !== asked.id) throw new StaleTermsError();
    await tx.insert(termsAcceptances).values({ userId, termsId }).onConflictDoNothing();
    if (asked.type === "terms_of_use") await tx.update(users).set({ termsOfUseStatus: "ACCEPTED" }).where(eq(users.id, userId));
    return asked;
  });
}

export function isTermsType(value: string): value is TermsType {
  return (TERMS_TYPES as readonly string[]).includes(value);
}
