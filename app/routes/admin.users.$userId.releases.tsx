// /admin/users/{id}/releases (distro viewer): AdminDistroReleaseView. Every release of the user, newest
// first, with its status, what review found and its identifiers; each opens in the release review tab.
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { desc, eq } from "drizzle-orm";
import { releases } from "#drizzle/schema/releases";
import { ADMIN_EMPTY_MESSAGE, AdminPage, formatDate, UserTabs } from "~/components/admin/admin-ui";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { findUserById } from "~/models/user.server";
import { allowedUserPages } from "~/server/admin-api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { readIssues } from "~/services/review/fields";
import { isPossibleId } from "~/utils/input-schemas";
import { releaseStatusLabel } from "~/utils/release-display";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requirePermission(request, "distro:viewer");
  const user = params.userId && isPossibleId(params.userId) ? await findUserById(params.userId) : null;
  if (!user) throw new Response("No such user", { status: 404 });
  const rows = await db.select().from(releases).where(eq(releases.userId, user.id)).orderBy(desc(releases.createdAt)).limit(200);
  return json({
    user: { id: user.id, email: user.email },
    tabs: allowedUserPages(admin),
    releases: rows.map((row) => {
      const issues = readIssues(row.issues);
      return {
        id: row.id,
        title: row.title,
        artistName: row.artistName,
        statusLabel: releaseStatusLabel(row.status),
        upc: row.upc,
        createdAt: row.createdAt.toISOString(),
        submittedAt: row.submittedAt?.toISOString() ?? null,
        archived: row.archivedAt !== null,
        review: [issues.message, ...issues.flags.map((flag) => flag.label)].filter(Boolean).join(" · "),
      };
    }),
  });
}

export default function AdminUserReleases() {
  const { user, tabs, releases: rows } = useLoaderData<typeof loader>();
  return (
    <AdminPage title={user.email} intro="Releases" back={{ to: "/admin/users", label: "User lookup" }}>
      <UserTabs userId={user.id} email={user.email} current="releases" allowed={tabs} />
      {rows.length === 0 ? (
        <p className="text-slate-300">{ADMIN_EMPTY_MESSAGE}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm text-slate-200">
            <caption className="sr-only">Releases, newest first</caption>
            <thead className="text-slate-400">
              <tr>
                {["Release", "Artist", "Status", "Review", "UPC", "Created", "Submitted"].map((heading) => (
                  <th key={heading} scope="col" className="p-2">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-t border-ink-700">
                  <td className="p-2">
                    <Link to={`/admin/users/${user.id}/distro?release=${row.id}`} className="text-accent-300 underline">
                      {row.title}
                    </Link>
                  </td>
                  <td className="p-2">{row.artistName}</td>
                  <td className="p-2">
                    {row.statusLabel}
                    {row.archived ? " (archived)" : ""}
                  </td>
                  <td className="p-2">{row.review || "—"}</td>
                  <td className="p-2 font-mono text-xs">{row.upc ?? "—"}</td>
                  <td className="p-2 whitespace-nowrap">{formatDate(row.createdAt)}</td>
                  <td className="p-2 whitespace-nowrap">{formatDate(row.submittedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminPage>
  );
}

export const meta: MetaFunction = () => [{ title: "User releases · Songloom admin" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
