// /edit/{songId}/production (spec 1 §2, §3 Custom production options, §7 Instruments and drums): the
// harmonic ensemble, the drum kit, an instrument per part and a drum sound per drum kind (pickers with
// tabs and search), re-rolls, mix style, ambient effect and per-part levels, plus A/B listening against
// the previous version. Every change is a plain POST form that works without JavaScript: it becomes a new
// version (editProduction) and the page redirects back to itself, where the layout shows the progress.
import { readFormData } from "~/utils/forms";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import type { loader as layoutLoader } from "./edit.$songId";
import { z } from "zod";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { AbListening } from "~/components/production/ab-listening";
import { DRUM_TAB_PAGE_SIZE, INSTRUMENT_PAGE_SIZE } from "~/components/production/page-sizes";
import { SearchPicker, type PickerItem, type PickerResults, type PickerTab } from "~/components/production/search-picker";
import { AMBIENT_EFFECTS, DRUM_KIND_INFO, DRUM_KITS, ENSEMBLES, MIX_STYLES, instrumentGroups } from "~/engine/catalogue";
import type { PartName } from "~/engine/types";
import { ApiError } from "~/server/http.server";
import { currentParts, editProduction, latestVersion, loadSongForEditPage, requireEditableSongPage, type ProductionEdit } from "~/services/songs/edit.server";
import {
  countDrums,
  countInstruments,
  DrumKindSchema,
  DrumKitIdSchema,
  drumName,
  EnsembleIdSchema,
  findDrums,
  findInstruments,
  InstrumentIdSchema,
  instrumentName,
  isDrumOfKind,
  LevelSchema,
  MixIdSchema,
  PitchedPartSchema,
  SfxIdSchema,
} from "~/services/songs/production.server";
import { apiFetch } from "~/utils/api-client";

const PART_LABELS: Record<PartName, string> = { drums: "Drums", bass: "Bass", chords: "Chords", lead: "Lead", pad: "Pad", arp: "Arpeggio" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { song, editable, readOnlyReason } = await loadSongForEditPage(request, params.songId);
  const url = new URL(request.url);
  const latest = await latestVersion(song.id);
  const base = { songId: song.id, editable, readOnlyReason, failed: latest?.status === "failed" ? latest.version : null };
  if (!song.compositionId || !song.productionId) return json({ ...base, production: null, picker: null, drumPicker: null, ab: null });

  const { composition, production } = await currentParts(song);
  const parts = composition.parts;
  const pitched = parts.filter((part) => part !== "drums");
  const current = {
    ensemble: production.ensemble,
    drumKit: production.drumKit,
    mix: production.mix,
    sfx: production.sfx,
    instruments: pitched.map((part) => ({ part, label: PART_LABELS[part], id: production.instruments[part] ?? "", name: instrumentName(production.instruments[part] ?? "") })),
    drums: DRUM_KIND_INFO.map((kind) => ({ kind: kind.id, label: kind.name, id: production.drums[kind.id], name: drumName(production.drums[kind.id]) })),
    levels: parts.map((part) => ({ part, label: PART_LABELS[part], level: production.levels[part] ?? 1 })),
  };

  const ab =
    latest?.status === "complete" && latest.previousMedia && song.version === latest.version
      ? {
          a: { url: `/media/songs/${song.id}/song.mp3?version=${latest.previousVersion}`, label: `version ${latest.previousVersion}` },
          b: { url: `/media/songs/${song.id}/song.mp3?version=${latest.version}`, label: `version ${latest.version}` },
        }
      : null;

  return json({ ...base, production: current, picker: instrumentPicker(url, pitched), drumPicker: drumPicker(url), ab });
}

/** The open instrument picker (?pick=part), searched on the server so it works without JavaScript. */
function instrumentPicker(url: URL, pitched: PartName[]) {
  const part = url.searchParams.get("pick");
  if (!part || !pitched.includes(part as PartName)) return null;
  const groups = instrumentGroups();
  const rawGroup = url.searchParams.get("instrument_group") ?? "";
  const group = groups.includes(rawGroup) ? rawGroup : "";
  const query = (url.searchParams.get("instrument_query") ?? "").slice(0, 100).replace(/\u0000/g, "");
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("page")) || 1));
  const found = findInstruments({ instrument_group: group || undefined, instrument_query: query || undefined, page, per_page: INSTRUMENT_PAGE_SIZE });
  const tabs: PickerTab[] = ["", ...groups].map((value) => ({
    value,
    label: value ? titleCase(value) : "All",
    count: countInstruments({ instrument_group: value || undefined, instrument_query: query || undefined }),
  }));
  const results: PickerResults = {
    tab: group,
    query,
    page: found.page,
    perPage: found.per_page,
    total: found.total,
    items: found.instruments.map((instrument) => ({ id: instrument.id, name: instrument.name, detail: instrumentDetail(instrument) })),
  };
  return { part, tabs, results };
}

