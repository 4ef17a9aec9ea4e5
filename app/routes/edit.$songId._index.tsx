// /edit/{songId}, song options (EditSong, spec 1 §2): what can be changed, each with a link to its page,
// and the quick actions as plain forms: Rewrite (new notes, same sounds), Reproduce (same notes, new
// sounds) and Copy. A read-only song (still generating, locked, or a paid user's mastered song) says why
// and offers only Copy. Errors from other edit pages arrive here as ?error=. The editor tour is offered here
// until the user's first edit (components/edit/editor-tour.tsx), and hidden for good with its own intent.
import { readFormData } from "~/utils/forms";
import { editPageMeta } from "~/utils/edit-page-meta";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useCallback, useRef } from "react";
import { z } from "zod";
import { buttonClass } from "~/components/button";
import { DISMISS_TOUR_INTENT, EditorTour } from "~/components/edit/editor-tour";
import { SongDownloads } from "~/components/edit/song-downloads";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { ApiError } from "~/server/http.server";
import { dismissEditorTour, editorTourOffered } from "~/services/library/index.server";
import { songDownloadsView } from "~/services/songs/downloads.server";
import { copySong, loadSongForEditPage, reproduceSong, requireEditableSongPage, rewriteSong } from "~/services/songs/edit.server";

/** A message in ?error= is shown as text, never as markup; the cap keeps a hand-made URL from filling the page. */
const ERROR_MAX = 300;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, song, editable, readOnlyReason } = await loadSongForEditPage(request, params.songId);
  const query = new URL(request.url).searchParams;
  return json({
    songId: song.id,
    editable,
    readOnlyReason,
    error: query.get("error")?.slice(0, ERROR_MAX) || null,
    notice: NOTICES[query.get("done") ?? ""] ?? null,
    downloads: song.status === "complete" && !song.locked ? await songDownloadsView(user, song) : null,
    // Only on the user's own editable song: a read-only page has nothing to tour.
    tour: editable && (await editorTourOffered(user)),
  });
}

const NOTICES: Record<string, string> = {
  rewrite: "Rewriting: new notes with the same sounds. The new version plays as soon as it is rendered.",
  reproduce: "Reproducing: the same notes with new sounds. The new version plays as soon as it is rendered.",
  copied: "This is your copy. It is saved in your library and you can change anything in it.",
};

const OptionsActionSchema = z.object({ intent: z.enum(["rewrite", "reproduce", "copy", DISMISS_TOUR_INTENT]) });

export async function action({ request, params }: ActionFunctionArgs) {
  const parsed = OptionsActionSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) {
    // Guard first, so a stranger learns nothing from a malformed form.
    await loadSongForEditPage(request, params.songId);
    throw new Response("Unknown form", { status: 400 });
  }
  const { intent } = parsed.data;
  if (intent === DISMISS_TOUR_INTENT) {
    const { user, song } = await loadSongForEditPage(request, params.songId);
    await dismissEditorTour(user);
    return redirect(`/edit/${song.id}`);
  }
  const loaded = intent === "copy" ? await loadSongForEditPage(request, params.songId) : await requireEditableSongPage(request, params.songId);
  const { user, song } = loaded;
  try {
    if (intent === "copy") {
      const copy = await copySong(user, song);
      return redirect(`/edit/${copy.id}?done=copied`);
    }
    if (intent === "rewrite") await rewriteSong(song);
    else await reproduceSong(song);
    return redirect(`/edit/${song.id}?done=${intent}`);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return redirect(`/edit/${song.id}?${new URLSearchParams({ error: error.message })}`);
    throw error;
  }
}

const PAGES = [
  { to: "info", title: "Info", text: "Name the song, set the artist name and tags, and choose whether it is private." },
  { to: "production", title: "Production", text: "Swap the ensemble, the drum kit or single instruments and drums, and set the mix, ambient sound and levels." },
  { to: "notes", title: "Notes", text: "Open the piano roll and add, move, resize or delete notes in any part." },
  { to: "arrangement", title: "Arrangement", text: "Reorder, duplicate or delete the song's segments." },
  { to: "vocals", title: "Vocals", text: "Add automatic vocals, or write lyrics and choose a voice to sing them." },
] as const;

