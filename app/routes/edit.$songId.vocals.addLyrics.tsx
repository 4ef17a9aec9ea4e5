// /edit/{songId}/vocals/addLyrics, the lyrics editor (AddLyrics, spec 1 §2, §3 Lyrics, §4 Lyrics generation,
// §5, §8). A prompt (with ideas) and Generate; then sections of lines, the language and Save/Delete, with
// each line's syllables against its phrase when `enable_syllable_count_ui` is on. The rules are in
// app/services/lyrics/song-lyrics.server.ts, shared with the /api/song/{id}/lyrics routes.
//
// With JavaScript, Generate calls POST /api/song/{id}/lyrics and polls the status (components/lyrics/
// lyrics-poll.ts); on completion the lyrics and timing are fetched. Without it the form posts to this
// page's action, which redirects back, and the page refreshes itself while the lyrics are being written.
import { readFormData } from "~/utils/forms";
import { editPageMeta } from "~/utils/edit-page-meta";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useReducer, useState, type FormEvent } from "react";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { LyricsEditor, type EditorLyrics, type EditorSection } from "~/components/lyrics/lyrics-editor";
import { initialPollState, LYRICS_POLL_MS, lyricsPollStep, shouldPoll } from "~/components/lyrics/lyrics-poll";
import { LYRICS_SECTION_TYPES, type Lyrics, type LyricsSectionType, type PhrasePlan } from "~/engine/lyrics/types";
import { isFlagActive } from "~/server/flags.server";
import { ApiError } from "~/server/http.server";
import { loadSongForEditPage, requireEditableSongPage } from "~/services/songs/edit.server";
import {
  countSyllables,
  deleteLyrics,
  findLyrics,
  LYRICS_LANGUAGE_OPTIONS,
  promptIdeas,
  requestLyrics,
  saveLyrics,
  songPhrasePlan,
  toLyrics,
  type LyricsInput,
} from "~/services/lyrics/song-lyrics.server";
import { LYRICS_PROMPT_MAX } from "~/utils/field-limits";
import { apiFetch } from "~/utils/api-client";

const IDEAS = 6;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const loaded = await loadSongForEditPage(request, params.songId);
  const [row, showCounts] = await Promise.all([findLyrics(loaded.song.id), isFlagActive("enable_syllable_count_ui")]);
  const plan = loaded.song.compositionId ? await songPhrasePlan(loaded.song) : null;
  return json({
    songId: loaded.song.id,
    readOnlyReason: loaded.readOnlyReason,
    status: row?.status ?? null,
    error: row?.error ?? null,
    prompt: row?.prompt ?? "",
    lyrics: row ? toEditor(toLyrics(row), plan, showCounts) : null,
    showCounts,
    languages: LYRICS_LANGUAGE_OPTIONS,
    ideas: promptIdeas(IDEAS, Math.floor(Date.now() / 60_000)),
    saved: new URL(request.url).searchParams.get("saved") === "1",
  });
}

/** The editor's view of stored lyrics: each line with its count and its phrase's target and limit. */
function toEditor(lyrics: Lyrics, plan: PhrasePlan | null, showCounts: boolean): EditorLyrics {
  const counted = plan ? countSyllables(lyrics, plan) : null;
  return {
    language: lyrics.language,
    sections: lyrics.sections.map((section, s) => ({
      type: section.type,
      lines: section.lines.map((line, l) => {
        const withCount = counted?.sections[s]?.lines[l];
        return { value: line.value, target: line.syllableTarget, limit: withCount?.syllableLimit ?? null, count: showCounts ? (withCount?.syllableCount ?? null) : null };
      }),
    })),
  };
}

type Errors = { prompt?: string; lyrics?: string; language?: string };

export async function action({ request, params }: ActionFunctionArgs) {
  const loaded = await requireEditableSongPage(request, params.songId);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "save");
  const here = `/edit/${loaded.song.id}/vocals/addLyrics`;
  try {
    if (intent === "generate") {
      const prompt = String(form.get("idea") ?? form.get("prompt") ?? "");
      if (!prompt.trim()) return json({ errors: { prompt: "Write a few words about what the song is about." } as Errors, prompt }, { status: 400 });
      try {
        await requestLyrics(loaded, prompt);
      } catch (error) {
        if (error instanceof ApiError && error.status < 500) return json({ errors: { prompt: error.message } as Errors, prompt }, { status: error.status });
        throw error;
      }
      return redirect(here);
    }
    if (intent === "delete") {
      if (await findLyrics(loaded.song.id)) await deleteLyrics(loaded);
      return redirect(here);
    }
    await saveLyrics(loaded, applyIntent(readSections(form), intent));
    return redirect(intent === "save" ? `${here}?saved=1` : here);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      const errors: Errors = error.fields?.language ? { language: error.fields.language[0] } : { lyrics: error.message };
      return json({ errors, prompt: null }, { status: error.status });
    }
    throw error;
  }
}

