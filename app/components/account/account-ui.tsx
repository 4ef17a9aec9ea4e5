// Small pieces the account pages share: a section card, status and error notes, money formatting.
import type { ReactNode } from "react";

export function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-ink-700 bg-ink-900/60 p-6">
      <h2 id={id} className="text-lg font-semibold text-white">
        {title}
      </h2>
      <div className="mt-4 space-y-4 text-sm text-slate-300">{children}</div>
    </section>
  );
}

export function Note({ tone, children, testId }: { tone: "success" | "error" | "warning" | "info"; children: ReactNode; testId?: string }) {
  const tones = {
    success: "border-emerald-400/40 bg-emerald-950/30 text-emerald-100",
    error: "border-red-400/40 bg-red-950/30 text-red-100",
    warning: "border-amber-400/40 bg-amber-950/30 text-amber-100",
    info: "border-brand-400/40 bg-brand-950/30 text-slate-100",
  } as const;
  return (
    <p role={tone === "error" ? "alert" : "status"} data-testid={testId} className={`rounded-xl border px-4 py-3 text-sm ${tones[tone]}`}>
      {children}
    </p>
  );
}

export function formatDate(iso: string | null): string {
  if (!iso) return "";
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
}

/** Micro-dollars as dollars; amounts under a cent keep enough digits to be seen. */
export function formatMicros(micros: number): string {
  const dollars = micros / 1_000_000;
  const digits = micros !== 0 && Math.abs(micros) < 10_000 ? 6 : 2;
  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: digits, maximumFractionDigits: digits }).format(dollars);
}
