// The personal access token list and forms, for /account/api/tokens and /admin/tokens: make a token (name,
// scopes, lifetime), see it once, and revoke tokens. Plain forms: all of it works without JavaScript.
import { Form, useNavigation } from "@remix-run/react";
import { Note, Section, formatDate } from "~/components/account/account-ui";
import { buttonClass } from "~/components/button";

export interface TokenItem {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  state: "live" | "expired" | "revoked";
}

interface Errors {
  form: string[];
  fields: Record<string, string[] | undefined>;
}

export function TokenManager({
  tokens,
  scopes,
  lifetimes,
  result,
}: {
  tokens: TokenItem[];
  scopes: { name: string; description: string }[];
  lifetimes: number[];
  result?: { intent: string; created?: TokenItem & { token: string }; revoked?: string; errors?: Errors };
}) {
  const busy = useNavigation().state !== "idle";
  const errors = result?.intent === "create" ? result.errors : undefined;
  return (
    <div className="space-y-6">
      {result?.created ? (
        <div role="status" data-testid="new-token" className="space-y-2 rounded-xl border border-emerald-400/40 bg-emerald-950/30 px-4 py-3 text-sm text-emerald-100">
          <p>
            Your new token <strong>{result.created.name}</strong>. Copy it now: it is shown only this once, and we keep only a fingerprint of it.
          </p>
          <label htmlFor="new-token-value" className="sr-only">
            The new token
          </label>
          <input id="new-token-value" readOnly value={result.created.token} className="w-full rounded-lg border border-ink-600 bg-ink-950 px-3 py-2 font-mono text-xs text-white" />
        </div>
      ) : null}
      {result?.revoked ? <Note tone="success" testId="token-notice">{`The token “${result.revoked}” is revoked: it no longer works.`}</Note> : null}
      {result?.intent === "revoke" && result.errors ? <Note tone="error">{result.errors.form.join(" ")}</Note> : null}

      <Section title="Make a token" id="make-token">
        <Form method="post" noValidate className="space-y-4">
          <div>
            <label htmlFor="token-name" className="block text-sm font-medium text-slate-200">
              Name
            </label>
            <input
              id="token-name"
              name="name"
              maxLength={60}
              aria-invalid={errors?.fields.name ? true : undefined}
              aria-describedby={errors?.fields.name ? "token-name-error" : undefined}
              className="mt-1 w-full rounded-lg border border-ink-600 bg-ink-950 px-3 py-2 text-white"
            />
            {errors?.fields.name ? (
              <p id="token-name-error" className="mt-1 text-sm text-red-300">
                {errors.fields.name.join(" ")}
              </p>
            ) : null}
          </div>
          <fieldset aria-describedby={errors?.fields.scopes ? "token-scopes-error" : undefined}>
            <legend className="text-sm font-medium text-slate-200">Scopes: what the token may do</legend>
            <ul className="mt-2 space-y-1">
              {scopes.map((scope) => (
                <li key={scope.name}>
                  <label className="flex items-start gap-2">
                    <input type="checkbox" name="scopes" value={scope.name} className="mt-1" />
                    <span>
                      <code className="text-white">{scope.name}</code> <span className="text-slate-400">{scope.description}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            {errors?.fields.scopes ? (
              <p id="token-scopes-error" className="mt-1 text-sm text-red-300">
                {errors.fields.scopes.join(" ")}
              </p>
            ) : null}
          </fieldset>
          <div>
            <label htmlFor="token-expiry" className="block text-sm font-medium text-slate-200">
              Expires after
            </label>
            <select id="token-expiry" name="expiresInDays" defaultValue={String(lifetimes[1] ?? lifetimes[0])} className="mt-1 rounded-lg border border-ink-600 bg-ink-950 px-3 py-2 text-white">
              {lifetimes.map((days) => (
                <option key={days} value={days}>
                  {days} days
                </option>
              ))}
            </select>
            {errors?.fields.expiresInDays ? <p className="mt-1 text-sm text-red-300">{errors.fields.expiresInDays.join(" ")}</p> : null}
          </div>
          {errors?.form.length ? <Note tone="error">{errors.form.join(" ")}</Note> : null}
          <button name="intent" value="create" disabled={busy} className={buttonClass("primary")}>
            Make token
          </button>
        </Form>
      </Section>

      <Section title="Your tokens" id="your-tokens">
        {tokens.length === 0 ? (
          <p data-testid="no-tokens">You have no tokens yet. Make one above to call the API from a script.</p>
        ) : (
          <table className="w-full text-left text-sm" data-testid="token-table">
            <caption className="sr-only">Your personal access tokens</caption>
            <thead className="text-slate-400">
              <tr>
                <th scope="col" className="py-2 pr-3">Name</th>
                <th scope="col" className="py-2 pr-3">Token</th>
                <th scope="col" className="py-2 pr-3">Scopes</th>
                <th scope="col" className="py-2 pr-3">Last used</th>
                <th scope="col" className="py-2 pr-3">Expires</th>
                <th scope="col" className="py-2"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {tokens.map((token) => (
                <tr key={token.id} data-testid="token-row" className="border-t border-ink-700 align-top">
                  <td className="py-2 pr-3 text-white">{token.name}</td>
                  <td className="py-2 pr-3 font-mono text-xs">{token.prefix}…</td>
                  <td className="py-2 pr-3">{token.scopes.join(", ")}</td>
                  <td className="py-2 pr-3">{token.lastUsedAt ? formatDate(token.lastUsedAt) : "Never"}</td>
                  <td className="py-2 pr-3">{token.state === "revoked" ? "Revoked" : `${token.state === "expired" ? "Expired " : ""}${formatDate(token.expiresAt)}`}</td>
                  <td className="py-2">
                    {token.state === "live" ? (
                      <Form method="post">
                        <input type="hidden" name="tokenId" value={token.id} />
                        <button name="intent" value="revoke" disabled={busy} className={buttonClass("ghost", "sm")} aria-label={`Revoke ${token.name}`}>
                          Revoke
                        </button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>
    </div>
  );
}
