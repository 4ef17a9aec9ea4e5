// /account/api/tokens: the account's personal access tokens for /api/v1 (docs/api.md): make one with a
// name, scopes and a lifetime (shown once), see when each was last used, revoke it. Staff accounts manage
// theirs on /admin/tokens, behind the second factor and the audit log.
import { json, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Note } from "~/components/account/account-ui";
import { TokenManager } from "~/components/api/token-manager";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { requireVerifiedUser } from "~/server/guards.server";
import { handleTokenForm, NO_STORE, tokenPageData, type TokenActionData } from "~/services/access-tokens";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(request);
  if (user.isAdmin) return json({ staff: true as const }, { headers: NO_STORE });
  return json({ staff: false as const, ...(await tokenPageData(user.id, "user")) }, { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireVerifiedUser(request);
  if (user.isAdmin) {
    return json<TokenActionData>({ intent: "create", errors: { form: ["Staff accounts make their tokens on /admin/tokens."], fields: {} } }, { status: 403, headers: NO_STORE });
  }
  return handleTokenForm(request, user, "user");
}

export const headers: HeadersFunction = () => NO_STORE;

export default function TokensPage() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-300">
        <Link to="/account/api" className="text-accent-300 underline">
          API
        </Link>{" "}
        › Personal access tokens. A token lets a script act for you on the <Link to="/developers" className="text-accent-300 underline">public API</Link>, only
        within its scopes; send it as <code>Authorization: Bearer &lt;token&gt;</code>, never in a URL.
      </p>
      {data.staff ? (
        <Note tone="info" testId="staff-tokens-note">
          Staff accounts make and revoke their tokens on <Link to="/admin/tokens" className="underline">/admin/tokens</Link>, after the second factor; each one is recorded in the audit log.
        </Note>
      ) : (
        <TokenManager tokens={data.tokens} scopes={data.scopes} lifetimes={data.lifetimes} result={result} />
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "API tokens · Songloom" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
