// /edit/{songId}/notes (spec 1 §2 Edit flow, "Notes"; docs/edit-flow.md): a piano roll over one segment
// and one part at a time (the URL holds both: ?segment=3&part=bass). With JavaScript the roll edits notes
// in place, "Audition" plays the segment in the browser and "Save" posts every edited part to
// POST /api/song/{id}/notes. Without JavaScript the same segment and part is a form of note rows that
// this page's action parses; both become a new version that the layout shows rendering.
import { readFormData } from "~/utils/forms";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { buttonClass } from "~/components/button";
import { auditionEvents, playAudition, type AuditionHandle } from "~/components/edit/audition";
import { PianoRoll } from "~/components/edit/piano-roll";
import { rowsFor } from "~/components/edit/piano-roll-state";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PART_NAMES, type DrumKind, type Note, type PartName } from "~/engine/types";
import { ApiError } from "~/server/http.server";
import { currentParts, editNotes, latestVersion, loadSongForEditPage, requireEditableSongPage } from "~/services/songs/edit.server";
import { checkNoteChanges } from "~/services/songs/edit-notes.server";
import { parseNoteForm, type NoteRowValues } from "~/services/songs/notes-form.server";
import { noteName } from "~/utils/note-names";
import { spellInKey } from "~/engine/theory/spelling";

const PART_LABELS: Record<PartName, string> = { drums: "Drums", bass: "Bass", chords: "Chords", lead: "Lead", pad: "Pad", arp: "Arpeggio" };
const DRUM_LABELS: Record<DrumKind, string> = { kick: "Kick", snare: "Snare", closed_hat: "Closed hat", open_hat: "Open hat", auxiliary: "Percussion" };

/** The segment and part the URL asks for, falling back to the first segment and the first part. */
function selection(segmentText: unknown, partText: unknown, segmentCount: number, parts: PartName[]) {
  const segment = typeof segmentText === "string" && /^\d+$/.test(segmentText) ? Number(segmentText) : -1;
  const part = typeof partText === "string" ? (partText as PartName) : null;
  return {
    segment: Number.isInteger(segment) && segment >= 0 && segment < segmentCount ? segment : 0,
    part: part && parts.includes(part) ? part : parts[0]!,
  };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { song, editable, readOnlyReason } = await loadSongForEditPage(request, params.songId);
  if (!song.compositionId || !song.productionId) return json({ ready: false as const, songId: song.id, readOnlyReason });
  const { composition } = await currentParts(song);
  const latest = await latestVersion(song.id);
  const query = new URL(request.url).searchParams;
  const { segment, part } = selection(query.get("segment"), query.get("part"), composition.segments.length, composition.parts);
  const shown = composition.segments[segment]!;
  return json({
    ready: true as const,
    songId: song.id,
    version: song.version,
    editable,
    readOnlyReason,
    pending: latest !== null && (latest.status === "queue" || latest.status === "rendering"),
    tempo: composition.tempo,
    key: composition.key.name,
    // Row labels and note names spelled as the key writes them (C# in E major, Db in Ab major).
    pitchNames: Array.from({ length: 12 }, (_, pitchClass) => spellInKey(composition.key.tonic, composition.key.mode, pitchClass)),
    parts: PART_NAMES.filter((name) => composition.parts.includes(name)),
    segments: composition.segments.map((each, index) => ({ index, label: segmentLabel(index, each.section) })),
    segment,
    part,
    // Every part of the shown segment: the roll edits one, the audition plays them all.
    notes: shown.parts as Partial<Record<PartName, Note[]>>,
  });
}

