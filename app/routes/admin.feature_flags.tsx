// /admin/feature_flags: feature flag viewers see every flag (key, description, on or off); feature flag
// admins switch them. A switch takes effect in this web process at once and in every other process
// within the flag cache time (FLAG_CACHE_MS), which the page states.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage, formatDate, Notice } from "~/components/admin/admin-ui";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { asPage } from "~/server/admin-api.server";
import { db } from "~/server/db.server";
import { FLAG_CACHE_MS } from "~/server/flags.server";
import { requirePermission } from "~/server/guards.server";
import { hasPermission } from "~/server/permissions.server";
import { listFeatureFlags, switchFeatureFlag } from "~/services/admin";
import { readFormData } from "~/utils/forms";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "feature_flag:viewer");
  const flags = await listFeatureFlags(db);
  const url = new URL(request.url);
  return json({
    flags: flags.map((flag) => ({ ...flag, updatedAt: flag.updatedAt.toISOString() })),
    mayToggle: hasPermission(user, "feature_flag:admin"),
    cacheSeconds: FLAG_CACHE_MS / 1000,
    switched: url.searchParams.get("switched"),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "feature_flag:admin");
  const form = await readFormData(request);
  const key = String(form.get("key") ?? "");
  const active = form.get("active");
  if (active !== "true" && active !== "false") return json({ error: "Choose on or off." }, { status: 400 });
  const done = await asPage(() => switchFeatureFlag(db, key, active === "true", user.id));
  if (!done.ok) return json({ error: done.message }, { status: done.status });
  return redirect(`/admin/feature_flags?switched=${encodeURIComponent(key)}`);
}

export default function FeatureFlagsAdmin() {
  const { flags, mayToggle, cacheSeconds, switched } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AdminPage
      title="Feature flags"
      intro={`A change applies at once on this server and on every other server within ${cacheSeconds} seconds (the flag cache time).`}
    >
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
      {switched && !actionData ? <Notice>Switched {switched}.</Notice> : null}
      {!mayToggle ? <p className="text-sm text-slate-400">You can see the flags; switching them needs the feature flag admin permission.</p> : null}
      <table className="w-full text-left text-sm text-slate-200">
        <caption className="sr-only">Feature flags</caption>
        <thead className="text-slate-400">
          <tr>
            <th scope="col" className="p-2">Key</th>
            <th scope="col" className="p-2">Description</th>
            <th scope="col" className="p-2">State</th>
            <th scope="col" className="p-2">Changed</th>
            {mayToggle ? <th scope="col" className="p-2">Switch</th> : null}
          </tr>
        </thead>
        <tbody>
          {flags.map((flag) => (
            <tr key={flag.id} className="border-t border-ink-700">
              <td className="p-2 font-mono">{flag.key}</td>
              <td className="p-2">{flag.description}</td>
              <td className={`p-2 font-semibold ${flag.active ? "text-accent-300" : "text-slate-400"}`}>{flag.active ? "On" : "Off"}</td>
              <td className="p-2 whitespace-nowrap">{formatDate(flag.updatedAt)}</td>
              {mayToggle ? (
                <td className="p-2">
                  <Form method="post">
                    <input type="hidden" name="key" value={flag.key} />
                    <input type="hidden" name="active" value={flag.active ? "false" : "true"} />
                    <button type="submit" className={buttonClass("secondary", "sm")} aria-label={`${flag.active ? "Turn off" : "Turn on"} ${flag.key}`}>
                      {flag.active ? "Turn off" : "Turn on"}
                    </button>
                  </Form>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </AdminPage>
  );
}

export const meta: MetaFunction = () => [{ title: "Feature flags · Songloom admin" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
