// /admin/royalties (royalty viewer; spec 3 §6–7): the royalty viewer and admin. Records for a date range
// (default the last 7 days, never before 2019-01-01, at most today), by ISRC or by UPC, paged; the held
// transactions (report lines that matched no live song) with their approval (approve transactions); the
// store reports pending and complete, with approve (royalty admin), which imports a report as a job.
// Plain GET and POST forms: everything works without JavaScript. Approvals are audited.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ADMIN_EMPTY_MESSAGE, ADMIN_ERROR_MESSAGE, AdminPage, adminCard, adminField, formatDate, Notice, Pagination } from "~/components/admin/admin-ui";
import { formatMicros } from "~/components/account/account-ui";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { asPage, safeAdminReturn } from "~/server/admin-api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { hasPermission } from "~/server/permissions.server";
import { approveHeldLine, heldLines, processReport, RecordsQuerySchema, royaltyRecords, royaltyReportList, scanReportInbox } from "~/services/royalties";
// Rendered in the browser too: from a module that is not server-only.
import { ROYALTY_MIN_DATE } from "~/services/royalties/constants";
import { ProcessBodySchema } from "~/services/royalties/api-schemas";
import { readFormData } from "~/utils/forms";

const DONE: Record<string, string> = {
  held_approved: "The held transaction was approved and credited.",
  report_queued: "The report was approved; the import runs in the background. Reload to see it complete.",
  report_imported: "The report was imported.",
};

const today = () => new Date().toISOString().slice(0, 10);

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requirePermission(request, "royalty:viewer");
  const url = new URL(request.url);
  const search = Object.fromEntries([...url.searchParams].filter(([key, value]) => ["startDate", "endDate", "isrc", "upc", "page", "itemsPerPage"].includes(key) && value !== ""));
  const parsed = RecordsQuerySchema.safeParse(search);
  // New files in the reports folder show up as pending reports.
  await scanReportInbox(db);
  const [records, held, pending, complete] = await Promise.all([
    parsed.success ? royaltyRecords(db, parsed.data) : null,
    heldLines(db, { status: "held", page: 1, itemsPerPage: 50 }),
    royaltyReportList(db, "pending"),
    royaltyReportList(db, "complete", 25),
  ]);
  const report = (row: (typeof pending)[number]) => ({ ...row, createdAt: row.createdAt.toISOString(), completedAt: row.completedAt?.toISOString() ?? null });
  return json(
    {
      query: parsed.success ? parsed.data : null,
      error: parsed.success ? null : parsed.error.issues.map((issue) => issue.message).join(" "),
      records,
      held: { ...held, held: held.held.map((line) => ({ ...line, createdAt: line.createdAt.toISOString(), decidedAt: null })) },
      pending: pending.map(report),
      complete: complete.map(report),
      today: today(),
      done: DONE[url.searchParams.get("done") ?? ""] ?? null,
      can: { approveTransactions: hasPermission(staff, "account:approve_transactions"), approveReports: hasPermission(staff, "royalty:admin") },
    },
    { status: parsed.success ? 200 : 400 },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, "royalty:viewer");
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const returnTo = safeAdminReturn(form.get("returnTo"), "/admin/royalties");
  const back = (done: string) => {
    const url = new URL(returnTo.startsWith("/admin/royalties") ? returnTo : "/admin/royalties", "http://x");
    url.searchParams.set("done", done);
    return redirect(`${url.pathname}${url.search}`);
  };
  const fail = (formId: string, message: string, status = 400) => json({ formId, message }, { status });
  if (intent === "approve_held") {
    // The server refuses without the permission, whatever the page showed.
    const approver = await requirePermission(request, "account:approve_transactions");
    const id = String(form.get("id") ?? "");
    const songId = String(form.get("songId") ?? "").trim();
    const done = await asPage(() => approveHeldLine(id, approver.id, songId || undefined));
    return done.ok ? back("held_approved") : fail(`held-${id}`, done.message, done.status);
  }
  if (intent === "approve_report") {
    const admin = await requirePermission(request, "royalty:admin");
    const id = String(form.get("id") ?? "");
    const body = ProcessBodySchema.safeParse({ date: form.get("date") ?? "", referenceId: form.get("referenceId") ?? "", credit: "true", fullJob: form.get("fullJob") === "false" ? "false" : "true" });
    if (!body.success) return fail(`report-${id}`, body.error.issues.map((issue) => issue.message).join(" "));
    const done = await asPage(() => processReport(id, body.data, admin.id));
    if (!done.ok) return fail(`report-${id}`, done.message, done.status);
    return back(done.value.queued ? "report_queued" : "report_imported");
  }
  return fail("form", "Unknown action.");
}

