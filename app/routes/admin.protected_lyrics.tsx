// /admin/protected_lyrics: the lyrics generated vocals must never sing (copyright_check_error). Staff with
// "restricted_artist_names:admin" (ADMIN_ROUTE_PERMISSIONS: the same kind of rights-protecting list as
// restricted artist names) list, add (title, artist, text) and remove them. Plain forms: no JavaScript needed.
import { readFormData } from "~/utils/forms";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { requireAdmin, requirePermission } from "~/server/guards.server";
import { addProtectedLyrics, listProtectedLyrics, ProtectedLyricsSchema, removeProtectedLyrics } from "~/services/lyrics/protected-lyrics.server";
import { IdSchema } from "~/utils/input-schemas";

const PERMISSION = "restricted_artist_names:admin";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  await requirePermission(request, PERMISSION);
  const rows = await listProtectedLyrics();
  return json({
    entries: rows.map((row) => ({ id: row.id, title: row.title, artist: row.artist, excerpt: row.text.slice(0, 160), createdAt: row.createdAt.toISOString() })),
    added: new URL(request.url).searchParams.get("added") === "1",
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, PERMISSION);
  const form = await readFormData(request);
  if (form.get("intent") === "remove") {
    const id = IdSchema.safeParse(form.get("id"));
    if (id.success) await removeProtectedLyrics(id.data);
    return redirect("/admin/protected_lyrics");
  }
  const parsed = ProtectedLyricsSchema.safeParse({ title: form.get("title") ?? "", artist: form.get("artist") ?? "", text: form.get("text") ?? "" });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return json({ errors, values: { title: String(form.get("title") ?? ""), artist: String(form.get("artist") ?? ""), text: String(form.get("text") ?? "") } }, { status: 400 });
  }
  await addProtectedLyrics(parsed.data, user.id);
  return redirect("/admin/protected_lyrics?added=1");
}

const field = "w-full rounded-xl border border-ink-600 bg-ink-950 px-3 py-2 text-sm text-white aria-invalid:border-rose-400";

export default function ProtectedLyricsAdmin() {
  const { entries, added } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const values = actionData?.values;
  return (
    <div className="mx-auto grid max-w-4xl gap-8 px-4 py-12 sm:px-6">
      <div>
        <Link to="/admin" className="text-sm text-accent-300 underline">
          Dashboard
        </Link>
        <h1 className="mt-2 text-3xl font-bold text-white">Protected lyrics</h1>
        <p className="mt-2 text-slate-400">Generated vocals refuse lyrics that share a run of 8 or more words with any of these.</p>
      </div>
      <Form method="post" className="grid gap-3 rounded-2xl border border-ink-700 bg-ink-900 p-5" aria-labelledby="add-heading" noValidate>
        <h2 id="add-heading" className="font-semibold text-white">
          Add lyrics
        </h2>
        {(["title", "artist"] as const).map((name) => (
          <div key={name} className="grid gap-1">
            <label htmlFor={`pl-${name}`} className="text-sm text-slate-300 capitalize">
              {name}
            </label>
            <input id={`pl-${name}`} name={name} defaultValue={values?.[name]} required maxLength={200} aria-invalid={errors[name] ? true : undefined} aria-describedby={errors[name] ? `pl-${name}-error` : undefined} className={field} />
            {errors[name] ? <p id={`pl-${name}-error`} className="text-sm text-rose-300">{errors[name]}</p> : null}
          </div>
        ))}
        <div className="grid gap-1">
          <label htmlFor="pl-text" className="text-sm text-slate-300">
            Lyrics
          </label>
          <textarea id="pl-text" name="text" rows={6} defaultValue={values?.text} required aria-invalid={errors.text ? true : undefined} aria-describedby={errors.text ? "pl-text-error" : undefined} className={field} />
          {errors.text ? <p id="pl-text-error" className="text-sm text-rose-300">{errors.text}</p> : null}
        </div>
        <div>
          <button type="submit" name="intent" value="add" className={buttonClass("primary")}>
            Add protected lyrics
          </button>
        </div>
        {added && !actionData ? (
          <p role="status" className="text-sm text-accent-200">
            Added.
          </p>
        ) : null}
      </Form>
      <section aria-labelledby="list-heading" className="grid gap-3">
        <h2 id="list-heading" className="font-semibold text-white">
          {entries.length} protected {entries.length === 1 ? "song" : "songs"}
        </h2>
        {entries.length === 0 ? (
          <p className="text-slate-400">No protected lyrics yet.</p>
        ) : (
          <ul className="grid gap-2">
            {entries.map((entry) => (
              <li key={entry.id} className="flex items-start justify-between gap-4 rounded-xl border border-ink-700 bg-ink-900 p-4">
                <div>
                  <p className="font-semibold text-white">
                    {entry.title} <span className="font-normal text-slate-400">· {entry.artist}</span>
                  </p>
                  <p className="mt-1 text-sm whitespace-pre-line text-slate-400">{entry.excerpt}</p>
                </div>
                <Form method="post">
                  <input type="hidden" name="id" value={entry.id} />
                  <button type="submit" name="intent" value="remove" className={buttonClass("secondary", "sm")} aria-label={`Remove ${entry.title} by ${entry.artist}`}>
                    Remove
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Protected lyrics · Songloom admin" }, { name: "description", content: "Lyrics that generated vocals may not sing." }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
