import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { LegalDocument } from "~/components/legal-document";
import { TERMS_OF_USE } from "~/content/legal";

export default function TermsPage() {
  return <LegalDocument document={TERMS_OF_USE} />;
}

export const meta: MetaFunction = () => [
  { title: "Terms of Use · Songloom" },
  { name: "description", content: "The terms for using Songloom, its plans, releases and payouts." },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
