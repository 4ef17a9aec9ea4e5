// /forgot-password: emails a reset link. The answer is the same whether or not the address has an
// account, so the form cannot be used to find out who uses Songloom.
import { json, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { z } from "zod";
import { AuthCard, Field, FormAlert } from "~/components/auth-form";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { db } from "~/server/db.server";
import { clientIp } from "~/server/devices.server";
import { hitRateLimits, RATE_LIMITS } from "~/server/rate-limit.server";
import { requestPasswordReset } from "~/services/account/workflows.server";
import { echoValues, EmailField, formError, parseForm, readFormData } from "~/utils/forms";
import { PUBLIC_PAGE } from "~/utils/page-handle";

/** Complete without JavaScript: visitors get it without the Remix runtime (ADR 012). */
export const handle = PUBLIC_PAGE;

const ForgotPasswordSchema = z.object({ email: EmailField });

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const values = echoValues(formData, ["email"]);
  const parsed = parseForm(ForgotPasswordSchema, formData);
  if (!parsed.ok) return json({ sent: false, errors: parsed.errors, values }, { status: 400 });
  const throttled = await hitRateLimits(db, [
    [RATE_LIMITS.forgotPasswordPerAccount, parsed.data.email],
    [RATE_LIMITS.forgotPasswordPerIp, clientIp(request)],
  ]);
  if (throttled) return json({ sent: false, errors: formError(throttled.message), values }, { status: 429, headers: throttled.headers });
  await requestPasswordReset(parsed.data.email);
  return json({ sent: true, errors: null, values });
}

export default function ForgotPasswordPage() {
  const actionData = useActionData<typeof action>();
  if (actionData?.sent) {
    return (
      <AuthCard title="Check your email">
        <FormAlert
          tone="success"
          messages={[`If an account exists for ${actionData.values.email}, we sent it a link to choose a new password. The link works for 1 hour.`]}
        />
        <Link to="/sign-in" className={`${buttonClass("secondary")} w-full`}>
          Back to sign in
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Forgot your password?" intro="Enter your email and we'll send you a link to choose a new one.">
      <FormAlert messages={actionData?.errors?.form} />
      <Form method="post" noValidate className="space-y-4">
        <Field name="email" label="Email" type="email" autoComplete="email" defaultValue={actionData?.values.email} errors={actionData?.errors?.fields.email} />
        <button type="submit" className={`${buttonClass("primary")} w-full`}>
          Send reset link
        </button>
      </Form>
    </AuthCard>
  );
}

export const meta: MetaFunction = () => [{ title: "Forgot password · Songloom" }, { name: "description", content: "Forgot your Songloom password? Get a link to set a new one." }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
