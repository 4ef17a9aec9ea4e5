// /admin/withdrawals (account viewer to see; approve transactions to decide): withdrawals held for review
// (above the review threshold). Approve sends one to the bank, reject returns the money to the user's
// balance. Each decision has a confirmation step (a single-use token the server checks) and an audit row.
// Plain forms: no JavaScript needed.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ADMIN_EMPTY_MESSAGE, AdminPage, adminCard, adminField, formatDate, Notice } from "~/components/admin/admin-ui";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { asPage } from "~/server/admin-api.server";
import { requirePermission } from "~/server/guards.server";
import { hasPermission } from "~/server/permissions.server";
import { CONFIRMATION_TTL_MINUTES } from "~/services/admin";
import { decideHeldWithdrawal, listHeldWithdrawals, prepareWithdrawalDecision } from "~/services/withdrawals/review.server";
import { readFormData } from "~/utils/forms";

const DONE: Record<string, string> = { approve: "The withdrawal was approved and sent to the bank.", reject: "The withdrawal was rejected; the money is back in the user's balance." };
const dollars = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requirePermission(request, "account:viewer");
  const held = await listHeldWithdrawals();
  const done = DONE[new URL(request.url).searchParams.get("done") ?? ""] ?? null;
  return json({ held: held.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), done, canDecide: hasPermission(staff, "account:approve_transactions") });
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requirePermission(request, "account:approve_transactions");
  const form = await readFormData(request);
  const id = String(form.get("id") ?? "");
  const decision = form.get("decision") === "reject" ? "reject" : form.get("decision") === "approve" ? "approve" : null;
  if (!decision) return json({ stage: "error" as const, message: "decision must be approve or reject." }, { status: 400 });
  const reason = String(form.get("reason") ?? "").trim().slice(0, 200);
  if (form.get("intent") === "confirm") {
    const done = await asPage(() => decideHeldWithdrawal(staff.id, id, decision, reason, String(form.get("token") ?? "")));
    if (!done.ok) return json({ stage: "error" as const, message: done.message }, { status: done.status });
    return redirect(`/admin/withdrawals?done=${decision}`);
  }
  const prepared = await asPage(() => prepareWithdrawalDecision(staff.id, id, decision, reason));
  if (!prepared.ok) return json({ stage: "error" as const, message: prepared.message }, { status: prepared.status });
  return json({ stage: "confirm" as const, ...prepared.value });
}

export default function HeldWithdrawals() {
  const { held, done, canDecide } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  if (data?.stage === "confirm") {
    const verb = data.decision === "approve" ? "Approve" : "Reject";
    return (
      <AdminPage title={`${verb} this withdrawal?`} back={{ to: "/admin/withdrawals", label: "Held withdrawals" }}>
        <section className={`${adminCard} grid gap-4`} aria-labelledby="confirm-heading">
          <h2 id="confirm-heading" className="font-semibold text-white">
            {verb} {dollars(data.withdrawal.amountCents)} for {data.withdrawal.email}
          </h2>
          <p className="text-slate-300">
            {data.decision === "approve" ? "The money is sent to the user's bank account now." : "The money goes back to the user's available balance."}
            {data.reason ? ` Reason: ${data.reason}` : null}
          </p>
          <p className="text-sm text-slate-400">This confirmation works once, for {CONFIRMATION_TTL_MINUTES} minutes.</p>
          <Form method="post" className="flex gap-3">
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="token" value={data.token} />
            <input type="hidden" name="id" value={data.withdrawal.id} />
            <input type="hidden" name="decision" value={data.decision} />
            <input type="hidden" name="reason" value={data.reason} />
            <button type="submit" className={buttonClass("primary", "sm")}>
              Confirm: {verb.toLowerCase()}
            </button>
            <Link to="/admin/withdrawals" className={buttonClass("ghost", "sm")}>
              Cancel
            </Link>
          </Form>
        </section>
      </AdminPage>
    );
  }
  return (
    <AdminPage title="Held withdrawals" intro="Withdrawals above the review amount wait here. Approving sends the money to the user's bank; rejecting returns it to their balance.">
      {done && !data ? <Notice>{done}</Notice> : null}
      {data?.stage === "error" ? <Notice tone="error">{data.message}</Notice> : null}
      {canDecide ? null : <p className="text-sm text-slate-400">Deciding needs the “approve transactions” permission.</p>}
      {held.length === 0 ? <p className="text-slate-300">{ADMIN_EMPTY_MESSAGE}</p> : null}
      {held.map((withdrawal) => (
        <section key={withdrawal.id} className={`${adminCard} grid gap-3`} aria-label={`Withdrawal of ${dollars(withdrawal.amountCents)} by ${withdrawal.email}`}>
          <p className="text-slate-200">
            <strong>{dollars(withdrawal.amountCents)}</strong> ·{" "}
            <Link to={`/admin/users/${withdrawal.userId}/transactions`} className="text-accent-300 underline">
              {withdrawal.email}
            </Link>{" "}
            · requested {formatDate(withdrawal.createdAt)}
          </p>
          {canDecide ? (
            <Form method="post" className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="prepare" />
              <input type="hidden" name="id" value={withdrawal.id} />
              <div className="grid gap-1">
                <label htmlFor={`reason-${withdrawal.id}`} className="text-sm text-slate-300">
                  Reason (shown to the user when rejected)
                </label>
                <input id={`reason-${withdrawal.id}`} name="reason" maxLength={200} className={adminField} />
              </div>
              <button type="submit" name="decision" value="approve" className={buttonClass("primary", "sm")}>
                Approve
              </button>
              <button type="submit" name="decision" value="reject" className={buttonClass("secondary", "sm")}>
                Reject
              </button>
            </Form>
          ) : null}
        </section>
      ))}
    </AdminPage>
  );
}

export const meta: MetaFunction = () => [{ title: "Held withdrawals · Songloom admin" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
