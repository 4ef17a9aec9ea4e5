// The release form (spec 2 §3 Release form) for /release/create and /release/{id}/edit: plain forms that
// post to the page's action, so they work without JavaScript. With it, editing a field clears its own
// error (spec 2 §5) until the server answers again.
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { buttonClass } from "~/components/button";
import { FieldError, TextField } from "~/components/form-fields";
import { RELEASE_GENRES } from "~/content/release-genres";
import { RELEASE_LANGUAGES } from "~/content/release-languages";
import { EXPLICIT_OPTIONS } from "~/utils/release-display";
import { ART_PROMPT_MAX, RELEASE_ARTIST_MAX, RELEASE_CREDIT_MAX, RELEASE_TITLE_MAX } from "~/utils/release-field-limits";

export interface ReleaseFormValues {
  title: string;
  artistName: string;
  genre: string;
  /** An ISO 639-1 code, or "" for None. */
  language: string;
  explicit: string;
  coverArtCreditName: string;
  coverArtCreditUrl: string;
}

export interface ArtHistoryItem {
  id: string;
  keyword: string;
  prompt: string;
  status: "queue" | "complete" | "failed";
  error: string | null;
  coverArt: { id: string; thumbnailUrl: string } | null;
}

type Errors = Record<string, string[] | undefined>;

export function useClearableErrors(errors: Errors | undefined) {
  const [cleared, setCleared] = useState<Set<string>>(new Set());
  // A new answer from the server brings new errors: show them all again.
  useEffect(() => setCleared(new Set()), [errors]);
  return {
    errorFor: (field: string) => (cleared.has(field) ? undefined : errors?.[field]?.[0]),
    edited: (field: string) => setCleared((current) => (current.has(field) ? current : new Set(current).add(field))),
  };
}

