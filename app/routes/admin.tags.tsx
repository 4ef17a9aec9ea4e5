// /admin/tags (tag admin, spec 3 §6): the song tags the library and /tag/{id} use, with how many songs
// carry each, paged (page and itemsPerPage in the query string, 50 a page by default, spec 3 §9). Create,
// rename (every song carrying the tag gets the new name) and delete (the tag comes off every song).
// Plain forms: no JavaScript needed; every change is audited.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ADMIN_EMPTY_MESSAGE, ADMIN_ERROR_MESSAGE, AdminPage, adminCard, adminField, FieldError, Notice, Pagination } from "~/components/admin/admin-ui";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { asPage, safeAdminReturn } from "~/server/admin-api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { createTag, deleteTag, listTags, renameTag, TagNameSchema, TagPageSchema } from "~/services/admin";
import { IdSchema } from "~/utils/input-schemas";
import { readFormData } from "~/utils/forms";

const DONE_MESSAGES: Record<string, string> = { created: "Tag created.", renamed: "Tag renamed on every song that carries it.", deleted: "Tag deleted and taken off its songs." };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "tag:admin");
  const url = new URL(request.url);
  const done = DONE_MESSAGES[url.searchParams.get("done") ?? ""] ?? null;
  // The page's itemsPerPage is the API's perPage (spec 3 §2).
  const parsed = TagPageSchema.safeParse({ page: url.searchParams.get("page") ?? undefined, perPage: url.searchParams.get("itemsPerPage") ?? undefined });
  if (!parsed.success) return json({ result: null, error: parsed.error.issues.map((issue) => issue.message).join(" "), done }, { status: 400 });
  const result = await listTags(db, parsed.data);
  return json({ result: { ...result, tags: result.tags.map((tag) => ({ ...tag, createdAt: tag.createdAt.toISOString() })) }, error: null, done });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "tag:admin");
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const formId = String(form.get("formId") ?? intent);
  const returnTo = safeAdminReturn(form.get("returnTo"), "/admin/tags");
  const fail = (errors: Record<string, string>, status = 400) => json({ formId, errors }, { status });
  const back = (done: string) => {
    const url = new URL(returnTo, "http://x");
    if (!url.pathname.startsWith("/admin/tags")) return redirect(`/admin/tags?done=${done}`);
    url.searchParams.set("done", done);
    return redirect(`${url.pathname}${url.search}`);
  };
  if (intent === "create" || intent === "rename") {
    const parsed = TagNameSchema.safeParse({ name: form.get("name") ?? "" });
    if (!parsed.success) return fail({ name: parsed.error.issues[0].message });
    let result;
    if (intent === "create") {
      result = await asPage(() => createTag(db, parsed.data.name, user.id));
    } else {
      const id = IdSchema.safeParse(form.get("id"));
      if (!id.success) return fail({ form: "No such tag." }, 404);
      result = await asPage(() => renameTag(db, id.data, parsed.data.name, user.id));
    }
    if (!result.ok) return fail({ name: result.message }, result.status);
    return back(intent === "create" ? "created" : "renamed");
  }
  if (intent === "delete") {
    const id = IdSchema.safeParse(form.get("id"));
    if (!id.success) return fail({ form: "No such tag." }, 404);
    const result = await asPage(() => deleteTag(db, id.data, user.id));
    if (!result.ok) return fail({ form: result.message }, result.status);
    return back("deleted");
  }
  return fail({ form: "Unknown action." });
}

export default function TagsAdmin() {
  const { result, error, done } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search.replace(/([?&])done=[^&]*&?/, "$1").replace(/[?&]$/, "")}`;
  const errorsFor = (formId: string): Record<string, string> => (actionData?.formId === formId ? actionData.errors : {});
  const newTag = errorsFor("create");
  return (
    <AdminPage
      title="Tags"
      intro="The tags on songs, as the library and the /tag pages show them. Renaming a tag renames it on every song that carries it; deleting one takes it off them."
    >
      {done && !actionData ? <Notice>{done}</Notice> : null}
      {actionData?.errors.form ? <Notice tone="error">{actionData.errors.form}</Notice> : null}
      <Form method="post" className={`${adminCard} flex flex-wrap items-end gap-3`} noValidate>
        <input type="hidden" name="formId" value="create" />
        <input type="hidden" name="returnTo" value={returnTo} />
        <div className="grid flex-1 gap-1">
          <label htmlFor="new-tag-name" className="text-sm text-slate-300">
            New tag
          </label>
          <input id="new-tag-name" name="name" maxLength={60} className={adminField} aria-invalid={newTag.name ? true : undefined} aria-describedby={newTag.name ? "new-tag-name-error" : undefined} />
          <FieldError id="new-tag-name-error" message={newTag.name} />
        </div>
        <button type="submit" name="intent" value="create" className={buttonClass("primary", "sm")}>
          Add tag
        </button>
      </Form>
      {error ? (
        <Notice tone="error">
          {ADMIN_ERROR_MESSAGE} {error}
        </Notice>
      ) : null}
      {result && result.tags.length === 0 ? <p className="text-slate-300">{ADMIN_EMPTY_MESSAGE}</p> : null}
      {result && result.tags.length > 0 ? (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm text-slate-200">
              <caption className="sr-only">Tags</caption>
              <thead className="text-slate-400">
                <tr>
                  <th scope="col" className="p-2">Tag</th>
                  <th scope="col" className="p-2">Songs</th>
                  <th scope="col" className="p-2">Rename</th>
                  <th scope="col" className="p-2">Delete</th>
                </tr>
              </thead>
              <tbody>
                {result.tags.map((tag) => {
                  const errors = errorsFor(`rename-${tag.id}`);
                  return (
                    <tr key={tag.id} className="border-t border-ink-700 align-top">
                      <td className="p-2">
                        <Link to={`/tag/${tag.id}`} className="text-accent-300 underline">
                          {tag.name}
                        </Link>
                      </td>
                      <td className="p-2">{tag.usage}</td>
                      <td className="p-2">
                        <Form method="post" className="flex flex-wrap items-start gap-2" noValidate>
                          <input type="hidden" name="formId" value={`rename-${tag.id}`} />
                          <input type="hidden" name="id" value={tag.id} />
                          <input type="hidden" name="returnTo" value={returnTo} />
                          <div className="grid gap-1">
                            <label htmlFor={`rename-${tag.id}`} className="sr-only">
                              New name for {tag.name}
                            </label>
                            <input id={`rename-${tag.id}`} name="name" defaultValue={tag.name} maxLength={60} className={adminField} aria-invalid={errors.name ? true : undefined} aria-describedby={errors.name ? `rename-${tag.id}-error` : undefined} />
                            <FieldError id={`rename-${tag.id}-error`} message={errors.name} />
                          </div>
                          <button type="submit" name="intent" value="rename" className={buttonClass("secondary", "sm")}>
                            Rename
                          </button>
                        </Form>
                      </td>
                      <td className="p-2">
                        <Form method="post">
                          <input type="hidden" name="id" value={tag.id} />
                          <input type="hidden" name="returnTo" value={returnTo} />
                          <button type="submit" name="intent" value="delete" className={buttonClass("ghost", "sm")} aria-label={`Delete ${tag.name} (from ${tag.usage} songs)`}>
                            Delete
                          </button>
                        </Form>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pagination search={location.search} page={result.page} itemsPerPage={result.perPage} total={result.total} />
        </>
      ) : null}
    </AdminPage>
  );
}

export const meta: MetaFunction = () => [{ title: "Tags · Songloom admin" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