function Money({ micros }: { micros: number }) {
  return <>{formatMicros(micros)}</>;
}

export default function RoyaltiesAdmin() {
  const { query, error, records, held, pending, complete, today, done, can } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search.replace(/([?&])done=[^&]*&?/, "$1").replace(/[?&]$/, "")}`;
  const messageFor = (formId: string) => (actionData?.formId === formId ? actionData.message : null);
  const by = query?.isrc ? `ISRC ${query.isrc}` : query?.upc ? `UPC ${query.upc}` : "every ISRC";
  return (
    <AdminPage title="Royalties" intro="Streams and money from store reports, lines held for review, and the reports themselves. Amounts are what stores pay (gross) and the creators' share.">
      {done && !actionData ? <Notice>{done}</Notice> : null}
      {actionData?.formId === "form" ? <Notice tone="error">{actionData.message}</Notice> : null}

      <section aria-labelledby="records-heading" className="grid gap-4">
        <h2 id="records-heading" className="text-xl font-semibold text-white">
          Records
        </h2>
        <Form method="get" className={`${adminCard} flex flex-wrap items-end gap-3`}>
          <div className="grid gap-1">
            <label htmlFor="startDate" className="text-sm text-slate-300">From</label>
            <input id="startDate" name="startDate" type="date" min={ROYALTY_MIN_DATE} max={today} defaultValue={query?.startDate} className={adminField} />
          </div>
          <div className="grid gap-1">
            <label htmlFor="endDate" className="text-sm text-slate-300">To</label>
            <input id="endDate" name="endDate" type="date" min={ROYALTY_MIN_DATE} max={today} defaultValue={query?.endDate} className={adminField} />
          </div>
          <div className="grid gap-1">
            <label htmlFor="isrc" className="text-sm text-slate-300">ISRC</label>
            <input id="isrc" name="isrc" maxLength={15} defaultValue={query?.isrc ?? ""} className={adminField} />
          </div>
          <div className="grid gap-1">
            <label htmlFor="upc" className="text-sm text-slate-300">UPC</label>
            <input id="upc" name="upc" maxLength={13} inputMode="numeric" defaultValue={query?.upc ?? ""} className={adminField} />
          </div>
          <div className="grid gap-1">
            <label htmlFor="itemsPerPage" className="text-sm text-slate-300">Per page</label>
            <select id="itemsPerPage" name="itemsPerPage" defaultValue={String(query?.itemsPerPage ?? 25)} className={adminField}>
              {[10, 25, 50].map((size) => (
                <option key={size} value={size}>{size}</option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonClass("primary", "sm")}>Show records</button>
        </Form>
        {error ? <Notice tone="error">{ADMIN_ERROR_MESSAGE} {error}</Notice> : null}
        {records ? (
          <>
            <p className="text-sm text-slate-300">
              {records.startDate} to {records.endDate}, {by}: {records.totals.streams.toLocaleString("en-US")} streams, <Money micros={records.totals.grossMicros} /> gross, <Money micros={records.totals.creatorMicros} /> to creators.
            </p>
            {records.records.length === 0 ? (
              <p className="text-slate-300">{ADMIN_EMPTY_MESSAGE}</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-left text-sm text-slate-200">
                  <caption className="sr-only">Royalty records</caption>
                  <thead className="text-slate-400">
                    <tr>
                      {query?.isrc ? <th scope="col" className="p-2">Day</th> : null}
                      <th scope="col" className="p-2">ISRC</th>
                      <th scope="col" className="p-2">UPC</th>
                      <th scope="col" className="p-2">Song</th>
                      <th scope="col" className="p-2">Store</th>
                      {query?.isrc ? <th scope="col" className="p-2">Territory</th> : null}
                      <th scope="col" className="p-2 text-right">Streams</th>
                      <th scope="col" className="p-2 text-right">Gross</th>
                      <th scope="col" className="p-2 text-right">Creator</th>
                    </tr>
                  </thead>
                  <tbody>
                    {records.records.map((record) => (
                      <tr key={`${record.isrc}-${record.store}-${record.territory}-${record.day}-${record.songId}`} className="border-t border-ink-700">
                        {query?.isrc ? <td className="p-2">{record.day}</td> : null}
                        <td className="p-2">
                          <Link to={`?isrc=${record.isrc}&startDate=${records.startDate}&endDate=${records.endDate}`} className="text-accent-300 underline">{record.isrc}</Link>
                        </td>
                        <td className="p-2">
                          <Link to={`?upc=${record.upc}&startDate=${records.startDate}&endDate=${records.endDate}`} className="text-accent-300 underline">{record.upc}</Link>
                        </td>
                        <td className="p-2">
                          <Link to={`/admin/users/${record.userId}/view`} className="underline">{record.songName ?? record.songId}</Link>
                        </td>
                        <td className="p-2">{record.store}</td>
                        {query?.isrc ? <td className="p-2">{record.territory}</td> : null}
                        <td className="p-2 text-right">{record.streams.toLocaleString("en-US")}</td>
                        <td className="p-2 text-right"><Money micros={record.grossMicros} /></td>
                        <td className="p-2 text-right"><Money micros={record.creatorMicros} /></td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <Pagination search={location.search} page={records.page} itemsPerPage={records.itemsPerPage} total={records.total} />
          </>
        ) : null}
      </section>

      <section aria-labelledby="held-heading" className="grid gap-4">
        <h2 id="held-heading" className="text-xl font-semibold text-white">
          Held transactions ({held.total})
        </h2>
        <p className="text-sm text-slate-400">
          Report lines that matched no live song, or could not be read. Their money waits in the ledger until approved: onto the song their ISRC/UPC matches now, or onto a song you name.
          {can.approveTransactions ? null : " Approving needs the “approve transactions” permission."}
        </p>
        {held.held.length === 0 ? <p className="text-slate-300">{ADMIN_EMPTY_MESSAGE}</p> : null}
        {held.held.length > 0 ? (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm text-slate-200">
              <caption className="sr-only">Held transactions</caption>
              <thead className="text-slate-400">
                <tr>
                  <th scope="col" className="p-2">Line</th>
                  <th scope="col" className="p-2">Store / territory</th>
                  <th scope="col" className="p-2">ISRC / UPC</th>
                  <th scope="col" className="p-2">Day</th>
                  <th scope="col" className="p-2 text-right">Streams</th>
                  <th scope="col" className="p-2 text-right">Gross</th>
                  <th scope="col" className="p-2">Why</th>
                  <th scope="col" className="p-2">Approve</th>
                </tr>
              </thead>
              <tbody>
                {held.held.map((line) => {
                  const message = messageFor(`held-${line.id}`);
                  return (
                    <tr key={line.id} className="border-t border-ink-700 align-top">
                      <td className="p-2">{line.lineNo}</td>
                      <td className="p-2">{line.store} / {line.territory}</td>
                      <td className="p-2">{line.isrc || "—"} / {line.upc || "—"}</td>
                      <td className="p-2">{line.day ?? "—"}</td>
                      <td className="p-2 text-right">{line.streams.toLocaleString("en-US")}</td>
                      <td className="p-2 text-right"><Money micros={line.grossMicros} /></td>
                      <td className="p-2">{line.reason}</td>
                      <td className="p-2">
                        <Form method="post" className="flex flex-wrap items-start gap-2">
                          <input type="hidden" name="id" value={line.id} />
                          <input type="hidden" name="returnTo" value={returnTo} />
                          <label htmlFor={`song-${line.id}`} className="sr-only">Song id to credit (optional)</label>
                          <input id={`song-${line.id}`} name="songId" placeholder="Song id (optional)" maxLength={64} className={adminField} disabled={!can.approveTransactions} aria-describedby={message ? `held-${line.id}-error` : undefined} />
                          <button type="submit" name="intent" value="approve_held" className={buttonClass("secondary", "sm")} disabled={!can.approveTransactions}>
                            Approve
                          </button>
                          {message ? <p id={`held-${line.id}-error`} role="alert" className="text-sm text-rose-300">{message}</p> : null}
                        </Form>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="reports-heading" className="grid gap-4">
        <h2 id="reports-heading" className="text-xl font-semibold text-white">
          Royalty reports
        </h2>
        <h3 className="font-semibold text-white">Pending ({pending.length})</h3>
        {pending.length === 0 ? <p className="text-slate-300">{ADMIN_EMPTY_MESSAGE}</p> : null}
        {pending.map((report) => {
          const message = messageFor(`report-${report.id}`);
          return (
            <section key={report.id} className={`${adminCard} grid gap-3`} aria-label={`Report ${report.fileName}`}>
              <p className="text-slate-200">
                <strong>{report.fileName}</strong> · {report.status}
                {report.status === "processing" ? ` (${report.linesDone.toLocaleString("en-US")} lines so far)` : null} · received {formatDate(report.createdAt)}
                {report.error ? <span className="block text-rose-300">Failed: {report.error}</span> : null}
              </p>
              {can.approveReports ? (
                <Form method="post" className="flex flex-wrap items-end gap-3">
                  <input type="hidden" name="id" value={report.id} />
                  <input type="hidden" name="returnTo" value={returnTo} />
                  <div className="grid gap-1">
                    <label htmlFor={`date-${report.id}`} className="text-sm text-slate-300">Statement date</label>
                    <input id={`date-${report.id}`} name="date" type="date" min={ROYALTY_MIN_DATE} max={today} defaultValue={today} className={adminField} />
                  </div>
                  <div className="grid gap-1">
                    <label htmlFor={`ref-${report.id}`} className="text-sm text-slate-300">Store reference</label>
                    <input id={`ref-${report.id}`} name="referenceId" maxLength={100} defaultValue={report.reference ?? ""} className={adminField} />
                  </div>
                  <button type="submit" name="intent" value="approve_report" className={buttonClass("primary", "sm")}>
                    Approve and import
                  </button>
                  {message ? <p role="alert" className="w-full text-sm text-rose-300">{message}</p> : null}
                </Form>
              ) : (
                <p className="text-sm text-slate-400">Approving a report needs the royalty admin permission.</p>
              )}
            </section>
          );
        })}
        <h3 className="font-semibold text-white">Complete</h3>
        {complete.length === 0 ? <p className="text-slate-300">{ADMIN_EMPTY_MESSAGE}</p> : null}
        {complete.length > 0 ? (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm text-slate-200" data-testid="complete-reports">
              <caption className="sr-only">Imported reports</caption>
              <thead className="text-slate-400">
                <tr>
                  <th scope="col" className="p-2">Report</th>
                  <th scope="col" className="p-2">Reference</th>
                  <th scope="col" className="p-2">Usage</th>
                  <th scope="col" className="p-2 text-right">Lines (held)</th>
                  <th scope="col" className="p-2 text-right">Streams</th>
                  <th scope="col" className="p-2 text-right">Gross</th>
                  <th scope="col" className="p-2 text-right">Creators</th>
                  <th scope="col" className="p-2">Imported</th>
                </tr>
              </thead>
              <tbody>
                {complete.map((report) => (
                  <tr key={report.id} className="border-t border-ink-700">
                    <td className="p-2">{report.fileName}</td>
                    <td className="p-2">{report.reference ?? "—"}</td>
                    <td className="p-2">{report.firstDay ?? "—"} to {report.lastDay ?? "—"}</td>
                    <td className="p-2 text-right">{report.linesDone.toLocaleString("en-US")} ({report.linesHeld.toLocaleString("en-US")})</td>
                    <td className="p-2 text-right">{report.streams.toLocaleString("en-US")}</td>
                    <td className="p-2 text-right"><Money micros={report.grossMicros} /></td>
                    <td className="p-2 text-right"><Money micros={report.creatorMicros} /></td>
                    <td className="p-2">{formatDate(report.completedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </AdminPage>
  );
}

export const meta: MetaFunction = () => [{ title: "Royalties · Songloom admin" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
