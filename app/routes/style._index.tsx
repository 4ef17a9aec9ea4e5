// /style: the first step of the create flow (spec 1 §2, CreateStyle "Create a song"), and where people
// land after signing in. Each card shows the style's description, icon, credits and a preview to listen to.
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { STYLES } from "~/engine/catalogue";
import { requireVerifiedUser } from "~/server/guards.server";
import { previewUrlIfMade } from "~/services/catalogue-previews/index.server";
import { StyleIcon } from "~/components/icons";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireVerifiedUser(request);
  return json({
    styles: await Promise.all(
      STYLES.map(async ({ value, name, description, icon, credits, filters }) => ({
        value,
        name,
        description,
        icon,
        credits,
        filterCount: filters.length,
        previewUrl: await previewUrlIfMade({ style: value, filter: null }),
      })),
    ),
  });
}

export default function StylePage() {
  const { styles } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="max-w-2xl">
        <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">Step 1 of 3</p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-white sm:text-4xl">Create a song</h1>
        <p className="mt-3 text-lg text-slate-400">Pick a style to start from. You choose its filter next.</p>
      </header>
      <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {styles.map((style) => (
          <li key={style.value} className="relative flex flex-col rounded-2xl border border-ink-700 bg-ink-900 p-6 transition-colors focus-within:border-brand-400 hover:border-brand-400 hover:bg-ink-800">
            <div className="flex items-start justify-between gap-4">
              <span aria-hidden="true" className="flex size-14 items-center justify-center rounded-2xl bg-ink-800 text-brand-200">
                <StyleIcon icon={style.icon} />
              </span>
              <span className="rounded-full border border-ink-600 px-2.5 py-0.5 text-xs font-medium text-slate-300">
                {style.credits === 1 ? "1 credit a song" : `${style.credits} credits a song`}
              </span>
            </div>
            <h2 className="mt-5 text-lg font-semibold text-white">
              {/* The whole card is the link (an overlay), while the preview player stays clickable above it. */}
              <Link to={`/style/${style.value}/filter`} className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none">
                {style.name}
              </Link>
            </h2>
            <p className="mt-1.5 flex-1 text-sm leading-relaxed text-slate-400">{style.description}</p>
            <p className="mt-3 text-xs text-slate-500">{style.filterCount} filters</p>
            {style.previewUrl ? (
              <audio controls preload="none" src={style.previewUrl} className="relative z-10 mt-4 h-9 w-full" aria-label={`Preview of ${style.name}`} />
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Create a song · Songloom" }, { name: "description", content: "Pick a style to start a new original song." }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
