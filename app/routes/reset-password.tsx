// /reset-password?token=: choose a new password from the emailed link. Success signs the user out
// everywhere and sends them to sign in with the new password.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AuthCard, Field, FormAlert } from "~/components/auth-form";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { db } from "~/server/db.server";
import { clientIp } from "~/server/devices.server";
import { hitRateLimits, RATE_LIMITS } from "~/server/rate-limit.server";
import { resetPassword } from "~/services/account/workflows.server";
import { checkToken, type TokenCheck } from "~/server/tokens.server";
import { formError, NewPasswordField, parseForm, readFormData } from "~/utils/forms";
import { PUBLIC_PAGE } from "~/utils/page-handle";

/** Complete without JavaScript: visitors get it without the Remix runtime (ADR 012). */
export const handle = PUBLIC_PAGE;

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const check = token ? await checkToken("reset_password", token) : ({ ok: false, reason: "invalid" } as const);
  if (!check.ok) return json({ token: null, problem: LINK_PROBLEMS[check.reason] }, { status: 400 });
  return json({ token, problem: null });
}

const LINK_PROBLEMS: Record<Exclude<TokenCheck, { ok: true }>["reason"], string> = {
  invalid: "This reset link is not valid. Ask for a new one.",
  expired: "This reset link has expired. Ask for a new one.",
  used: "This reset link has already been used. Ask for a new one.",
};

const ResetPasswordSchema = z
  .object({
    token: z.string({ message: "The reset link is missing its token." }).min(1, { message: "The reset link is missing its token." }),
    password: NewPasswordField,
    confirmPassword: z.string({ message: "Repeat the new password." }),
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: "The passwords do not match.",
    path: ["confirmPassword"],
  });

export async function action({ request }: ActionFunctionArgs) {
  const parsed = parseForm(ResetPasswordSchema, await readFormData(request));
  if (!parsed.ok) return json({ errors: parsed.errors }, { status: 400 });
  const throttled = await hitRateLimits(db, [[RATE_LIMITS.resetPasswordPerIp, clientIp(request)]]);
  if (throttled) return json({ errors: formError(throttled.message) }, { status: 429, headers: throttled.headers });
  const result = await resetPassword(parsed.data.token, parsed.data.password);
  if (!result.ok) return json({ errors: formError(LINK_PROBLEMS[result.reason]) }, { status: 400 });
  return redirect("/sign-in?reset=1");
}

export default function ResetPasswordPage() {
  const { token, problem } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!token) {
    return (
      <AuthCard title="Reset your password">
        <FormAlert messages={problem ? [problem] : undefined} />
        <Link to="/forgot-password" className={`${buttonClass("primary")} w-full`}>
          Send me a new link
        </Link>
      </AuthCard>
    );
  }
  const errors = actionData?.errors;
  return (
    <AuthCard title="Choose a new password">
      <FormAlert messages={errors?.form} />
      <Form method="post" noValidate className="space-y-4">
        <input type="hidden" name="token" value={token} />
        <Field name="password" label="New password" type="password" autoComplete="new-password" errors={errors?.fields.password ?? errors?.fields.token} />
        <Field name="confirmPassword" label="Repeat new password" type="password" autoComplete="new-password" errors={errors?.fields.confirmPassword} />
        <button type="submit" className={`${buttonClass("primary")} w-full`}>
          Change password
        </button>
      </Form>
    </AuthCard>
  );
}

export const meta: MetaFunction = () => [{ title: "Reset password · Songloom" }, { name: "description", content: "Set a new password for your Songloom account." }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
