// /release/{id}/edit (EditAlbum, spec 2 §2, §3, §5): the release's details and cover art — upload one, or
// generate one from a keyword (queued; the page follows it, refreshing itself without JavaScript) and pick
// from the history. Only the owner; another user's release is a 404.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { Alert, GenerateArtForm, ReleaseDetailsForm, ReleaseSteps } from "~/components/releases/release-form";
import { ReviewNotice } from "~/components/releases/review-notice";
import { flagsAsFieldErrors } from "~/services/review/fields";
import { explicitToChoice, isEditable, loadOwnedRelease, previousGeneratedArt, releaseFormAction, releaseView } from "~/services/releases/index.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, release } = await loadOwnedRelease(request, params.releaseId);
  if (!isEditable(release.status) || release.archivedAt) throw redirect(`/release/${release.id}`);
  const view = await releaseView(release);
  const search = new URL(request.url).searchParams;
  const history = await previousGeneratedArt(user, 12);
  return json({
    releaseId: release.id,
    values: {
      title: release.title,
      artistName: release.artistName,
      genre: release.genre,
      language: release.language ?? "",
      explicit: explicitToChoice(release.explicit),
      coverArtCreditName: release.coverArtCreditName ?? "",
      coverArtCreditUrl: release.coverArtCreditUrl ?? "",
    },
    cover: view.coverArt ? { id: view.coverArt.id, thumbnailUrl: view.coverArt.thumbnailUrl, pageUrl: view.coverArt.pageUrl, source: view.coverArt.source } : null,
    history: history.map((item) => ({ id: item.id, keyword: item.keyword, prompt: item.prompt, status: item.status, error: item.error, coverArt: item.coverArt ? { id: item.coverArt.id, thumbnailUrl: item.coverArt.thumbnailUrl } : null })),
    status: release.status,
    issues: release.issues,
    notice: search.get("notice"),
    coverError: search.get("coverError"),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, release } = await loadOwnedRelease(request, params.releaseId);
  const result = await releaseFormAction(request, user, release.id);
  return result instanceof Response ? result : json(result, { status: 400 });
}

export default function ReleaseEditPage() {
  const data = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const revalidator = useRevalidator();
  const pending = data.history.some((item) => item.status === "queue");
  // With JavaScript the page asks again every two seconds while a cover is being drawn.
  useEffect(() => {
    if (!pending) return;
    const timer = window.setInterval(() => revalidator.revalidate(), 2000);
    return () => window.clearInterval(timer);
  }, [pending, revalidator]);
  const detailsFailure = failure && failure.intent === "save" ? failure : undefined;
  const artFailure = failure && failure.intent !== "save" ? failure : undefined;
  const coverErrors = data.coverError && !failure ? { coverArt: [data.coverError] } : undefined;
  // A release sent back by review shows the reviewer's flags on the fields they are about.
  const reviewErrors = flagsAsFieldErrors(data.issues);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      {pending ? (
        <noscript>
          <meta httpEquiv="refresh" content="3" />
        </noscript>
      ) : null}
      <nav aria-label="Breadcrumb" className="text-sm text-slate-400">
        <Link to="/library?tab=releases" className="hover:text-white">
          Library
        </Link>
        <span aria-hidden="true"> / </span>
        <span className="text-slate-200">Edit release</span>
      </nav>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-white">{data.values.title || "Release"}</h1>
      <ReleaseSteps releaseId={data.releaseId} current="details" />
      <ReviewNotice releaseId={data.releaseId} status={data.status} issues={data.issues} editable={false} />
      {data.notice === "saved" && !failure ? (
        <p role="status" className="mt-6 rounded-xl border border-accent-400/40 bg-ink-900 px-4 py-3 text-sm text-accent-200">
          Saved.
        </p>
      ) : null}
      {artFailure?.intent === "use-art" && artFailure.errors.form ? (
        <div className="mt-6">
          <Alert>{artFailure.errors.form[0]}</Alert>
        </div>
      ) : null}
      <div className="mt-8 grid gap-10">
        <ReleaseDetailsForm values={detailsFailure?.values ?? data.values} errors={detailsFailure?.errors ?? coverErrors ?? reviewErrors} cover={data.cover} isNew={false} />
        <GenerateArtForm errors={artFailure?.errors} values={{ keyword: "", prompt: "" }} history={data.history} currentCoverId={data.cover?.id ?? null} />
        <div className="flex justify-end">
          <Link to={`/release/${data.releaseId}/edit/songs`} className={buttonClass("primary")}>
            Next: songs
          </Link>
        </div>
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit release · Library · Songloom" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
