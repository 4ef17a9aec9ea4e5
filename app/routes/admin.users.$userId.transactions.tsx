// /admin/users/{id}/transactions (account viewer): AdminUserTransactionReview. Songloom does not keep
// balances or transactions yet (the money work adds them and fills this page); until then the page says so
// rather than showing an empty table that looks like "no money moved".
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage, adminCard, UserTabs } from "~/components/admin/admin-ui";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { findUserById } from "~/models/user.server";
import { allowedUserPages } from "~/server/admin-api.server";
import { requirePermission } from "~/server/guards.server";
import { isPossibleId } from "~/utils/input-schemas";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requirePermission(request, "account:viewer");
  const user = params.userId && isPossibleId(params.userId) ? await findUserById(params.userId) : null;
  if (!user) throw new Response("No such user", { status: 404 });
  return json({ user: { id: user.id, email: user.email, withdrawalStatus: user.withdrawalStatus }, tabs: allowedUserPages(admin) });
}

export default function AdminUserTransactionReview() {
  const { user, tabs } = useLoaderData<typeof loader>();
  return (
    <AdminPage title={user.email} intro="Transactions" back={{ to: "/admin/users", label: "User lookup" }}>
      <UserTabs userId={user.id} email={user.email} current="transactions" allowed={tabs} />
      <div className={adminCard}>
        <p className="text-slate-200">No transactions: Songloom does not record balances, royalties or withdrawals yet.</p>
        <p className="mt-2 text-sm text-slate-400">
          This page will list the user&apos;s transactions, and let staff with “approve transactions” release held ones, once payouts exist. Withdrawal status today: {user.withdrawalStatus}.
        </p>
      </div>
    </AdminPage>
  );
}

export const meta: MetaFunction = () => [{ title: "User transactions · Songloom admin" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
