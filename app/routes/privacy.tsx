import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { LegalDocument } from "~/components/legal-document";
import { PRIVACY_POLICY } from "~/content/legal";
import { PUBLIC_PAGE } from "~/utils/page-handle";

/** Complete without JavaScript: visitors get it without the Remix runtime (ADR 012). */
export const handle = PUBLIC_PAGE;

export default function PrivacyPage() {
  return <LegalDocument document={PRIVACY_POLICY} />;
}

export const meta: MetaFunction = () => [
  { title: "Privacy Policy · Songloom" },
  { name: "description", content: "What personal data Songloom collects, why, who we share it with and your choices." },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
