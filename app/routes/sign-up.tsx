// /sign-up (spec 3 §2, §4): creates the account, sends the verification email and signs the user in;
// the next stop is /verify. Coming from the membership page (redirectFrom=/account/membership), the
// emailed link leads back there instead of to pricing.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { AuthCard, Field, FormAlert } from "~/components/auth-form";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { SocialButtons } from "~/components/social-buttons";
import { EmailTakenError } from "~/models/user.server";
import { signInUser, socialButtons } from "~/server/auth.server";
import { BAN_MESSAGES, requireAnonymous } from "~/server/guards.server";
import { signUp } from "~/services/account.server";
import { echoValues, EmailField, fieldError, formError, NewPasswordField, parseForm, type FormErrors, readFormData } from "~/utils/forms";
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
  let user;
  try {
    user = await signUp({ ...input, continuation: verifyContinuationFor(redirectFrom) });
  } catch (error) {
    if (error instanceof EmailTakenError) return json({ errors: fieldError("email", error.message), values }, { status: 400 });
    throw error;
  }
  const result = await signInUser(request, user, "/verify");
  if (!result.ok) return json({ errors: formError(BAN_MESSAGES[result.reason]), values }, { status: 403 });
  return result.response;
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
