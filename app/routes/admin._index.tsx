// /admin: the admin dashboard (spec 3 §2). Admins only; it shows what needs attention and the stats as
// server-rendered SVG charts, each only to admins whose permissions open the page behind it, then links
// to the sections this admin's permissions open (ADMIN_ROUTE_PERMISSIONS). A missing permission elsewhere
// in /admin leads here.
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { adminCard } from "~/components/admin/admin-ui";
import { BarChart } from "~/components/admin/bar-chart";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { sql } from "drizzle-orm";
import { db, rawRows } from "~/server/db.server";
import { requireAdmin } from "~/server/guards.server";
import { ADMIN_ROUTE_PERMISSIONS, hasPermission, ROLE_NAMES, isRole } from "~/server/permissions.server";
import { songStats, STATS_DAYS, userStats } from "~/services/admin";
import { ADMIN_SECTION_LABELS } from "~/utils/admin-sections";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const sections = ADMIN_ROUTE_PERMISSIONS.filter(({ pattern }) => !pattern.includes(":") && pattern.split("/").length === 3)
    .filter(({ anyOf }) => hasPermission(user, anyOf))
    .map(({ pattern }) => ({ to: pattern, label: ADMIN_SECTION_LABELS[pattern.split("/")[2]] ?? pattern }));
  const [users, songs, heldWithdrawals, heldRoyalties] = await Promise.all([
    hasPermission(user, "user:viewer") ? userStats(db) : null,
    hasPermission(user, "distro:viewer") ? songStats(db) : null,
    // Held transactions (issue 21 dashboard): each tile only for staff who may open its page.
    hasPermission(user, "account:viewer") ? rawRows<{ n: number }>(db, sql`select count(*)::int as n from withdrawals where state = 'held'`).then((rows) => rows[0].n) : null,
    hasPermission(user, "royalty:viewer") ? rawRows<{ n: number }>(db, sql`select count(*)::int as n from royalty_held_lines where status = 'held'`).then((rows) => rows[0].n) : null,
  ]);
  return json({
    displayName: user.displayName,
    roles: user.roles.filter(isRole).map((role) => ROLE_NAMES[role]),
    sections,
    users,
    songs,
    held: { withdrawals: heldWithdrawals, royalties: heldRoyalties },
    days: STATS_DAYS,
  });
}

function Tile({ to, label, value }: { to: string; label: string; value: number }) {
  return (
    <li>
      <Link to={to} className={`${adminCard} block hover:border-brand-400`}>
        <span className="block text-3xl font-bold text-white">{value}</span>
        <span className="text-sm text-slate-300">{label}</span>
      </Link>
    </li>
  );
}

export default function AdminDashboard() {
  const { displayName, roles, sections, users, songs, held, days } = useLoaderData<typeof loader>();
  const series = (rows: { day: string; count: number }[]) => rows.map((row) => ({ label: row.day, value: row.count }));
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6">
      <div>
        <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">Admin</p>
        <h1 className="mt-2 text-3xl font-bold text-white">Dashboard</h1>
        <p className="mt-2 text-slate-400">
          Signed in as {displayName}
          {roles.length > 0 ? ` · ${roles.join(", ")}` : " · no admin role yet"}
        </p>
      </div>
      {users || held.withdrawals !== null || held.royalties !== null ? (
        <section aria-labelledby="attention-heading" className="grid gap-3">
          <h2 id="attention-heading" className="font-semibold text-white">
            Needs attention
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {held.withdrawals !== null ? <Tile to="/admin/withdrawals" label="Held withdrawals" value={held.withdrawals} /> : null}
            {held.royalties !== null ? <Tile to="/admin/royalties" label="Held royalty lines" value={held.royalties} /> : null}
            {users ? (
              <>
                <Tile to="/admin/users" label="New users in the last 24 hours" value={users.newToday} />
                <Tile to="/admin/users" label="Frozen withdrawals" value={users.frozenWithdrawals} />
                <Tile to="/admin/users" label="Frozen accounts" value={users.frozenAccounts} />
                <Tile to="/admin/users" label="Banned users" value={users.banned} />
              </>
            ) : null}
          </ul>
        </section>
      ) : null}
      {users || songs ? (
        <section aria-labelledby="stats-heading" className="grid gap-4">
          <h2 id="stats-heading" className="font-semibold text-white">
            The last {days} days
          </h2>
          <div className="grid gap-4 lg:grid-cols-2">
            {users ? (
              <>
                <div className={adminCard}>
                  <BarChart title="Users by plan" unit="users" data={users.levels.map((level) => ({ label: level.level, value: level.count }))} />
                </div>
                <div className={adminCard}>
                  <BarChart title="New users per day" unit="users" data={series(users.newPerDay)} />
                </div>
              </>
            ) : null}
            {songs ? (
              <>
                <div className={adminCard}>
                  <BarChart title="Songs made per day" unit="songs" data={series(songs.madePerDay)} />
                </div>
                <div className={adminCard}>
                  <BarChart title="Songs saved per day" unit="saves" data={series(songs.savedPerDay)} />
                </div>
              </>
            ) : null}
          </div>
        </section>
      ) : null}
      {sections.length === 0 ? (
        <p className="rounded-2xl border border-ink-700 bg-ink-900 p-6 text-slate-300">
          Your account has no admin permissions yet. Ask an engineering admin to grant you a role.
        </p>
      ) : (
        <nav aria-label="Admin sections">
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {sections.map((section) => (
              <li key={section.to}>
                {/* Swagger UI starts from its own script files, which a client-side navigation would not run. */}
                <Link to={section.to} reloadDocument={section.to === "/admin/swagger"} className="block rounded-2xl border border-ink-700 bg-ink-900 p-5 font-semibold text-white hover:border-brand-400">
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <p className="text-sm text-slate-400">
        Scripting against your own artist account?{" "}
        <Link to="/admin/tokens" className="text-accent-300 underline">
          Your API tokens
        </Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Admin · Songloom" }, { name: "description", content: "Songloom's staff area: users, releases, royalties, FAQs, tags and feature flags." }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