/** The form's sections: one `sectionType` per section, its lines as `line.{index}`. */
function readSections(form: FormData): LyricsInput {
  const types = form.getAll("sectionType").map(String);
  const sections = types.map((type, index) => ({
    type: (LYRICS_SECTION_TYPES as readonly string[]).includes(type) ? (type as LyricsSectionType) : "verse",
    lines: form.getAll(`line.${index}`).map((value) => ({ value: String(value) })),
  }));
  return { sections, language: String(form.get("language") ?? "") };
}

/** Without JavaScript, add/remove buttons submit the form with their intent ("addLine:0", "removeLine:1:2"...). */
function applyIntent(input: LyricsInput, intent: string): LyricsInput {
  const [verb, a, b] = intent.split(":");
  const s = Number(a);
  const l = Number(b);
  let sections = input.sections;
  if (verb === "addSection") sections = [...sections, { type: "verse", lines: [{ value: "" }] }];
  if (verb === "removeSection") sections = sections.filter((_, i) => i !== s);
  if (verb === "addLine") sections = sections.map((x, i) => (i === s ? { ...x, lines: [...x.lines, { value: "" }] } : x));
  if (verb === "removeLine") sections = sections.map((x, i) => (i === s ? { ...x, lines: x.lines.filter((_, j) => j !== l) } : x));
  return { ...input, sections };
}

export default function AddLyricsPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [poll, dispatch] = useReducer(lyricsPollStep, initialPollState);
  const [fetched, setFetched] = useState<EditorLyrics | null>(null);
  // Fresh loader data (after a save or a reload) is newer than lyrics fetched after a generation.
  useEffect(() => setFetched(null), [data.lyrics]);
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => setErrors(actionData?.errors ?? {}), [actionData]);
  const [prompt, setPrompt] = useState(actionData?.prompt ?? data.prompt);
  const [promptEdited, setPromptEdited] = useState(false);
  const waiting = data.status === "pending" || data.status === "generating";

  // A page opened while lyrics are being written follows them.
  useEffect(() => {
    if (waiting) dispatch({ type: "started" });
  }, [waiting]);

  useEffect(() => {
    if (!shouldPoll(poll)) return;
    const timer = window.setTimeout(async () => {
      try {
        const response = await apiFetch(`/api/song/${data.songId}/lyrics/status`);
        const body = await response.json();
        if (response.status === 404) dispatch({ type: "notFound", message: body.error.message });
        else if (response.ok) dispatch({ type: "status", status: body.status, error: body.error });
        else dispatch({ type: "failed", message: body.error?.message });
      } catch {
        dispatch({ type: "failed" });
      }
    }, LYRICS_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [poll, data.songId]);

  useEffect(() => {
    if (poll.phase !== "fetching") return;
    void (async () => {
      try {
        const [lyrics, timing] = await Promise.all(
          [`/api/song/${data.songId}/lyrics`, `/api/song/${data.songId}/lyrics/timing`].map(async (url) => {
            const response = await apiFetch(url);
            if (!response.ok) throw new Error(url);
            return response.json();
          }),
        );
        const counts = data.showCounts ? await apiFetch(`/api/song/${data.songId}/lyrics/syllable_count`).then((r) => (r.ok ? r.json() : null)) : null;
        setFetched(fromApi(lyrics.lyrics, timing.plan, counts?.lyrics_with_syllable_count ?? null));
        dispatch({ type: "fetched" });
      } catch {
        dispatch({ type: "failed" });
      }
    })();
  }, [poll.phase, data.songId, data.showCounts]);

  const generate = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const text = submitter?.name === "idea" ? submitter.value : prompt;
    setPrompt(text);
    setErrors({});
    try {
      const response = await apiFetch(`/api/song/${data.songId}/lyrics`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ prompt: text }) }, { conflict: "return" });
      if (response.status === 202) dispatch({ type: "started" });
      else dispatch({ type: "rejected", message: ((await response.json()) as { error: { message: string } }).error.message });
    } catch {
      dispatch({ type: "failed" });
    }
  };

  if (data.readOnlyReason) {
    return (
      <div className="grid gap-4">
        <p data-testid="read-only-reason" className="rounded-xl border border-amber-400/40 bg-amber-950/30 px-4 py-3 text-sm text-amber-100">
          {data.readOnlyReason}
        </p>
        {data.lyrics ? <ReadOnlyLyrics sections={data.lyrics.sections} /> : null}
      </div>
    );
  }

  const busyGenerating = poll.phase === "polling" || poll.phase === "fetching" || (!hydrated && waiting);
  // The poll's error (JavaScript) or the stored one (the page reloaded after the job failed).
  const lyricsError = poll.phase === "error" ? poll.message : poll.phase === "idle" && data.status === "error" && !promptEdited ? data.error : null;
  const shown = fetched ?? data.lyrics;
  const clear = (field: keyof Errors) => setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  return (
    <div className="grid max-w-3xl gap-8">
      {waiting ? (
        <noscript>
          <meta httpEquiv="refresh" content="1" />
        </noscript>
      ) : null}
      <Form method="post" onSubmit={hydrated ? generate : undefined} className="grid gap-3" aria-labelledby="lyrics-prompt-heading">
        <h2 id="lyrics-prompt-heading" className="text-lg font-semibold text-white">
          Write lyrics from a prompt
        </h2>
        <input type="hidden" name="intent" value="generate" />
        <label htmlFor="lyrics-prompt" className="text-sm text-slate-300">
          What is the song about?
        </label>
        <textarea
          id="lyrics-prompt"
          name="prompt"
          rows={2}
          value={prompt}
          maxLength={LYRICS_PROMPT_MAX + 50}
          onChange={(event) => {
            setPrompt(event.target.value);
            clear("prompt");
            dispatch({ type: "dismissed" });
            setPromptEdited(true);
          }}
          aria-invalid={errors.prompt ? true : undefined}
          className="w-full rounded-xl border border-ink-600 bg-ink-950 px-3 py-2 text-sm text-white aria-invalid:border-rose-400"
        />
        <ul aria-label="Prompt ideas" className="flex flex-wrap gap-2">
          {data.ideas.map((idea) => (
            <li key={idea}>
              <button
                type={hydrated ? "button" : "submit"}
                name={hydrated ? undefined : "idea"}
                value={idea}
                onClick={hydrated ? () => setPrompt(idea) : undefined}
                className="rounded-full border border-ink-600 px-3 py-1 text-xs text-slate-300 hover:border-brand-400 hover:text-white"
              >
                {idea}
              </button>
            </li>
          ))}
        </ul>
        <div className="sticky-actions">
          <button type="submit" disabled={busyGenerating} className={buttonClass("primary")}>
            {busyGenerating ? "Writing lyrics…" : "Generate lyrics"}
          </button>
        </div>
        {busyGenerating ? (
          <p role="status" data-testid="lyrics-status" className="text-sm text-accent-200">
            Writing your lyrics…
          </p>
        ) : null}
        {errors.prompt || lyricsError ? (
          <p role="alert" data-testid="lyrics-error" className="rounded-xl border border-rose-400/40 bg-rose-950/30 px-4 py-3 text-sm text-rose-200">
            {errors.prompt ?? lyricsError}
          </p>
        ) : null}
      </Form>

      {data.saved && !actionData ? (
        <p role="status" className="rounded-xl border border-accent-400/40 bg-ink-900 px-4 py-3 text-sm text-accent-200">
          Lyrics saved.
        </p>
      ) : null}
      <Form method="post" noValidate aria-label="Lyrics" key={JSON.stringify(shown)}>
        <LyricsEditor
          initial={shown ?? { language: "English", sections: [{ type: "verse", lines: [{ value: "", count: 0, target: 0, limit: null }] }] }}
          languages={data.languages}
          showCounts={data.showCounts}
          hydrated={hydrated}
          contentError={errors.lyrics}
          languageError={errors.language}
          busy={navigation.state === "submitting"}
          onEdit={(field) => clear(field)}
        />
      </Form>
    </div>
  );
}

