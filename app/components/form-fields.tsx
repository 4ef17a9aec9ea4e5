// Fields of the user-facing forms (song info, release): a label, an optional hint, the input, and the
// field's error under it, tied together with aria-describedby so a screen reader reads both.
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-xs text-rose-300">
      {message}
    </p>
  );
}

/** A text input; `onEdit(name)` runs on every change (forms clear that field's error). */
export function TextField<Name extends string>(props: {
  name: Name;
  label: string;
  hint?: string;
  maxLength?: number;
  defaultValue: string;
  error: string | undefined;
  onEdit: (name: Name) => void;
}) {
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
      <input
        id={id}
        type="text"
        name={props.name}
        // The server's limit is the rule; the browser's stops typing past it a few characters late.
        maxLength={props.maxLength ? props.maxLength + 20 : undefined}
        defaultValue={props.defaultValue}
        onChange={() => props.onEdit(props.name)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={[props.hint ? `${id}-hint` : null, props.error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined}
        className="mt-1 w-full rounded-xl border border-ink-600 bg-ink-950 px-3 py-2 text-sm text-white placeholder:text-slate-500 aria-invalid:border-rose-400"
      />
      <FieldError id={`${id}-error`} message={props.error} />
    </div>
  );
}
