// /developers (any signed-in user): how to use the public API (docs/api.md in short), its /api/v1
// operations with the scope each needs (rendered on the server, so readable without JavaScript), the
// webhook events and signature, then Swagger UI over the whole OpenAPI document.
import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { SwaggerViewer } from "~/components/api/swagger-viewer";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { requireUser } from "~/server/guards.server";
import { registeredApiOperations } from "~/server/openapi.server";
import { TOKEN_SCOPES } from "~/services/access-tokens/scopes";
import { WEBHOOK_EVENTS, WEBHOOK_HEADERS } from "~/services/webhooks/events";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const operations = registeredApiOperations()
    .filter((operation) => operation.token)
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))
    .map((operation) => ({ method: operation.method, path: operation.path, summary: operation.summary, scope: operation.token?.scope ?? null }));
  return json({
    operations,
    scopes: Object.entries(TOKEN_SCOPES).map(([name, description]) => ({ name, description })),
    events: Object.entries(WEBHOOK_EVENTS).map(([name, description]) => ({ name, description })),
    origin: new URL(request.url).origin,
  });
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: "/developers/assets/swagger-ui.css" }];

export default function DevelopersPage() {
  const { operations, scopes, events, origin } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10 text-sm text-slate-300 sm:px-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-white">The Songloom API</h1>
        <p>
          Create songs, release them and read your stats from your own scripts. Make a{" "}
          <Link to="/account/api/tokens" className="text-accent-300 underline">
            personal access token
          </Link>
          , send it in the <code>Authorization</code> header, and register{" "}
          <Link to="/account/api/webhooks" className="text-accent-300 underline">
            webhooks
          </Link>{" "}
          to be told when things happen.
        </p>
        <pre className="overflow-x-auto rounded-xl bg-ink-950 p-4 text-xs text-slate-100">
          {`curl -H "Authorization: Bearer slk_…" ${origin}/api/v1/me`}
        </pre>
      </header>

      <section aria-labelledby="v1-operations" className="space-y-3">
        <h2 id="v1-operations" className="text-xl font-semibold text-white">
          Operations of /api/v1
        </h2>
        <p>
          Answers are JSON; every error is <code>{`{ "error": { "status", "code", "message", "fields"? } }`}</code>. Each answer carries <code>RateLimit</code> and{" "}
          <code>RateLimit-Policy</code> fields with the token&apos;s requests left this minute; past them the answer is 429 with <code>Retry-After</code>.
        </p>
        <table className="w-full text-left" data-testid="v1-operations">
          <caption className="sr-only">The public API&apos;s operations and the scope each needs</caption>
          <thead className="text-slate-400">
            <tr>
              <th scope="col" className="py-2 pr-3">Method</th>
              <th scope="col" className="py-2 pr-3">Path</th>
              <th scope="col" className="py-2 pr-3">What it does</th>
              <th scope="col" className="py-2">Scope</th>
            </tr>
          </thead>
          <tbody>
            {operations.map((operation) => (
              <tr key={`${operation.method} ${operation.path}`} className="border-t border-ink-700">
                <td className="py-2 pr-3 font-mono">{operation.method}</td>
                <td className="py-2 pr-3 font-mono">{operation.path}</td>
                <td className="py-2 pr-3">{operation.summary}</td>
                <td className="py-2 font-mono">{operation.scope ?? "any"}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h3 className="font-semibold text-white">Scopes</h3>
        <ul className="list-disc space-y-1 pl-5">
          {scopes.map((scope) => (
            <li key={scope.name}>
              <code className="text-white">{scope.name}</code>: {scope.description}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="webhook-events" className="space-y-3">
        <h2 id="webhook-events" className="text-xl font-semibold text-white">
          Webhooks
        </h2>
        <p>
          Each delivery is a POST of JSON <code>{`{ "id", "type", "createdAt", "data" }`}</code>, signed as{" "}
          <a href="https://www.standardwebhooks.com" className="text-accent-300 underline">
            Standard Webhooks
          </a>{" "}
          specify: <code>{WEBHOOK_HEADERS.signature}</code> is <code>v1,</code> and the base64 HMAC-SHA256, keyed with your endpoint&apos;s secret, of{" "}
          <code>{`${WEBHOOK_HEADERS.id}.${WEBHOOK_HEADERS.timestamp}.body`}</code>. Answer with any 2xx within 10 seconds; anything else is tried again with growing waits.
        </p>
        <ul className="list-disc space-y-1 pl-5">
          {events.map((event) => (
            <li key={event.name}>
              <code className="text-white">{event.name}</code>: {event.description}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="reference" className="space-y-3">
        <h2 id="reference" className="text-xl font-semibold text-white">
          Reference
        </h2>
        <p>
          Every operation with its parameters, answers and errors, from{" "}
          <a href="/api/openapi.json" className="text-accent-300 underline">
            /api/openapi.json
          </a>{" "}
          (the <code>v1</code> tags are the public API; the rest serves Songloom&apos;s own pages).
        </p>
        <SwaggerViewer bundle="/developers/assets/swagger-ui-bundle.js" fallback="The tables above and the OpenAPI document list the same operations." />
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "API · Songloom" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