/** The open drum picker (?drum_kind=kind): tabs by drum kind, 50 per page. */
function drumPicker(url: URL) {
  const kind = DrumKindSchema.safeParse(url.searchParams.get("drum_kind"));
  if (!kind.success) return null;
  const query = (url.searchParams.get("drum_query") ?? "").slice(0, 100).replace(/\u0000/g, "");
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("drum_page")) || 1));
  const found = findDrums({ drum_kind: kind.data, query: query || undefined, page, per_page: DRUM_TAB_PAGE_SIZE });
  const tabs: PickerTab[] = DRUM_KIND_INFO.map((info) => ({ value: info.id, label: info.name, count: countDrums({ drum_kind: info.id, query: query || undefined }) }));
  const results: PickerResults = {
    tab: kind.data,
    query,
    page: found.page,
    perPage: found.per_page,
    total: found.total,
    items: found.drums.map((drum) => ({ id: drum.id, name: drum.name, detail: drumDetail(drum.kit), kind: drum.kind })),
  };
  return { kind: kind.data, tabs, results };
}

const titleCase = (value: string) => value.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());
const instrumentDetail = (instrument: { group: string; type: string; subtype: string }) =>
  [instrument.group, instrument.type, instrument.subtype].map((value) => value.replace(/_/g, " ")).join(" · ");
const drumDetail = (kit: string) => (kit === "synth" ? "Synth voice" : `${titleCase(kit)} kit`);

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("ensemble"), instrument_ensemble: EnsembleIdSchema }),
  z.object({ intent: z.literal("drum_kit"), drum_ensemble: DrumKitIdSchema }),
  z.object({ intent: z.literal("instrument"), part: PitchedPartSchema, instrument_id: InstrumentIdSchema }),
  z
    .object({ intent: z.literal("drum"), kind: DrumKindSchema, drum_id: z.string() })
    .refine((value) => isDrumOfKind(value.drum_id, value.kind), { path: ["drum_id"], message: "Unknown drum sound for this drum kind." }),
  z.object({ intent: z.literal("reroll"), target: z.enum(["instruments", "drums"]) }),
  z.object({ intent: z.literal("mix"), mixing_style: MixIdSchema }),
  z.object({ intent: z.literal("sfx"), sfx: SfxIdSchema }),
  z.object({ intent: z.literal("levels") }),
]);

type FieldErrors = Record<string, string[]>;

export async function action({ request, params }: ActionFunctionArgs) {
  const { song } = await requireEditableSongPage(request, params.songId);
  const form = await readFormData(request);
  const parsed = ActionSchema.safeParse(Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string")));
  if (!parsed.success) return json({ intent: String(form.get("intent") ?? ""), errors: fieldErrors(parsed.error) }, { status: 400 });
  const input = parsed.data;

  let edit: ProductionEdit;
  switch (input.intent) {
    case "ensemble":
      edit = { ensemble: input.instrument_ensemble };
      break;
    case "drum_kit":
      edit = { drumKit: input.drum_ensemble };
      break;
    case "instrument":
      edit = { instruments: { [input.part]: input.instrument_id } };
      break;
    case "drum":
      edit = { drums: { [input.kind]: input.drum_id } };
      break;
    case "reroll":
      edit = { reroll: input.target };
      break;
    case "mix":
      edit = { mix: input.mixing_style };
      break;
    case "sfx":
      edit = { sfx: input.sfx };
      break;
    case "levels": {
      const levels: Partial<Record<PartName, number>> = {};
      const errors: FieldErrors = {};
      for (const [key, value] of form.entries()) {
        const part = /^level_(\w+)$/.exec(key)?.[1];
        if (!part) continue;
        if (!(part in PART_LABELS)) errors[key] = ["Not a part."];
        const level = LevelSchema.safeParse(value);
        if (!level.success) errors[key] = ["A level is a number from 0 to 2."];
        else levels[part as PartName] = level.data;
      }
      if (Object.keys(levels).length === 0 && Object.keys(errors).length === 0) errors.form = ["Set at least one level."];
      if (Object.keys(errors).length > 0) return json({ intent: "levels", errors }, { status: 400 });
      edit = { levels };
      break;
    }
  }
  try {
    await editProduction(song, edit);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return json({ intent: input.intent, errors: { form: [error.message] } }, { status: error.status });
    throw error;
  }
  return redirect(`/edit/${song.id}/production`);
}

function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) (errors[issue.path.map(String).join(".") || "form"] ??= []).push(issue.message);
  return errors;
}

