// The one way money moves: postEntry writes a journal entry and its lines in the caller's transaction.
// Lines are integer micro-dollars, debits positive and credits negative, and must sum to zero; the
// database checks the same at commit (migration 0009), so a bug elsewhere cannot unbalance the books.
// `reference` names the business event and is unique, so posting the same event twice does nothing.
import { eq } from "drizzle-orm";
import { journalEntries, journalLines } from "../../../drizzle/schema/money";
import type { Tx } from "~/server/db.server";
import { accountId, type AccountRef } from "./accounts.server";

export const MICROS_PER_CENT = 10_000;

export type EntryCategory = "royalty" | "membership" | "purchase" | "withdrawal" | "adjustment";

export interface EntryLine {
  account: AccountRef;
  /** Micro-dollars; positive is a debit, negative a credit. */
  amountMicros: number;
}

export interface NewEntry {
  reference: string;
  description: string;
  category: EntryCategory;
  userId?: string | null;
  lines: EntryLine[];
}

export class UnbalancedEntryError extends Error {}

/**
 * Posts the entry; false when an entry with this reference already exists (nothing is written).
 * `accountIds` caches account ids across many entries (a royalty import posts thousands).
 */
export async function postEntry(tx: Tx, entry: NewEntry, accountIds?: Map<string, string>): Promise<{ posted: boolean; entryId: string }> {
  const lines = entry.lines.filter((line) => line.amountMicros !== 0);
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amountMicros)) throw new UnbalancedEntryError(`${entry.reference}: amounts are whole micro-dollars, got ${line.amountMicros}`);
  }
  const total = lines.reduce((sum, line) => sum + line.amountMicros, 0);
  if (total !== 0) throw new UnbalancedEntryError(`${entry.reference}: lines sum to ${total} micro-dollars, not zero`);
  if (lines.length < 2) throw new UnbalancedEntryError(`${entry.reference}: an entry moves money between at least two accounts`);

  const [inserted] = await tx
    .insert(journalEntries)
    .values({ reference: entry.reference, description: entry.description, category: entry.category, userId: entry.userId ?? null })
    .onConflictDoNothing({ target: journalEntries.reference })
    .returning({ id: journalEntries.id });
  if (!inserted) {
    const [existing] = await tx.select({ id: journalEntries.id }).from(journalEntries).where(eq(journalEntries.reference, entry.reference));
    return { posted: false, entryId: existing.id };
  }
  const values = [];
  for (const line of lines) values.push({ entryId: inserted.id, accountId: await cachedAccountId(tx, line.account, accountIds), amountMicros: line.amountMicros });
  await tx.insert(journalLines).values(values);
  return { posted: true, entryId: inserted.id };
}

async function cachedAccountId(tx: Tx, ref: AccountRef, cache: Map<string, string> | undefined): Promise<string> {
  if (!cache) return accountId(tx, ref);
  const key = `${ref.kind}|${ref.userId ?? ""}|${ref.store ?? ""}`;
  const known = cache.get(key);
  if (known) return known;
  const id = await accountId(tx, ref);
  cache.set(key, id);
  return id;
}

/** A two-line entry body: `debit` gets +amount, `credit` gets -amount. */
export function debitCredit(debit: AccountRef, credit: AccountRef, amountMicros: number): EntryLine[] {
  return [
    { account: debit, amountMicros },
    { account: credit, amountMicros: -amountMicros },
  ];
}
