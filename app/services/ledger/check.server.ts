// The books balance: what `npm run ledger:check` and the tests' shared helper prove.
//  - every journal entry's lines sum to zero (the commit-time trigger should make this impossible to break);
//  - all lines together sum to zero;
//  - no user's available or held balance is below zero (a withdrawal never overdraws);
//  - every withdrawal's state agrees with the entries posted for it;
//  - the unmatched royalties account holds exactly the money of the report lines still held.
import { sql } from "drizzle-orm";
import { rawRows, type Db, type Tx } from "~/server/db.server";

export interface LedgerReport {
  entries: number;
  lines: number;
  problems: string[];
}

export async function checkLedger(database: Db | Tx): Promise<LedgerReport> {
  const problems: string[] = [];
  const [counts] = await rawRows<{ entries: number; lines: number; total: string }>(
    database,
    sql`select (select count(*)::int from journal_entries) as entries, count(*)::int as lines, coalesce(sum(amount_micros), 0)::text as total from journal_lines`,
  );
  if (counts.total !== "0") problems.push(`all lines sum to ${counts.total} micro-dollars, not zero`);
  const unbalanced = await rawRows<{ reference: string; total: string }>(
    database,
    sql`select e.reference, sum(l.amount_micros)::text as total from journal_entries e join journal_lines l on l.entry_id = e.id group by e.id, e.reference having sum(l.amount_micros) <> 0`,
  );
  for (const row of unbalanced) problems.push(`entry ${row.reference} sums to ${row.total}`);
  const empty = await rawRows<{ reference: string }>(database, sql`select reference from journal_entries e where not exists (select 1 from journal_lines l where l.entry_id = e.id)`);
  for (const row of empty) problems.push(`entry ${row.reference} has no lines`);
  const negative = await rawRows<{ user_id: string; kind: string; owed: string }>(
    database,
    sql`select a.user_id, a.kind::text, (-sum(l.amount_micros))::text as owed from ledger_accounts a join journal_lines l on l.account_id = a.id where a.kind in ('user_balance', 'user_held') group by a.id having -sum(l.amount_micros) < 0`,
  );
  for (const row of negative) problems.push(`user ${row.user_id}'s ${row.kind} is ${row.owed} micro-dollars, below zero`);
  // Each withdrawal state posts its own entry (withdrawal:<id>:<step>); the state must have one.
  const missing = await rawRows<{ id: string; state: string }>(
    database,
    sql`select w.id, w.state::text from withdrawals w where not exists (select 1 from journal_entries e where e.reference = 'withdrawal:' || w.id || ':' || w.state::text)`,
  );
  for (const row of missing) problems.push(`withdrawal ${row.id} is ${row.state} without its ledger entry`);
  const [unmatched] = await rawRows<{ books: string; held: string }>(
    database,
    sql`select
      coalesce((select -sum(l.amount_micros) from journal_lines l join ledger_accounts a on a.id = l.account_id where a.kind = 'royalties_unmatched'), 0)::text as books,
      coalesce((select sum(gross_micros) from royalty_held_lines where status = 'held'), 0)::text as held`,
  );
  if (unmatched.books !== unmatched.held) problems.push(`unmatched royalties are ${unmatched.books} micro-dollars in the books but ${unmatched.held} in held report lines`);
  return { entries: counts.entries, lines: counts.lines, problems };
}
