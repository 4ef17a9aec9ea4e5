// /release/create (ReleaseCreate, spec 2 §2): a new release's form. The release is created on first save
// (spec 2 §4) and the page moves on to /release/{id}/edit, where cover art can be generated and songs
// chosen. Signed-in users (release routes are not verified-only), with or without JavaScript.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { ReleaseDetailsForm, ReleaseSteps } from "~/components/releases/release-form";
import { DEFAULT_GENRE } from "~/content/release-genres";
import { requireUser } from "~/server/guards.server";
import { getReleaseLimits, releaseFormAction } from "~/services/releases/index.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const limits = await getReleaseLimits(user);
  return json({ canSubmit: limits.canSubmitNewRelease });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const result = await releaseFormAction(request, user, null);
  return result instanceof Response ? result : json(result, { status: 400 });
}

export default function ReleaseCreatePage() {
  const data = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const values = failure?.values ?? { title: "", artistName: "", genre: DEFAULT_GENRE, language: "", explicit: "no_lyrics", coverArtCreditName: "", coverArtCreditUrl: "" };
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-white">New release</h1>
      <p className="mt-2 text-slate-400">Bundle up to three of your saved songs with cover art and send them to streaming services.</p>
      {!data.canSubmit ? (
        <p role="note" className="mt-4 rounded-xl border border-amber-400/40 bg-amber-950/30 px-4 py-3 text-sm text-amber-100">
          You can prepare this release now; your plan's releases are in use, so submitting it needs an upgrade or a takedown first.
        </p>
      ) : null}
      <ReleaseSteps releaseId={null} current="details" />
      <div className="mt-8">
        <ReleaseDetailsForm values={values} errors={failure?.errors} cover={null} isNew />
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "New release · Library · Songloom" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
