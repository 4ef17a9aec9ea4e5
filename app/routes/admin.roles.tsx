// /admin/roles (roles viewer): every role with the permissions it grants and the staff who hold it. Roles
// admins grant a role to a staff account by email and revoke it. Plain forms: no JavaScript needed.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage, adminCard, adminField, Notice } from "~/components/admin/admin-ui";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { asPage } from "~/server/admin-api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { hasPermission, PERMISSION_DESCRIPTIONS, isPermission } from "~/server/permissions.server";
import { changeStaffRole, listRolesForStaff } from "~/services/admin";
import { EmailField, readFormData } from "~/utils/forms";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "roles:viewer");
  const roles = await listRolesForStaff(db);
  return json({
    mayAssign: hasPermission(user, "roles:admin"),
    saved: new URL(request.url).searchParams.get("saved") === "1",
    roles: roles.map((role) => ({ ...role, permissions: role.permissions.map((id) => ({ id, description: isPermission(id) ? PERMISSION_DESCRIPTIONS[id] : id })) })),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "roles:admin");
  const form = await readFormData(request);
  const email = EmailField.safeParse(form.get("email") ?? "");
  if (!email.success) return json({ errors: { email: email.error.issues[0].message }, email: String(form.get("email") ?? "") }, { status: 400 });
  const done = await asPage(() => changeStaffRole(db, { email: email.data, role: String(form.get("role") ?? ""), grant: form.get("intent") !== "revoke" }, user.id));
  if (!done.ok) return json({ errors: { email: done.message }, email: email.data }, { status: done.status });
  return redirect("/admin/roles?saved=1");
}

export default function RolesAdmin() {
  const { roles, mayAssign, saved } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const error = actionData?.errors.email;
  return (
    <AdminPage title="Roles and permissions" intro="What each role may do (spec 3 §6), and who holds it. A super admin passes every permission check.">
      {saved && !actionData ? <Notice>Saved.</Notice> : null}
      {mayAssign ? (
        <Form method="post" className={`${adminCard} flex flex-wrap items-end gap-3`} noValidate>
          <div className="grid min-w-64 flex-1 gap-1">
            <label htmlFor="role-email" className="text-sm text-slate-300">
              Staff email
            </label>
            <input id="role-email" name="email" type="email" defaultValue={actionData?.email} className={adminField} aria-invalid={error ? true : undefined} aria-describedby={error ? "role-email-error" : undefined} />
            {error ? <p id="role-email-error" className="text-sm text-rose-300">{error}</p> : null}
          </div>
          <div className="grid gap-1">
            <label htmlFor="role-role" className="text-sm text-slate-300">
              Role
            </label>
            <select id="role-role" name="role" className={adminField}>
              {roles.map((role) => (
                <option key={role.id} value={role.id}>
                  {role.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" name="intent" value="grant" className={buttonClass("primary", "sm")}>
            Grant role
          </button>
        </Form>
      ) : null}
      {roles.map((role) => (
        <section key={role.id} className={`${adminCard} grid gap-3`} aria-labelledby={`role-${role.id}`}>
          <h2 id={`role-${role.id}`} className="text-lg font-semibold text-white">
            {role.name}
          </h2>
          <ul className="flex flex-wrap gap-2 text-xs">
            {role.id === "super_admin" ? <li className="text-slate-300">Every permission</li> : null}
            {role.permissions.map((permission) => (
              <li key={permission.id} title={permission.description} className="rounded-full border border-ink-600 px-2 py-0.5 text-slate-200">
                {permission.id}
              </li>
            ))}
          </ul>
          <div>
            <h3 className="text-sm text-slate-400">Staff</h3>
            {role.staff.length === 0 ? <p className="text-sm text-slate-400">Nobody.</p> : null}
            <ul className="grid gap-1">
              {role.staff.map((staff) => (
                <li key={staff.userId} className="flex items-center gap-3 text-sm text-slate-200">
                  {staff.email}
                  {mayAssign ? (
                    <Form method="post">
                      <input type="hidden" name="email" value={staff.email} />
                      <input type="hidden" name="role" value={role.id} />
                      <button type="submit" name="intent" value="revoke" className="text-rose-300 underline" aria-label={`Revoke ${role.name} from ${staff.email}`}>
                        Revoke
                      </button>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        </section>
      ))}
    </AdminPage>
  );
}

export const meta: MetaFunction = () => [{ title: "Roles · Songloom admin" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
