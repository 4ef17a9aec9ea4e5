// /account/email/confirm?token= (spec 2 §2 User Info): the link sent to a new email address. The page
// shows the address and a Confirm button (a plain form: a link scanner that opens the page changes
// nothing); confirming moves the signed-in account to it and returns to User Info.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Note, Section } from "~/components/account/account-ui";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { requireVerifiedUser } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { checkEmailChange, confirmEmailChange } from "~/services/email-change";
import { readFormData } from "~/utils/forms";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const check = token ? await checkEmailChange(user.id, token) : ({ ok: false, message: "This link is incomplete: open the whole link from the email." } as const);
  return json({ token, check }, { status: check.ok ? 200 : 400 });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const form = await readFormData(request);
  try {
    await confirmEmailChange(user.id, String(form.get("token") ?? ""));
  } catch (error) {
    if (error instanceof ApiError) return json({ message: error.message }, { status: error.status });
    throw error;
  }
  return redirect("/account/user?done=email");
}

export default function ConfirmEmailChange() {
  const { token, check } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <Section title="Confirm your new email address" id="confirm-email">
      {result ? <Note tone="error">{result.message}</Note> : null}
      {check.ok ? (
        <Form method="post" className="space-y-4">
          <input type="hidden" name="token" value={token} />
          <p>
            From now on you will sign in with <strong data-testid="new-email">{check.newEmail}</strong>.
          </p>
          <button type="submit" className={buttonClass("primary")}>
            Confirm new email
          </button>
        </Form>
      ) : (
        <>
          <Note tone="error">{check.message}</Note>
          <Link to="/account/user" className="underline">
            Back to User Info
          </Link>
        </>
      )}
    </Section>
  );
}

export const meta: MetaFunction = () => [{ title: "Confirm email · Songloom" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
