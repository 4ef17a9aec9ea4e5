// /admin/staff_second_factor (roles admin): reset a staff member's lost authenticator. Enter their email,
// confirm on the next page (the server issues a single-use token for this reset), and their next admin
// page asks them to enrol a new one. Not for your own account (use a recovery code), and only a super admin
// resets a super admin. Audited. Plain forms: no JavaScript needed.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage, adminCard, adminField, FieldError, Notice } from "~/components/admin/admin-ui";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { asPage } from "~/server/admin-api.server";
import { requirePermission } from "~/server/guards.server";
import { CONFIRMATION_TTL_MINUTES, prepareSecondFactorReset, resetSecondFactor } from "~/services/admin";
import { EmailField, readFormData } from "~/utils/forms";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "roles:admin");
  return json({ done: new URL(request.url).searchParams.get("done") === "reset" });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requirePermission(request, "roles:admin");
  const form = await readFormData(request);
  const email = EmailField.safeParse(form.get("email") ?? "");
  if (!email.success) return json({ stage: "error" as const, message: email.error.issues[0].message, email: String(form.get("email") ?? "") }, { status: 400 });
  if (form.get("intent") === "confirm") {
    const done = await asPage(() => resetSecondFactor(admin, email.data, String(form.get("token") ?? "")));
    if (!done.ok) return json({ stage: "error" as const, message: done.message, email: email.data }, { status: done.status });
    return redirect("/admin/staff_second_factor?done=reset");
  }
  const prepared = await asPage(() => prepareSecondFactorReset(admin, email.data));
  if (!prepared.ok) return json({ stage: "error" as const, message: prepared.message, email: email.data }, { status: prepared.status });
  return json({ stage: "confirm" as const, ...prepared.value, email: email.data });
}

export default function StaffSecondFactorReset() {
  const { done } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  if (data?.stage === "confirm") {
    return (
      <AdminPage title="Reset this second factor?" back={{ to: "/admin/staff_second_factor", label: "Second factor reset" }}>
        <section className={`${adminCard} grid gap-4`} aria-labelledby="confirm-heading">
          <h2 id="confirm-heading" className="font-semibold text-white">
            Reset the authenticator of {data.staff.email}
          </h2>
          <p className="text-slate-300">
            {data.staff.enrolled ? "Their authenticator and recovery codes stop working now." : "They have not finished enrolling; the pending enrolment is discarded."} Their next admin page asks
            them to enrol a new authenticator. Make sure you have checked who is asking.
          </p>
          <p className="text-sm text-slate-400">This confirmation works once, for {CONFIRMATION_TTL_MINUTES} minutes.</p>
          <Form method="post" className="flex gap-3">
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="token" value={data.token} />
            <input type="hidden" name="email" value={data.email} />
            <button type="submit" className={buttonClass("primary", "sm")}>
              Confirm: reset
            </button>
            <Link to="/admin/staff_second_factor" className={buttonClass("ghost", "sm")}>
              Cancel
            </Link>
          </Form>
        </section>
      </AdminPage>
    );
  }
  const error = data?.stage === "error" ? data.message : undefined;
  return (
    <AdminPage title="Second factor reset" intro="For staff who lost their authenticator and their recovery codes. They enrol a new one at their next admin page.">
      {done && !data ? <Notice>The second factor was reset; they enrol a new authenticator at their next admin page.</Notice> : null}
      <Form method="post" className={`${adminCard} flex flex-wrap items-end gap-3`} noValidate>
        <input type="hidden" name="intent" value="prepare" />
        <div className="grid min-w-64 flex-1 gap-1">
          <label htmlFor="reset-email" className="text-sm text-slate-300">
            Staff email
          </label>
          <input id="reset-email" name="email" type="email" defaultValue={data?.email} className={adminField} aria-invalid={error ? true : undefined} aria-describedby={error ? "reset-email-error" : undefined} />
          <FieldError id="reset-email-error" message={error} />
        </div>
        <button type="submit" className={buttonClass("secondary", "sm")}>
          Reset…
        </button>
      </Form>
    </AdminPage>
  );
}

export const meta: MetaFunction = () => [{ title: "Second factor reset · Songloom admin" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
