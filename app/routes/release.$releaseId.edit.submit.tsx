// /release/{id}/edit/submit (NewAlbumSubmit, spec 2 §2, §4): everything a store will check, each with what
// is wrong, then Submit. Submitting moves the release to Submitted (0) within the plan's release limits
// (and the monthly limit while enable_monthly_release_limit is on), refused with the spec's messages.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { Alert, ReleaseSteps } from "~/components/releases/release-form";
import { ReviewNotice } from "~/components/releases/review-notice";
import { ApiError } from "~/server/http.server";
import { getReleaseLimits, isEditable, loadOwnedRelease, releaseView, reviewRelease, submitRefusal, submitRelease, findTransition, ReleaseStatus } from "~/services/releases/index.server";
import { explicitLabel } from "~/utils/release-display";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, release } = await loadOwnedRelease(request, params.releaseId);
  if (!isEditable(release.status) || release.archivedAt) throw redirect(`/release/${release.id}`);
  const view = await releaseView(release);
  const problems = await reviewRelease(user, view);
  const limits = await getReleaseLimits(user, { exceptReleaseId: release.id });
  const needsSlot = release.status === ReleaseStatus.Draft || release.status === ReleaseStatus.Rejected;
  return json({
    releaseId: release.id,
    status: release.status,
    issues: release.issues,
    canMove: findTransition(release.status, ReleaseStatus.Submitted, "owner") !== undefined,
    review: [
      { field: "title", label: "Title", value: view.title },
      { field: "artistName", label: "Artist name", value: view.artistName },
      { field: "coverArt", label: "Cover art", value: view.coverArt ? `${view.coverArt.width}×${view.coverArt.height}` : "None" },
      { field: "genre", label: "Genre", value: view.genreName },
      { field: "language", label: "Language", value: view.languageName },
      { field: "explicit", label: "Lyrics", value: explicitLabel(view.explicit) },
      { field: "songs", label: "Songs", value: view.songs.map((song, index) => `${index + 1}. ${song.unnamed ? "Unnamed song" : song.songName}`).join(", ") || "None" },
    ],
    cover: view.coverArt?.pageUrl ?? null,
    problems,
    limitRefusal: needsSlot ? (submitRefusal(limits)?.message ?? null) : null,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, release } = await loadOwnedRelease(request, params.releaseId);
  try {
    await submitRelease(user, release.id);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return json({ error: error.message, code: error.code }, { status: error.status });
    throw error;
  }
  return redirect(`/release/${release.id}?submitted=1`);
}

export default function ReleaseSubmitPage() {
  const data = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const navigation = useNavigation();
  const ready = Object.keys(data.problems).length === 0 && data.limitRefusal === null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-400">
        <Link to="/library?tab=releases" className="hover:text-white">
          Library
        </Link>
        <span aria-hidden="true"> / </span>
        <span className="text-slate-200">Submit release</span>
      </nav>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-white">Review and submit</h1>
      <ReleaseSteps releaseId={data.releaseId} current="submit" />
      <ReviewNotice releaseId={data.releaseId} status={data.status} issues={data.issues} editable={false} />
      {failure?.error ? (
        <div className="mt-6" data-testid="submit-error">
          <Alert>{failure.error}</Alert>
        </div>
      ) : data.limitRefusal ? (
        <div className="mt-6" data-testid="limit-refusal">
          <Alert>{data.limitRefusal}</Alert>
        </div>
      ) : null}
      <div className="mt-8 grid gap-6 sm:grid-cols-[12rem_1fr]">
        {data.cover ? <img src={data.cover} alt="Cover art" width={192} height={192} className="size-48 rounded-xl object-cover" /> : <div className="flex size-48 items-center justify-center rounded-xl border border-dashed border-ink-600 text-sm text-rose-200">Album Art Required</div>}
        <dl className="grid gap-3">
          {data.review.map((row) => (
            <div key={row.field} data-field={row.field}>
              <dt className="text-xs font-semibold uppercase tracking-wide text-slate-400">{row.label}</dt>
              <dd className="text-slate-100">{row.value}</dd>
              {(data.problems[row.field] ?? []).map((message) => (
                <dd key={message} role="alert" className="text-sm text-rose-300">
                  {message}
                </dd>
              ))}
            </div>
          ))}
        </dl>
      </div>
      <div className="mt-10 flex justify-between">
        <Link to={`/release/${data.releaseId}/edit/songs`} className={buttonClass("ghost")}>
          Back: songs
        </Link>
        <Form method="post">
          <button type="submit" disabled={!data.canMove || navigation.state === "submitting"} className={buttonClass("primary")} aria-describedby={ready ? undefined : "not-ready"}>
            {navigation.state === "submitting" ? "Submitting…" : "Submit release"}
          </button>
        </Form>
      </div>
      {!ready ? (
        <p id="not-ready" className="mt-3 text-right text-sm text-slate-400">
          Fix the points above first; submitting now shows what stops it.
        </p>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Submit release · Library · Songloom" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
