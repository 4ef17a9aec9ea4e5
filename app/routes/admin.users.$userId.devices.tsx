// /admin/users/{id}/devices (device viewer): AdminUserDeviceView. Each browser the user signed in on, with
// country, city and continent from its IP (geoip-lite, offline), browser, OS, IP, first seen, last sign-in,
// how many users signed in on it, and whether it is banned.
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ADMIN_EMPTY_MESSAGE, AdminPage, formatDate, UserTabs } from "~/components/admin/admin-ui";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { findUserById } from "~/models/user.server";
import { allowedUserPages } from "~/server/admin-api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { listUserDeviceRows, locateDevices } from "~/services/admin";
import { isPossibleId } from "~/utils/input-schemas";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requirePermission(request, "device:viewer");
  const user = params.userId && isPossibleId(params.userId) ? await findUserById(params.userId) : null;
  if (!user) throw new Response("No such user", { status: 404 });
  const devices = await locateDevices(db, await listUserDeviceRows(db, user.id));
  return json({
    user: { id: user.id, email: user.email },
    tabs: allowedUserPages(admin),
    devices: devices.map((device) => ({ ...device, createdAt: device.createdAt.toISOString(), lastLogin: device.lastLogin.toISOString() })),
  });
}

export default function AdminUserDeviceView() {
  const { user, tabs, devices } = useLoaderData<typeof loader>();
  return (
    <AdminPage title={user.email} intro="Devices" back={{ to: "/admin/users", label: "User lookup" }}>
      <UserTabs userId={user.id} email={user.email} current="devices" allowed={tabs} />
      {devices.length === 0 ? (
        <p className="text-slate-300">{ADMIN_EMPTY_MESSAGE}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm text-slate-200">
            <caption className="sr-only">Devices, last used first</caption>
            <thead className="text-slate-400">
              <tr>
                {["Device", "Status", "Country", "City", "Continent", "Browser", "OS", "IP", "Created", "Last login", "Users"].map((heading) => (
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
