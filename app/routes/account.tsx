// /account (spec 2 §2): the account area's tabs (Overview, Revenue, Memberships, User Info, API, Support) and
// the frozen-account banner. Support opens the help centre in a new window and leaves this page alone.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { requireVerifiedUser } from "~/server/guards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(request);
  return json({ frozen: user.accountStatus === "FROZEN" });
}

const TABS = [
  { to: "/account", label: "Overview", end: true },
  { to: "/account/revenue", label: "Revenue", end: false },
  { to: "/account/membership", label: "Memberships", end: false },
  { to: "/account/withdraw", label: "Withdraw", end: false },
  { to: "/account/user", label: "User Info", end: false },
  { to: "/account/api", label: "API", end: false },
] as const;

export default function AccountLayout() {
  const { frozen } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-white">Account</h1>
      {frozen ? (
        <p role="alert" data-testid="frozen-banner" className="mt-4 rounded-xl border border-red-400/40 bg-red-950/40 px-4 py-3 text-sm text-red-100">
          Your account is frozen. Withdrawals are paused while we look into it; please contact support.
        </p>
      ) : null}
      <nav aria-label="Account" className="mt-6 border-b border-ink-700">
        <ul className="flex flex-wrap gap-1">
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end={tab.end}
                className={({ isActive }) => `block rounded-t-lg px-4 py-2 text-sm font-medium ${isActive ? "bg-ink-800 text-white" : "text-slate-400 hover:text-white"}`}
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
          <li>
            <a href="/faqs" target="_blank" rel="noopener" className="block rounded-t-lg px-4 py-2 text-sm font-medium text-slate-400 hover:text-white">
              Support<span className="sr-only"> (opens the help centre in a new window)</span>
            </a>
          </li>
        </ul>
      </nav>
      <div className="mt-8">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
