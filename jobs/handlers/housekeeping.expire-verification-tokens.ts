// Hourly sweep: email-verification links past their expiry can never be used, so their rows go.
// A user who still wants to verify asks for a new link.
import { lt, sql } from "drizzle-orm";
import { db, type Db, type Tx } from "../../app/server/db.server";
import { emailVerificationTokens } from "../../drizzle/schema/index";
import type { JobHandler } from "../queues";

/** Deletes expired tokens (judged by the database clock, shared by every process) and returns how many. */
export async function expireVerificationTokens(database: Db | Tx = db): Promise<number> {
  const deleted = await database
    .delete(emailVerificationTokens)
    .where(lt(emailVerificationTokens.expiresAt, sql`now()`))
    .returning({ id: emailVerificationTokens.id });
  return deleted.length;
}

export const handle: JobHandler<"housekeeping.expire-verification-tokens"> = async () => {
  const count = await expireVerificationTokens();
  if (count > 0) console.info(`housekeeping: deleted ${count} expired email-verification tokens`);
};
