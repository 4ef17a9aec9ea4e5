// The version of everything a user's own pages (/library, /release/{id}) show from the database, read in
// one statement before such a page is served from the per-user HTML cache (page-cache.server.ts).
//
// For each table a page reads, the user's rows give a row count and the sum of their `xmin` (the id of the
// transaction that wrote each row version). Any committed insert, update or delete of one of those rows
// changes the pair: an update or insert writes a row version with a newer transaction id (a larger sum), a
// delete lowers the count. So no write path has to remember to invalidate anything: staff changing a
// release's status, a render job finishing a song, a save, a copy or a rename all change the version the
// next request reads. The version is read before the page renders, so a page kept under a version never
// shows data older than it. The plan (an active subscription now) is part of it too: the song limit shown
// and the locks depend on it; and so are the releases staff feature now (the releases tab shows them),
// whoever owns them.
//
// A table added to these pages must be added here (as the per-store delivery statuses on the release page
// are); the cache's one-minute lifetime bounds what a forgotten one, or transaction ids
// wrapping around after some four billion transactions, could leave stale.
import { sql, type SQL } from "drizzle-orm";
import { db, rawRows } from "./db.server";

/** Row count and xmin sum of the rows `from` selects (as `t`). */
const fingerprint = (from: SQL) => sql`(select count(*)::text || '.' || coalesce(sum(t.xmin::text::bigint), 0)::text from ${from})`;

export async function userPageDataVersion(userId: string): Promise<string> {
  // Songs: the saved ones in full (lists, locks, release tracks are all saved songs; the partial index
  // songs_user_saved finds them), and only whether any song or any edit exists (the onboarding steps), so
  // the many unsaved songs Create makes cost nothing here.
  const [row] = await rawRows<{ version: string }>(
    db,
    sql`select concat_ws(' ',
      ${fingerprint(sql`songs t where t.user_id = ${userId} and t.saved`)},
      (select exists (select 1 from songs t where t.user_id = ${userId})::text),
      (select exists (select 1 from song_versions t join songs s on s.id = t.song_id where s.user_id = ${userId})::text),
      ${fingerprint(sql`releases t where t.user_id = ${userId}`)},
      ${fingerprint(sql`release_songs t join releases r on r.id = t.release_id where r.user_id = ${userId}`)},
      ${fingerprint(sql`cover_art t where t.user_id = ${userId}`)},
      ${fingerprint(sql`store_deliveries t join releases r on r.id = t.release_id where r.user_id = ${userId}`)},
      ${fingerprint(sql`labs_generations t where t.user_id = ${userId}`)},
      ${fingerprint(sql`labs_access t where t.user_id = ${userId}`)},
      ${fingerprint(sql`subscriptions t where t.user_id = ${userId}`)},
      (select coalesce(string_agg(t.product_id::text, ',' order by t.current_period_end desc), '-') from subscriptions t where t.user_id = ${userId} and t.status = 'active' and t.current_period_end > now()),
      ${fingerprint(sql`featured_releases t`)},
      ${fingerprint(sql`releases t where t.id in (select f.release_id from featured_releases f where f.active_from <= now() and (f.active_until is null or f.active_until > now()))`)}
    ) as version`,
  );
  return row?.version ?? "";
}
