// The lyrics editor: sections (a type each) of lines, the language select and Save/Delete, as plain form
// fields so the page's action reads the same form with or without JavaScript. Without JavaScript the
// add/remove buttons submit the form (the action applies them and saves); with it they change the form in
// place and each edited line's syllables are recounted (POST /api/lyrics/syllable_count).
import { useEffect, useRef, useState } from "react";
import { buttonClass } from "~/components/button";
import { LYRICS_SECTION_TYPES, type LyricsSectionType } from "~/engine/lyrics/types";
import { apiFetch } from "~/utils/api-client";

export interface EditorLine {
  value: string;
  /** Null until counted, or when the counts are switched off. */
  count: number | null;
  target: number;
  limit: number | null;
}
export interface EditorSection {
  type: LyricsSectionType;
  lines: EditorLine[];
}
export interface EditorLyrics {
  language: string;
  sections: EditorSection[];
}

export const SECTION_LABELS: Record<LyricsSectionType, string> = {
  intro: "Intro",
  verse: "Verse",
  pre_chorus: "Pre-chorus",
  chorus: "Chorus",
  bridge: "Bridge",
  outro: "Outro",
};

const emptyLine = (): EditorLine => ({ value: "", count: 0, target: 0, limit: null });

export function LyricsEditor(props: {
  initial: EditorLyrics;
  languages: readonly string[];
  showCounts: boolean;
  hydrated: boolean;
  contentError: string | undefined;
  languageError: string | undefined;
  busy: boolean;
  onEdit: (field: "lyrics" | "language") => void;
}) {
  const [lyrics, setLyrics] = useState(props.initial);
  const timers = useRef(new Map<string, number>());
  useEffect(() => () => timers.current.forEach((timer) => window.clearTimeout(timer)), []);

  const change = (update: (sections: EditorSection[]) => EditorSection[]) => {
    setLyrics((current) => ({ ...current, sections: update(current.sections) }));
    props.onEdit("lyrics");
  };
  const setLine = (section: number, line: number, patch: Partial<EditorLine>) =>
    setLyrics((current) => ({
      ...current,
      sections: current.sections.map((s, i) => (i === section ? { ...s, lines: s.lines.map((l, j) => (j === line ? { ...l, ...patch } : l)) } : s)),
    }));
  const editLine = (section: number, line: number, value: string) => {
    setLine(section, line, { value });
    props.onEdit("lyrics");
    if (!props.showCounts) return;
    const key = `${section}:${line}`;
    window.clearTimeout(timers.current.get(key));
    timers.current.set(
      key,
      window.setTimeout(async () => {
        const response = await apiFetch("/api/lyrics/syllable_count", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ line: value }) });
        if (response.ok) setLine(section, line, { count: ((await response.json()) as { syllable_count: number }).syllable_count });
      }, 250),
    );
  };
  // With JavaScript these buttons edit in place; without it they submit their intent.
  const structural = (intent: string, apply: () => void) =>
    props.hydrated ? { type: "button" as const, onClick: apply } : { type: "submit" as const, name: "intent", value: intent };

  return (
    <div className="grid gap-5" data-testid="lyrics-editor">
      <div>
        <label htmlFor="lyrics-language" className="text-sm font-semibold text-slate-200">
          Language
        </label>
        <select
          id="lyrics-language"
          name="language"
          value={lyrics.language}
          onChange={(event) => {
            setLyrics({ ...lyrics, language: event.target.value });
            props.onEdit("language");
          }}
          aria-invalid={props.languageError ? true : undefined}
          className="mt-1 block w-60 rounded-xl border border-ink-600 bg-ink-950 px-3 py-2 text-sm text-white"
        >
          {props.languages.map((language) => (
            <option key={language} value={language}>
              {language}
            </option>
          ))}
        </select>
        {props.languageError ? (
          <p role="alert" className="mt-1 text-xs text-rose-300">
            {props.languageError}
          </p>
        ) : null}
      </div>

      {lyrics.sections.map((section, s) => (
        <fieldset key={s} className="rounded-2xl border border-ink-700 bg-ink-900/60 p-4" data-testid="lyrics-section">
          <legend className="sr-only">{`${SECTION_LABELS[section.type]} ${s + 1}`}</legend>
          <div className="flex items-center gap-3">
            <label className="text-sm font-semibold text-slate-200">
              <span className="sr-only">{`Section ${s + 1} type`}</span>
              <select
                name="sectionType"
                value={section.type}
                onChange={(event) => change((all) => all.map((x, i) => (i === s ? { ...x, type: event.target.value as LyricsSectionType } : x)))}
                className="rounded-lg border border-ink-600 bg-ink-950 px-2 py-1 text-sm text-white"
              >
                {LYRICS_SECTION_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {SECTION_LABELS[type]}
                  </option>
                ))}
              </select>
            </label>
            <button {...structural(`removeSection:${s}`, () => change((all) => all.filter((_, i) => i !== s)))} className={buttonClass("ghost", "sm")}>
              Remove section
            </button>
          </div>
          <ol className="mt-3 grid gap-2">
            {section.lines.map((line, l) => (
              <li key={l} className="flex items-center gap-2" data-testid="lyrics-line">
                <input
                  type="text"
                  name={`line.${s}`}
                  value={line.value}
                  aria-label={`${SECTION_LABELS[section.type]} ${s + 1}, line ${l + 1}`}
                  onChange={(event) => editLine(s, l, event.target.value)}
                  className="min-w-0 flex-1 rounded-lg border border-ink-600 bg-ink-950 px-3 py-1.5 text-sm text-white"
                />
                {props.showCounts ? <SyllableBadge line={line} /> : null}
                <button
                  {...structural(`removeLine:${s}:${l}`, () => change((all) => all.map((x, i) => (i === s ? { ...x, lines: x.lines.filter((_, j) => j !== l) } : x))))}
                  aria-label={`Remove line ${l + 1} of section ${s + 1}`}
                  className={buttonClass("ghost", "sm")}
                >
                  ×
                </button>
              </li>
            ))}
          </ol>
          <button
            {...structural(`addLine:${s}`, () => change((all) => all.map((x, i) => (i === s ? { ...x, lines: [...x.lines, emptyLine()] } : x))))}
            className={`${buttonClass("secondary", "sm")} mt-3`}
          >
            Add line
          </button>
        </fieldset>
      ))}

      <div className="flex flex-wrap items-center gap-3">
        <button {...structural("addSection", () => change((all) => [...all, { type: "verse", lines: [emptyLine()] }]))} className={buttonClass("secondary", "sm")}>
          Add section
        </button>
        <button type="submit" name="intent" value="save" disabled={props.busy} className={buttonClass("primary")}>
          Save lyrics
        </button>
        <button type="submit" name="intent" value="delete" disabled={props.busy} className={buttonClass("ghost")}>
          Delete lyrics
        </button>
      </div>
      {props.contentError ? (
        <p role="alert" data-testid="lyrics-content-error" className="rounded-xl border border-rose-400/40 bg-rose-950/30 px-4 py-3 text-sm text-rose-200">
          {props.contentError}
        </p>
      ) : null}
    </div>
  );
}

function SyllableBadge({ line }: { line: EditorLine }) {
  const over = line.count !== null && line.limit !== null && line.count > line.limit;
  const title = line.target > 0 ? `Target ${line.target}${line.limit !== null ? `, at most ${line.limit}` : ""} syllables` : "No melody phrase under this line";
  return (
    <span
      data-testid="syllable-count"
      title={title}
      className={`w-20 shrink-0 text-right text-xs tabular-nums ${over ? "font-semibold text-rose-300" : "text-slate-400"}`}
    >
      {line.count ?? "–"}
      {line.target > 0 ? ` / ${line.target}` : ""}
      <span className="sr-only">{` syllables. ${title}.`}</span>
    </span>
  );
}
