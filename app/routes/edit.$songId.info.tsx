// /edit/{songId}/info, song information (EditSongInfo, spec 1 §2, §3 Song info, §5): song name, artist
// name, tags and private. The action parses with the same schema and calls the same service as
// PUT /api/song/{id} (app/services/songs/info.server.ts). Info renders nothing, and stays editable after a
// paid user's song is mastered.
//
// Without JavaScript the tags are one comma-separated field and errors come back with the re-rendered
// form. With it, tags are chips with suggestions (GET /api/search/songs/tags) and each field's error
// clears as soon as that field is edited (spec 1 §5).
import { readFormData } from "~/utils/forms";
import { editPageMeta } from "~/utils/edit-page-meta";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState, type KeyboardEvent } from "react";
import { z } from "zod";
import { buttonClass } from "~/components/button";
import { FieldError, TextField } from "~/components/form-fields";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { ApiError } from "~/server/http.server";
import { loadSongForEditPage } from "~/services/songs/edit.server";
import { infoReadOnlyReason, SongInfoSchema, songInfo, updateSongInfo, type SongInfo } from "~/services/songs/info.server";
import { ARTIST_NAME_MAX, SONG_NAME_MAX, TAG_MAX, TAGS_MAX } from "~/utils/field-limits";
import { apiFetch } from "~/utils/api-client";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const loaded = await loadSongForEditPage(request, params.songId);
  return json({
    songId: loaded.song.id,
    info: songInfo(loaded.song),
    readOnlyReason: infoReadOnlyReason(loaded),
    saved: new URL(request.url).searchParams.get("saved") === "1",
  });
}

type Field = "songName" | "artistName" | "tags" | "private";
type FieldErrors = Partial<Record<Field, string[]>>;

export async function action({ request, params }: ActionFunctionArgs) {
  const loaded = await loadSongForEditPage(request, params.songId);
  const reason = infoReadOnlyReason(loaded);
  if (reason) throw redirect(`/edit/${loaded.song.id}?${new URLSearchParams({ error: reason })}`);
  const form = await readFormData(request);
  const input = {
    songName: form.get("songName") ?? "",
    artistName: form.get("artistName") ?? "",
    tags: form.getAll("tags"),
    // An unticked checkbox is not sent at all.
    private: form.get("private") === "on",
  };
  const parsed = SongInfoSchema.safeParse(input);
  if (!parsed.success) return json({ errors: fieldErrors(parsed.error), values: echo(input) }, { status: 400 });
  try {
    await updateSongInfo(loaded, parsed.data);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) throw redirect(`/edit/${loaded.song.id}?${new URLSearchParams({ error: error.message })}`);
    throw error;
  }
  return redirect(`/edit/${loaded.song.id}/info?saved=1`);
}