export default function SongOptionsPage() {
  const { songId, editable, readOnlyReason, error, notice, downloads, tour } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const changesHeading = useRef<HTMLHeadingElement>(null);
  // Once the tour is hidden, keyboard focus continues at the next part of the page instead of the document.
  const focusChanges = useCallback(() => changesHeading.current?.focus(), []);
  const busyIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]">
      <div className="grid gap-6">
        {error ? (
          <p role="alert" className="rounded-xl border border-rose-500/40 bg-rose-950/40 px-4 py-3 text-sm text-rose-200">
            {error}
          </p>
        ) : null}
        {notice ? (
          <p role="status" className="rounded-xl border border-accent-400/40 bg-ink-900 px-4 py-3 text-sm text-accent-200">
            {notice}
          </p>
        ) : null}
        {readOnlyReason ? (
          <p data-testid="read-only-reason" className="rounded-xl border border-amber-400/40 bg-amber-950/30 px-4 py-3 text-sm text-amber-100">
            {readOnlyReason}
          </p>
        ) : null}
        {tour ? <EditorTour songId={songId} afterDismiss={focusChanges} /> : null}
        <section aria-labelledby="changes-heading">
          <h2 id="changes-heading" ref={changesHeading} tabIndex={-1} className="text-lg font-semibold text-white focus:outline-none">
            What you can change
          </h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {PAGES.map((page) => (
              <li key={page.to}>
                <Link
                  to={`/edit/${songId}/${page.to}`}
                  className="block h-full rounded-2xl border border-ink-700 bg-ink-900 p-4 hover:border-brand-400"
                >
                  <span className="font-semibold text-white">{page.title}</span>
                  <span className="mt-1 block text-sm text-slate-400">{page.text}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="grid content-start gap-6">
        <section aria-labelledby="quick-heading" className="rounded-2xl border border-ink-700 bg-ink-900 p-5">
          <h2 id="quick-heading" className="text-lg font-semibold text-white">
            Quick actions
          </h2>
          <div className="mt-4 grid gap-4">
            {editable ? (
              <>
                <QuickAction intent="rewrite" label="Rewrite" busy={busyIntent === "rewrite"} text="New notes, the same sounds." />
                <QuickAction intent="reproduce" label="Reproduce" busy={busyIntent === "reproduce"} text="The same notes, new sounds." />
              </>
            ) : null}
            <QuickAction intent="copy" label="Copy" busy={busyIntent === "copy"} text="A copy of this song in your library, free to change." />
            <div className="flex items-center justify-between gap-4">
              <p className="text-sm text-slate-300">Mastered for streaming, with fourteen presets to hear first.</p>
              <Link to={`/master/${songId}`} className={buttonClass("secondary", "sm")}>
                Master
              </Link>
            </div>
          </div>
        </section>
        <section aria-labelledby="downloads-heading" className="rounded-2xl border border-ink-700 bg-ink-900 p-5">
          <h2 id="downloads-heading" className="text-lg font-semibold text-white">
            Downloads
          </h2>
          {downloads ? <SongDownloads downloads={downloads} /> : <p className="mt-4 text-sm text-slate-400">Downloads open once the song is ready and unlocked.</p>}
        </section>
      </div>
    </div>
  );
}

function QuickAction({ intent, label, text, busy }: { intent: string; label: string; text: string; busy: boolean }) {
  return (
    <Form method="post" className="flex items-center justify-between gap-4">
      <p className="text-sm text-slate-300">{text}</p>
      <button type="submit" name="intent" value={intent} disabled={busy} className={buttonClass("secondary", "sm")}>
        {busy ? `${label}…` : label}
      </button>
    </Form>
  );
}

export const meta = editPageMeta();

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