interface ApiLyrics {
  language: string;
  sections: { type: LyricsSectionType; lines: { value: string; timing: { start: number }; syllableTarget: number }[] }[];
}

/** Lyrics and timing fetched after a generation, as the editor shows them. */
function fromApi(lyrics: ApiLyrics, plan: PhrasePlan, counts: { sections: { lines: { syllableCount: number }[] }[] } | null): EditorLyrics {
  const phrases = plan.sections.flatMap((section) => section.phrases);
  const sections: EditorSection[] = lyrics.sections.map((section, s) => ({
    type: section.type,
    lines: section.lines.map((line, l) => ({
      value: line.value,
      target: line.syllableTarget,
      limit: phrases.find((phrase) => Math.abs(phrase.start - line.timing.start) < 0.01)?.syllableLimit ?? null,
      count: counts?.sections[s]?.lines[l]?.syllableCount ?? null,
    })),
  }));
  return { language: lyrics.language, sections };
}

function ReadOnlyLyrics({ sections }: { sections: EditorSection[] }) {
  return (
    <div className="grid gap-4" data-testid="lyrics-read-only">
      {sections.map((section, s) => (
        <div key={s}>
          <h3 className="text-sm font-semibold capitalize text-slate-200">{section.type.replace("_", "-")}</h3>
          {section.lines.map((line, l) => (
            <p key={l} className="text-sm text-slate-300">
              {line.value}
            </p>
          ))}
        </div>
      ))}
    </div>
  );
}

export const meta = editPageMeta("Lyrics");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
