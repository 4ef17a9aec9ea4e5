// /admin/users/{id}/events (user viewer): AdminUserEventsView. What happened to the user, newest first:
// sign-ups and sign-ins, verification, password resets, and every admin action on them (from the audit
// helper, with the values before and after).
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ADMIN_EMPTY_MESSAGE, AdminPage, formatDate, UserTabs } from "~/components/admin/admin-ui";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { findUserById } from "~/models/user.server";
import { allowedUserPages } from "~/server/admin-api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { listUserEvents } from "~/services/admin";
import { isPossibleId } from "~/utils/input-schemas";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requirePermission(request, "user:viewer");
  const user = params.userId && isPossibleId(params.userId) ? await findUserById(params.userId) : null;
  if (!user) throw new Response("No such user", { status: 404 });
  const events = await listUserEvents(db, user.id);
  return json({
    user: { id: user.id, email: user.email },
    tabs: allowedUserPages(admin),
    events: events.map((event) => ({ id: event.id, type: event.type, data: JSON.stringify(event.data), createdAt: event.createdAt.toISOString() })),
  });
}

export default function AdminUserEventsView() {
  const { user, tabs, events } = useLoaderData<typeof loader>();
  return (
    <AdminPage title={user.email} intro="Events" back={{ to: "/admin/users", label: "User lookup" }}>
      <UserTabs userId={user.id} email={user.email} current="events" allowed={tabs} />
      {events.length === 0 ? (
        <p className="text-slate-300">{ADMIN_EMPTY_MESSAGE}</p>
      ) : (
        <table className="w-full text-left text-sm text-slate-200">
          <caption className="sr-only">Events, newest first</caption>
          <thead className="text-slate-400">
            <tr>
              <th scope="col" className="p-2">When</th>
              <th scope="col" className="p-2">Event</th>
              <th scope="col" className="p-2">Details</th>
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <tr key={event.id} className="border-t border-ink-700 align-top">
                <td className="p-2 whitespace-nowrap">{formatDate(event.createdAt)}</td>
                <td className="p-2 font-medium">{event.type}</td>
                <td className="p-2 font-mono text-xs break-all text-slate-400">{event.data === "{}" ? "" : event.data}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </AdminPage>
  );
}

export const meta: MetaFunction = () => [{ title: "User events · Songloom admin" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