/** Messages by form field: an issue about the third tag ("tags.2") belongs to the tags field. */
function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "songName") as Field;
    const list = (errors[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return errors;
}

/** What was typed, to put back into the re-rendered form. */
function echo(input: { songName: FormDataEntryValue; artistName: FormDataEntryValue; tags: FormDataEntryValue[]; private: boolean }): SongInfo {
  const text = (value: FormDataEntryValue) => (typeof value === "string" ? value : "");
  return {
    songName: text(input.songName),
    artistName: text(input.artistName),
    tags: input.tags.flatMap((tag) => text(tag).split(",")).map((tag) => tag.trim()).filter(Boolean),
    private: input.private,
  };
}

export default function SongInfoPage() {
  const { info, readOnlyReason, saved } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const values = actionData?.values ?? info;
  const [cleared, setCleared] = useState<Set<Field>>(new Set());
  // A new answer from the server brings new errors: show them all again.
  useEffect(() => setCleared(new Set()), [actionData]);
  const errorFor = (field: Field) => (cleared.has(field) ? undefined : actionData?.errors[field]?.[0]);
  const edited = (field: Field) => setCleared((current) => (current.has(field) ? current : new Set(current).add(field)));
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  if (readOnlyReason) {
    return (
      <p data-testid="read-only-reason" className="rounded-xl border border-amber-400/40 bg-amber-950/30 px-4 py-3 text-sm text-amber-100">
        {readOnlyReason}
      </p>
    );
  }

  return (
    // The key resets the inputs to what the server holds once a save changes it (a failed save keeps what was typed).
    <Form method="post" noValidate className="grid max-w-2xl gap-6" key={JSON.stringify(info)} aria-labelledby="info-heading">
      <h2 id="info-heading" className="text-lg font-semibold text-white">
        Song info
      </h2>
      {saved && !actionData ? (
        <p role="status" className="rounded-xl border border-accent-400/40 bg-ink-900 px-4 py-3 text-sm text-accent-200">
          Saved.
        </p>
      ) : null}
      <TextField
        name="songName"
        label="Song name"
        hint={'Leave it empty (or "New Song") to keep the song unnamed.'}
        maxLength={SONG_NAME_MAX}
        defaultValue={values.songName}
        error={errorFor("songName")}
        onEdit={edited}
      />
      <TextField
        name="artistName"
        label="Artist name"
        maxLength={ARTIST_NAME_MAX}
        defaultValue={values.artistName}
        error={errorFor("artistName")}
        onEdit={edited}
      />
      {hydrated ? (
        <TagChips initial={values.tags} error={errorFor("tags")} onEdit={() => edited("tags")} />
      ) : (
        <TextField
          name="tags"
          label="Tags"
          hint={`Separate tags with commas: up to ${TAGS_MAX}, each up to ${TAG_MAX} letters, digits, spaces or hyphens.`}
          defaultValue={values.tags.join(", ")}
          error={errorFor("tags")}
          onEdit={() => edited("tags")}
        />
      )}
      <label className="flex items-start gap-3 text-sm text-slate-200">
        <input
          type="checkbox"
          name="private"
          defaultChecked={values.private}
          onChange={() => edited("private")}
          className="mt-0.5 size-4 rounded border-ink-600 bg-ink-950 accent-brand-500"
        />
        <span>
          <span className="font-semibold">Private</span>
          <span className="block text-slate-400">Only you can open its share page and play it.</span>
        </span>
      </label>
      <div>
        <button type="submit" disabled={navigation.state === "submitting"} className={buttonClass("primary")}>
          {navigation.state === "submitting" ? "Saving…" : "Save info"}
        </button>
      </div>
    </Form>
  );
}

/**
 * Tags as chips (each a hidden `tags` field) plus a box for the next one: Enter or a comma adds it, a
 * suggestion adds itself, × removes a chip. Text left in the box is sent too, so nothing typed is lost.
 */
function TagChips({ initial, error, onEdit }: { initial: string[]; error: string | undefined; onEdit: () => void }) {
  const [tags, setTags] = useState(initial);
  const [draft, setDraft] = useState("");
  const [suggested, setSuggested] = useState<string[]>([]);
  // A plain fetch of the JSON API, not a Remix fetcher: a fetcher's load resolves the URL against the
  // route manifest, which the browser discovers lazily, and two loads close together could be matched to
  // the 404 splat route before /api/search/songs/tags was known: an error that replaced the form.
  useEffect(() => {
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      try {
        const response = await apiFetch(`/api/search/songs/tags?${new URLSearchParams({ query: draft.trim() })}`, { signal: controller.signal, headers: { Accept: "application/json" } });
        if (response.ok) setSuggested(((await response.json()) as { tags: string[] }).tags);
      } catch {
        // Aborted by the next keystroke, or offline: suggestions are a help, the field works without them.
      }
    }, 150);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [draft]);

  const add = (value: string) => {
    const tag = value.replace(/\s+/g, " ").trim();
    if (tag && !tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) setTags([...tags, tag]);
    setDraft("");
    onEdit();
  };
  const remove = (tag: string) => {
    setTags(tags.filter((existing) => existing !== tag));
    onEdit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      add(draft);
    } else if (event.key === "Backspace" && draft === "" && tags.length > 0) {
      remove(tags[tags.length - 1]!);
    }
  };
  const offered = suggested.filter((tag) => !tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())).slice(0, 8);

  return (
    <div>
      <label htmlFor="field-tags" className="text-sm font-semibold text-slate-200">
        Tags
      </label>
      <p id="field-tags-hint" className="text-xs text-slate-400">
        Up to {TAGS_MAX} tags, each up to {TAG_MAX} letters, digits, spaces or hyphens. Press Enter to add one.
      </p>
      <div
        className={`mt-1 flex flex-wrap items-center gap-2 rounded-xl border bg-ink-950 px-2 py-2 ${error ? "border-rose-400" : "border-ink-600"}`}
        data-testid="tag-chips"
      >
        {tags.map((tag) => (
          <span key={tag} className="inline-flex items-center gap-1 rounded-full bg-brand-500/20 px-3 py-1 text-xs font-semibold text-brand-100" data-testid="tag-chip">
            <input type="hidden" name="tags" value={tag} />
            {tag}
            <button type="button" onClick={() => remove(tag)} aria-label={`Remove tag ${tag}`} className="ml-1 text-brand-200 hover:text-white">
              ×
            </button>
          </span>
        ))}
        <input
          id="field-tags"
          type="text"
          name="tags"
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            onEdit();
          }}
          onKeyDown={onKeyDown}
          placeholder={tags.length === 0 ? "lofi, study, night drive…" : "Add a tag"}
          aria-invalid={error ? true : undefined}
          aria-describedby={["field-tags-hint", error ? "field-tags-error" : null].filter(Boolean).join(" ")}
          className="min-w-32 flex-1 bg-transparent px-1 text-sm text-white placeholder:text-slate-500 focus:outline-none"
        />
      </div>
      {offered.length > 0 ? (
        <ul aria-label="Tag suggestions" className="mt-2 flex flex-wrap gap-2">
          {offered.map((tag) => (
            <li key={tag}>
              <button
                type="button"
                onClick={() => add(tag)}
                className="rounded-full border border-ink-600 px-3 py-1 text-xs text-slate-300 hover:border-brand-400 hover:text-white"
              >
                + {tag}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FieldError id="field-tags-error" message={error} />
    </div>
  );
}

export const meta = editPageMeta("Song info");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
