// /admin/users/{id}/distro (distro viewer): AdminDistroReleaseReview. One user's releases under review:
// the chosen release's metadata, cover art and tracks with players, the automatic checks, and the review
// fields of spec 2 §3 to flag. Distro actions staff approve, reject, flag issues (per-field flags and a
// message; the message is required when no field is flagged) and hold; distro admins also edit and take
// down (after a confirmation step). Opening the page takes the review lock on the user's releases; while
// another admin holds it this page says who, and the server refuses actions. With JavaScript the page
// renews the lock while open and lets go of it when closed; without, the lock lapses on its own. Every
// action is a plain form and writes an audit row.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { desc, eq, sql } from "drizzle-orm";
import { useEffect } from "react";
import { releases } from "#drizzle/schema/releases";
import { ADMIN_EMPTY_MESSAGE, AdminPage, adminCard, adminField, FieldError, formatDate, Notice, UserTabs } from "~/components/admin/admin-ui";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { RELEASE_GENRES } from "~/content/release-genres";
import { RELEASE_LANGUAGES } from "~/content/release-languages";
import { findUserById } from "~/models/user.server";
import { allowedUserPages } from "~/server/admin-api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { hasPermission } from "~/server/permissions.server";
import { CONFIRMATION_TTL_MINUTES } from "~/services/admin";
import { AdminActionError } from "~/services/admin/errors";
import { coverArtById, releaseView } from "~/services/releases/index.server";
import { explicitToChoice } from "~/services/releases/release-form";
import {
  currentLock,
  editReleaseAsStaff,
  readIssues,
  releaseChecks,
  releaseReviewLock,
  reviewRelease,
  ReviewLockedError,
  prepareTakedown,
  staffActionsFor,
  takedownRelease,
  takeReviewLock,
  type LockView,
  type ReviewAction,
} from "~/services/review/index.server";
import { ReleaseStatus } from "~/services/releases/status";
import { REVIEW_FIELD_LABELS, REVIEW_FIELDS } from "~/services/review/fields";
import { REVIEW_LOCK_RENEW_SECONDS } from "~/services/review/labels";
import { readFormData } from "~/utils/forms";
import { isPossibleId } from "~/utils/input-schemas";
import { EXPLICIT_OPTIONS, explicitLabel, releaseStatusLabel } from "~/utils/release-display";

