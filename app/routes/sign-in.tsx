// /sign-in (spec 3 §2): email and password, or Google, Facebook and Apple when configured. Afterwards the
// user returns to `redirectFrom` when it is on this site, otherwise to the style step.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { AuthCard, Field, FormAlert } from "~/components/auth-form";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { SocialButtons } from "~/components/social-buttons";
import {
  authenticator,
  InvalidCredentialsError,
  signInUser,
  socialButtons,
} from "~/server/auth.server";
import { db } from "~/server/db.server";
import { clientIp } from "~/server/devices.server";
import { BAN_MESSAGES, requireAnonymous } from "~/server/guards.server";
import { hitRateLimits, RATE_LIMITS } from "~/server/rate-limit.server";
import { echoValues, EmailField, formError, parseForm, type FormErrors, readFormData } from "~/utils/forms";
import { afterSignInPath } from "~/utils/redirect-from";
import { PUBLIC_PAGE } from "~/utils/page-handle";

/** Complete without JavaScript: visitors get it without the Remix runtime (ADR 012). */
export const handle = PUBLIC_PAGE;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const query = SignInQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return json({
    providers: socialButtons(),
    notice: query.banned
      ? { tone: "error" as const, message: BAN_MESSAGES[query.banned] }
      : query.authError
        ? { tone: "error" as const, message: AUTH_ERROR_MESSAGES[query.authError] }
        : query.reset
          ? { tone: "success" as const, message: "Your password has been changed. Sign in with your new password." }
          : null,
  });
}

/** Messages for failed social sign-ins, by the code /auth/$provider/callback puts in the query. */
export const AUTH_ERROR_MESSAGES = {
  failed: "We could not sign you in with that provider. Please try again.",
  email_in_use: "An account with this email already exists. Sign in with your password to continue.",
  no_email: "The provider did not share an email address with Songloom, which we need for your account.",
} as const;

// Unknown values are dropped rather than rejected: this page must render for any link.
const SignInQuerySchema = z.object({
  banned: z.enum(["device", "account"]).optional().catch(undefined),
  authError: z.enum(["failed", "email_in_use", "no_email"]).optional().catch(undefined),
  reset: z.literal("1").optional().catch(undefined),
});

const SignInFormSchema = z.object({
  email: EmailField,
  password: z.string({ message: "Enter your password." }).min(1, { message: "Enter your password." }),
  redirectFrom: z.string().optional(),
});

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request);
  // FormStrategy reads the body itself, so the page reads a copy.
  const formData = await readFormData(request.clone());
  const values = echoValues(formData, ["email"]);
  const parsed = parseForm(SignInFormSchema, formData);
  if (!parsed.ok) return json({ errors: parsed.errors, values }, { status: 400 });
  const throttled = await hitRateLimits(db, [
    [RATE_LIMITS.signInPerAccount, parsed.data.email],
    [RATE_LIMITS.signInPerIp, clientIp(request)],
  ]);
  if (throttled) return json({ errors: formError(throttled.message), values }, { status: 429, headers: throttled.headers });

  let user;
  try {
    user = await authenticator.authenticate("form", request);
  } catch (error) {
    if (error instanceof InvalidCredentialsError) {
      return json({ errors: formError(error.message), values }, { status: 400 });
    }
    throw error;
  }
  const result = await signInUser(request, user, afterSignInPath(parsed.data.redirectFrom));
  if (!result.ok) return json({ errors: formError(BAN_MESSAGES[result.reason]), values }, { status: 403 });
  return result.response;
}

export default function SignInPage() {
  const { providers, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const redirectFrom = searchParams.get("redirectFrom") ?? "";
  const errors: FormErrors | undefined = actionData?.errors;
  const signUpLink = redirectFrom ? `/sign-up?${new URLSearchParams({ redirectFrom })}` : "/sign-up";
  return (
    <AuthCard
      title="Sign in"
      intro={
        <>
          New to Songloom?{" "}
          <Link to={signUpLink} className="font-medium text-accent-300 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      {notice && !errors ? <FormAlert messages={[notice.message]} tone={notice.tone} /> : null}
      <FormAlert messages={errors?.form} />
      <Form method="post" noValidate className="space-y-4">
        <input type="hidden" name="redirectFrom" value={redirectFrom} />
        <Field name="email" label="Email" type="email" autoComplete="email" defaultValue={actionData?.values.email} errors={errors?.fields.email} />
        <Field name="password" label="Password" type="password" autoComplete="current-password" errors={errors?.fields.password} />
        <div className="flex items-center justify-between">
          <Link to="/forgot-password" className="text-sm text-slate-400 hover:text-white">
            Forgot your password?
          </Link>
          <button type="submit" className={buttonClass("primary")}>
            Sign in
          </button>
        </div>
      </Form>
      <SocialButtons providers={providers} redirectFrom={redirectFrom} />
    </AuthCard>
  );
}

export const meta: MetaFunction = () => [{ title: "Sign in · Songloom" }, { name: "description", content: "Sign in to Songloom to make, edit and share original songs." }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