function segmentLabel(index: number, section: string): string {
  return `${index + 1} · ${section.charAt(0).toUpperCase()}${section.slice(1)}`;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { song } = await requireEditableSongPage(request, params.songId);
  const { composition } = await currentParts(song);
  const form = await readFormData(request);
  const { segment, part } = selection(form.get("segment"), form.get("part"), composition.segments.length, composition.parts);
  if (String(segment) !== form.get("segment") || part !== form.get("part")) {
    return json({ errors: { form: ["Pick a segment and a part of this song."] } as Record<string, string[]>, rows: null, added: null }, { status: 400 });
  }
  const drumPitches = Object.fromEntries(rowsFor("drums", composition.segments[segment]!.parts.drums ?? []).map((row) => [row.drum, row.pitch])) as Record<DrumKind, number>;
  const parsed = parseNoteForm(form, part, drumPitches);
  if (!parsed.ok) return json({ errors: parsed.errors, rows: parsed.rows, added: parsed.added }, { status: 400 });
  try {
    await editNotes(song, checkNoteChanges(composition, [{ segment, part, notes: parsed.notes }]));
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return json({ errors: { form: [error.message] } as Record<string, string[]>, rows: null, added: null }, { status: error.status });
    throw error;
  }
  return redirect(`/edit/${song.id}/notes?${new URLSearchParams({ segment: String(segment), part })}`);
}

type Data = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { ready: true }>;

export default function NotesPage() {
  const data = useLoaderData<typeof loader>();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!data.ready) return <p className="text-slate-300">{data.readOnlyReason ?? "This song is not ready yet."}</p>;
  return (
    <section aria-labelledby="notes-heading" className="space-y-6">
      <div>
        <h2 id="notes-heading" className="text-xl font-bold text-white">
          Notes
        </h2>
        <p className="mt-1 text-sm text-slate-400">
          {data.segments.length} segments of two bars (32 steps) · {data.tempo} BPM · {data.key}
        </p>
      </div>
      {!data.editable && data.readOnlyReason ? (
        <p role="alert" className="rounded-xl border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-200">
          {data.readOnlyReason}
        </p>
      ) : null}
      <SegmentPicker data={data} hydrated={hydrated} />
      {hydrated ? <NotesEditor data={data} /> : <NoteForm data={data} />}
    </section>
  );
}