async function loadUser(userId: string | undefined) {
  const user = userId && isPossibleId(userId) ? await findUserById(userId) : null;
  if (!user) throw new Response("No such user", { status: 404 });
  return user;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requirePermission(request, "distro:viewer");
  const user = await loadUser(params.userId);
  const UNDER_REVIEW: (number | null)[] = [ReleaseStatus.Submitted, ReleaseStatus.Hold];
  const url = new URL(request.url);
  const list = await db
    .select()
    .from(releases)
    .where(eq(releases.userId, user.id))
    .orderBy(sql`case when ${releases.status} in (0, 5) then 0 else 1 end`, desc(releases.submittedAt), desc(releases.createdAt))
    .limit(100);
  const wanted = url.searchParams.get("release");
  const release = list.find((row) => row.id === wanted) ?? list.find((row) => row.status !== null) ?? null;
  const mayAct = hasPermission(admin, "distro:actions");
  const mayAdmin = hasPermission(admin, "distro:admin");

  // Opening a user's releases for review takes the lock, when there is something to decide and the admin
  // may decide it; viewers and finished releases only look.
  let lock: LockView | null = null;
  let lockedOut = false;
  if (mayAct && list.some((row) => UNDER_REVIEW.includes(row.status))) {
    try {
      lock = await db.transaction((tx) => takeReviewLock(tx, user.id, admin.id));
    } catch (error) {
      if (!(error instanceof ReviewLockedError)) throw error;
      lock = error.holder;
      lockedOut = true;
    }
  } else {
    lock = await currentLock(db, user.id);
    lockedOut = lock !== null && lock.adminId !== admin.id;
  }

  let detail = null;
  if (release) {
    const view = await releaseView(release);
    const art = release.coverArtId ? ((await coverArtById([release.coverArtId])).get(release.coverArtId) ?? null) : null;
    const checks = await releaseChecks(release, art);
    const actions = staffActionsFor(release.status).filter((action) => (action === "takedown" ? mayAdmin : mayAct));
    detail = {
      id: view.id,
      title: view.title,
      artistName: view.artistName,
      genre: view.genre,
      genreName: view.genreName,
      language: view.language,
      languageName: view.languageName,
      explicit: view.explicit,
      explicitChoice: explicitToChoice(view.explicit),
      explicitLabel: explicitLabel(view.explicit),
      status: view.status,
      statusLabel: view.statusLabel,
      upc: release.upc,
      label: view.label,
      releaseDate: view.releaseDate,
      submittedAt: view.submittedAt,
      archived: view.archived,
      issues: readIssues(view.issues),
      coverArt: view.coverArt ? { pageUrl: view.coverArt.pageUrl, fullUrl: view.coverArt.fullUrl, width: view.coverArt.width, height: view.coverArt.height, source: view.coverArt.source } : null,
      credit: view.coverArtCreditName,
      tracks: view.songs.map((song) => ({ id: song.id, position: song.position, name: song.unnamed ? "Unnamed song" : song.songName, durationSeconds: song.durationSeconds, audioUrl: song.audioUrl, isrc: song.isrc })),
      checks,
      actions,
      mayEdit: mayAdmin && UNDER_REVIEW.includes(release.status),
    };
  }
  return json({
    user: { id: user.id, email: user.email, releaseLabel: user.releaseLabel },
    tabs: allowedUserPages(admin),
    releases: list.map((row) => ({ id: row.id, title: row.title, status: row.status, statusLabel: releaseStatusLabel(row.status), submittedAt: row.submittedAt?.toISOString() ?? null })),
    release: detail,
    lock: lock ? { adminEmail: lock.adminEmail, expiresAt: lock.expiresAt, mine: lock.adminId === admin.id } : null,
    lockedOut,
    mayAct,
    done: url.searchParams.get("done"),
    genres: RELEASE_GENRES.map((genre) => ({ id: genre.id, name: genre.name })),
    languages: RELEASE_LANGUAGES.map((language) => ({ code: language.code, name: language.name })),
  });
}

type ActionResult = { stage: "error"; error: string; fields?: Record<string, string[]> } | { stage: "confirm_takedown"; token: string; releaseId: string; title: string };

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requirePermission(request, "distro:actions");
  const user = await loadUser(params.userId);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const releaseId = String(form.get("releaseId") ?? "");
  const back = (done: string) => redirect(`/admin/users/${user.id}/distro?${new URLSearchParams({ release: releaseId, done })}`);
  const fail = (status: number, error: string, fields?: Record<string, string[]>) => json<ActionResult>({ stage: "error", error, fields }, { status });
  if (intent === "unlock") {
    await releaseReviewLock(db, user.id, admin.id);
    return redirect("/admin/distro");
  }
  if (!isPossibleId(releaseId)) return fail(400, "Choose a release.", { releaseId: ["Choose a release."] });
  const [release] = await db.select({ id: releases.id, userId: releases.userId, title: releases.title }).from(releases).where(eq(releases.id, releaseId));
  if (!release || release.userId !== user.id) return fail(404, "No such release of this user.");
  const message = String(form.get("message") ?? "");
  try {
    if (intent === "edit") {
      await editReleaseAsStaff(admin, releaseId, {
        title: form.get("title") ?? "",
        artistName: form.get("artistName") ?? "",
        genre: form.get("genre") ?? undefined,
        language: form.get("language") ?? "",
        explicit: form.get("explicit") ?? "",
      });
      return back("edit");
    }
    if (intent === "prepare_takedown") {
      if (!hasPermission(admin, "distro:admin")) return fail(403, "You do not have permission to do this.");
      const { token } = await prepareTakedown(admin, releaseId);
      return json<ActionResult>({ stage: "confirm_takedown", token, releaseId, title: release.title });
    }
    if (intent === "takedown") {
      if (!hasPermission(admin, "distro:admin")) return fail(403, "You do not have permission to do this.");
      // The token is spent in the take-down's own transaction: without the confirmation step it is refused.
      const token = String(form.get("token") ?? "");
      await takedownRelease(admin, releaseId, { message }, token);
      return back("takedown");
    }
    const actions: Record<string, ReviewAction> = { approve: "approve", reject: "reject", flag: "flag", hold: "hold" };
    const reviewAction = actions[intent];
    if (!reviewAction) return fail(400, "Unknown action.");
    const input =
      reviewAction === "flag"
        ? { fields: Object.fromEntries(form.getAll("flag").map(String).filter((field) => (REVIEW_FIELDS as readonly string[]).includes(field)).map((field) => [field, String(form.get(`note.${field}`) ?? "")])), message }
        : { message };
    await reviewRelease(admin, releaseId, reviewAction, input);
    return back(reviewAction);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return fail(error.status, error.message, error.fields);
    if (error instanceof AdminActionError) return fail(error.status, error.message);
    throw error;
  }
}

