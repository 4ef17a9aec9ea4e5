// Pieces every admin page uses: the page frame, the user tabs, pagination (spec 3 §2: page and
// itemsPerPage in the query string, 10/25/50) and the form that starts a confirmed action. Plain links and
// forms: everything works without JavaScript.
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass } from "~/components/button";

export const ADMIN_EMPTY_MESSAGE = "We could not find any results.";
export const ADMIN_ERROR_MESSAGE = "There was an error loading this data.";

export const adminField = "w-full rounded-xl border border-ink-600 bg-ink-950 px-3 py-2 text-sm text-white aria-invalid:border-rose-400";
export const adminCard = "rounded-2xl border border-ink-700 bg-ink-900 p-5";

/** A form field's error under it (the field names it with aria-describedby). */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? <p id={id} className="text-sm text-rose-300">{message}</p> : null;
}

/** A labelled input of an admin filter form, with its error under it (named by aria-describedby). */
export function AdminInput({ id, label, error, grow = false, ...input }: { id: string; label: string; error?: string; grow?: boolean } & Omit<JSX.IntrinsicElements["input"], "id" | "className">) {
  return (
    <div className={grow ? "grid min-w-64 flex-1 gap-1" : "grid gap-1"}>
      <label htmlFor={id} className="text-sm text-slate-300">
        {label}
      </label>
      <input id={id} className={adminField} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function AdminPage({ title, intro, back = { to: "/admin", label: "Dashboard" }, children }: { title: string; intro?: ReactNode; back?: { to: string; label: string }; children: ReactNode }) {
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6">
      <div>
        <Link to={back.to} className="text-sm text-accent-300 underline">
          {back.label}
        </Link>
        <h1 className="mt-2 text-3xl font-bold text-white">{title}</h1>
        {intro ? <div className="mt-2 text-slate-400">{intro}</div> : null}
      </div>
      {children}
    </div>
  );
}

export function Notice({ tone = "success", children }: { tone?: "success" | "error"; children: ReactNode }) {
  return (
    <p role={tone === "error" ? "alert" : "status"} className={`rounded-xl border p-3 text-sm ${tone === "error" ? "border-rose-500/50 bg-rose-950/40 text-rose-200" : "border-accent-500/40 bg-accent-950/30 text-accent-100"}`}>
      {children}
    </p>
  );
}

const USER_TABS = [
  { segment: "view", label: "Info" },
  { segment: "transactions", label: "Transactions" },
  { segment: "events", label: "Events" },
  { segment: "annotations", label: "Annotations" },
  { segment: "devices", label: "Devices" },
  { segment: "distro", label: "Release review" },
  { segment: "releases", label: "Releases" },
] as const;

/** The user's pages; tabs the admin may not open (`allowed`) are not shown. */
export function UserTabs({ userId, email, current, allowed }: { userId: string; email: string; current: string; allowed: readonly string[] }) {
  return (
    <nav aria-label={`Pages about ${email}`} className="flex flex-wrap gap-2 border-b border-ink-700 pb-3">
      {USER_TABS.filter((tab) => allowed.includes(tab.segment)).map((tab) => (
        <Link
          key={tab.segment}
          to={`/admin/users/${userId}/${tab.segment}`}
          aria-current={tab.segment === current ? "page" : undefined}
          className={`rounded-full px-4 py-1.5 text-sm ${tab.segment === current ? "bg-brand-500 text-white" : "text-slate-300 hover:bg-ink-800"}`}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

/** Previous/next and the page size, as links that keep the rest of the query string. */
export function Pagination({ search, page, itemsPerPage, total }: { search: string; page: number; itemsPerPage: number; total: number }) {
  const pages = Math.max(1, Math.ceil(total / itemsPerPage));
  const link = (changes: Record<string, string>) => {
    const params = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) params.set(key, value);
    return `?${params}`;
  };
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center gap-3 text-sm text-slate-300">
      {page > 1 ? <Link to={link({ page: String(page - 1) })} className="underline">Previous</Link> : null}
      <span>
        Page {page} of {pages} · {total} {total === 1 ? "result" : "results"}
      </span>
      {page < pages ? <Link to={link({ page: String(page + 1) })} className="underline">Next</Link> : null}
      <span className="ml-auto">Per page:</span>
      {[10, 25, 50].map((size) =>
        size === itemsPerPage ? (
          <span key={size} aria-current="true" className="font-semibold text-white">
            {size}
          </span>
        ) : (
          <Link key={size} to={link({ itemsPerPage: String(size), page: "1" })} className="underline">
            {size}
          </Link>
        ),
      )}
    </nav>
  );
}

/**
 * Starts an action that needs confirmation: posts to /admin/confirm, which answers with the confirmation
 * page (what will happen, to whom) and its single-use token.
 */
export function ConfirmActionForm({
  op,
  userIds,
  params = {},
  returnTo,
  label,
  variant = "secondary",
  children,
}: {
  /** The confirmed action (CONFIRMED_ACTIONS key). */
  op: string;
  userIds: string[];
  params?: Record<string, string>;
  returnTo: string;
  label: string;
  variant?: "primary" | "secondary";
  children?: ReactNode;
}) {
  return (
    <Form method="post" action="/admin/confirm" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="prepare" />
      <input type="hidden" name="op" value={op} />
      <input type="hidden" name="returnTo" value={returnTo} />
      {userIds.map((id) => (
        <input key={id} type="hidden" name="userIds" value={id} />
      ))}
      {Object.entries(params).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <button type="submit" className={buttonClass(variant, "sm")}>
        {label}
      </button>
    </Form>
  );
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return "—";
  return new Date(value).toISOString().replace("T", " ").slice(0, 16) + " UTC";
}
