// Every URL no other route matches: a real 404 status with the shared not-found page.
import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PUBLIC_PAGE } from "~/utils/page-handle";

/** Complete without JavaScript: visitors get it without the Remix runtime (ADR 012). */
export const handle = PUBLIC_PAGE;

export async function loader() {
  throw new Response("Not found", { status: 404 });
}

// The loader always throws, so Remix renders the ErrorBoundary. The component must still exist:
// without a default export this would be a resource route answering with plain text.
export default function NotFound() {
  return <GeneralErrorBoundary />;
}

export const meta: MetaFunction = () => [{ title: "Page not found · Songloom" }, { name: "description", content: "This page does not exist. Go back to Songloom's home page to make an original song in seconds." }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
