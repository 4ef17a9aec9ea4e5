// /admin/users/{id}/transactions (account viewer): AdminUserTransactionReview. The user's balances and
// ledger history (the same as their own transaction history), paged, and their withdrawals; held ones
// are decided on /admin/withdrawals (approve transactions), with a confirmation step.
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { ADMIN_EMPTY_MESSAGE, AdminPage, adminCard, formatDate, Pagination, UserTabs } from "~/components/admin/admin-ui";
import { formatMicros } from "~/components/account/account-ui";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { findUserById } from "~/models/user.server";
import { allowedUserPages } from "~/server/admin-api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { hasPermission } from "~/server/permissions.server";
import { transactionHistory, userBalances } from "~/services/ledger";
import { recentWithdrawals } from "~/services/withdrawals";
import { isPossibleId } from "~/utils/input-schemas";


export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requirePermission(request, "account:viewer");
  const user = params.userId && isPossibleId(params.userId) ? await findUserById(params.userId) : null;
  if (!user) throw new Response("No such user", { status: 404 });
  const search = new URL(request.url).searchParams;
  const page = Math.max(1, Math.min(10_000, Number.parseInt(search.get("page") ?? "1", 10) || 1));
  // Page sizes of spec 3 §2 (10, 25, 50; 25 by default); anything else is the default.
  const itemsPerPage = [10, 25, 50].includes(Number(search.get("itemsPerPage"))) ? Number(search.get("itemsPerPage")) : 25;
  const [balance, history, withdrawals] = await Promise.all([userBalances(db, user.id), transactionHistory(db, user.id, page, itemsPerPage), recentWithdrawals(user.id, 20)]);
  return json({
    user: { id: user.id, email: user.email, withdrawalStatus: user.withdrawalStatus },
    tabs: allowedUserPages(admin),
    balance,
    page,
    itemsPerPage,
    history: { total: history.total, items: history.items.map((item) => ({ ...item, postedAt: item.postedAt.toISOString() })) },
    withdrawals: withdrawals.map((w) => ({ id: w.id, amountCents: w.amountCents, state: w.state, failureReason: w.failureReason, createdAt: w.createdAt.toISOString() })),
    canApprove: hasPermission(admin, "account:approve_transactions"),
  });
}

const dollars = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

export default function AdminUserTransactionReview() {
  const { user, tabs, balance, page, itemsPerPage, history, withdrawals, canApprove } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <AdminPage title={user.email} intro="Transactions" back={{ to: "/admin/users", label: "User lookup" }}>
      <UserTabs userId={user.id} email={user.email} current="transactions" allowed={tabs} />
      <section className={adminCard} aria-labelledby="balance-heading">
        <h2 id="balance-heading" className="font-semibold text-white">Balance</h2>
        <p className="mt-2 text-slate-200">
          {formatMicros(balance.availableMicros)} available · {formatMicros(balance.heldMicros)} held for review · withdrawal status {user.withdrawalStatus}
        </p>
      </section>
      <section className="grid gap-3" aria-labelledby="withdrawals-heading">
        <h2 id="withdrawals-heading" className="font-semibold text-white">Withdrawals</h2>
        {withdrawals.length === 0 ? <p className="text-slate-300">{ADMIN_EMPTY_MESSAGE}</p> : null}
        <ul className="grid gap-2 text-sm text-slate-200">
          {withdrawals.map((w) => (
            <li key={w.id} className={adminCard}>
              {dollars(w.amountCents)} · {w.state}
              {w.failureReason ? ` (${w.failureReason})` : null} · {formatDate(w.createdAt)}
              {w.state === "held" ? (
                <>
                  {" · "}
                  {canApprove ? (
                    <Link to="/admin/withdrawals" className="text-accent-300 underline">Review on Held withdrawals</Link>
                  ) : (
                    "waiting for staff with “approve transactions”"
                  )}
                </>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <section className="grid gap-3" aria-labelledby="history-heading">
        <h2 id="history-heading" className="font-semibold text-white">Ledger history</h2>
        {history.items.length === 0 ? <p className="text-slate-300">{ADMIN_EMPTY_MESSAGE}</p> : null}
        {history.items.length > 0 ? (
          <table className="w-full text-left text-sm text-slate-200">
            <caption className="sr-only">Ledger history</caption>
            <thead className="text-slate-400">
              <tr>
                <th scope="col" className="p-2">Posted</th>
                <th scope="col" className="p-2">Kind</th>
                <th scope="col" className="p-2">Description</th>
                <th scope="col" className="p-2 text-right">Balance change</th>
              </tr>
            </thead>
            <tbody>
              {history.items.map((item) => (
                <tr key={item.id} className="border-t border-ink-700">
                  <td className="p-2">{formatDate(item.postedAt)}</td>
                  <td className="p-2">{item.category}</td>
                  <td className="p-2">{item.description}</td>
                  <td className="p-2 text-right">{formatMicros(item.amountMicros)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        <Pagination search={location.search} page={page} itemsPerPage={itemsPerPage} total={history.total} />
      </section>
    </AdminPage>
  );
}

export const meta: MetaFunction = () => [{ title: "User transactions · Songloom admin" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
