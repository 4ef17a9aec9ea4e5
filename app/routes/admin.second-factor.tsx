// /admin/second-factor: the staff second factor. The first time an admin opens the admin area they enrol
// an authenticator app (the otpauth:// link or the secret typed in) and confirm with a code, then get ten
// recovery codes, shown once. After that, every admin session asks for a code (or a recovery code) before
// the admin area opens, and lasts at most ADMIN_SESSION_HOURS.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage, adminCard, adminField, Notice } from "~/components/admin/admin-ui";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { safeAdminReturn } from "~/server/admin-api.server";
import { db } from "~/server/db.server";
import { requireStaff } from "~/server/guards.server";
import { ADMIN_SESSION_HOURS, completeEnrolment, passChallenge, secondFactorState } from "~/services/admin";
import { readFormData } from "~/utils/forms";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaff(request);
  const state = await secondFactorState(db, user);
  const continueTo = safeAdminReturn(new URL(request.url).searchParams.get("redirectFrom"));
  return json({ state, continueTo, hours: ADMIN_SESSION_HOURS });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireStaff(request);
  const form = await readFormData(request);
  const code = String(form.get("code") ?? "").slice(0, 32);
  const continueTo = safeAdminReturn(form.get("continueTo"));
  if (form.get("intent") === "enrol") {
    const recoveryCodes = await completeEnrolment(db, user.id, user.sessionId, code);
    if (!recoveryCodes) return json({ error: "That code is not right. Enter the 6-digit code your app shows now.", recoveryCodes: null, continueTo }, { status: 400 });
    return json({ error: null, recoveryCodes, continueTo });
  }
  if (!(await passChallenge(db, user.id, user.sessionId, code))) {
    return json({ error: "That code is not right, or was already used. Enter the code your app shows now, or a recovery code.", recoveryCodes: null, continueTo }, { status: 400 });
  }
  return redirect(continueTo);
}

export default function SecondFactor() {
  const { state, continueTo, hours } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (actionData?.recoveryCodes) {
    return (
      <AdminPage title="Save your recovery codes" back={{ to: "/", label: "Home" }}>
        <div className={`${adminCard} grid gap-3`}>
          <p className="text-slate-200">Your authenticator is set up. Each of these codes lets you in once if you lose it. They are shown only now: keep them somewhere safe.</p>
          <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-white sm:grid-cols-5">
            {actionData.recoveryCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
          <div>
            <Link to={actionData.continueTo} className={buttonClass("primary")}>
              Continue to the admin area
            </Link>
          </div>
        </div>
      </AdminPage>
    );
  }
  const enrolled = state.enrolled;
  return (
    <AdminPage
      title={enrolled ? "Confirm it is you" : "Set up your second factor"}
      back={{ to: "/", label: "Home" }}
      intro={`The admin area needs a code from your authenticator app; each confirmation lasts up to ${hours} hours.`}
    >
      {!state.enrolled ? (
        <section className={`${adminCard} grid gap-2`} aria-labelledby="enrol-heading">
          <h2 id="enrol-heading" className="font-semibold text-white">
            1. Add Songloom to your authenticator app
          </h2>
          <p className="text-sm text-slate-300">
            On a phone, open{" "}
            <a href={state.otpauthUrl} className="text-accent-300 underline">
              this setup link
            </a>
            ; elsewhere, enter this key in the app (time-based, 6 digits, 30 seconds):
          </p>
          <p className="font-mono text-lg tracking-wider break-all text-white" data-testid="totp-secret">
            {state.secret}
          </p>
        </section>
      ) : null}
      <Form method="post" className={`${adminCard} grid gap-2`} noValidate>
        <input type="hidden" name="intent" value={enrolled ? "challenge" : "enrol"} />
        <input type="hidden" name="continueTo" value={continueTo} />
        <label htmlFor="code" className="text-sm text-slate-300">
          {enrolled ? "Code from your app, or a recovery code" : "2. Enter the code the app shows"}
        </label>
        <input id="code" name="code" autoComplete="one-time-code" inputMode={enrolled ? "text" : "numeric"} className={`${adminField} max-w-xs`} aria-invalid={actionData?.error ? true : undefined} aria-describedby={actionData?.error ? "code-error" : undefined} />
        {actionData?.error ? (
          <p id="code-error" className="text-sm text-rose-300">
            {actionData.error}
          </p>
        ) : null}
        <div>
          <button type="submit" className={buttonClass("primary")}>
            {enrolled ? "Continue" : "Finish setup"}
          </button>
        </div>
      </Form>
      {enrolled ? <Notice>Lost your phone? Enter one of your recovery codes instead of a code.</Notice> : null}
    </AdminPage>
  );
}

export const meta: MetaFunction = () => [{ title: "Second factor · Songloom admin" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