export function ReleaseSteps({ releaseId, current }: { releaseId: string | null; current: "details" | "songs" | "submit" }) {
  const steps = [
    { key: "details", label: "1. Details and cover", to: releaseId ? `/release/${releaseId}/edit` : "/release/create" },
    { key: "songs", label: "2. Songs", to: releaseId ? `/release/${releaseId}/edit/songs` : null },
    { key: "submit", label: "3. Review and submit", to: releaseId ? `/release/${releaseId}/edit/submit` : null },
  ] as const;
  return (
    <nav aria-label="Release steps" className="mt-6">
      <ol className="flex flex-wrap gap-2 text-sm">
        {steps.map((step) => (
          <li key={step.key}>
            {step.to && step.key !== current ? (
              <Link to={step.to} className="rounded-full border border-ink-600 px-3 py-1 text-slate-300 hover:border-brand-400">
                {step.label}
              </Link>
            ) : (
              <span aria-current={step.key === current ? "step" : undefined} className={`rounded-full px-3 py-1 ${step.key === current ? "bg-brand-500 text-white" : "border border-ink-700 text-slate-500"}`}>
                {step.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function ReleaseDetailsForm(props: {
  values: ReleaseFormValues;
  errors: Errors | undefined;
  cover: { thumbnailUrl: string; pageUrl: string; source: string } | null;
  isNew: boolean;
}) {
  const { values, cover, isNew } = props;
  const { errorFor, edited } = useClearableErrors(props.errors);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  return (
    <Form method="post" encType="multipart/form-data" noValidate className="grid gap-6" aria-labelledby="details-heading">
      <h2 id="details-heading" className="text-lg font-semibold text-white">
        Release details
      </h2>
      <input type="hidden" name="intent" value="save" />
      {errorFor("form") ? <Alert>{errorFor("form")}</Alert> : null}
      <TextField name="title" label="Title" maxLength={RELEASE_TITLE_MAX} defaultValue={values.title} error={errorFor("title")} onEdit={edited} />
      <TextField name="artistName" label="Artist name" maxLength={RELEASE_ARTIST_MAX} defaultValue={values.artistName} error={errorFor("artistName")} onEdit={edited} hint="The name stores show. Not a genre or mood word, and not someone else's name." />
      <div className="grid gap-6 sm:grid-cols-2">
        <SelectField name="genre" label="Genre" defaultValue={values.genre} error={errorFor("genre")} onEdit={edited}>
          {RELEASE_GENRES.map((genre) => (
            <option key={genre.id} value={genre.id}>
              {genre.name}
            </option>
          ))}
        </SelectField>
        <SelectField name="language" label="Language" defaultValue={values.language} error={errorFor("language")} onEdit={edited} hint="None means the songs have no lyrics.">
          <option value="">None</option>
          {RELEASE_LANGUAGES.map((language) => (
            <option key={language.code} value={language.code}>
              {language.name}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset aria-describedby={errorFor("explicit") ? "field-explicit-error" : undefined}>
        <legend className="text-sm font-semibold text-slate-200">Lyrics</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {EXPLICIT_OPTIONS.map((option) => (
            <label key={option.value} className="flex items-center gap-2 text-sm text-slate-200">
              <input type="radio" name="explicit" value={option.value} defaultChecked={values.explicit === option.value} onChange={() => edited("explicit")} className="accent-brand-500" />
              {option.label}
            </label>
          ))}
        </div>
        <FieldError id="field-explicit-error" message={errorFor("explicit")} />
      </fieldset>
      <div>
        <label htmlFor="field-coverArt" className="text-sm font-semibold text-slate-200">
          Cover art
        </label>
        <p id="field-coverArt-hint" className="text-xs text-slate-400">
          JPEG or PNG, square, at least 3000×3000 pixels and under 50 MB. Other colour spaces are converted to RGB.
        </p>
        <div className="mt-2 flex items-center gap-4">
          {cover ? (
            <img src={cover.thumbnailUrl} alt="Current cover art" width={96} height={96} data-testid="cover-preview" data-source={cover.source} className="size-24 rounded-lg object-cover" />
          ) : (
            <div className="flex size-24 items-center justify-center rounded-lg border border-dashed border-ink-600 text-center text-xs text-slate-500">No cover yet</div>
          )}
          <input
            id="field-coverArt"
            type="file"
            name="coverArt"
            accept="image/jpeg,image/png"
            onChange={() => edited("coverArt")}
            aria-invalid={errorFor("coverArt") ? true : undefined}
            aria-describedby={`field-coverArt-hint${errorFor("coverArt") ? " field-coverArt-error" : ""}`}
            className="text-sm text-slate-300 file:mr-3 file:rounded-full file:border-0 file:bg-ink-800 file:px-4 file:py-1.5 file:text-slate-100"
          />
        </div>
        <FieldError id="field-coverArt-error" message={errorFor("coverArt")} />
      </div>
      <div className="grid gap-6 sm:grid-cols-2">
        <TextField name="coverArtCreditName" label="Cover art credit (optional)" maxLength={RELEASE_CREDIT_MAX} defaultValue={values.coverArtCreditName} error={errorFor("coverArtCreditName")} onEdit={edited} />
        <TextField name="coverArtCreditUrl" label="Credit link (optional)" maxLength={RELEASE_CREDIT_MAX} defaultValue={values.coverArtCreditUrl} error={errorFor("coverArtCreditUrl")} onEdit={edited} />
      </div>
      <div>
        <button type="submit" disabled={busy} className={buttonClass("primary")}>
          {busy ? "Saving…" : isNew ? "Create release" : "Save release"}
        </button>
      </div>
    </Form>
  );
}

export function GenerateArtForm(props: { errors: Errors | undefined; values: { keyword: string; prompt: string }; history: ArtHistoryItem[]; currentCoverId: string | null }) {
  const { errorFor, edited } = useClearableErrors(props.errors);
  const pending = props.history.some((item) => item.status === "queue");
  return (
    <section aria-labelledby="generate-heading" className="grid gap-4 rounded-2xl border border-ink-700 bg-ink-900 p-5">
      <h2 id="generate-heading" className="text-lg font-semibold text-white">
        Generate cover art
      </h2>
      <p className="text-sm text-slate-400">One English word sets the picture; a short prompt varies it. The title and artist are set on it for you.</p>
      <Form method="post" noValidate className="grid gap-4 sm:grid-cols-[1fr_2fr_auto] sm:items-start">
        <input type="hidden" name="intent" value="generate" />
        <TextField name="keyword" label="Keyword" defaultValue={props.values.keyword} error={errorFor("keyword")} onEdit={edited} />
        <TextField name="prompt" label="Prompt (optional)" maxLength={ART_PROMPT_MAX} defaultValue={props.values.prompt} error={errorFor("prompt") ?? errorFor("form")} onEdit={edited} />
        <button type="submit" className={`${buttonClass("secondary")} sm:mt-6`}>
          Generate
        </button>
      </Form>
      {pending ? (
        <p role="status" data-testid="art-pending" className="text-sm text-accent-200">
          Drawing your cover… this page refreshes when it is ready.
        </p>
      ) : null}
      {props.history.length > 0 ? (
        <ul aria-label="Generated art" className="grid grid-cols-3 gap-3 sm:grid-cols-6">
          {props.history.map((item) => (
            <li key={item.id} className="grid gap-1 text-center text-xs text-slate-400">
              {item.coverArt ? (
                <img src={item.coverArt.thumbnailUrl} alt={`Generated from “${item.keyword}”`} width={96} height={96} className="aspect-square w-full rounded-lg object-cover" />
              ) : (
                <div className="flex aspect-square w-full items-center justify-center rounded-lg border border-dashed border-ink-600 p-1">
                  {item.status === "failed" ? item.error : "Drawing…"}
                </div>
              )}
              <span>{item.keyword}</span>
              {item.coverArt && item.coverArt.id !== props.currentCoverId ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="use-art" />
                  <input type="hidden" name="coverArtId" value={item.coverArt.id} />
                  <button type="submit" className="text-brand-300 underline">
                    Use this
                  </button>
                </Form>
              ) : item.coverArt ? (
                <span className="text-accent-200">In use</span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export function Alert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-xl border border-rose-400/40 bg-rose-950/30 px-4 py-3 text-sm text-rose-100">
      {children}
    </p>
  );
}

function SelectField(props: { name: string; label: string; hint?: string; defaultValue: string; error: string | undefined; onEdit: (field: string) => void; children: ReactNode }) {
  const id = `field-${props.name}`;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-slate-200">
        {props.label}
      </label>
      {props.hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-400">
          {props.hint}
        </p>
      ) : null}
      <select
        id={id}
        name={props.name}
        defaultValue={props.defaultValue}
        onChange={() => props.onEdit(props.name)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        className="mt-1 w-full rounded-xl border border-ink-600 bg-ink-950 px-3 py-2 text-sm text-white"
      >
        {props.children}
      </select>
      <FieldError id={`${id}-error`} message={props.error} />
    </div>
  );
}

