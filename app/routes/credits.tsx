import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { LegalDocument } from "~/components/legal-document";
import { SOUND_CREDITS } from "~/content/legal";
import { PUBLIC_PAGE } from "~/utils/page-handle";

/** Complete without JavaScript: visitors get it without the Remix runtime (ADR 012). */
export const handle = PUBLIC_PAGE;

export default function CreditsPage() {
  return <LegalDocument document={SOUND_CREDITS} />;
}

export const meta: MetaFunction = () => [
  { title: "Sound credits · Songloom" },
  { name: "description", content: "Whose recordings the Songloom engine plays, and under which licences." },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
