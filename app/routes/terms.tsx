import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { LegalDocument } from "~/components/legal-document";
import { TERMS_OF_USE } from "~/content/legal";
import { PUBLIC_PAGE } from "~/utils/page-handle";

/** Complete without JavaScript: visitors get it without the Remix runtime (ADR 012). */
export const handle = PUBLIC_PAGE;

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
