// /admin/users (user viewer): User Lookup (spec 3 §2). Finds users by email, id, artist name or device,
// paginated with page and itemsPerPage in the query string (10/25/50, default 25). Selected users can be
// given a distribution label (distro admin) or a tag (tag actions), each through the confirmation step.
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { ADMIN_EMPTY_MESSAGE, ADMIN_ERROR_MESSAGE, AdminPage, adminField, Notice, Pagination } from "~/components/admin/admin-ui";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { hasPermission } from "~/server/permissions.server";
import { CONFIRMED_ACTIONS, listUserTagNames, LookupQuerySchema, lookUpUsers, RELEASE_LABEL_DESCRIPTIONS, RELEASE_LABELS } from "~/services/admin";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "user:viewer");
  const url = new URL(request.url);
  const parsed = LookupQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  const may = { label: hasPermission(user, "distro:admin"), tag: hasPermission(user, "tag:actions") };
  const done = url.searchParams.get("done");
  const doneTitle = done && done in CONFIRMED_ACTIONS ? CONFIRMED_ACTIONS[done as keyof typeof CONFIRMED_ACTIONS].title : null;
  const common = { may, doneTitle, labels: RELEASE_LABELS.map((id) => ({ id, description: RELEASE_LABEL_DESCRIPTIONS[id] })), tags: may.tag ? await listUserTagNames(db) : [] };
  if (!parsed.success) {
    const errors = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
    return json({ ...common, query: { q: url.searchParams.get("q") ?? "", by: "any" }, result: null, errors }, { status: 400 });
  }
  const result = parsed.data.q === "" ? null : await lookUpUsers(db, parsed.data);
  return json({ ...common, query: { q: parsed.data.q, by: parsed.data.by }, result, errors: null });
}

export default function UserLookup() {
  const { query, result, errors, may, labels, tags, doneTitle } = useLoaderData<typeof loader>();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search.replace(/([?&])done=[^&]*&?/, "$1").replace(/[?&]$/, "")}`;
  return (
    <AdminPage title="User lookup" intro="Find a user by email (or part of it), user id, artist name or device id.">
      <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
        <div className="grid min-w-64 flex-1 gap-1">
          <label htmlFor="lookup-q" className="text-sm text-slate-300">
            Search
          </label>
          <input id="lookup-q" name="q" type="search" defaultValue={query.q} className={adminField} aria-invalid={errors?.q ? true : undefined} aria-describedby={errors?.q ? "lookup-q-error" : undefined} />
          {errors?.q ? <p id="lookup-q-error" className="text-sm text-rose-300">{errors.q}</p> : null}
        </div>
        <div className="grid gap-1">
          <label htmlFor="lookup-by" className="text-sm text-slate-300">
            By
          </label>
          <select id="lookup-by" name="by" defaultValue={query.by} className={adminField}>
            <option value="any">Anything</option>
            <option value="email">Email</option>
            <option value="id">User id</option>
            <option value="artist">Artist name</option>
            <option value="device">Device id</option>
          </select>
        </div>
        <input type="hidden" name="itemsPerPage" value={result?.itemsPerPage ?? 25} />
        <button type="submit" className={buttonClass("primary")}>
          Find
        </button>
      </Form>
      {doneTitle ? <Notice>{doneTitle}: done.</Notice> : null}
      {errors ? (
        <Notice tone="error">
          {ADMIN_ERROR_MESSAGE} {Object.values(errors).join(" ")}
        </Notice>
      ) : null}
      {result && result.users.length === 0 ? <p className="text-slate-300">{ADMIN_EMPTY_MESSAGE}</p> : null}
      {result && result.users.length > 0 ? (
        <Form method="post" action="/admin/confirm" className="grid gap-4">
          <input type="hidden" name="intent" value="prepare" />
          <input type="hidden" name="returnTo" value={returnTo} />
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm text-slate-200">
              <caption className="sr-only">Users found</caption>
              <thead className="text-slate-400">
                <tr>
                  {may.label || may.tag ? <th scope="col" className="p-2">Select</th> : null}
                  <th scope="col" className="p-2">Email</th>
                  <th scope="col" className="p-2">Name</th>
                  <th scope="col" className="p-2">Account</th>
                  <th scope="col" className="p-2">Withdrawal</th>
                  <th scope="col" className="p-2">Label</th>
                  <th scope="col" className="p-2">Tags</th>
                </tr>
              </thead>
              <tbody>
                {result.users.map((user) => (
                  <tr key={user.id} className="border-t border-ink-700">
                    {may.label || may.tag ? (
                      <td className="p-2">
                        <input type="checkbox" name="userIds" value={user.id} aria-label={`Select ${user.email}`} />
                      </td>
                    ) : null}
                    <td className="p-2">
                      <Link to={`/admin/users/${user.id}/view`} className="text-accent-300 underline">
                        {user.email}
                      </Link>
                    </td>
                    <td className="p-2">{user.displayName}</td>
                    <td className={`p-2 ${user.accountStatus === "ACTIVE" ? "" : "font-semibold text-rose-300"}`}>{user.accountStatus}</td>
                    <td className={`p-2 ${user.withdrawalStatus === "ACTIVE" ? "" : "font-semibold text-amber-300"}`}>{user.withdrawalStatus}</td>
                    <td className="p-2">{user.releaseLabel}</td>
                    <td className="p-2">{user.tags.join(", ") || "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination search={location.search} page={result.page} itemsPerPage={result.itemsPerPage} total={result.total} />
          {may.label || may.tag ? (
            <fieldset className="flex flex-wrap items-end gap-4 rounded-2xl border border-ink-700 p-4">
              <legend className="px-2 text-sm text-slate-300">With the selected users</legend>
              {may.label ? (
                <div className="flex items-end gap-2">
                  <div className="grid gap-1">
                    <label htmlFor="bulk-label" className="text-sm text-slate-300">
                      Distribution label
                    </label>
                    <select id="bulk-label" name="label" className={adminField}>
                      {labels.map((label) => (
                        <option key={label.id} value={label.id}>
                          {label.description}
                        </option>
                      ))}
                    </select>
                  </div>
                  <button type="submit" name="op" value="user.release_label" className={buttonClass("secondary", "sm")}>
                    Set label…
                  </button>
                </div>
              ) : null}
              {may.tag ? (
                <div className="flex items-end gap-2">
                  <div className="grid gap-1">
                    <label htmlFor="bulk-tag" className="text-sm text-slate-300">
                      Tag
                    </label>
                    <input id="bulk-tag" name="tagName" list="bulk-tag-names" className={adminField} />
                    <datalist id="bulk-tag-names">
                      {tags.map((tag) => (
                        <option key={tag.id} value={tag.name} />
                      ))}
                    </datalist>
                  </div>
                  <button type="submit" name="op" value="user.bulk_tag" className={buttonClass("secondary", "sm")}>
                    Tag users…
                  </button>
                </div>
              ) : null}
            </fieldset>
          ) : null}
        </Form>
      ) : null}
    </AdminPage>
  );
}

export const meta: MetaFunction = () => [{ title: "User lookup · Songloom admin" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
