// The pieces every account page shares: a centred card, labelled fields that show their own errors,
// and a form-level alert. Plain server-rendered markup: the forms work with JavaScript off.
import type { ReactNode } from "react";

export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-16">
      <div className="rounded-3xl border border-ink-700 bg-ink-900/70 p-8 shadow-xl shadow-black/30">
        <h1 className="text-2xl font-bold tracking-tight text-white">{title}</h1>
        {intro ? <div className="mt-2 text-sm text-slate-400">{intro}</div> : null}
        <div className="mt-6 space-y-5">{children}</div>
      </div>
    </div>
  );
}

export function Field({
  name,
  label,
  type = "text",
  autoComplete,
  defaultValue,
  errors,
  required = true,
}: {
  name: string;
  label: string;
  type?: "text" | "email" | "password";
  autoComplete?: string;
  defaultValue?: string;
  errors?: string[];
  required?: boolean;
}) {
  const errorId = `${name}-error`;
  const invalid = Boolean(errors?.length);
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-medium text-slate-200">
        {label}
      </label>
      <input
        id={name}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        // The server is the validator; browser checks would hide its messages from no-JS tests and users alike.
        aria-required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        className={`mt-1.5 block w-full rounded-xl border bg-ink-950 px-3.5 py-2.5 text-slate-100 placeholder:text-ink-400 focus:border-brand-400 focus:outline-none ${
          invalid ? "border-red-400" : "border-ink-600"
        }`}
      />
      {invalid ? (
        <ul id={errorId} className="mt-1.5 space-y-0.5 text-sm text-red-300">
          {errors?.map((error) => <li key={error}>{error}</li>)}
        </ul>
      ) : null}
    </div>
  );
}

export function FormAlert({ messages, tone = "error" }: { messages?: string[]; tone?: "error" | "success" | "info" }) {
  if (!messages?.length) return null;
  const toneClass = {
    error: "border-red-400/40 bg-red-950/40 text-red-200",
    success: "border-accent-400/40 bg-accent-600/10 text-accent-200",
    info: "border-ink-600 bg-ink-800 text-slate-200",
  }[tone];
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-xl border px-4 py-3 text-sm ${toneClass}`}>
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}
