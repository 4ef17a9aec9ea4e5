// /admin/restricted_artist_names (restricted-artist-names admin, spec 3 §6): the artist names a release may
// not use, which the release form's artist check reads. Staff list them (paged: page and itemsPerPage in
// the query string), add many at once (one a line), delete a selection after a confirmation step (the
// server issues a single-use token for exactly those names; a delete without it is refused), and set how
// close a name must be to a restricted one to be refused. Plain forms: no JavaScript needed. Audited.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ADMIN_EMPTY_MESSAGE, ADMIN_ERROR_MESSAGE, AdminPage, adminCard, adminField, FieldError, Notice, Pagination } from "~/components/admin/admin-ui";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { asPage, safeAdminReturn } from "~/server/admin-api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import {
  addRestrictedNames,
  ArtistNamesSchema,
  CONFIRMATION_TTL_MINUTES,
  deleteRestrictedNames,
  getRestrictedNameSettings,
  listRestrictedNames,
  MAX_DISTANCE_LIMIT,
  prepareRestrictedNamesDelete,
  RestrictedIdsSchema,
  RestrictedKindSchema,
  RestrictedNamesPageSchema,
  RestrictedSettingsSchema,
  updateRestrictedNameSettings,
} from "~/services/admin";
import { readFormData } from "~/utils/forms";

const PERMISSION = "restricted_artist_names:admin";
const PAGE = "/admin/restricted_artist_names";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, PERMISSION);
  const url = new URL(request.url);
  const done = url.searchParams.get("done");
  const settings = await getRestrictedNameSettings(db);
  const parsed = RestrictedNamesPageSchema.safeParse(Object.fromEntries(["page", "itemsPerPage"].filter((key) => url.searchParams.has(key)).map((key) => [key, url.searchParams.get(key)])));
  if (!parsed.success) return json({ result: null, error: parsed.error.issues.map((issue) => issue.message).join(" "), settings, done }, { status: 400 });
  const result = await listRestrictedNames(db, parsed.data);
  return json({ result: { ...result, names: result.names.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) }, error: null, settings, done });
}

type Errors = Record<string, string>;

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, PERMISSION);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const returnTo = safeAdminReturn(form.get("returnTo"), PAGE);
  const fail = (formId: string, errors: Errors, status = 400) => json({ stage: "error" as const, formId, errors }, { status });
  const back = (done: string) => {
    const url = new URL(returnTo.startsWith(PAGE) ? returnTo : PAGE, "http://x");
    url.searchParams.set("done", done);
    return redirect(`${url.pathname}${url.search}`);
  };

  if (intent === "add") {
    const lines = String(form.get("artistNames") ?? "")
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean);
    const names = ArtistNamesSchema.safeParse(lines);
    const kind = RestrictedKindSchema.safeParse(form.get("kind"));
    if (!names.success || !kind.success) {
      return fail("add", { ...(names.success ? {} : { artistNames: names.error.issues[0].message }), ...(kind.success ? {} : { kind: kind.error.issues[0].message }) });
    }
    const { added, alreadyListed } = await addRestrictedNames(db, names.data, kind.data, user.id);
    return back(`added-${added}-${alreadyListed}`);
  }
  if (intent === "settings") {
    const parsed = RestrictedSettingsSchema.safeParse({ maxDistance: form.get("maxDistance") ?? "" });
    if (!parsed.success) return fail("settings", { maxDistance: parsed.error.issues[0].message });
    await updateRestrictedNameSettings(db, parsed.data, user.id);
    return back("settings");
  }
  if (intent === "prepare_delete" || intent === "delete") {
    const ids = RestrictedIdsSchema.safeParse(form.getAll("ids").map(String));
    if (!ids.success) return fail("delete", { form: ids.error.issues[0].message });
    if (intent === "delete") {
      const done = await asPage(() => deleteRestrictedNames(db, user.id, ids.data, String(form.get("token") ?? "")));
      if (!done.ok) return fail("delete", { form: done.message }, done.status);
      return back(`deleted-${done.value}`);
    }
    const prepared = await asPage(() => prepareRestrictedNamesDelete(db, user.id, ids.data));
    if (!prepared.ok) return fail("delete", { form: prepared.message }, prepared.status);
    return json({ stage: "confirm" as const, token: prepared.value.token, names: prepared.value.names, returnTo });
  }
  return fail("form", { form: "Unknown action." });
}

/** The notice for ?done=: added-<added>-<already listed>, deleted-<n>, settings. */
function doneMessage(done: string | null): string | null {
  if (!done) return null;
  const added = /^added-(\d+)-(\d+)$/.exec(done);
  if (added) return `Added ${added[1]} ${added[1] === "1" ? "name" : "names"}${added[2] !== "0" ? `; ${added[2]} already on the list` : ""}.`;
  const deleted = /^deleted-(\d+)$/.exec(done);
  if (deleted) return `Deleted ${deleted[1]} ${deleted[1] === "1" ? "name" : "names"}.`;
  return done === "settings" ? "Settings saved." : null;
}

