// /_loader: the loading screen as a page (spec 3 §2). Links of the form /_loader?redirectFrom=<path> show
// it briefly and continue to the path, with a link for anyone whose browser does not follow the refresh.
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { sameSitePath } from "~/utils/redirect-from";
import { PUBLIC_PAGE } from "~/utils/page-handle";

/** Complete without JavaScript: visitors get it without the Remix runtime (ADR 012). */
export const handle = PUBLIC_PAGE;

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ nextPath: sameSitePath(new URL(request.url).searchParams.get("redirectFrom")) ?? "/" });
}

export default function LoaderPage() {
  const { nextPath } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" aria-busy="true">
      <Equalizer />
      <h1 className="mt-8 text-2xl font-semibold text-white">Loading your page…</h1>
      <p className="mt-2 text-slate-400">This only takes a moment.</p>
      <Link to={nextPath} className={`${buttonClass("secondary", "sm")} mt-8`}>
        Continue
      </Link>
    </section>
  );
}

function Equalizer() {
  return (
    <div className="flex h-12 items-end gap-1.5" aria-hidden="true">
      {[0, 150, 300, 450, 600].map((delay) => (
        <span
          key={delay}
          className="w-2 animate-pulse rounded-full bg-gradient-to-t from-brand-500 to-accent-400"
          style={{ height: `${40 + (delay % 400) / 8}%`, animationDelay: `${delay}ms` }}
        />
      ))}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: "Loading · Songloom" }, { name: "description", content: "Songloom is getting your page ready." },
  { name: "robots", content: "noindex" },
  { httpEquiv: "refresh", content: `1;url=${data?.nextPath ?? "/"}` },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
