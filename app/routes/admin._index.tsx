// /admin: the admin dashboard (spec 3 §2). Admins only; it lists the sections this admin's permissions
// open (ADMIN_ROUTE_PERMISSIONS), and is where a missing permission elsewhere in /admin leads.
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { requireAdmin } from "~/server/guards.server";
import { ADMIN_ROUTE_PERMISSIONS, hasPermission, ROLE_NAMES, isRole } from "~/server/permissions.server";
import { ADMIN_SECTION_LABELS } from "~/utils/admin-sections";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const sections = ADMIN_ROUTE_PERMISSIONS.filter(({ pattern }) => !pattern.includes(":") && pattern.split("/").length === 3)
    .filter(({ anyOf }) => hasPermission(user, anyOf))
    .map(({ pattern }) => ({ to: pattern, label: ADMIN_SECTION_LABELS[pattern.split("/")[2]] ?? pattern }));
  return json({
    displayName: user.displayName,
    roles: user.roles.filter(isRole).map((role) => ROLE_NAMES[role]),
    sections,
  });
}

export default function AdminDashboard() {
  const { displayName, roles, sections } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">Admin</p>
      <h1 className="mt-2 text-3xl font-bold text-white">Dashboard</h1>
      <p className="mt-2 text-slate-400">
        Signed in as {displayName}
        {roles.length > 0 ? ` · ${roles.join(", ")}` : " · no admin role yet"}
      </p>
      {sections.length === 0 ? (
        <p className="mt-8 rounded-2xl border border-ink-700 bg-ink-900 p-6 text-slate-300">
          Your account has no admin permissions yet. Ask an engineering admin to grant you a role.
        </p>
      ) : (
        <ul className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {sections.map((section) => (
            <li key={section.to}>
              <Link to={section.to} className="block rounded-2xl border border-ink-700 bg-ink-900 p-5 font-semibold text-white hover:border-brand-400">
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Admin · Songloom" }, { name: "description", content: "Songloom's staff area: users, releases, royalties, FAQs, tags and feature flags." }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