const DONE_MESSAGES: Record<string, string> = {
  approve: "Approved. The release is on its way to the stores and its owner was emailed.",
  reject: "Rejected. Its owner was emailed.",
  flag: "Sent back for corrections. Its owner was emailed what to fix.",
  hold: "On hold.",
  takedown: "Taken down: the stores are asked to remove it.",
  edit: "Saved.",
};

const ACTION_LABELS: Record<ReviewAction, string> = { approve: "Approve", reject: "Reject", flag: "Flag issues", hold: "Hold", takedown: "Take down…" };

/** With JavaScript: renews the lock while the page is open and lets go of it when the page goes away. */
function useLockRenewal(userId: string, holding: boolean) {
  useEffect(() => {
    if (!holding) return;
    const url = `/api/admin/user/${userId}/releases/review`;
    const timer = window.setInterval(() => void fetch(url, { method: "POST" }).catch(() => undefined), REVIEW_LOCK_RENEW_SECONDS * 1000);
    const leave = () => void fetch(url, { method: "DELETE", keepalive: true }).catch(() => undefined);
    window.addEventListener("pagehide", leave);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("pagehide", leave);
    };
  }, [userId, holding]);
}

function CheckList({ title, results }: { title: string; results: { label: string; ok: boolean; detail: string }[] }) {
  return (
    <div>
      <h4 className="text-sm font-semibold text-slate-200">{title}</h4>
      <ul className="mt-1 grid gap-1 text-sm">
        {results.map((result, index) => (
          <li key={`${result.label}-${index}`} className={result.ok ? "text-slate-300" : "text-amber-300"}>
            <span aria-hidden="true">{result.ok ? "✓" : "⚠"}</span> <span className="sr-only">{result.ok ? "Passed:" : "Warning:"}</span> {result.label}: {result.detail}
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function AdminDistroReleaseReview() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { user, release, lock, lockedOut } = data;
  useLockRenewal(user.id, Boolean(lock?.mine));
  const busy = navigation.state === "submitting";
  const error = actionData?.stage === "error" ? actionData : null;
  const fieldError = (name: string) => error?.fields?.[name]?.join(" ");
  const notice = actionData ? null : data.done ? DONE_MESSAGES[data.done] : null;
  const canAct = data.mayAct && !lockedOut;

  if (actionData?.stage === "confirm_takedown") {
    return (
      <AdminPage title="Take down: please confirm" back={{ to: `/admin/users/${user.id}/distro?release=${actionData.releaseId}`, label: "Back" }}>
        <section className={`${adminCard} grid gap-4`} aria-labelledby="confirm-heading">
          <h2 id="confirm-heading" className="font-semibold text-white">
            Take “{actionData.title}” down from every store? It becomes Pending Removal until the stores confirm.
          </h2>
          <p className="text-sm text-slate-400">This confirmation works once, for {CONFIRMATION_TTL_MINUTES} minutes.</p>
          <Form method="post" className="grid gap-3">
            <input type="hidden" name="releaseId" value={actionData.releaseId} />
            <input type="hidden" name="token" value={actionData.token} />
            <label htmlFor="takedown-note" className="text-sm text-slate-300">
              Why (kept in the release's history)
            </label>
            <textarea id="takedown-note" name="message" rows={2} maxLength={2000} className={adminField} />
            <div className="flex flex-wrap gap-3">
              <button type="submit" name="intent" value="takedown" className={buttonClass("primary")}>
                Confirm: take down
              </button>
              <Link to={`/admin/users/${user.id}/distro?release=${actionData.releaseId}`} className={buttonClass("secondary")}>
                Cancel
              </Link>
            </div>
          </Form>
        </section>
      </AdminPage>
    );
  }

  return (
    <AdminPage title={user.email} intro={`Release review · distribution label ${user.releaseLabel}`} back={{ to: "/admin/distro", label: "Distribution review" }}>
      <UserTabs userId={user.id} email={user.email} current="distro" allowed={data.tabs} />
      {notice ? <Notice>{notice}</Notice> : null}
      {error ? <Notice tone="error">{error.error}</Notice> : null}
      {lock ? (
        lock.mine ? (
          <div className="flex flex-wrap items-center gap-3 text-sm text-slate-300" data-testid="review-lock">
            <span>You are reviewing this user's releases; others cannot act on them until you are done (or for a few minutes after you leave).</span>
            <Form method="post">
              <button type="submit" name="intent" value="unlock" className={buttonClass("ghost", "sm")}>
                Done reviewing
              </button>
            </Form>
          </div>
        ) : (
          <Notice tone="error">
            <span data-testid="review-locked-by">
              {lock.adminEmail} is reviewing this user's releases (until {formatDate(lock.expiresAt)} unless renewed). You can look, but not act.
            </span>
          </Notice>
        )
      ) : null}
      {data.releases.length === 0 ? <p className="text-slate-300">{ADMIN_EMPTY_MESSAGE}</p> : null}
      {data.releases.length > 1 ? (
        <nav aria-label="This user's releases" className="flex flex-wrap gap-2 text-sm">
          {data.releases.map((row) => (
            <Link key={row.id} to={`?release=${row.id}`} aria-current={row.id === release?.id ? "page" : undefined} className={`rounded-xl border px-3 py-1.5 ${row.id === release?.id ? "border-brand-400 text-white" : "border-ink-700 text-slate-300"}`}>
              {row.title} · {row.statusLabel}
            </Link>
          ))}
        </nav>
      ) : null}
      {release ? (
        <div className="grid gap-6">
          <section className={`${adminCard} grid gap-6 md:grid-cols-[18rem_1fr]`} aria-labelledby="release-heading">
            <div>
              {release.coverArt ? (
                <a href={release.coverArt.fullUrl} target="_blank" rel="noreferrer">
                  <img src={release.coverArt.pageUrl} alt={`${release.title} cover art`} width={288} height={288} className="aspect-square w-full rounded-xl object-cover" />
                </a>
              ) : (
                <div className="flex aspect-square w-full items-center justify-center rounded-xl border border-dashed border-ink-600 text-slate-500">No cover art</div>
              )}
              {release.coverArt ? (
                <p className="mt-2 text-xs text-slate-400">
                  {release.coverArt.width}×{release.coverArt.height} px · {release.coverArt.source === "generated" ? "generated" : "uploaded"}
                  {release.credit ? ` · by ${release.credit}` : ""}
                </p>
              ) : null}
            </div>
            <div className="grid content-start gap-3">
              <p className="text-sm">
                <span data-testid="review-status" className="rounded-full bg-brand-500/20 px-3 py-1 font-semibold text-brand-200">
                  {release.statusLabel}
                </span>
                {release.archived ? <span className="ml-2 text-slate-400">Archived by the owner</span> : null}
              </p>
              <h2 id="release-heading" className="text-2xl font-bold text-white">
                {release.title}
              </h2>
              <dl className="grid grid-cols-2 gap-2 text-sm text-slate-300">
                {[
                  ["Artist name", release.artistName],
                  ["Genre", release.genreName],
                  ["Language", release.languageName],
                  ["Explicit", release.explicitLabel],
                  ["Submitted", formatDate(release.submittedAt)],
                  ["UPC", release.upc ?? "Assigned on approval"],
                ].map(([label, value]) => (
                  <div key={label}>
                    <dt className="text-slate-500">{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
              {release.issues.message || release.issues.flags.length > 0 ? (
                <div className="rounded-xl border border-amber-500/40 p-3 text-sm text-amber-100">
                  <p className="font-semibold">What review found</p>
                  {release.issues.message ? <p>{release.issues.message}</p> : null}
                  <ul className="list-inside list-disc">
                    {release.issues.flags.map((flag) => (
                      <li key={flag.field}>
                        {flag.label}
                        {flag.note ? `: ${flag.note}` : ""}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </div>
          </section>

          <section className={`${adminCard} grid gap-3`} aria-labelledby="tracks-heading">
            <h3 id="tracks-heading" className="font-semibold text-white">
              Tracks
            </h3>
            <ol className="grid gap-3">
              {release.tracks.map((track) => {
                const checks = release.checks.tracks.find((entry) => entry.songId === track.id);
                return (
                  <li key={track.id} className="grid gap-2 border-t border-ink-700 pt-3">
                    <p className="text-slate-200">
                      {track.position}. {track.name}
                      {track.durationSeconds ? <span className="text-slate-500"> · {Math.floor(track.durationSeconds / 60)}:{String(Math.round(track.durationSeconds % 60)).padStart(2, "0")}</span> : null}
                      {track.isrc ? <span className="text-slate-500"> · ISRC {track.isrc}</span> : null}
                    </p>
                    {track.audioUrl ? <audio controls preload="none" src={track.audioUrl} aria-label={`Play ${track.name}`} className="w-full" /> : <p className="text-sm text-slate-500">No audio rendered.</p>}
                    {checks ? (
                      <>
                        {checks.metrics ? (
                          <p className="text-xs text-slate-400">
                            {checks.metrics.integratedLufs !== null ? `${checks.metrics.integratedLufs.toFixed(1)} LUFS` : "silent"} · peak {checks.metrics.peakDbfs !== null ? `${checks.metrics.peakDbfs.toFixed(1)} dBFS` : "—"} · {checks.metrics.durationSeconds.toFixed(1)} s
                          </p>
                        ) : null}
                        <CheckList title="Checks" results={checks.results} />
                      </>
                    ) : null}
                  </li>
                );
              })}
            </ol>
          </section>

          <section className={`${adminCard} grid gap-4`} aria-labelledby="checks-heading">
            <h3 id="checks-heading" className="font-semibold text-white">
              Automatic checks {release.checks.failures > 0 ? `(${release.checks.failures} to look at)` : "(all passed)"}
            </h3>
            <CheckList title="Cover art" results={release.checks.art} />
            <CheckList title="Artist name" results={release.checks.artist} />
            <CheckList title="Explicit and lyrics" results={release.checks.explicit} />
          </section>

          {canAct && release.actions.length > 0 ? (
            <section className={`${adminCard} grid gap-4`} aria-labelledby="decide-heading">
              <h3 id="decide-heading" className="font-semibold text-white">
                Decide
              </h3>
              {release.actions.includes("approve") ? (
                <Form method="post">
                  <input type="hidden" name="releaseId" value={release.id} />
                  <button type="submit" name="intent" value="approve" disabled={busy} className={buttonClass("primary")}>
                    Approve
                  </button>
                </Form>
              ) : null}
              {release.actions.includes("flag") || release.actions.includes("reject") ? (
                <Form method="post" className="grid gap-3" noValidate>
                  <input type="hidden" name="releaseId" value={release.id} />
                  <fieldset className="grid gap-2">
                    <legend className="text-sm text-slate-300">Flag the fields to fix (with a note each, if it helps)</legend>
                    <div className="grid gap-2 md:grid-cols-2">
                      {REVIEW_FIELDS.map((field) => (
                        <div key={field} className="flex items-center gap-2">
                          <input type="checkbox" id={`flag-${field}`} name="flag" value={field} />
                          <label htmlFor={`flag-${field}`} className="w-36 text-sm text-slate-200">
                            {REVIEW_FIELD_LABELS[field]}
                          </label>
                          <input type="text" name={`note.${field}`} maxLength={500} aria-label={`Note on ${REVIEW_FIELD_LABELS[field]}`} className={adminField} />
                        </div>
                      ))}
                    </div>
                  </fieldset>
                  <label htmlFor="review-message" className="text-sm text-slate-300">
                    Message to the user (required when no field is flagged)
                  </label>
                  <textarea id="review-message" name="message" rows={3} maxLength={2000} className={adminField} aria-invalid={fieldError("message") ? true : undefined} aria-describedby={fieldError("message") ? "review-message-error" : undefined} />
                  <FieldError id="review-message-error" message={fieldError("message")} />
                  <div className="flex flex-wrap gap-2">
                    {release.actions.includes("flag") ? (
                      <button type="submit" name="intent" value="flag" disabled={busy} className={buttonClass("secondary")}>
                        {ACTION_LABELS.flag}
                      </button>
                    ) : null}
                    {release.actions.includes("reject") ? (
                      <button type="submit" name="intent" value="reject" disabled={busy} className={buttonClass("secondary")}>
                        {ACTION_LABELS.reject}
                      </button>
                    ) : null}
                  </div>
                </Form>
              ) : null}
              <div className="flex flex-wrap gap-2">
                {release.actions.includes("hold") ? (
                  <Form method="post">
                    <input type="hidden" name="releaseId" value={release.id} />
                    <button type="submit" name="intent" value="hold" disabled={busy} className={buttonClass("ghost", "sm")}>
                      {ACTION_LABELS.hold}
                    </button>
                  </Form>
                ) : null}
                {release.actions.includes("takedown") ? (
                  <Form method="post">
                    <input type="hidden" name="releaseId" value={release.id} />
                    <button type="submit" name="intent" value="prepare_takedown" disabled={busy} className={buttonClass("ghost", "sm")}>
                      {ACTION_LABELS.takedown}
                    </button>
                  </Form>
                ) : null}
              </div>
            </section>
          ) : null}

          {canAct && release.mayEdit ? (
            <Form method="post" className={`${adminCard} grid gap-3 md:grid-cols-2`} aria-labelledby="edit-heading" noValidate>
              <h3 id="edit-heading" className="font-semibold text-white md:col-span-2">
                Edit
              </h3>
              <input type="hidden" name="releaseId" value={release.id} />
              <label className="grid gap-1 text-sm text-slate-300">
                Title
                <input name="title" defaultValue={release.title} maxLength={200} className={adminField} aria-invalid={fieldError("title") ? true : undefined} />
                <FieldError id="edit-title-error" message={fieldError("title")} />
              </label>
              <label className="grid gap-1 text-sm text-slate-300">
                Artist name
                <input name="artistName" defaultValue={release.artistName} maxLength={200} className={adminField} aria-invalid={fieldError("artistName") ? true : undefined} />
                <FieldError id="edit-artist-error" message={fieldError("artistName")} />
              </label>
              <label className="grid gap-1 text-sm text-slate-300">
                Genre
                <select name="genre" defaultValue={release.genre} className={adminField}>
                  {data.genres.map((genre) => (
                    <option key={genre.id} value={genre.id}>
                      {genre.name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="grid gap-1 text-sm text-slate-300">
                Language
                <select name="language" defaultValue={release.language ?? ""} className={adminField}>
                  <option value="">None (no lyrics)</option>
                  {data.languages.map((language) => (
                    <option key={language.code} value={language.code}>
                      {language.name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="grid gap-1 text-sm text-slate-300">
                Explicit
                <select name="explicit" defaultValue={release.explicitChoice} className={adminField} aria-invalid={fieldError("explicit") ? true : undefined}>
                  {EXPLICIT_OPTIONS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
                <FieldError id="edit-explicit-error" message={fieldError("explicit")} />
              </label>
              <div className="flex items-end">
                <button type="submit" name="intent" value="edit" disabled={busy} className={buttonClass("secondary", "sm")}>
                  Save changes
                </button>
              </div>
            </Form>
          ) : null}
        </div>
      ) : null}
    </AdminPage>
  );
}

export const meta: MetaFunction = () => [{ title: "Release review · Songloom admin" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