export default function ProductionPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errorsFor = (intent: string) => (actionData?.intent === intent ? (actionData.errors as FieldErrors) : undefined);
  const { production, songId, editable } = data;

  const searchInstruments = useCallback(
    async (tab: string, query: string, page: number) => {
      const params = new URLSearchParams({ page: String(page), per_page: String(INSTRUMENT_PAGE_SIZE) });
      if (tab) params.set("instrument_group", tab);
      if (query) params.set("instrument_query", query);
      const body = await getJson<{ instruments: { id: string; name: string; group: string; type: string; subtype: string }[]; total: number }>(
        `/api/song/${songId}/instrumentation/harmonic/search?${params}`,
      );
      return { items: body.instruments.map((instrument) => ({ id: instrument.id, name: instrument.name, detail: instrumentDetail(instrument) })), total: body.total };
    },
    [songId],
  );
  const countInstrumentTabs = useCallback(
    async (query: string) => {
      const tabs = ["", ...(data.picker?.tabs.map((tab) => tab.value).filter(Boolean) ?? [])];
      const counts = await Promise.all(
        tabs.map((group) => getJson<{ count: number }>(`/api/song/${songId}/instrumentation/harmonic/count?${new URLSearchParams({ ...(group && { instrument_group: group }), ...(query && { instrument_query: query }) })}`)),
      );
      return Object.fromEntries(tabs.map((group, index) => [group, counts[index]!.count]));
    },
    [songId, data.picker],
  );
  const searchDrums = useCallback(async (tab: string, query: string, page: number) => {
    const params = new URLSearchParams({ drum_kind: tab, page: String(page), per_page: String(DRUM_TAB_PAGE_SIZE) });
    if (query) params.set("query", query);
    const body = await getJson<{ drums: { id: string; name: string; kit: string; kind: string }[]; total: number }>(`/api/instrumentation/drums/search?${params}`);
    return { items: body.drums.map((drum) => ({ id: drum.id, name: drum.name, detail: drumDetail(drum.kit), kind: drum.kind })), total: body.total };
  }, []);
  const countDrumTabs = useCallback(async (query: string) => {
    const counts = await Promise.all(
      DRUM_KIND_INFO.map((info) => getJson<{ count: number }>(`/api/instrumentation/drums/count?${new URLSearchParams({ drum_kind: info.id, ...(query && { query }) })}`)),
    );
    return Object.fromEntries(DRUM_KIND_INFO.map((info, index) => [info.id, counts[index]!.count]));
  }, []);

  if (!production) {
    return <p className="text-slate-300">{data.readOnlyReason ?? "This song is not ready yet."}</p>;
  }
  const drumPickerKind = data.drumPicker?.kind;

  return (
    <div className="space-y-8" data-testid="production-page">
      <h2 className="text-2xl font-bold text-white">Production</h2>
      {!editable && data.readOnlyReason ? (
        <p role="status" className="rounded-xl border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-100">
          {data.readOnlyReason}
        </p>
      ) : null}
      {data.failed ? (
        <p role="alert" className="rounded-xl border border-rose-500/40 bg-rose-500/10 px-4 py-3 text-sm text-rose-200">
          Version {data.failed} could not be rendered; the song still plays the version before it. Try the change again.
        </p>
      ) : null}
      {data.ab ? <AbListening a={data.ab.a} b={data.ab.b} /> : null}

      <fieldset disabled={!editable} className="space-y-8">
        <Section title="Instruments" errors={errorsFor("ensemble")}>
          <Choice intent="ensemble" name="instrument_ensemble" label="Harmonic ensemble" current={production.ensemble} button="Use ensemble"
            options={ENSEMBLES.map((ensemble) => ({ value: ensemble.id, label: ensemble.name, description: ensemble.description }))} />
          <table className="mt-4 w-full text-sm">
            <tbody>
              {production.instruments.map((row) => (
                <PartRow key={row.part} label={row.label} name={row.name} testId={`instrument-${row.part}`}
                  changeHref={`?pick=${row.part}`} open={data.picker?.part === row.part}>
                  {data.picker?.part === row.part ? (
                    <SearchPicker
                      title={`Choose the ${row.label.toLowerCase()} instrument`}
                      params={{ tab: "instrument_group", query: "instrument_query", page: "page" }}
                      keep={{ pick: row.part }}
                      tabs={data.picker.tabs}
                      initial={data.picker.results}
                      currentId={row.id}
                      closeHref="."
                      search={searchInstruments}
                      counts={countInstrumentTabs}
                      pickForm={(item, children) => (
                        <PickForm fields={{ intent: "instrument", part: row.part, instrument_id: item.id }}>{children}</PickForm>
                      )}
                    />
                  ) : null}
                </PartRow>
              ))}
            </tbody>
          </table>
          <ErrorList errors={errorsFor("instrument")} />
          <RerollForm target="instruments" label="Re-roll instruments" />
        </Section>

        <Section title="Drums" errors={errorsFor("drum_kit")}>
          <Choice intent="drum_kit" name="drum_ensemble" label="Drum kit" current={production.drumKit} button="Use drum kit"
            options={DRUM_KITS.map((kit) => ({ value: kit.id, label: kit.name, description: kit.description }))} />
          <table className="mt-4 w-full text-sm">
            <tbody>
              {production.drums.map((row) => (
                <PartRow key={row.kind} label={row.label} name={row.name} testId={`drum-${row.kind}`}
                  changeHref={`?drum_kind=${row.kind}`} open={drumPickerKind === row.kind}>
                  {data.drumPicker && drumPickerKind === row.kind ? (
                    <SearchPicker
                      title={`Choose drum sounds`}
                      params={{ tab: "drum_kind", query: "drum_query", page: "drum_page" }}
                      keep={{}}
                      tabs={data.drumPicker.tabs}
                      initial={data.drumPicker.results}
                      currentId={row.id}
                      closeHref="."
                      search={searchDrums}
                      counts={countDrumTabs}
                      pickForm={(item: PickerItem, children) => (
                        <PickForm fields={{ intent: "drum", kind: item.kind ?? row.kind, drum_id: item.id }}>{children}</PickForm>
                      )}
                    />
                  ) : null}
                </PartRow>
              ))}
            </tbody>
          </table>
          <ErrorList errors={errorsFor("drum")} />
          <RerollForm target="drums" label="Re-roll drums" />
        </Section>

        <Section title="Mix style" errors={errorsFor("mix")}>
          <Form method="post" preventScrollReset className="space-y-3">
            <input type="hidden" name="intent" value="mix" />
            <div role="radiogroup" aria-label="Mix style" className="grid gap-2 sm:grid-cols-2">
              {MIX_STYLES.map((mix) => (
                <label key={mix.id} className="flex cursor-pointer gap-3 rounded-xl border border-ink-700 bg-ink-950/40 p-3 has-[:checked]:border-brand-400">
                  <input type="radio" name="mixing_style" value={mix.id} defaultChecked={mix.id === production.mix} className="mt-1 accent-brand-500" />
                  <span>
                    <span className="block text-sm font-medium text-white">{mix.name}</span>
                    <span className="block text-xs text-slate-400">{mix.description}</span>
                  </span>
                </label>
              ))}
            </div>
            <SubmitButton intent="mix" label="Use mix" />
          </Form>
        </Section>

        <Section title="Ambient effect" errors={errorsFor("sfx")}>
          <Choice intent="sfx" name="sfx" label="Ambient effect" current={production.sfx} button="Use effect"
            options={AMBIENT_EFFECTS.map((effect) => ({ value: effect.id, label: effect.name }))} />
        </Section>

        <Section title="Levels" errors={errorsFor("levels")}>
          <Form method="post" preventScrollReset className="space-y-3">
            <input type="hidden" name="intent" value="levels" />
            {production.levels.map((row) => (
              <label key={row.part} className="grid grid-cols-[8rem_1fr_3rem] items-center gap-3 text-sm text-slate-200">
                {row.label}
                <input type="range" name={`level_${row.part}`} min={0} max={2} step={0.05} defaultValue={row.level} aria-label={`${row.label} level`} className="accent-brand-500" />
                <span className="text-xs text-slate-400">{row.level.toFixed(2)}</span>
              </label>
            ))}
            <SubmitButton intent="levels" label="Apply levels" />
          </Form>
        </Section>
      </fieldset>
    </div>
  );
}

