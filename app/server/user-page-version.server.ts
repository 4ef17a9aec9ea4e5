// The version of everything a user's own pages (/library, /release/{id}) show from the database, read with
// the session before such a page is served from the per-user HTML cache (page-cache.server.ts).
//
// Database triggers keep a counter per user (user_page_versions, migration 0017): any committed insert,
// update or delete of a row those pages show raises its owner's counter — the user's saved songs (and
// whether any song or any edit exists, for the onboarding steps), releases, their tracks and per-store
// deliveries, cover art, Labs generations and access, and subscriptions. So no write path has to remember
// to invalidate anything: staff changing a release's status, a render job finishing a song, a save, a copy
// or a rename all change the version the next request reads. The row "*" is raised by what every user's
// releases tab shows: the featured releases and those releases themselves. What changes with the clock
// alone is read here too: the plan (an active subscription now; the song limit and the locks depend on it)
// and which featured releases are active now.
//
// The version is read before the page renders, so a page kept under a version never shows data older than
// it. A table added to these pages needs its trigger in a migration (see 0017); the cache's one-minute
// lifetime bounds what a forgotten one could leave stale. Reading the counter costs one primary-key lookup,
// where summing the rows' transaction ids (the previous design) read every saved song of the user on each
// request: 1.5 ms of PostgreSQL CPU for 500 songs, the bulk of a cached library page's cost.

/**
 * The version as an SQL expression of the user's id (a column or a parameter). The per-user page cache
 * reads it in the same statement as the session (findSessionUser's `withPageVersion`): one round trip for
 * a kept page instead of two.
 */
export function pageVersionSql(userId: string): string {
  return `concat_ws(' ',
  coalesce((select t.version from user_page_versions t where t.user_id = ${userId}), 0),
  coalesce((select t.version from user_page_versions t where t.user_id = '*'), 0),
  (select coalesce(string_agg(t.product_id::text, ',' order by t.current_period_end desc), '-') from subscriptions t where t.user_id = ${userId} and t.status = 'active' and t.current_period_end > now()),
  (select coalesce(string_agg(t.release_id, ',' order by t.release_id), '-') from featured_releases t where t.active_from <= now() and (t.active_until is null or t.active_until > now()))
)`;
}
