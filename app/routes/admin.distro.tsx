// /admin/distro (distro viewer, spec 3 §2, §6, §7): the review queues. Releases by status (submitted,
// approved, live) and users by what waits for them (submitted releases, on hold, paid, free), with search,
// a submission date range and paging (page and itemsPerPage in the query string, 10/25/50, default 25).
// Distro actions staff select releases and approve or reject them in bulk after a confirmation step (the
// server issues a single-use token for exactly those releases). Plain forms and links: no JavaScript needed.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ADMIN_EMPTY_MESSAGE, ADMIN_ERROR_MESSAGE, AdminInput, AdminPage, adminCard, adminField, formatDate, Notice, Pagination } from "~/components/admin/admin-ui";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { safeAdminReturn } from "~/server/admin-api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { hasPermission } from "~/server/permissions.server";
import { CONFIRMATION_TTL_MINUTES } from "~/services/admin";
import { listQueue, prepareBulkReview, QueueQuerySchema, runBulkReview } from "~/services/review/index.server";
import { QUEUE_LABELS, QUEUES } from "~/services/review/labels";
import { readFormData } from "~/utils/forms";
import { STATS_MIN_DATE } from "~/utils/release-display";

const PAGE = "/admin/distro";
const QUERY_KEYS = ["queue", "q", "startDate", "endDate", "page", "itemsPerPage"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requirePermission(request, "distro:viewer");
  const url = new URL(request.url);
  const raw = Object.fromEntries(QUERY_KEYS.filter((key) => url.searchParams.has(key)).map((key) => [key, url.searchParams.get(key) ?? ""]));
  const mayAct = hasPermission(admin, "distro:actions");
  const today = new Date().toISOString().slice(0, 10);
  const done = url.searchParams.get("done");
  const parsed = QueueQuerySchema.safeParse(raw);
  const form = { queue: String(raw.queue ?? "submitted"), q: String(raw.q ?? ""), startDate: String(raw.startDate ?? ""), endDate: String(raw.endDate ?? "") };
  if (!parsed.success) {
    const errors = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? "form"), issue.message]));
    return json({ result: null, errors, form, mayAct, today, done }, { status: 400 });
  }
  return json({ result: await listQueue(db, parsed.data), errors: null, form, mayAct, today, done });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requirePermission(request, "distro:actions");
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const returnTo = safeAdminReturn(form.get("returnTo"), PAGE);
  const releaseIds = form.getAll("releaseIds").map(String);
  const message = String(form.get("message") ?? "");
  try {
    if (intent === "prepare_approve" || intent === "prepare_reject") {
      const bulk = intent === "prepare_approve" ? "approve" : "reject";
      const prepared = await prepareBulkReview(admin, bulk, releaseIds, { message });
      return json({ stage: "confirm" as const, action: bulk, token: prepared.token, message: prepared.params.message ?? "", releases: prepared.releases, returnTo });
    }
    if (intent === "approve" || intent === "reject") {
      const moved = await runBulkReview(admin, intent, releaseIds, { message }, String(form.get("token") ?? ""));
      const url = new URL(returnTo.startsWith(PAGE) ? returnTo : PAGE, "http://x");
      url.searchParams.set("done", `${intent}-${moved}`);
      return redirect(`${url.pathname}${url.search}`);
    }
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return json({ stage: "error" as const, error: error.message }, { status: error.status });
    throw error;
  }
  return json({ stage: "error" as const, error: "Unknown action." }, { status: 400 });
}

function doneMessage(done: string | null): string | null {
  const match = done ? /^(approve|reject)-(\d+)$/.exec(done) : null;
  if (!match) return null;
  return `${match[1] === "approve" ? "Approved" : "Rejected"} ${match[2]} ${match[2] === "1" ? "release" : "releases"}.`;
}