export default function RestrictedArtistNamesAdmin() {
  const { result, error, settings, done } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search.replace(/([?&])done=[^&]*&?/, "$1").replace(/[?&]$/, "")}`;

  if (actionData?.stage === "confirm") {
    return (
      <AdminPage title="Delete restricted names: please confirm" back={{ to: actionData.returnTo, label: "Back" }}>
        <section className={`${adminCard} grid gap-4`} aria-labelledby="confirm-heading">
          <h2 id="confirm-heading" className="font-semibold text-white">
            Delete {actionData.names.length === 1 ? "this name" : `these ${actionData.names.length} names`}? Releases may then use them as the artist name.
          </h2>
          <ul className="list-inside list-disc text-slate-200">
            {actionData.names.map((row) => (
              <li key={row.id}>{row.name}</li>
            ))}
          </ul>
          <p className="text-sm text-slate-400">This confirmation works once, for {CONFIRMATION_TTL_MINUTES} minutes.</p>
          <div className="flex flex-wrap gap-3">
            <Form method="post">
              <input type="hidden" name="token" value={actionData.token} />
              <input type="hidden" name="returnTo" value={actionData.returnTo} />
              {actionData.names.map((row) => (
                <input key={row.id} type="hidden" name="ids" value={row.id} />
              ))}
              <button type="submit" name="intent" value="delete" className={buttonClass("primary")}>
                Confirm: delete
              </button>
            </Form>
            <Link to={actionData.returnTo} className={buttonClass("secondary")}>
              Cancel
            </Link>
          </div>
        </section>
      </AdminPage>
    );
  }

  const errorsFor = (formId: string): Errors => (actionData?.stage === "error" && actionData.formId === formId ? actionData.errors : {});
  const addErrors = errorsFor("add");
  const settingsErrors = errorsFor("settings");
  const formError = errorsFor("delete").form ?? errorsFor("form").form;
  const notice = actionData ? null : doneMessage(done);
  return (
    <AdminPage title="Restricted artist names" intro="A release cannot use one of these as its artist name: well-known artists (impersonation) and generic words stores refuse.">
      {notice ? <Notice>{notice}</Notice> : null}
      {formError ? <Notice tone="error">{formError}</Notice> : null}
      <div className="grid gap-4 md:grid-cols-2">
        <Form method="post" className={`${adminCard} grid gap-3`} aria-labelledby="add-heading" noValidate>
          <h2 id="add-heading" className="font-semibold text-white">
            Add names
          </h2>
          <input type="hidden" name="returnTo" value={returnTo} />
          <label htmlFor="artist-names" className="text-sm text-slate-300">
            Names, one a line
          </label>
          <textarea id="artist-names" name="artistNames" rows={5} className={adminField} aria-invalid={addErrors.artistNames ? true : undefined} aria-describedby={addErrors.artistNames ? "artist-names-error" : undefined} />
          <FieldError id="artist-names-error" message={addErrors.artistNames} />
          <label htmlFor="kind" className="text-sm text-slate-300">
            Kind
          </label>
          <select id="kind" name="kind" defaultValue="artist" className={adminField} aria-invalid={addErrors.kind ? true : undefined}>
            <option value="artist">Well-known artist</option>
            <option value="generic">Generic word</option>
          </select>
          <FieldError id="kind-error" message={addErrors.kind} />
          <button type="submit" name="intent" value="add" className={buttonClass("primary", "sm")}>
            Add names
          </button>
        </Form>
        <Form method="post" className={`${adminCard} grid content-start gap-3`} aria-labelledby="settings-heading" noValidate>
          <h2 id="settings-heading" className="font-semibold text-white">
            Matching
          </h2>
          <input type="hidden" name="returnTo" value={returnTo} />
          <label htmlFor="max-distance" className="text-sm text-slate-300">
            How many letters a name may differ from a restricted one and still be refused (0 to {MAX_DISTANCE_LIMIT}; 0 refuses only the same name, ignoring case and spaces)
          </label>
          <input id="max-distance" name="maxDistance" type="number" min={0} max={MAX_DISTANCE_LIMIT} defaultValue={settings.maxDistance} className={adminField} aria-invalid={settingsErrors.maxDistance ? true : undefined} aria-describedby={settingsErrors.maxDistance ? "max-distance-error" : undefined} />
          <FieldError id="max-distance-error" message={settingsErrors.maxDistance} />
          <button type="submit" name="intent" value="settings" className={buttonClass("secondary", "sm")}>
            Save
          </button>
        </Form>
      </div>
      {error ? (
        <Notice tone="error">
          {ADMIN_ERROR_MESSAGE} {error}
        </Notice>
      ) : null}
      {result && result.names.length === 0 ? <p className="text-slate-300">{ADMIN_EMPTY_MESSAGE}</p> : null}
      {result && result.names.length > 0 ? (
        <Form method="post" className="grid gap-4">
          <input type="hidden" name="returnTo" value={returnTo} />
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm text-slate-200">
              <caption className="sr-only">Restricted artist names</caption>
              <thead className="text-slate-400">
                <tr>
                  <th scope="col" className="p-2">Select</th>
                  <th scope="col" className="p-2">Name</th>
                  <th scope="col" className="p-2">Kind</th>
                  <th scope="col" className="p-2">Added</th>
                </tr>
              </thead>
              <tbody>
                {result.names.map((row) => (
                  <tr key={row.id} className="border-t border-ink-700">
                    <td className="p-2">
                      <input type="checkbox" name="ids" value={row.id} aria-label={`Select ${row.name}`} />
                    </td>
                    <td className="p-2">{row.name}</td>
                    <td className="p-2">{row.kind === "generic" ? "Generic word" : "Well-known artist"}</td>
                    <td className="p-2">{row.createdAt.slice(0, 10)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination search={location.search} page={result.page} itemsPerPage={result.itemsPerPage} total={result.total} />
          <div>
            <button type="submit" name="intent" value="prepare_delete" className={buttonClass("secondary", "sm")}>
              Delete selected…
            </button>
          </div>
        </Form>
      ) : null}
    </AdminPage>
  );
}

export const meta: MetaFunction = () => [{ title: "Restricted artist names · Songloom admin" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
