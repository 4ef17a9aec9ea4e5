// Local OAuth stand-in — used only when no provider keys are configured, for development and tests.
// The stand-in's authorization page: instead of a Google/Facebook/Apple login it asks which email and
// name to sign in as, then redirects back to the app's callback with a code, exactly as a provider does.
// 404 unless OAUTH_STANDIN=1 outside production (app/server/oauth-standin.server.ts).
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AuthCard, Field, FormAlert } from "~/components/auth-form";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { oauthCallbackUrl, PROVIDER_LABELS } from "~/server/auth.server";
import { isStandinEnabled, issueCode, standinClientId, standinIdentity, STANDIN_PROVIDERS } from "~/server/oauth-standin.server";
import { EmailField, parseForm, readFormData } from "~/utils/forms";

export async function loader({ request }: LoaderFunctionArgs) {
  const query = parseAuthorizationRequest(new URL(request.url).searchParams);
  return json({ ...query, providerLabel: PROVIDER_LABELS[query.provider] });
}

const AuthorizationRequestSchema = z.object({
  provider: z.enum(STANDIN_PROVIDERS),
  response_type: z.literal("code"),
  client_id: z.string().min(1),
  redirect_uri: z.string().min(1),
  state: z.string().min(1),
  code_challenge: z.string().min(1),
  code_challenge_method: z.literal("S256"),
  scope: z.string().optional(),
});

/** The OAuth parameters, checked as a provider would: a wrong client or callback is refused outright. */
function parseAuthorizationRequest(params: URLSearchParams | FormData) {
  if (!isStandinEnabled()) throw new Response("Not found", { status: 404 });
  const parsed = AuthorizationRequestSchema.safeParse(Object.fromEntries(params));
  if (!parsed.success) throw new Response("Invalid authorization request", { status: 400 });
  const query = parsed.data;
  if (query.client_id !== standinClientId(query.provider) || query.redirect_uri !== oauthCallbackUrl(query.provider).toString()) {
    throw new Response("Unknown client or redirect_uri", { status: 400 });
  }
  return query;
}

const IdentityFormSchema = z.object({
  email: EmailField,
  name: z.string().trim().max(80, { message: "Use at most 80 characters." }).default(""),
});

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const query = parseAuthorizationRequest(formData);
  const parsed = parseForm(IdentityFormSchema, formData);
  if (!parsed.ok) return json({ errors: parsed.errors }, { status: 400 });
  const identity = standinIdentity(query.provider, parsed.data.email, parsed.data.name);
  const code = issueCode(identity, { clientId: query.client_id, redirectUri: query.redirect_uri, codeChallenge: query.code_challenge });
  const back = new URL(query.redirect_uri);
  back.searchParams.set("code", code);
  back.searchParams.set("state", query.state);
  return redirect(back.toString());
}

export default function StandinAuthorizePage() {
  const { providerLabel, ...query } = useLoaderData<typeof loader>();
  const errors = useActionData<typeof action>()?.errors;
  return (
    <AuthCard
      title={`Local OAuth stand-in for ${providerLabel}`}
      intro="Local OAuth stand-in — used only when no provider keys are configured, for development and tests. No real account is involved: choose who to sign in as."
    >
      <FormAlert messages={errors?.form} />
      {/* A full page load, as on a real provider's site: the answer redirects to the app's callback. */}
      <Form method="post" noValidate reloadDocument className="space-y-4">
        {Object.entries(query).map(([name, value]) =>
          value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />,
        )}
        <Field name="email" label="Email" type="email" errors={errors?.fields.email} />
        <Field name="name" label="Name" required={false} errors={errors?.fields.name} />
        <button type="submit" className={`${buttonClass("primary")} w-full`}>
          Continue as this {providerLabel} user
        </button>
      </Form>
    </AuthCard>
  );
}

export const meta: MetaFunction = () => [{ title: "Local OAuth stand-in · Songloom" }, { name: "description", content: "A local stand-in for social sign-in, for development only." }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
