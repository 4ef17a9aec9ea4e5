// /admin/users/{id}/annotations (user viewer): AdminUserAnnotations. Staff notes with author and time;
// any staff member who can see the user may add one; a note is removed by its author or a user admin.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ADMIN_EMPTY_MESSAGE, AdminPage, adminCard, adminField, formatDate, UserTabs } from "~/components/admin/admin-ui";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { findUserById } from "~/models/user.server";
import { allowedUserPages, asPage } from "~/server/admin-api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { hasPermission } from "~/server/permissions.server";
import { addAnnotation, AnnotationBodySchema, listAnnotations, removeAnnotation } from "~/services/admin";
import { readFormData } from "~/utils/forms";
import { isPossibleId } from "~/utils/input-schemas";

async function loadUser(userId: string | undefined) {
  const user = userId && isPossibleId(userId) ? await findUserById(userId) : null;
  if (!user) throw new Response("No such user", { status: 404 });
  return user;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requirePermission(request, "user:viewer");
  const user = await loadUser(params.userId);
  const mayRemoveAny = hasPermission(admin, "user:admin");
  const notes = await listAnnotations(db, user.id);
  return json({
    user: { id: user.id, email: user.email },
    tabs: allowedUserPages(admin),
    notes: notes.map((note) => ({
      id: note.id,
      body: note.body,
      author: note.authorName ? `${note.authorName} (${note.authorEmail})` : "A former staff member",
      createdAt: note.createdAt.toISOString(),
      removable: mayRemoveAny || note.authorId === admin.id,
    })),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requirePermission(request, "user:viewer");
  const user = await loadUser(params.userId);
  const form = await readFormData(request);
  if (form.get("intent") === "remove") {
    const removed = await asPage(() => db.transaction((tx) => removeAnnotation(tx, user.id, String(form.get("annotationId") ?? ""), admin.id, hasPermission(admin, "user:admin"))));
    if (!removed.ok) return json({ errors: { body: removed.message }, body: "" }, { status: removed.status });
    return redirect(`/admin/users/${user.id}/annotations`);
  }
  const body = AnnotationBodySchema.safeParse(form.get("body") ?? "");
  if (!body.success) return json({ errors: { body: body.error.issues[0].message }, body: String(form.get("body") ?? "") }, { status: 400 });
  await db.transaction((tx) => addAnnotation(tx, user.id, body.data, admin.id));
  return redirect(`/admin/users/${user.id}/annotations`);
}

export default function AdminUserAnnotations() {
  const { user, tabs, notes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const error = actionData?.errors.body;
  return (
    <AdminPage title={user.email} intro="Annotations" back={{ to: "/admin/users", label: "User lookup" }}>
      <UserTabs userId={user.id} email={user.email} current="annotations" allowed={tabs} />
      <Form method="post" className={`${adminCard} grid gap-2`} noValidate>
        <label htmlFor="note-body" className="text-sm text-slate-300">
          Add a note
        </label>
        <textarea id="note-body" name="body" rows={3} maxLength={2000} defaultValue={actionData?.body} className={adminField} aria-invalid={error ? true : undefined} aria-describedby={error ? "note-body-error" : undefined} />
        {error ? <p id="note-body-error" className="text-sm text-rose-300">{error}</p> : null}
        <div>
          <button type="submit" name="intent" value="add" className={buttonClass("primary", "sm")}>
            Add note
          </button>
        </div>
      </Form>
      {notes.length === 0 ? (
        <p className="text-slate-300">{ADMIN_EMPTY_MESSAGE}</p>
      ) : (
        <ul className="grid gap-3" aria-label="Notes, newest first">
          {notes.map((note) => (
            <li key={note.id} className={`${adminCard} grid gap-2`}>
              <p className="whitespace-pre-line text-slate-100">{note.body}</p>
              <p className="text-xs text-slate-400">
                {note.author} · {formatDate(note.createdAt)}
              </p>
              {note.removable ? (
                <Form method="post">
                  <input type="hidden" name="annotationId" value={note.id} />
                  <button type="submit" name="intent" value="remove" className="text-sm text-rose-300 underline">
                    Remove note
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}

export const meta: MetaFunction = () => [{ title: "User annotations · Songloom admin" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
