// /account/api/webhooks: the account's webhook endpoints (docs/api.md "Webhooks"): register an HTTPS URL
// for some events, see each endpoint's recent failures, open one for its deliveries and secret.
import { json, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { Note, Section } from "~/components/account/account-ui";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { searchParamsToObject } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { createEndpoint, EndpointFormSchema, listEndpoints, MAX_ENDPOINTS, recentFailures, WEBHOOK_EVENTS } from "~/services/webhooks";
import { readFormData } from "~/utils/forms";

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const [endpoints, failures] = await Promise.all([listEndpoints(user.id), recentFailures(user.id)]);
  return json(
    { endpoints: endpoints.map((endpoint) => ({ ...endpoint, failures: failures[endpoint.id] ?? 0 })), events: Object.entries(WEBHOOK_EVENTS).map(([name, description]) => ({ name, description })), max: MAX_ENDPOINTS },
    { headers: NO_STORE },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const form = searchParamsToObject(await readFormData(request));
  const fail = (errors: { form: string[]; fields: Record<string, string[] | undefined> }, status = 400) => json({ errors }, { status, headers: NO_STORE });
  const parsed = EndpointFormSchema.safeParse(form);
  if (!parsed.success) {
    const flat = z.flattenError(parsed.error);
    return fail({ form: flat.formErrors, fields: flat.fieldErrors });
  }
  try {
    const endpoint = await createEndpoint(user, parsed.data);
    return redirect(`/account/api/webhooks/${endpoint.id}?created=1`);
  } catch (error) {
    if (error instanceof ApiError) return fail({ form: error.fields ? [] : [error.message], fields: error.fields ?? {} }, error.status);
    throw error;
  }
}

export const headers: HeadersFunction = () => NO_STORE;

export default function WebhooksPage() {
  const { endpoints, events, max } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const errors = result?.errors;
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-300">
        <Link to="/account/api" className="text-accent-300 underline">
          API
        </Link>{" "}
        › Webhooks. We POST a signed JSON event to your server when something happens; see{" "}
        <Link to="/developers#webhook-events" reloadDocument className="text-accent-300 underline">
          how to check the signature
        </Link>
        .
      </p>
      <Section title="Your endpoints" id="endpoints">
        {endpoints.length === 0 ? (
          <p data-testid="no-endpoints">No endpoints yet. Add the URL of your server below.</p>
        ) : (
          <ul className="divide-y divide-ink-700" data-testid="endpoint-list">
            {endpoints.map((endpoint) => (
              <li key={endpoint.id} className="py-3">
                <Link to={`/account/api/webhooks/${endpoint.id}`} className="break-all font-mono text-white underline">
                  {endpoint.url}
                </Link>
                <p className="text-slate-400">
                  {endpoint.active ? "On" : "Off"} · {endpoint.events.join(", ")}
                  {endpoint.description ? ` · ${endpoint.description}` : ""}
                  {endpoint.failures > 0 ? <span className="text-amber-300"> · {endpoint.failures} failed in the last 7 days</span> : null}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Add an endpoint" id="add-endpoint">
        <Form method="post" noValidate className="space-y-4">
          <div>
            <label htmlFor="webhook-url" className="block text-sm font-medium text-slate-200">
              URL (https://)
            </label>
            <input
              id="webhook-url"
              name="url"
              type="url"
              placeholder="https://example.com/songloom-events"
              aria-invalid={errors?.fields.url ? true : undefined}
              aria-describedby={errors?.fields.url ? "webhook-url-error" : undefined}
              className="mt-1 w-full rounded-lg border border-ink-600 bg-ink-950 px-3 py-2 text-white"
            />
            {errors?.fields.url ? (
              <p id="webhook-url-error" className="mt-1 text-sm text-red-300">
                {errors.fields.url.join(" ")}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor="webhook-description" className="block text-sm font-medium text-slate-200">
              Description (optional)
            </label>
            <input id="webhook-description" name="description" maxLength={200} className="mt-1 w-full rounded-lg border border-ink-600 bg-ink-950 px-3 py-2 text-white" />
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-slate-200">Events</legend>
            <ul className="mt-2 space-y-1">
              {events.map((event) => (
                <li key={event.name}>
                  <label className="flex items-start gap-2">
                    <input type="checkbox" name="events" value={event.name} className="mt-1" />
                    <span>
                      <code className="text-white">{event.name}</code> <span className="text-slate-400">{event.description.split(" data:")[0]}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            {errors?.fields.events ? <p className="mt-1 text-sm text-red-300">{errors.fields.events.join(" ")}</p> : null}
          </fieldset>
          {errors?.form.length ? <Note tone="error">{errors.form.join(" ")}</Note> : null}
          <button disabled={busy} className={buttonClass("primary")}>
            Add endpoint
          </button>
          <p className="text-slate-400">Up to {max} endpoints. The URL must be public: local and private addresses are refused.</p>
        </Form>
      </Section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Webhooks · Songloom" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
