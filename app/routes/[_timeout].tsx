// /_timeout: the page for a page that took too long (spec 3 §2, §8). Linked with ?redirectFrom=<path> so
// "Try again" goes back to what the visitor wanted; the in-app navigation indicator shows the same message.
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/button";
import { ErrorPage, GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PAGE_LOAD_FAILED_MESSAGE } from "~/constants";
import { sameSitePath } from "~/utils/redirect-from";
import { PUBLIC_PAGE } from "~/utils/page-handle";

/** Complete without JavaScript: visitors get it without the Remix runtime (ADR 012). */
export const handle = PUBLIC_PAGE;

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ retryPath: sameSitePath(new URL(request.url).searchParams.get("redirectFrom")) ?? "/" });
}

export default function TimeoutPage() {
  const { retryPath } = useLoaderData<typeof loader>();
  return (
    <ErrorPage status={408} title="This is taking too long" message={PAGE_LOAD_FAILED_MESSAGE}>
      {/* reloadDocument: a full page load, in case the app itself is what got stuck. */}
      <Link to={retryPath} reloadDocument className={buttonClass("primary")}>
        Try again
      </Link>
      <Link to="/" className={buttonClass("secondary")}>
        Go home
      </Link>
    </ErrorPage>
  );
}

export const meta: MetaFunction = () => [{ title: "Please try again · Songloom" }, { name: "description", content: "Songloom took too long to answer. Please try again." }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
