// The song creator (spec 1 §2, §3): style, filter, notes, and the advanced options (tempo, intensity, the
// four densities, humanness, instruments per part, ensembles, mix, ambient effect) with the spec's
// defaults. A plain form: it posts without JavaScript, and the advanced fields open with a CSS :has()
// rule on the checkbox rather than with script.
import { useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass } from "~/components/button";

export interface Option {
  value: string;
  label: string;
}

export interface CreatorOptions {
  styles: { value: string; name: string; filters: Option[] }[];
  ensembles: Option[];
  drumEnsembles: Option[];
  drumKits: Option[];
  mixes: Option[];
  sfx: Option[];
  instruments: { bass: Option[]; chord: Option[]; lead: Option[] };
}

/** Form values as strings, exactly as the inputs hold them. */
export type CreatorValues = Record<string, string>;

interface Props {
  entry: string;
  options: CreatorOptions;
  values: CreatorValues;
  errors?: { form: string[]; fields: Record<string, string[] | undefined> };
}

const selectClass =
  "mt-1 w-full rounded-xl border border-ink-600 bg-ink-950 px-3 py-2 text-sm text-white focus:border-accent-400";

export function CreatorForm({ entry, options, values, errors }: Props) {
  const fetcher = useFetcher();
  const creating = fetcher.state !== "idle" && fetcher.formData?.get("intent") === "create";
  const fieldError = (name: string) => errors?.fields[name]?.[0];
  return (
    <fetcher.Form method="post" className="group/creator space-y-6" aria-describedby={errors?.form.length ? "creator-error" : undefined}>
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="entry" value={entry} />
      <input type="hidden" name="api_version" value="3" />
      <input type="hidden" name="songs" value="3" />

      {errors?.form.length ? (
        <p id="creator-error" role="alert" className="rounded-xl border border-rose-500/40 bg-rose-500/10 px-4 py-3 text-sm text-rose-200">
          {errors.form.join(" ")}
        </p>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Style" error={fieldError("style")}>
          <select name="style" defaultValue={values.style} className={selectClass}>
            {options.styles.map((style) => (
              <option key={style.value} value={style.value}>
                {style.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Filter" error={fieldError("filter")}>
          <select name="filter" defaultValue={values.filter} className={selectClass}>
            {options.styles.map((style) => (
              <optgroup key={style.value} label={style.name}>
                {style.filters.map((filter) => (
                  <option key={filter.value} value={filter.value}>
                    {filter.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </Field>
      </div>

      <Field label="Notes (optional)" hint="A few words to nudge the song, such as “darker, more piano”." error={fieldError("notes")}>
        <input
          type="text"
          name="notes"
          maxLength={500}
          defaultValue={values.notes}
          placeholder="darker, more piano"
          className={`${selectClass} placeholder:text-slate-500`}
        />
      </Field>

      <div className="rounded-2xl border border-ink-700 bg-ink-950/40">
        <label className="flex cursor-pointer items-center justify-between gap-4 px-4 py-3">
          <span>
            <span className="block text-sm font-semibold text-white">Advanced options</span>
            <span className="block text-xs text-slate-400">Tempo, intensity, densities, instruments and mix. Off: the style decides, at 120 BPM.</span>
          </span>
          <input type="checkbox" name="advanced" value="1" defaultChecked={values.advanced === "1"} className="size-5 accent-brand-500" />
        </label>
        <div className="hidden gap-5 border-t border-ink-700 px-4 py-5 group-has-[input[name=advanced]:checked]/creator:grid sm:grid-cols-2">
          <Range name="tempo" label="Tempo" unit="BPM" min={40} max={220} step={1} value={values.tempo} error={fieldError("tempo")} />
          <Range name="intensity" label="Intensity" min={1} max={10} step={1} value={values.intensity} error={fieldError("intensity")} />
          <Range name="drum_density" label="Drum density" min={0} max={1} step={0.05} value={values.drum_density} />
          <Range name="bass_density" label="Bass density" min={0} max={1} step={0.05} value={values.bass_density} />
          <Range name="chord_density" label="Chord density" min={0} max={1} step={0.05} value={values.chord_density} />
          <Range name="lead_density" label="Lead density" min={0} max={1} step={0.05} value={values.lead_density} />
          <Range name="humanness" label="Humanness" min={0} max={1} step={0.05} value={values.humanness} />
          <div className="hidden sm:block" />
          <Choice name="instrument_ensemble" label="Instrument ensemble" options={options.ensembles} value={values.instrument_ensemble} error={fieldError("instrument_ensemble")} />
          <Choice name="drum_ensemble" label="Drum ensemble" options={options.drumEnsembles} value={values.drum_ensemble} error={fieldError("drum_ensemble")} />
          <Choice name="bass" label="Bass instrument" options={options.instruments.bass} value={values.bass} placeholder="From the ensemble" error={fieldError("bass")} />
          <Choice name="chord" label="Chords instrument" options={options.instruments.chord} value={values.chord} placeholder="From the ensemble" error={fieldError("chord")} />
          <Choice name="lead" label="Lead instrument" options={options.instruments.lead} value={values.lead} placeholder="From the ensemble" error={fieldError("lead")} />
          <Choice name="drums" label="Drum kit" options={options.drumKits} value={values.drums} placeholder="From the drum ensemble" error={fieldError("drums")} />
          <Choice name="mixing_style" label="Mix" options={options.mixes} value={values.mixing_style} error={fieldError("mixing_style")} />
          <Choice name="sfx" label="Ambient effect" options={options.sfx} value={values.sfx} error={fieldError("sfx")} />
        </div>
      </div>

      <div className="sticky-actions flex flex-wrap items-center gap-4">
        <button type="submit" className={buttonClass("primary", "lg")} disabled={creating}>
          {creating ? "Creating…" : "Create 3 songs"}
        </button>
        <p className="text-sm text-slate-400">Songs are ready in seconds and play one after another.</p>
      </div>
    </fetcher.Form>
  );
}

function Field({ label, hint, error, children }: { label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <label className="block text-sm font-medium text-slate-200">
      {label}
      {children}
      {hint && !error ? <span className="mt-1 block text-xs font-normal text-slate-500">{hint}</span> : null}
      {error ? <span className="mt-1 block text-xs font-normal text-rose-300">{error}</span> : null}
    </label>
  );
}

function Range(props: { name: string; label: string; unit?: string; min: number; max: number; step: number; value: string; error?: string }) {
  return (
    <Field label={props.label} error={props.error}>
      <span className="mt-2 flex items-center gap-3">
        <input
          type="range"
          name={props.name}
          min={props.min}
          max={props.max}
          step={props.step}
          defaultValue={props.value}
          className="flex-1 accent-accent-400"
          // Without JavaScript the number is not live; the range's position still shows the value.
          onInput={(event) => {
            const output = event.currentTarget.parentElement?.querySelector("output");
            if (output) output.textContent = event.currentTarget.value;
          }}
        />
        <output className="w-12 text-right text-xs text-slate-400 tabular-nums">{props.value}</output>
        {props.unit ? <span className="text-xs text-slate-500">{props.unit}</span> : null}
      </span>
    </Field>
  );
}

function Choice(props: { name: string; label: string; options: Option[]; value: string; placeholder?: string; error?: string }) {
  return (
    <Field label={props.label} error={props.error}>
      <select name={props.name} defaultValue={props.value} className={selectClass}>
        {props.placeholder ? <option value="">{props.placeholder}</option> : null}
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
