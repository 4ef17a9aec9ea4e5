// /verify (spec 3 §2, §4): the email verification step. Needs sign-in. Shows whether the address is
// verified and can resend the link; opened from the email (?token=) it verifies and continues to pricing
// with new_sign_up=true, or to membership when sign-up started there (&from=membership). A sign-up with an
// address that already has an account lands here without a session and sees the same page (sign-up.tsx).
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AuthCard, FormAlert } from "~/components/auth-form";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { db } from "~/server/db.server";
import { clientIp } from "~/server/devices.server";
import { getOptionalUser, requireUser } from "~/server/guards.server";
import { hitRateLimits, RATE_LIMITS } from "~/server/rate-limit.server";
import { readSignUpSent } from "~/server/sign-up-sent.server";
import { resendVerificationEmail, sendSignUpAttemptNotice, VERIFIED_CONTINUE_TO, verifyEmail, type VerifyResult } from "~/services/account/workflows.server";
import { formError, parseForm, readFormData } from "~/utils/forms";

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, from } = VerifyQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const continueTo = VERIFIED_CONTINUE_TO[from ?? "pricing"];
  // A sign-up with an address that has an account shows the page a new account sees (sign-up.tsx).
  const pendingEmail = token ? null : await pendingSignUp(request);
  if (pendingEmail) return json({ email: pendingEmail, verified: false, continueTo, problem: null });
  const user = await requireUser(request);
  if (token) {
    if (user.emailVerified) throw redirect(continueTo);
    const result = await verifyEmail(user.id, token);
    if (result.ok) throw redirect(continueTo);
    return json({ email: user.email, verified: user.verified, continueTo, problem: TOKEN_PROBLEMS[result.reason] }, { status: 400 });
  }
  return json({ email: user.email, verified: user.verified, continueTo, problem: null });
}

const TOKEN_PROBLEMS: Record<Exclude<VerifyResult, { ok: true }>["reason"], string> = {
  invalid: "This verification link is not valid. Send yourself a new one below.",
  expired: "This verification link has expired. Send yourself a new one below.",
  used: "This verification link has already been used. Send yourself a new one below.",
  wrong_user: "This verification link belongs to a different account. Sign in with that account to use it.",
};

const VerifyQuerySchema = z.object({
  token: z.string().min(1).max(200).optional().catch(undefined),
  from: z.enum(["pricing", "membership"]).optional().catch(undefined),
});

const VerifyFormSchema = z.object({
  intent: z.literal("resend", { message: "Unknown action." }),
  from: z.enum(["pricing", "membership"]).optional().catch(undefined),
});

/** The address of a sign-up with an existing account's email, when nobody is signed in. */
async function pendingSignUp(request: Request): Promise<string | null> {
  if (await getOptionalUser(request)) return null;
  return readSignUpSent(request);
}

export async function action({ request }: ActionFunctionArgs) {
  const pendingEmail = await pendingSignUp(request);
  const user = pendingEmail ? null : await requireUser(request);
  const parsed = parseForm(VerifyFormSchema, await readFormData(request));
  if (!parsed.ok) return json({ sent: false, errors: parsed.errors }, { status: 400 });
  if (!user) {
    // "Send the link again" for such a sign-up tells the owner again, within the same throttles.
    const throttled = await hitRateLimits(db, [
      [RATE_LIMITS.verifyResendPerAccount, pendingEmail],
      [RATE_LIMITS.verifyResendPerIp, clientIp(request)],
    ]);
    if (throttled) return json({ sent: false, errors: formError(throttled.message) }, { status: 429, headers: throttled.headers });
    if (pendingEmail) await sendSignUpAttemptNotice(pendingEmail);
    return json({ sent: true, errors: null });
  }
  if (user.emailVerified) return json({ sent: false, errors: { form: ["Your email address is already verified."], fields: {} } }, { status: 400 });
  const throttled = await hitRateLimits(db, [
    [RATE_LIMITS.verifyResendPerAccount, user.id],
    [RATE_LIMITS.verifyResendPerIp, clientIp(request)],
  ]);
  if (throttled) return json({ sent: false, errors: formError(throttled.message) }, { status: 429, headers: throttled.headers });
  await resendVerificationEmail(user.id, parsed.data.from ?? "pricing");
  return json({ sent: true, errors: null });
}

export default function VerifyPage() {
  const { email, verified, continueTo, problem } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (verified) {
    return (
      <AuthCard title="You're verified" intro={<>Your account ({email}) is ready to make music.</>}>
        <Link to={continueTo} className={`${buttonClass("primary")} w-full`}>
          Continue
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Check your email"
      intro={
        <>
          We sent a link to <strong className="text-slate-200">{email}</strong>. Open it to verify your address and start making
          songs.
        </>
      }
    >
      {actionData?.sent ? <FormAlert tone="success" messages={[`We sent a new link to ${email}.`]} /> : null}
      <FormAlert messages={actionData?.errors?.form ?? (problem ? [problem] : undefined)} />
      <Form method="post">
        <input type="hidden" name="intent" value="resend" />
        <button type="submit" className={`${buttonClass("secondary")} w-full`}>
          Send the link again
        </button>
      </Form>
      <p className="text-sm text-slate-400">
        Prefer not to wait? Sign in with Google, Facebook or Apple instead: those accounts count as verified.
      </p>
    </AuthCard>
  );
}

export const meta: MetaFunction = () => [{ title: "Verify your email · Songloom" }, { name: "description", content: "Confirm your email address to start making songs with Songloom." }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
