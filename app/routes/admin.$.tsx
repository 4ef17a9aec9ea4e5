// PLACEHOLDER for admin pages that are not built yet. Every admin URL the spec names (spec 3 §2, §6)
// exists from day one with its real guard: admin required (else Home), then the route permission from
// ADMIN_ROUTE_PERMISSIONS (else the dashboard). The page itself only says "coming soon". A real route
// file (admin.users.tsx, ...) takes precedence over this splat as each page is built.
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { requireAdmin, requirePermission } from "~/server/guards.server";
import { adminRoutePermissions } from "~/server/permissions.server";
import { ADMIN_SECTION_LABELS } from "~/utils/admin-sections";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { pathname } = new URL(request.url);
  const required = adminRoutePermissions(pathname);
  if (!required) throw new Response("No such admin page", { status: 404 });
  await requirePermission(request, required);
  const section = pathname.split("/")[2] ?? "";
  return json({ title: ADMIN_SECTION_LABELS[section] ?? section, pathname });
}

export default function AdminPlaceholder() {
  const { title, pathname } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
      <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">Admin · coming soon</p>
      <h1 className="mt-3 text-3xl font-bold text-white">{title}</h1>
      <p className="mt-3 text-slate-400">
        This page ({pathname}) is not built yet. You have the permission to open it once it is.
      </p>
      <Link to="/admin" className={`${buttonClass("secondary")} mt-8`}>
        Back to the dashboard
      </Link>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Admin"} · Songloom admin` }, { name: "description", content: "Songloom's staff area." }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