async function getJson<T>(url: string): Promise<T> {
  const response = await apiFetch(url, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`${response.status}`);
  return (await response.json()) as T;
}

function Section({ title, errors, children }: { title: string; errors?: FieldErrors; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-2xl border border-ink-700 bg-ink-900/60 p-5">
      <h3 className="text-lg font-semibold text-white">{title}</h3>
      <ErrorList errors={errors} />
      <div className="mt-3">{children}</div>
    </section>
  );
}

function ErrorList({ errors }: { errors?: FieldErrors }) {
  if (!errors) return null;
  return (
    <ul role="alert" className="mt-2 text-sm text-rose-300">
      {Object.entries(errors).map(([field, messages]) => (
        <li key={field} data-field={field}>
          {messages.join(" ")}
        </li>
      ))}
    </ul>
  );
}

function SubmitButton({ intent, label }: { intent: string; label: string }) {
  const navigation = useNavigation();
  // Submitting, then loading the pages' new data (navigation.formData stays set until it is idle).
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  // Progress where the user clicked: the header's notice may be off-screen (issue 22).
  const [clicked, setClicked] = useState(false);
  const latest = useRouteLoaderData<typeof layoutLoader>("routes/edit.$songId")?.latest;
  const rendering = latest != null && (latest.status === "queue" || latest.status === "rendering");
  // Cleared once the render it started has finished (active went from true to false), not at the click.
  const wasActive = useRef(false);
  useEffect(() => {
    const active = busy || rendering;
    if (wasActive.current && !active) setClicked(false);
    wasActive.current = active;
  }, [rendering, busy]);
  return (
    <>
      <button type="submit" className={buttonClass("primary", "sm")} disabled={busy} onClick={() => setClicked(true)}>
        {busy ? "Saving…" : label}
      </button>
      {clicked && (busy || rendering) ? (
        <span role="status" data-testid="inline-render-progress" className="inline-flex items-center gap-2 text-sm font-semibold text-accent-300">
          <span aria-hidden="true" className="inline-block size-2 animate-pulse rounded-full bg-accent-400" />
          Rendering your changes…
        </span>
      ) : null}
    </>
  );
}

