// /admin/users/{id}/devices (device viewer): AdminUserDeviceView. Each browser the user signed in on, with
// country, city and continent from its IP (geoip-lite, offline), browser, OS, IP, first seen, last sign-in,
// how many users signed in on it, and whether it is banned. Device admins ban or unban one device (all its
// users are signed out on their next request).
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ADMIN_EMPTY_MESSAGE, AdminPage, formatDate, Notice, UserTabs } from "~/components/admin/admin-ui";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { findUserById } from "~/models/user.server";
import { allowedUserPages, asPage } from "~/server/admin-api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { hasPermission } from "~/server/permissions.server";
import { listUserDeviceRows, locateDevices, setDeviceBannedByAdmin } from "~/services/admin";
import { readFormData } from "~/utils/forms";
import { isPossibleId } from "~/utils/input-schemas";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requirePermission(request, "device:viewer");
  const user = params.userId && isPossibleId(params.userId) ? await findUserById(params.userId) : null;
  if (!user) throw new Response("No such user", { status: 404 });
  const devices = await locateDevices(db, await listUserDeviceRows(db, user.id));
  return json({
    user: { id: user.id, email: user.email },
    tabs: allowedUserPages(admin),
    mayBan: hasPermission(admin, "device:admin"),
    devices: devices.map((device) => ({ ...device, createdAt: device.createdAt.toISOString(), lastLogin: device.lastLogin.toISOString() })),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requirePermission(request, "device:admin");
  const form = await readFormData(request);
  const done = await asPage(() => setDeviceBannedByAdmin(db, String(form.get("deviceId") ?? ""), form.get("intent") === "ban", admin.id));
  if (!done.ok) return json({ error: done.message }, { status: done.status });
  return redirect(`/admin/users/${params.userId}/devices`);
}

export default function AdminUserDeviceView() {
  const { user, tabs, devices, mayBan } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AdminPage title={user.email} intro="Devices" back={{ to: "/admin/users", label: "User lookup" }}>
      <UserTabs userId={user.id} email={user.email} current="devices" allowed={tabs} />
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
      {devices.length === 0 ? (
        <p className="text-slate-300">{ADMIN_EMPTY_MESSAGE}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm text-slate-200">
            <caption className="sr-only">Devices, last used first</caption>
            <thead className="text-slate-400">
              <tr>
                {["Device", "Status", "Country", "City", "Continent", "Browser", "OS", "IP", "Created", "Last login", "Users", ...(mayBan ? ["Ban"] : [])].map((heading) => (
                  <th key={heading} scope="col" className="p-2">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {devices.map((device) => (
                <tr key={device.deviceId} className="border-t border-ink-700">
                  <td className="p-2 font-mono text-xs break-all">{device.deviceId}</td>
                  <td className={`p-2 ${device.banned ? "font-semibold text-rose-300" : ""}`}>{device.banned ? "Banned" : "Active"}</td>
                  <td className="p-2">{device.country ?? "—"}</td>
                  <td className="p-2">{device.city ?? "—"}</td>
                  <td className="p-2">{device.continent ?? "—"}</td>
                  <td className="p-2">{device.browser ?? "—"}</td>
                  <td className="p-2">{device.os ?? "—"}</td>
                  <td className="p-2">{device.ip ?? "—"}</td>
                  <td className="p-2 whitespace-nowrap">{formatDate(device.createdAt)}</td>
                  <td className="p-2 whitespace-nowrap">{formatDate(device.lastLogin)}</td>
                  <td className="p-2">{device.numberOfUsers}</td>
                  {mayBan ? (
                    <td className="p-2">
                      <Form method="post">
                        <input type="hidden" name="deviceId" value={device.deviceId} />
                        <button type="submit" name="intent" value={device.banned ? "unban" : "ban"} className="text-accent-300 underline">
                          {device.banned ? "Unban device" : "Ban device"}
                        </button>
                      </Form>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminPage>
  );
}

export const meta: MetaFunction = () => [{ title: "User devices · Songloom admin" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
