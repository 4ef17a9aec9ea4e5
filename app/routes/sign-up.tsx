// /sign-up (spec 3 §2, §4): creates the account, sends the verification email and signs the user in;
// the next stop is /verify. An address that already has an account gets the same answer (its owner is
// emailed instead), so the form cannot tell anyone who uses Songloom. Coming from the membership page (redirectFrom=/account/membership), the
// emailed link leads back there instead of to pricing.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { AuthCard, Field, FormAlert } from "~/components/auth-form";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { SocialButtons } from "~/components/social-buttons";
import { signInUser, socialButtons } from "~/server/auth.server";
import { db } from "~/server/db.server";
import { clientIp } from "~/server/devices.server";
import { BAN_MESSAGES, requireAnonymous } from "~/server/guards.server";
import { hitRateLimits, RATE_LIMITS } from "~/server/rate-limit.server";
import { signUpSentCookie } from "~/server/sign-up-sent.server";
import { signUp } from "~/services/account/workflows.server";
import { echoValues, EmailField, formError, NewPasswordField, parseForm, type FormErrors, readFormData } from "~/utils/forms";
import { verifyContinuationFor } from "~/utils/redirect-from";
import { PUBLIC_PAGE } from "~/utils/page-handle";

/** Complete without JavaScript: visitors get it without the Remix runtime (ADR 012). */
export const handle = PUBLIC_PAGE;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return json({
    providers: socialButtons(),
  });
}

const SignUpFormSchema = z.object({
  displayName: z
    .string({ message: "Enter your name." })
    .trim()
    .min(1, { message: "Enter your name." })
    .max(80, { message: "Use at most 80 characters." }),
  email: EmailField,
  password: NewPasswordField,
  redirectFrom: z.string().optional(),
});

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const formData = await readFormData(request);
  const values = echoValues(formData, ["displayName", "email"]);
  const parsed = parseForm(SignUpFormSchema, formData);
  if (!parsed.ok) return json({ errors: parsed.errors, values }, { status: 400 });

  const { redirectFrom, ...input } = parsed.data;
  const throttled = await hitRateLimits(db, [
    [RATE_LIMITS.signUpPerAccount, input.email],
    [RATE_LIMITS.signUpPerIp, clientIp(request)],
  ]);
  if (throttled) return json({ errors: formError(throttled.message), values }, { status: 429, headers: throttled.headers });
  const result = await signUp({ ...input, continuation: verifyContinuationFor(redirectFrom) });
  // An address with an account: its owner was emailed; the answer is a new account's (no enumeration).
  if (!result.created) return redirect("/verify", { headers: { "Set-Cookie": await signUpSentCookie.serialize(input.email) } });
  const signedIn = await signInUser(request, result.user, "/verify");
  if (!signedIn.ok) return json({ errors: formError(BAN_MESSAGES[signedIn.reason]), values }, { status: 403 });
  return signedIn.response;
}

export default function SignUpPage() {
  const { providers } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const redirectFrom = searchParams.get("redirectFrom") ?? "";
  const errors: FormErrors | undefined = actionData?.errors;
  const signInLink = redirectFrom ? `/sign-in?${new URLSearchParams({ redirectFrom })}` : "/sign-in";
  return (
    <AuthCard
      title="Create your account"
      intro={
        <>
          Already have one?{" "}
          <Link to={signInLink} className="font-medium text-accent-300 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <FormAlert messages={errors?.form} />
      <Form method="post" noValidate className="space-y-4">
        <input type="hidden" name="redirectFrom" value={redirectFrom} />
        <Field name="displayName" label="Name" autoComplete="name" defaultValue={actionData?.values.displayName} errors={errors?.fields.displayName} />
        <Field name="email" label="Email" type="email" autoComplete="email" defaultValue={actionData?.values.email} errors={errors?.fields.email} />
        <Field name="password" label="Password" type="password" autoComplete="new-password" errors={errors?.fields.password} />
        <p className="text-xs text-slate-400">
          By signing up you agree to the{" "}
          <Link to="/terms" className="underline">
            terms of use
          </Link>
          .
        </p>
        <button type="submit" className={`${buttonClass("primary")} w-full`}>
          Sign up
        </button>
      </Form>
      <SocialButtons providers={providers} redirectFrom={redirectFrom} />
    </AuthCard>
  );
}

export const meta: MetaFunction = () => [{ title: "Sign up · Songloom" }, { name: "description", content: "Create a free Songloom account and make original songs in seconds, no musical skill needed." }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
