// /verification: identity verification before large withdrawals (flag enable_kyc_verification_service).
// Starting sends the user to the identity provider's page; its answer sets the status shown here.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Note, Section } from "~/components/account/account-ui";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { formatUsd } from "~/content/plans";
import { requireFeatureFlag, requireVerifiedUser } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { startInquiry, verificationOf } from "~/services/identity";
import { KYC_THRESHOLD_CENTS } from "~/services/withdrawals";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(request);
  await requireFeatureFlag(request, "enable_kyc_verification_service");
  return json({ verification: await verificationOf(user.id) });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireVerifiedUser(request);
  await requireFeatureFlag(request, "enable_kyc_verification_service");
  try {
    return redirect((await startInquiry(user.id)).url);
  } catch (error) {
    if (error instanceof ApiError) return json({ error: error.message }, { status: error.status });
    throw error;
  }
}

const STATUS_TEXT = {
  REQUESTED: "Started, not finished yet.",
  APPROVED: "Your identity is verified.",
  FAILED: "We could not verify your identity. You can try again.",
} as const;

export default function VerificationPage() {
  const { verification } = useLoaderData<typeof loader>();
  const error = useActionData<typeof action>()?.error;
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold text-white">Identity verification</h1>
      {error ? <Note tone="error">{error}</Note> : null}
      <Section title="Status" id="verification-status">
        <p data-testid="verification-status">{verification ? STATUS_TEXT[verification.status] : "Not started."}</p>
        <p>Withdrawals over {formatUsd(KYC_THRESHOLD_CENTS)} need a verified identity. Our identity provider checks a photo ID; Songloom keeps only the result.</p>
        {verification?.status !== "APPROVED" ? (
          <Form method="post">
            <button type="submit" className={buttonClass("primary")}>
              {verification?.status === "REQUESTED" ? "Continue verification" : "Verify my identity"}
            </button>
          </Form>
        ) : null}
      </Section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Identity verification · Songloom" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
