// /admin/tokens: a staff account's own personal access tokens (docs/api.md). Behind the staff second
// factor; every create and revoke writes an audit row. A staff token acts on /api/v1 as the staff member's
// own account and never carries staff permissions (the admin API reads no bearer tokens).
import { json, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/admin-ui";
import { TokenManager } from "~/components/api/token-manager";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { requireAdmin } from "~/server/guards.server";
import { handleTokenForm, NO_STORE, tokenPageData } from "~/services/access-tokens";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return json(await tokenPageData(admin.id, "staff"), { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return handleTokenForm(request, admin, "staff");
}

export const headers: HeadersFunction = () => NO_STORE;

export default function StaffTokensPage() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <AdminPage
      title="Your API tokens"
      intro={
        <>
          Tokens for the public API (<code>/api/v1</code>), acting as your own account only: never with staff permissions. They last at most 30 days, and each one you
          make or revoke is recorded in the audit log.
        </>
      }
    >
      <TokenManager tokens={data.tokens} scopes={data.scopes} lifetimes={data.lifetimes} result={result} />
    </AdminPage>
  );
}

export const meta: MetaFunction = () => [{ title: "API tokens · Songloom admin" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