export default function AdminDistro() {
  const { result, errors, form, mayAct, today, done } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search.replace(/([?&])done=[^&]*&?/, "$1").replace(/[?&]$/, "")}`;

  if (actionData?.stage === "confirm") {
    const verb = actionData.action === "approve" ? "Approve" : "Reject";
    return (
      <AdminPage title={`${verb} releases: please confirm`} back={{ to: actionData.returnTo, label: "Back to the queue" }}>
        <section className={`${adminCard} grid gap-4`} aria-labelledby="confirm-heading">
          <h2 id="confirm-heading" className="font-semibold text-white">
            {verb} {actionData.releases.length === 1 ? "this release" : `these ${actionData.releases.length} releases`}?{" "}
            {actionData.action === "approve" ? "They go to the stores and their owners are emailed." : "Their owners are emailed."}
          </h2>
          <ul className="list-inside list-disc text-slate-200">
            {actionData.releases.map((release) => (
              <li key={release.id}>
                {release.title} · {release.artistName}
              </li>
            ))}
          </ul>
          {actionData.message ? <p className="text-slate-300">Message to the users: “{actionData.message}”</p> : null}
          <p className="text-sm text-slate-400">This confirmation works once, for {CONFIRMATION_TTL_MINUTES} minutes.</p>
          <div className="flex flex-wrap gap-3">
            <Form method="post">
              <input type="hidden" name="token" value={actionData.token} />
              <input type="hidden" name="returnTo" value={actionData.returnTo} />
              <input type="hidden" name="message" value={actionData.message} />
              {actionData.releases.map((release) => (
                <input key={release.id} type="hidden" name="releaseIds" value={release.id} />
              ))}
              <button type="submit" name="intent" value={actionData.action} className={buttonClass("primary")}>
                Confirm: {verb.toLowerCase()}
              </button>
            </Form>
            <Link to={actionData.returnTo} className={buttonClass("secondary")}>
              Cancel
            </Link>
          </div>
        </section>
      </AdminPage>
    );
  }

  const notice = actionData ? null : doneMessage(done);
  const queueLink = (queue: string) => `?${new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(location.search)), queue, page: "1" })}`.replace(/&?done=[^&]*/, "");
  const current = result?.queue ?? form.queue;
  return (
    <AdminPage title="Distribution review" intro="Releases waiting for review, and what went out. Open one to review it; selected submitted releases can be approved or rejected together.">
      {notice ? <Notice>{notice}</Notice> : null}
      {actionData?.stage === "error" ? <Notice tone="error">{actionData.error}</Notice> : null}
      <nav aria-label="Queues" className="flex flex-wrap gap-2 border-b border-ink-700 pb-3">
        {QUEUES.map((queue) => (
          <Link key={queue} to={queueLink(queue)} aria-current={queue === current ? "page" : undefined} className={`rounded-full px-4 py-1.5 text-sm ${queue === current ? "bg-brand-500 text-white" : "text-slate-300 hover:bg-ink-800"}`}>
            {QUEUE_LABELS[queue]}
          </Link>
        ))}
      </nav>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="queue" value={current} />
        <AdminInput id="distro-q" label="Search" grow name="q" type="search" defaultValue={form.q} placeholder="Title, artist, email or id" error={errors?.q} />
        <AdminInput id="distro-start" label="Submitted from" name="startDate" type="date" min={STATS_MIN_DATE} max={today} defaultValue={form.startDate} error={errors?.startDate} />
        <AdminInput id="distro-end" label="Submitted until" name="endDate" type="date" min={STATS_MIN_DATE} max={today} defaultValue={form.endDate} error={errors?.endDate} />
        <input type="hidden" name="itemsPerPage" value={result?.itemsPerPage ?? 25} />
        <button type="submit" className={buttonClass("primary")}>
          Search
        </button>
      </Form>
      {errors ? (
        <Notice tone="error">
          {ADMIN_ERROR_MESSAGE} {Object.values(errors).join(" ")}
        </Notice>
      ) : null}
      {result && result.rows.length === 0 ? <p className="text-slate-300">{ADMIN_EMPTY_MESSAGE}</p> : null}
      {result && result.kind === "releases" && result.rows.length > 0 ? (
        <Form method="post" className="grid gap-4">
          <input type="hidden" name="returnTo" value={returnTo} />
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm text-slate-200">
              <caption className="sr-only">{QUEUE_LABELS[result.queue]} releases, oldest submission first</caption>
              <thead className="text-slate-400">
                <tr>
                  {[...(mayAct && result.queue === "submitted" ? ["Select"] : []), "Release", "Artist", "User", "Status", "Submitted", "Reviewer"].map((heading) => (
                    <th key={heading} scope="col" className="p-2">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {result.rows.map((row) => (
                  <tr key={row.id} className="border-t border-ink-700">
                    {mayAct && result.queue === "submitted" ? (
                      <td className="p-2">
                        <input type="checkbox" name="releaseIds" value={row.id} aria-label={`Select ${row.title}`} />
                      </td>
                    ) : null}
                    <td className="p-2">
                      <Link to={`/admin/users/${row.userId}/distro?release=${row.id}`} className="text-accent-300 underline">
                        {row.title}
                      </Link>
                    </td>
                    <td className="p-2">{row.artistName}</td>
                    <td className="p-2">{row.email}</td>
                    <td className="p-2">{row.statusLabel}</td>
                    <td className="p-2 whitespace-nowrap">{formatDate(row.submittedAt)}</td>
                    <td className="p-2">{row.lockedBy ? `Being reviewed by ${row.lockedBy}` : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination search={location.search} page={result.page} itemsPerPage={result.itemsPerPage} total={result.total} />
          {mayAct && result.queue === "submitted" ? (
            <fieldset className={`${adminCard} grid gap-3`}>
              <legend className="px-1 font-semibold text-white">Selected releases</legend>
              <label htmlFor="bulk-message" className="text-sm text-slate-300">
                Message to the users (for a rejection)
              </label>
              <textarea id="bulk-message" name="message" rows={2} maxLength={2000} className={adminField} />
              <div className="flex flex-wrap gap-2">
                <button type="submit" name="intent" value="prepare_approve" className={buttonClass("primary", "sm")}>
                  Approve selected…
                </button>
                <button type="submit" name="intent" value="prepare_reject" className={buttonClass("secondary", "sm")}>
                  Reject selected…
                </button>
              </div>
            </fieldset>
          ) : null}
        </Form>
      ) : null}
      {result && result.kind === "users" && result.rows.length > 0 ? (
        <div className="grid gap-4">
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm text-slate-200">
              <caption className="sr-only">{QUEUE_LABELS[result.queue]}, longest waiting first</caption>
              <thead className="text-slate-400">
                <tr>
                  {["User", "Releases", "Waiting since", "Reviewer"].map((heading) => (
                    <th key={heading} scope="col" className="p-2">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {result.rows.map((row) => (
                  <tr key={row.userId} className="border-t border-ink-700">
                    <td className="p-2">
                      <Link to={`/admin/users/${row.userId}/distro`} className="text-accent-300 underline">
                        {row.email}
                      </Link>
                    </td>
                    <td className="p-2">{row.releases}</td>
                    <td className="p-2 whitespace-nowrap">{formatDate(row.oldestSubmittedAt)}</td>
                    <td className="p-2">{row.lockedBy ? `Being reviewed by ${row.lockedBy}` : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination search={location.search} page={result.page} itemsPerPage={result.itemsPerPage} total={result.total} />
        </div>
      ) : null}
    </AdminPage>
  );
}

export const meta: MetaFunction = () => [{ title: "Distribution review · Songloom admin" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