/** Segment and part, as a GET form (works without JavaScript); with it, a change navigates at once. */
function SegmentPicker({ data, hydrated }: { data: Data; hydrated: boolean }) {
  const navigate = useNavigate();
  const go = (segment: number, part: PartName) => navigate(`?segment=${segment}&part=${part}`, { preventScrollReset: true, replace: true });
  return (
    <Form method="get" className="flex flex-wrap items-end gap-4" aria-label="Segment and part">
      <label className="text-sm text-slate-300">
        Segment
        <select
          name="segment"
          defaultValue={data.segment}
          key={data.segment}
          onChange={hydrated ? (event) => go(Number(event.target.value), data.part) : undefined}
          className="mt-1 block rounded-lg border border-ink-600 bg-ink-800 px-3 py-2 text-white"
        >
          {data.segments.map((segment) => (
            <option key={segment.index} value={segment.index}>
              {segment.label}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="text-sm text-slate-300">
        <legend>Part</legend>
        <div className="mt-1 flex gap-1">
          {data.parts.map((part) => (
            <label key={part} className={`cursor-pointer rounded-full border px-3 py-1.5 ${part === data.part ? "border-accent-400 bg-accent-400/10 text-white" : "border-ink-600 text-slate-300"}`}>
              <input
                type="radio"
                name="part"
                value={part}
                defaultChecked={part === data.part}
                className="sr-only"
                onChange={hydrated ? () => go(data.segment, part) : undefined}
              />
              {PART_LABELS[part]}
            </label>
          ))}
        </div>
      </fieldset>
      {hydrated ? null : (
        <button type="submit" className={buttonClass("secondary", "sm")}>
          Show
        </button>
      )}
    </Form>
  );
}

const editKey = (segment: number, part: PartName) => `${segment}:${part}`;

interface SaveAnswer {
  version?: number;
  error?: { message: string; fields?: Record<string, string[]> };
}

/** The JavaScript editor: edits of any segment and part are kept until saved, and saved together. */
function NotesEditor({ data }: { data: Data }) {
  const [edits, setEdits] = useState<Record<string, { segment: number; part: PartName; notes: Note[] }>>({});
  const [savedVersion, setSavedVersion] = useState<number | null>(null);
  const fetcher = useFetcher<SaveAnswer>();
  const saving = fetcher.state !== "idle";
  const key = editKey(data.segment, data.part);
  const notes = edits[key]?.notes ?? data.notes[data.part] ?? [];
  const changed = Object.keys(edits).length;

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.version) setSavedVersion(fetcher.data.version);
  }, [fetcher.state, fetcher.data]);
  // Once the saved version plays, the loader's notes are the edits: drop the local copies.
  useEffect(() => {
    if (savedVersion !== null && data.version >= savedVersion) {
      setEdits({});
      setSavedVersion(null);
    }
  }, [data.version, savedVersion]);

  function save() {
    const changes = Object.values(edits);
    fetcher.submit({ changes } as never, { method: "post", action: `/api/song/${data.songId}/notes`, encType: "application/json" });
  }

  const segmentParts = { ...data.notes };
  for (const edit of Object.values(edits)) if (edit.segment === data.segment) segmentParts[edit.part] = edit.notes;
  const waiting = savedVersion !== null || data.pending;

  return (
    <div className="space-y-4" data-testid="notes-editor">
      <PianoRoll
        key={`${key}:${data.version}:${savedVersion === null ? "" : "saved"}`}
        part={data.part}
        notes={notes}
        pitchNames={data.pitchNames}
        onChange={(next) => setEdits((current) => ({ ...current, [key]: { segment: data.segment, part: data.part, notes: next } }))}
      />
      <div className="flex flex-wrap items-center gap-3">
        <AuditionButton parts={segmentParts} tempo={data.tempo} />
        <button type="button" onClick={save} disabled={!data.editable || changed === 0 || saving || waiting} className={buttonClass("primary", "sm")}>
          {saving ? "Saving…" : "Save"}
        </button>
        <p className="text-sm text-slate-400" data-testid="notes-save-state">
          {fetcher.data?.error
            ? null
            : waiting
              ? "Saved. Your changes are rendering; you can edit again when they are ready."
              : changed > 0
                ? `Unsaved changes in ${changed} ${changed === 1 ? "part" : "parts"}.`
                : "No changes yet."}
        </p>
      </div>
      {fetcher.data?.error ? (
        <ul role="alert" className="text-sm text-rose-300">
          <li>{fetcher.data.error.message}</li>
          {Object.entries(fetcher.data.error.fields ?? {}).map(([field, messages]) => (
            <li key={field} data-field={field}>
              {field}: {messages.join(" ")}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function AuditionButton({ parts, tempo }: { parts: Partial<Record<PartName, Note[]>>; tempo: number }) {
  const [playing, setPlaying] = useState(false);
  const context = useRef<AudioContext | null>(null);
  const handle = useRef<AuditionHandle | null>(null);
  useEffect(() => () => handle.current?.stop(), []);

  async function toggle() {
    if (handle.current) {
      handle.current.stop();
      handle.current = null;
      setPlaying(false);
      return;
    }
    context.current ??= new AudioContext();
    await context.current.resume();
    handle.current = playAudition(context.current, auditionEvents(parts, tempo), tempo, () => {
      handle.current = null;
      setPlaying(false);
    });
    setPlaying(true);
  }

  return (
    <button type="button" onClick={toggle} aria-pressed={playing} className={buttonClass("secondary", "sm")} data-testid="audition">
      {playing ? "Stop" : "Audition"}
    </button>
  );
}

/** Without JavaScript: the shown part's notes as rows of inputs, plus a row to add one. */
function NoteForm({ data }: { data: Data }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const drums = data.part === "drums";
  const notes = data.notes[data.part] ?? [];
  const rows: NoteRowValues[] =
    actionData?.rows ??
    notes.map((note) => ({
      step: String(note.step + 1),
      length: String(note.length),
      pitch: drums ? (note.drum ?? "") : noteName(note.pitch, data.pitchNames),
      velocity: String(note.velocity),
      micro: String(note.micro),
      keeper: note.keeper && note.drum ? `${note.drum}:${note.pitch}` : "",
    }));
  const added = actionData?.added ?? { step: "", length: drums ? "1" : "2", pitch: drums ? "kick" : "", velocity: "100", micro: "0", keeper: "" };
  const errors = actionData?.errors ?? {};
  const input = "w-20 rounded-md border border-ink-600 bg-ink-800 px-2 py-1 text-white";

  const pitchField = (name: string, value: string, label: string) =>
    drums ? (
      <select name={name} defaultValue={value} aria-label={label} className={input + " w-32"}>
        {Object.entries(DRUM_LABELS).map(([kind, text]) => (
          <option key={kind} value={kind}>
            {text}
          </option>
        ))}
      </select>
    ) : (
      <input name={name} defaultValue={value} aria-label={label} className={input} />
    );

  return (
    <Form method="post" replace preventScrollReset className="space-y-4" aria-label="Notes">
      <input type="hidden" name="segment" value={data.segment} />
      <input type="hidden" name="part" value={data.part} />
      <input type="hidden" name="count" value={rows.length} />
      {errors.form ? (
        <p role="alert" className="text-sm text-rose-300">
          {errors.form.join(" ")}
        </p>
      ) : null}
      <table className="text-sm text-slate-300">
        <thead>
          <tr className="text-left">
            <th className="pr-3 font-medium">Step (1–32)</th>
            <th className="pr-3 font-medium">Length (steps)</th>
            <th className="pr-3 font-medium">{drums ? "Drum" : "Pitch (C4 or 60)"}</th>
            <th className="pr-3 font-medium">Velocity (1–127)</th>
            <th className="font-medium">Delete</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={`${data.segment}-${data.part}-${index}`} data-testid="note-row">
              <td className="py-1 pr-3">
                <input name={`note.${index}.step`} defaultValue={row.step} aria-label={`Note ${index + 1} step`} className={input} inputMode="numeric" />
                <input type="hidden" name={`note.${index}.micro`} value={row.micro} />
                {row.keeper ? <input type="hidden" name={`note.${index}.keeper`} value={row.keeper} /> : null}
              </td>
              <td className="pr-3">
                <input name={`note.${index}.length`} defaultValue={row.length} aria-label={`Note ${index + 1} length`} className={input} inputMode="decimal" />
              </td>
              <td className="pr-3">{pitchField(`note.${index}.pitch`, row.pitch, `Note ${index + 1} ${drums ? "drum" : "pitch"}`)}</td>
              <td className="pr-3">
                <input name={`note.${index}.velocity`} defaultValue={row.velocity} aria-label={`Note ${index + 1} velocity`} className={input} inputMode="numeric" />
              </td>
              <td>
                <input type="checkbox" name={`note.${index}.delete`} aria-label={`Delete note ${index + 1}`} />
                {errors[String(index)] ? (
                  <span role="alert" className="ml-2 text-rose-300" data-row-error={index}>
                    {errors[String(index)]!.join(" ")}
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
          <tr data-testid="note-add-row">
            <td className="py-2 pr-3">
              <input name="new.step" defaultValue={added.step} aria-label="New note step" className={input} inputMode="numeric" />
              <input type="hidden" name="new.micro" value="0" />
            </td>
            <td className="pr-3">
              <input name="new.length" defaultValue={added.length} aria-label="New note length" className={input} inputMode="decimal" />
            </td>
            <td className="pr-3">{pitchField("new.pitch", added.pitch, drums ? "New note drum" : "New note pitch")}</td>
            <td className="pr-3">
              <input name="new.velocity" defaultValue={added.velocity} aria-label="New note velocity" className={input} inputMode="numeric" />
            </td>
            <td>
              <span className="text-slate-500">Add note</span>
              {errors.new ? (
                <span role="alert" className="ml-2 text-rose-300" data-row-error="new">
                  {errors.new.join(" ")}
                </span>
              ) : null}
            </td>
          </tr>
        </tbody>
      </table>
      <button type="submit" disabled={!data.editable || navigation.state === "submitting"} className={buttonClass("primary", "sm")}>
        Save notes
      </button>
      <p className="text-xs text-slate-500">
        Saving replaces the {PART_LABELS[data.part].toLowerCase()} notes of segment {data.segment + 1} and renders a new version. <Link to="../arrangement" relative="path" className="underline">Arrangement</Link>
      </p>
    </Form>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit notes · Songloom" }, { name: "description", content: "Edit your song's notes in a piano roll, part by part." }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