function Choice(props: { intent: string; name: string; label: string; current: string; button: string; options: { value: string; label: string; description?: string }[] }) {
  const current = props.options.find((option) => option.value === props.current);
  return (
    <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value={props.intent} />
      <label className="block text-sm font-medium text-slate-200">
        {props.label}
        <select name={props.name} defaultValue={props.current} className="mt-1 block w-72 max-w-full rounded-xl border border-ink-600 bg-ink-950 px-3 py-2 text-sm text-white">
          {props.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <SubmitButton intent={props.intent} label={props.button} />
      {current ? (
        <p className="w-full text-xs text-slate-400" data-testid={`current-${props.name}`}>
          Now: {current.label}
          {current.description ? ` · ${current.description}` : ""}
        </p>
      ) : null}
    </Form>
  );
}

function PartRow({ label, name, testId, changeHref, open, children }: { label: string; name: string; testId: string; changeHref: string; open: boolean; children: ReactNode }) {
  return (
    <>
      <tr className="border-t border-ink-800" data-testid={testId}>
        <th scope="row" className="w-36 py-2 text-left font-medium text-slate-300">
          {label}
        </th>
        <td className="py-2 text-white">{name}</td>
        <td className="py-2 text-right">
          <Link to={open ? "." : changeHref} preventScrollReset className="text-sm text-brand-300 hover:text-white" aria-label={`Change ${label.toLowerCase()}`}>
            {open ? "Close" : "Change"}
          </Link>
        </td>
      </tr>
      {open ? (
        <tr>
          <td colSpan={3} className="pb-3">
            {children}
          </td>
        </tr>
      ) : null}
    </>
  );
}

function PickForm({ fields, children }: { fields: Record<string, string>; children: ReactNode }) {
  return (
    <Form method="post" preventScrollReset>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="w-full rounded-xl border border-ink-700 bg-ink-950/40 px-3 py-2 text-left hover:border-brand-400">
        {children}
      </button>
    </Form>
  );
}

function RerollForm({ target, label }: { target: "instruments" | "drums"; label: string }) {
  return (
    <Form method="post" preventScrollReset className="mt-4">
      <input type="hidden" name="intent" value="reroll" />
      <input type="hidden" name="target" value={target} />
      <SubmitButton intent="reroll" label={label} />
    </Form>
  );
}

export const meta: MetaFunction = () => [{ title: "Production · Songloom" }, { name: "description", content: "Change your song's instruments, drum kit, mix and ambient effect." }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
