// /style/{songStyle}/filter/{songFilter?}: the second step of the create flow (spec 1 §2, CreateFilter
// "Select Style"). The style's filters, its default marked; choosing one continues to the create step
// with a signed entry token, the only way in (docs/decisions/007-create-step-entry-token.md).
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { getFilter } from "~/engine/catalogue";
import { createEntryToken } from "~/server/create-entry.server";
import { requireStyle, requireStyleFilter } from "~/server/create-flow.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { previewUrlIfMade } from "~/services/catalogue-previews/index.server";
import { StyleIcon } from "~/components/icons";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const style = requireStyle(params.songStyle);
  // A filter in the URL (a link back from the create step) is highlighted; an unknown one is a 404.
  const selected = params.songFilter ? requireStyleFilter(style, params.songFilter).value : style.defaultFilter;
  const listed = style.filters.map(getFilter).filter((filter) => filter.purposes.includes("create"));
  const previews = await Promise.all(listed.map((filter) => previewUrlIfMade({ style: style.value, filter: filter.value })));
  const filters = listed.map((filter, index) => ({
      value: filter.value,
      name: filter.name,
      genres: filter.genres,
      isDefault: filter.value === style.defaultFilter,
      previewUrl: previews[index],
      createUrl: `/style/${style.value}/filter/${filter.value}/create?${new URLSearchParams({
        entry: createEntryToken({ userId: user.id, style: style.value, filter: filter.value }),
      })}`,
    }));
  return json({ style: { value: style.value, name: style.name, icon: style.icon, description: style.description }, filters, selected });
}

export default function FilterPage() {
  const { style, filters, selected } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <Link to="/style" className={buttonClass("ghost", "sm")}>
        <span aria-hidden="true">←</span> Back to styles
      </Link>
      <header className="mt-6 max-w-2xl">
        <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">Step 2 of 3</p>
        <h1 className="mt-3 flex items-center gap-3 text-3xl font-bold tracking-tight text-white sm:text-4xl">
          <StyleIcon icon={style.icon} className="h-8 w-8 text-brand-200" /> {style.name}
        </h1>
        <p className="mt-3 text-lg text-slate-400">Select a filter: the flavour your songs are made in.</p>
      </header>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {filters.map((filter) => (
          <li
            key={filter.value}
            className={`relative flex flex-col rounded-2xl border p-5 transition-colors focus-within:border-brand-400 hover:border-brand-400 hover:bg-ink-800 ${
              filter.value === selected ? "border-brand-500 bg-ink-800" : "border-ink-700 bg-ink-900"
            }`}
          >
            <div className="flex items-start justify-between gap-3">
              <h2 className="text-base font-semibold text-white">
                <Link to={filter.createUrl} className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none" data-filter={filter.value}>
                  {filter.name}
                </Link>
              </h2>
              {filter.isDefault ? (
                <span className="shrink-0 rounded-full bg-accent-400/15 px-2.5 py-0.5 text-xs font-semibold text-accent-300">Default</span>
              ) : null}
            </div>
            <p className="mt-2 text-sm text-slate-400">{filter.genres.join(" · ")}</p>
            {filter.previewUrl ? (
              <audio controls preload="none" src={filter.previewUrl} className="relative z-10 mt-4 h-9 w-full" aria-label={`Preview of ${filter.name}`} />
            ) : null}
            <span className="mt-4 text-sm font-semibold text-brand-300" aria-hidden="true">
              Create with this filter →
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Select Style${data ? ` · ${data.style.name}` : ""} · Songloom` },
  { name: "description", content: "Pick a filter for your song's style, then create it in seconds." },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
