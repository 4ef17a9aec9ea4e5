// /account/api/webhooks/{endpointId}: one endpoint: its signing secret, its last deliveries with what the
// server answered on each try, replay, switching it off and on, deleting it.
import { json, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Note, Section } from "~/components/account/account-ui";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { requireVerifiedUser } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { deleteEndpoint, endpointWithDeliveries, replayDelivery, setEndpointActive } from "~/services/webhooks";
// Rendered in the browser too: from the module that is plain data.
import { WEBHOOK_HEADERS } from "~/services/webhooks/events";
import { readFormData } from "~/utils/forms";

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(request);
  try {
    const found = await endpointWithDeliveries(user.id, params.endpointId ?? "");
    return json({ ...found, created: new URL(request.url).searchParams.has("created") }, { headers: NO_STORE });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Response(error.message, { status: 404 });
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const endpointId = params.endpointId ?? "";
  const form = await readFormData(request);
  const intent = form.get("intent");
  try {
    if (intent === "replay") {
      await replayDelivery(user.id, endpointId, String(form.get("deliveryId") ?? ""));
      return json({ notice: "Sent again: the new delivery is at the top of the list.", error: null }, { headers: NO_STORE });
    }
    if (intent === "switch") {
      await setEndpointActive(user.id, endpointId, form.get("active") === "1");
      return json({ notice: form.get("active") === "1" ? "The endpoint is on." : "The endpoint is off: no events are sent to it.", error: null }, { headers: NO_STORE });
    }
    if (intent === "delete") {
      await deleteEndpoint(user.id, endpointId);
      return redirect("/account/api/webhooks");
    }
  } catch (error) {
    if (error instanceof ApiError) return json({ notice: null, error: error.message }, { status: error.status, headers: NO_STORE });
    if (error instanceof Response && error.status === 429) return json({ notice: null, error: (await error.json()).error.message as string }, { status: 429, headers: NO_STORE });
    throw error;
  }
  return json({ notice: null, error: "Choose one of the buttons on this page." }, { status: 400, headers: NO_STORE });
}

export const headers: HeadersFunction = () => NO_STORE;

export default function EndpointPage() {
  const { endpoint, deliveries, created } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-300">
        <Link to="/account/api/webhooks" className="text-accent-300 underline">
          Webhooks
        </Link>{" "}
        › <span className="break-all font-mono">{endpoint.url}</span>
      </p>
      {created ? <Note tone="success">The endpoint is added. Events are signed with the secret below.</Note> : null}
      {result?.notice ? <Note tone="success" testId="endpoint-notice">{result.notice}</Note> : null}
      {result?.error ? <Note tone="error">{result.error}</Note> : null}
      <Section title="Endpoint" id="endpoint">
        <p>
          {endpoint.active ? "On" : "Off"} · events: {endpoint.events.join(", ")}
        </p>
        <div>
          <label htmlFor="signing-secret" className="block text-sm font-medium text-slate-200">
            Signing secret
          </label>
          <input id="signing-secret" readOnly value={endpoint.secret} className="mt-1 w-full rounded-lg border border-ink-600 bg-ink-950 px-3 py-2 font-mono text-xs text-white" />
          <p className="mt-1 text-slate-400">
            Check each delivery: <code>{WEBHOOK_HEADERS.signature}</code> holds <code>v1,</code> and the base64 HMAC-SHA256 of <code>{`${WEBHOOK_HEADERS.id}.${WEBHOOK_HEADERS.timestamp}.body`}</code>, keyed with the base64 after <code>whsec_</code>.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Form method="post">
            <input type="hidden" name="active" value={endpoint.active ? "0" : "1"} />
            <button name="intent" value="switch" disabled={busy} className={buttonClass("secondary", "sm")}>
              {endpoint.active ? "Switch off" : "Switch on"}
            </button>
          </Form>
          <Form method="post">
            <button name="intent" value="delete" disabled={busy} className={buttonClass("ghost", "sm")}>
              Delete endpoint
            </button>
          </Form>
        </div>
      </Section>
      <Section title="Recent deliveries" id="deliveries">
        {deliveries.length === 0 ? (
          <p data-testid="no-deliveries">Nothing sent yet. Events appear here as they happen.</p>
        ) : (
          <ul className="divide-y divide-ink-700" data-testid="delivery-list">
            {deliveries.map((delivery) => (
              <li key={delivery.id} className="space-y-2 py-3" data-testid="delivery">
                <p className="text-white">
                  <code>{delivery.eventType}</code> · {delivery.status === "succeeded" ? "Delivered" : delivery.status === "failed" ? "Failed" : "Trying"} after {delivery.attempts}{" "}
                  {delivery.attempts === 1 ? "try" : "tries"}
                  {delivery.replayOf ? " · replay" : ""} · <span className="text-slate-400">{new Date(delivery.createdAt).toUTCString()}</span>
                </p>
                {delivery.tries.length > 0 ? (
                  <ol className="space-y-1 text-slate-400">
                    {delivery.tries.map((attempt) => (
                      <li key={attempt.attempt}>
                        Try {attempt.attempt}: {attempt.responseStatus !== null ? `HTTP ${attempt.responseStatus}` : "no answer"} in {attempt.durationMs} ms
                        {attempt.error ? ` · ${attempt.error}` : ""}
                        {attempt.responseBody ? (
                          <pre className="mt-1 max-h-24 overflow-auto whitespace-pre-wrap rounded bg-ink-950 p-2 text-xs text-slate-300">{attempt.responseBody}</pre>
                        ) : null}
                      </li>
                    ))}
                  </ol>
                ) : null}
                <Form method="post">
                  <input type="hidden" name="deliveryId" value={delivery.id} />
                  <button name="intent" value="replay" disabled={busy || !endpoint.active} className={buttonClass("ghost", "sm")}>
                    Send again
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Webhook endpoint · Songloom" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
