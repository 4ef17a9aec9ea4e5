// /style: the first step of the create flow (spec 1 §2), and where people land after signing in.
// The filter step (/style/{songStyle}/filter) comes with the create-flow issue.
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { STYLES } from "~/engine/catalogue";
import { requireVerifiedUser } from "~/server/guards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireVerifiedUser(request);
  return json({
    styles: STYLES.map(({ value, name, description, icon, credits }) => ({ value, name, description, icon, credits })),
  });
}

export default function StylePage() {
  const { styles } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
      <header className="max-w-2xl">
        <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">Step 1 of 2</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-white">Create a song</h1>
        <p className="mt-3 text-lg text-slate-400">Pick a style to start from. You choose its filter next.</p>
      </header>
      <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {styles.map((style) => (
          <li key={style.value}>
            <Link
              to={`/style/${style.value}/filter`}
              className="group flex h-full flex-col rounded-2xl border border-ink-700 bg-ink-900 p-6 transition-colors hover:border-brand-400 hover:bg-ink-800"
            >
              <span className="flex items-start justify-between gap-4">
                <span aria-hidden="true" className="text-4xl">
                  {style.icon}
                </span>
                <span className="rounded-full border border-ink-600 px-2.5 py-0.5 text-xs font-medium text-slate-300">
                  {style.credits === 1 ? "1 credit" : `${style.credits} credits`}
                </span>
              </span>
              <span className="mt-5 text-lg font-semibold text-white group-hover:text-brand-200">{style.name}</span>
              <span className="mt-1.5 text-sm leading-relaxed text-slate-400">{style.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Create a song · Songloom" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
