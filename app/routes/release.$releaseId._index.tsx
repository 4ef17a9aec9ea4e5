// /release/{id} (ReleaseInfo, spec 2 §2, §4): the release's cover, details and status, its tracks with
// players, each store's status (filled by distribution; "Not submitted" until then), stats for a date
// range (2019-01-01 to today) and the owner's actions: edit while it can change, take down once it is with
// the stores, archive, download. Only the owner; another user's release is a 404.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { formatSeconds } from "~/components/player";
import { Alert } from "~/components/releases/release-form";
import { Waveform } from "~/components/songs/waveform";
import { ApiError } from "~/server/http.server";
import { archiveRelease, findTransition, isEditable, loadOwnedRelease, releaseStats, releaseView, ReleaseStatus, requestTakedown, StatsRangeSchema, todayIso } from "~/services/releases/index.server";
import { readFormData } from "~/utils/forms";
import { ReviewNotice } from "~/components/releases/review-notice";
import { db } from "~/server/db.server";
import { storeStatuses, type DistributionFilter } from "~/services/distribution/index.server";
import { explicitLabel, STATS_MIN_DATE } from "~/utils/release-display";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { release } = await loadOwnedRelease(request, params.releaseId);
  const view = await releaseView(release);
  const search = new URL(request.url).searchParams;
  const range = StatsRangeSchema.safeParse({ start_date: search.get("startDate") || undefined, end_date: search.get("endDate") || undefined });
  const stats = range.success ? releaseStats(range.data) : null;
  const filter = STORE_FILTERS.find((option) => option.value === search.get("stores"))?.value ?? "all";
  const stores = await storeStatuses(db, release.id, filter);
  return json({
    stores: stores.map((store) => ({ id: store.storeId, name: store.storeName, status: store.status, label: store.statusLabel, message: store.storeMessage })),
    storeFilter: filter,
    release: {
      id: view.id,
      title: view.title,
      artistName: view.artistName,
      genreName: view.genreName,
      languageName: view.languageName,
      explicit: explicitLabel(view.explicit),
      statusLabel: view.statusLabel,
      status: view.status,
      archived: view.archived,
      coverUrl: view.coverArt?.pageUrl ?? null,
      credit: view.coverArtCreditName,
      creditUrl: view.coverArtCreditUrl,
      createdOn: view.createdOn,
      submittedAt: view.submittedAt,
      issues: view.issues,
      songs: view.songs.map((song) => ({ id: song.id, name: song.unnamed ? "Unnamed song" : song.songName, durationSeconds: song.durationSeconds, audioUrl: song.audioUrl, peaks: song.peaks })),
    },
    editable: isEditable(release.status) && !release.archivedAt,
    canTakeDown: findTransition(release.status, ReleaseStatus.PendingRemoval, "owner") !== undefined,
    canArchive: !release.archivedAt && (release.status === null || release.status === ReleaseStatus.Rejected || release.status === ReleaseStatus.Removed),
    stats: stats ? { startDate: stats.startDate, endDate: stats.endDate, streams: stats.streams } : null,
    statsError: range.success ? null : (range.error.issues[0]?.message ?? "Choose a valid range."),
    range: { start: search.get("startDate") ?? "", end: search.get("endDate") ?? "" },
    today: todayIso(),
    submitted: search.get("submitted") === "1",
  });
}

// Spec 2 §4 distribution filter.
const STORE_FILTERS: ReadonlyArray<{ value: DistributionFilter; label: string }> = [
  { value: "all", label: "All" },
  { value: "distributed", label: "Distributed" },
  { value: "not_distributed", label: "Not distributed" },
];

const STATUS_TONE: Record<number, string> = {
  0: "text-amber-200",
  1: "text-rose-300",
  2: "text-emerald-300",
  3: "text-rose-300",
  4: "text-slate-300",
  5: "text-slate-400",
};

const ReleaseAction = z.object({ intent: z.enum(["takedown", "archive"]) });

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, release } = await loadOwnedRelease(request, params.releaseId);
  const parsed = ReleaseAction.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return json({ error: "Unknown action." }, { status: 400 });
  try {
    if (parsed.data.intent === "takedown") await requestTakedown(user, release.id);
    else {
      await archiveRelease(user, release.id);
      return redirect("/library?tab=releases");
    }
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return json({ error: error.message }, { status: error.status });
    throw error;
  }
  return redirect(`/release/${release.id}`);
}

