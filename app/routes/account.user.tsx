// /account/user, User Info (spec 2 §2): the email (a change is confirmed by a link sent to the new
// address, /account/email/confirm), the display name, a password change, and deleting the account (type
// DELETE to confirm; signs out everywhere). Plain forms, errors beside each field.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "../../drizzle/schema/auth";
import { Note, Section } from "~/components/account/account-ui";
import { Field } from "~/components/auth-form";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { SUPPORT_EMAIL } from "~/constants";
import { findEmailIdentity, recordUserEvent, setPassword } from "~/models/user.server";
import { db } from "~/server/db.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { hashPassword, verifyPassword } from "~/server/password.server";
import { destroyRequestSession } from "~/server/session.server";
import { deleteAccount, DELETE_CONFIRMATION } from "~/services/account-deletion";
import { requestEmailChange } from "~/services/email-change";
// Rendered in the browser too: from a module that is not server-only.
import { EMAIL_CHANGE_TTL_HOURS } from "~/services/email-change/constants";
import { EmailField, NewPasswordField, parseForm, readFormData, type FormErrors } from "~/utils/forms";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const identity = await findEmailIdentity(user.email);
  const done = new URL(request.url).searchParams.get("done");
  const known = ["name", "password", "email_sent", "email"] as const;
  return json({ email: user.email, displayName: user.displayName, hasPassword: Boolean(identity?.passwordHash), done: known.find((value) => value === done) ?? null });
}

const NameForm = z.object({ displayName: z.string().trim().min(1, { message: "Enter a display name." }).max(80, { message: "Use at most 80 characters." }) });
const PasswordForm = z.object({ currentPassword: z.string().default(""), newPassword: NewPasswordField });
const DeleteForm = z.object({ confirmation: z.string().default("") });
const EmailForm = z.object({ newEmail: EmailField, emailChangePassword: z.string().default("") });

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const fail = (errors: FormErrors, status = 400) => json({ intent, errors }, { status });
  if (intent === "name") {
    const parsed = parseForm(NameForm, formData);
    if (!parsed.ok) return fail(parsed.errors);
    await db.update(users).set({ displayName: parsed.data.displayName }).where(eq(users.id, user.id));
    return redirect("/account/user?done=name");
  }
  if (intent === "email") {
    const parsed = parseForm(EmailForm, formData);
    if (!parsed.ok) return fail(parsed.errors);
    // With a password, the change needs it: a session left open elsewhere cannot move the account away.
    const identity = await findEmailIdentity(user.email);
    if (identity?.passwordHash && !(await verifyPassword(parsed.data.emailChangePassword, identity.passwordHash))) {
      return fail({ form: [], fields: { emailChangePassword: ["That is not your current password."] } });
    }
    try {
      await requestEmailChange(user, parsed.data.newEmail);
    } catch (error) {
      if (error instanceof ApiError) return fail({ form: error.fields ? [] : [error.message], fields: error.fields ?? {} }, error.status);
      throw error;
    }
    return redirect("/account/user?done=email_sent");
  }
  if (intent === "password") {
    const parsed = parseForm(PasswordForm, formData);
    if (!parsed.ok) return fail(parsed.errors);
    const identity = await findEmailIdentity(user.email);
    if (identity?.passwordHash && !(await verifyPassword(parsed.data.currentPassword, identity.passwordHash))) {
      return fail({ form: [], fields: { currentPassword: ["That is not your current password."] } });
    }
    const passwordHash = await hashPassword(parsed.data.newPassword);
    await db.transaction(async (tx) => {
      await setPassword(tx, user, passwordHash);
      await recordUserEvent(tx, user.id, "password_changed");
    });
    return redirect("/account/user?done=password");
  }
  if (intent === "delete") {
    const parsed = parseForm(DeleteForm, formData);
    try {
      await deleteAccount(user.id, parsed.ok ? parsed.data.confirmation : "");
    } catch (error) {
      if (error instanceof ApiError) return fail({ form: error.fields ? [] : [error.message], fields: error.fields ?? {} }, error.status);
      throw error;
    }
    return redirect("/?account=deleted", { headers: { "Set-Cookie": await destroyRequestSession(request) } });
  }
  return fail({ form: ["Choose one of the buttons on this page."], fields: {} });
}

export default function UserInfoPage() {
  const { email, displayName, hasPassword, done } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const errorsFor = (intent: string) => (result?.intent === intent ? result.errors : undefined);
  return (
    <div className="space-y-6">
      {done === "name" ? <Note tone="success" testId="user-notice">Your display name is saved.</Note> : null}
      {done === "password" ? <Note tone="success" testId="user-notice">Your password is changed.</Note> : null}
      {done === "email_sent" ? (
        <Note tone="success" testId="user-notice">
          We sent a link to the new address. Your email changes when you open it and confirm (it works for {EMAIL_CHANGE_TTL_HOURS} hours).
        </Note>
      ) : null}
      {done === "email" ? <Note tone="success" testId="user-notice">Your email address is changed. Sign in with it from now on.</Note> : null}
      <Section title="Email" id="email">
        <p data-testid="account-email">{email}</p>
        <Form method="post" noValidate className="space-y-4">
          <Field name="newEmail" label="New email address" type="email" autoComplete="email" errors={errorsFor("email")?.fields.newEmail} />
          {hasPassword ? <Field name="emailChangePassword" label="Your password, to confirm" type="password" autoComplete="current-password" errors={errorsFor("email")?.fields.emailChangePassword} /> : null}
          {errorsFor("email")?.form.length ? <Note tone="error">{errorsFor("email")!.form.join(" ")}</Note> : null}
          <button name="intent" value="email" disabled={busy} className={buttonClass("secondary")}>
            Change email
          </button>
        </Form>
        <p className="text-slate-400">We send a link to the new address; nothing changes until you open it. Trouble? Write to {SUPPORT_EMAIL}.</p>
      </Section>
      <Section title="Display name" id="display-name">
        <Form method="post" noValidate className="space-y-4">
          <Field name="displayName" label="Display name" defaultValue={displayName} errors={errorsFor("name")?.fields.displayName} />
          <button name="intent" value="name" disabled={busy} className={buttonClass("secondary")}>
            Save name
          </button>
        </Form>
      </Section>
      <Section title={hasPassword ? "Change password" : "Set a password"} id="password">
        <Form method="post" noValidate className="space-y-4">
          {hasPassword ? <Field name="currentPassword" label="Current password" type="password" autoComplete="current-password" errors={errorsFor("password")?.fields.currentPassword} /> : null}
          <Field name="newPassword" label="New password" type="password" autoComplete="new-password" errors={errorsFor("password")?.fields.newPassword} />
          <button name="intent" value="password" disabled={busy} className={buttonClass("secondary")}>
            {hasPassword ? "Change password" : "Set password"}
          </button>
        </Form>
      </Section>
      <Section title="Delete account" id="delete-account">
        <p>
          Deleting your account signs you out everywhere and erases your name, email, sign-in methods and songs. We keep the records the law and our books require
          (payments, royalties, withdrawals) and songs someone else owns. This cannot be undone.
        </p>
        <Form method="post" noValidate className="space-y-4">
          {errorsFor("delete")?.form.length ? <Note tone="error">{errorsFor("delete")!.form.join(" ")}</Note> : null}
          <Field name="confirmation" label={`Type ${DELETE_CONFIRMATION} to confirm`} errors={errorsFor("delete")?.fields.confirmation} />
          <button name="intent" value="delete" disabled={busy} className={buttonClass("ghost")}>
            Delete my account
          </button>
        </Form>
      </Section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "User Info · Songloom" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
