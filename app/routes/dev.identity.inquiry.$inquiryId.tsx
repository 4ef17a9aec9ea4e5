// Local identity stand-in — used only when no identity provider is configured, for development and tests.
// Plays the identity provider's hosted inquiry page: instead of checking a photo ID it asks which answer
// to give, then returns to /verification as a provider's redirect would. 404 in production.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { AuthCard } from "~/components/auth-form";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { requireVerifiedUser } from "~/server/guards.server";
import { completeInquiry, identityStandinEnabled, verificationOf } from "~/services/identity";
import { readFormData } from "~/utils/forms";

async function ownInquiry(request: Request, inquiryId: string | undefined) {
  if (!identityStandinEnabled()) throw new Response("Not found", { status: 404 });
  const user = await requireVerifiedUser(request);
  const verification = await verificationOf(user.id);
  if (!verification || verification.inquiryId !== inquiryId) throw new Response("No such inquiry", { status: 404 });
  return verification;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await ownInquiry(request, params.inquiryId);
  return null;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const verification = await ownInquiry(request, params.inquiryId);
  const outcome = (await readFormData(request)).get("outcome");
  if (outcome !== "APPROVED" && outcome !== "FAILED") throw new Response("Choose an answer", { status: 400 });
  await completeInquiry(verification.inquiryId, outcome);
  return redirect("/verification");
}

export default function IdentityStandinPage() {
  return (
    <AuthCard
      title="Local identity stand-in"
      intro="Local identity stand-in — used only when no identity provider is configured, for development and tests. No document is checked: choose the provider's answer."
    >
      <Form method="post" reloadDocument className="flex flex-col gap-3">
        <button name="outcome" value="APPROVED" className={buttonClass("primary")}>
          Submit: identity verified
        </button>
        <button name="outcome" value="FAILED" className={buttonClass("secondary")}>
          Submit: verification fails
        </button>
      </Form>
    </AuthCard>
  );
}

export const meta: MetaFunction = () => [{ title: "Local identity stand-in · Songloom" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