export default function ReleaseInfoPage() {
  const data = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const { release } = data;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-400">
        <Link to="/library?tab=releases" className="hover:text-white">
          Library
        </Link>
        <span aria-hidden="true"> / </span>
        <span className="text-slate-200">Release</span>
      </nav>
      {data.submitted ? (
        <p role="status" className="mt-4 rounded-xl border border-accent-400/40 bg-ink-900 px-4 py-3 text-sm text-accent-200">
          Submitted. Our team reviews releases before they go to the stores; this page shows where it stands.
        </p>
      ) : null}
      <ReviewNotice releaseId={release.id} status={release.status} issues={release.issues} editable={data.editable} />
      {failure?.error ? (
        <div className="mt-4">
          <Alert>{failure.error}</Alert>
        </div>
      ) : null}
      <div className="mt-6 grid gap-8 md:grid-cols-[20rem_1fr]">
        {release.coverUrl ? (
          <img src={release.coverUrl} alt={`${release.title} cover art`} width={320} height={320} className="aspect-square w-full rounded-2xl object-cover" />
        ) : (
          <div className="flex aspect-square w-full items-center justify-center rounded-2xl border border-dashed border-ink-600 text-slate-500">No cover art</div>
        )}
        <div>
          <p className="text-sm">
            <span data-testid="release-status" className="rounded-full bg-brand-500/20 px-3 py-1 font-semibold text-brand-200">
              {release.statusLabel}
            </span>
            {release.archived ? <span className="ml-2 text-slate-400">Archived</span> : null}
          </p>
          <h1 className="mt-3 text-3xl font-bold tracking-tight text-white">{release.title}</h1>
          <p className="mt-1 text-lg text-slate-300">{release.artistName}</p>
          <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
            <Detail label="Genre" value={release.genreName} />
            <Detail label="Language" value={release.languageName} />
            <Detail label="Lyrics" value={release.explicit} />
            <Detail label="Submitted" value={release.submittedAt ? release.submittedAt.slice(0, 10) : "Not yet"} />
            {release.credit ? <Detail label="Cover art by" value={release.credit} /> : null}
          </dl>
          <div className="mt-6 flex flex-wrap gap-2">
            {data.editable ? (
              <Link to={`/release/${release.id}/edit`} className={buttonClass("primary", "sm")}>
                Edit release
              </Link>
            ) : null}
            <a href={`/api/release/${release.id}/download`} className={buttonClass("secondary", "sm")} download>
              Download
            </a>
            {data.canTakeDown ? (
              <Form method="post">
                <input type="hidden" name="intent" value="takedown" />
                <button type="submit" className={buttonClass("secondary", "sm")}>
                  Request takedown
                </button>
              </Form>
            ) : null}
            {data.canArchive ? (
              <Form method="post">
                <input type="hidden" name="intent" value="archive" />
                <button type="submit" className={buttonClass("ghost", "sm")}>
                  Archive
                </button>
              </Form>
            ) : null}
          </div>
        </div>
      </div>
      <section aria-labelledby="tracks-heading" className="mt-10">
        <h2 id="tracks-heading" className="text-lg font-semibold text-white">
          Tracks
        </h2>
        <ol className="mt-3 grid gap-2">
          {release.songs.map((song, index) => (
            <li key={song.id} className="grid gap-2 rounded-xl border border-ink-700 bg-ink-900 px-4 py-3">
              <div className="flex items-center gap-3">
                <span className="w-6 text-sm text-slate-400">{index + 1}.</span>
                <span className="flex-1 font-semibold text-white">{song.name}</span>
                {song.durationSeconds ? <span className="text-xs text-slate-400">{formatSeconds(song.durationSeconds)}</span> : null}
              </div>
              {song.peaks ? <Waveform peaks={song.peaks} className="h-8 w-full" /> : null}
              {song.audioUrl ? <audio controls preload="none" src={song.audioUrl} className="w-full" aria-label={`Play ${song.name}`} /> : null}
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="stores-heading" className="mt-10">
        <h2 id="stores-heading" className="text-lg font-semibold text-white">
          Stores
        </h2>
        <Form method="get" className="mt-3 flex flex-wrap items-end gap-3">
          {/* Keeps the stats range when the store filter changes. */}
          {data.range.start ? <input type="hidden" name="startDate" value={data.range.start} /> : null}
          {data.range.end ? <input type="hidden" name="endDate" value={data.range.end} /> : null}
          <label className="text-sm text-slate-300">
            Show
            <select name="stores" defaultValue={data.storeFilter} className="ml-2 rounded-lg border border-ink-600 bg-ink-950 px-2 py-1 text-white">
              {STORE_FILTERS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={buttonClass("secondary", "sm")}>
            Filter
          </button>
        </Form>
        {data.stores.length === 0 ? (
          <p className="mt-3 text-sm text-slate-400">We could not find any results.</p>
        ) : (
          <table className="mt-3 w-full text-left text-sm" data-testid="store-statuses">
            <thead>
              <tr className="text-xs uppercase tracking-wide text-slate-400">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Store
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Status
                </th>
                <th scope="col" className="py-2 font-semibold">
                  The store&apos;s answer
                </th>
              </tr>
            </thead>
            <tbody>
              {data.stores.map((store) => (
                <tr key={store.id} className="border-t border-ink-700">
                  <td className="py-2 pr-4 font-semibold text-white">{store.name}</td>
                  <td className={`py-2 pr-4 ${STATUS_TONE[store.status] ?? "text-slate-300"}`}>{store.label}</td>
                  <td className="py-2 text-slate-300">{store.message ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="stats-heading" className="mt-10">
        <h2 id="stats-heading" className="text-lg font-semibold text-white">
          Stats
        </h2>
        <Form method="get" className="mt-3 flex flex-wrap items-end gap-3">
          {data.storeFilter !== "all" ? <input type="hidden" name="stores" value={data.storeFilter} /> : null}
          <label className="text-sm text-slate-300">
            From
            <input type="date" name="startDate" min={STATS_MIN_DATE} max={data.today} defaultValue={data.stats?.startDate ?? data.range.start} className="ml-2 rounded-lg border border-ink-600 bg-ink-950 px-2 py-1 text-white" />
          </label>
          <label className="text-sm text-slate-300">
            To
            <input type="date" name="endDate" min={STATS_MIN_DATE} max={data.today} defaultValue={data.stats?.endDate ?? data.range.end} className="ml-2 rounded-lg border border-ink-600 bg-ink-950 px-2 py-1 text-white" />
          </label>
          <button type="submit" className={buttonClass("secondary", "sm")}>
            Show
          </button>
        </Form>
        {data.statsError ? (
          <p role="alert" className="mt-2 text-sm text-rose-300">
            {data.statsError}
          </p>
        ) : data.stats ? (
          <p className="mt-3 text-slate-200" data-testid="release-streams">
            {data.stats.streams.toLocaleString("en-US")} streams from {data.stats.startDate} to {data.stats.endDate}
          </p>
        ) : null}
      </section>
    </div>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-400">{label}</dt>
      <dd className="text-slate-100">{value}</dd>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Release · Library · Songloom" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
