// /admin/confirm: the confirmation step of spec 3 §2 ("each asks for confirmation") for ban and unban,
// account and withdrawal status, distribution labels and bulk tags. The page that offers an action posts
// here (intent=prepare); the server checks the permission and the targets, issues a single-use token bound
// to this admin, the action, the users and the parameters, and renders what will happen. Confirming posts
// the token back (intent=confirm); without it the action is refused. Server-rendered, no JavaScript needed.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { AdminPage, adminCard, Notice } from "~/components/admin/admin-ui";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { asPage, safeAdminReturn } from "~/server/admin-api.server";
import { db } from "~/server/db.server";
import { requireAdmin } from "~/server/guards.server";
import {
  ActionTargetsSchema,
  CONFIRMATION_TTL_MINUTES,
  CONFIRMED_ACTIONS,
  ensureUserTag,
  isConfirmedAction,
  prepareConfirmedAction,
  runConfirmedAction,
  UserTagNameSchema,
} from "~/services/admin";
import { readFormData } from "~/utils/forms";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({});
}

/** The action's parameters from the form: only the keys its schema names. */
function paramsFrom(form: FormData, keys: string[]): Record<string, string> {
  return Object.fromEntries(keys.filter((key) => form.has(key)).map((key) => [key, String(form.get(key))]));
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const form = await readFormData(request);
  const returnTo = safeAdminReturn(form.get("returnTo"));
  const name = form.get("op");
  if (!isConfirmedAction(name)) return json({ stage: "error" as const, message: "Unknown action.", returnTo }, { status: 400 });
  const targets = ActionTargetsSchema.safeParse(form.getAll("userIds").map(String));
  if (!targets.success) return json({ stage: "error" as const, message: targets.error.issues[0].message, returnTo }, { status: 400 });
  const definition = CONFIRMED_ACTIONS[name];
  const params = paramsFrom(form, Object.keys((definition.params as unknown as { shape: object }).shape));

  if (form.get("intent") === "confirm") {
    const done = await asPage(() => runConfirmedAction(user, name, targets.data, params, String(form.get("token") ?? "")));
    if (!done.ok) return json({ stage: "error" as const, message: done.message, returnTo }, { status: done.status });
    const back = new URL(returnTo, "http://x");
    back.searchParams.set("done", name);
    return redirect(`${back.pathname}${back.search}`);
  }

  // Bulk tagging from the lookup page may name a new tag rather than pick one.
  if (name === "user.bulk_tag" && !params.tagId && form.get("tagName")) {
    const tagName = UserTagNameSchema.safeParse(form.get("tagName"));
    if (!tagName.success) return json({ stage: "error" as const, message: tagName.error.issues[0].message, returnTo }, { status: 400 });
    params.tagId = (await ensureUserTag(db, tagName.data)).id;
  }
  const prepared = await asPage(() => prepareConfirmedAction(user, name, targets.data, params));
  if (!prepared.ok) return json({ stage: "error" as const, message: prepared.message, returnTo }, { status: prepared.status });
  const { token, title, description, users, action: actionName } = prepared.value;
  return json({ stage: "confirm" as const, token, title, description, users, action: actionName, params: prepared.value.params, returnTo });
}

export default function ConfirmAdminAction() {
  const data = useActionData<typeof action>();
  if (!data) {
    return (
      <AdminPage title="Confirm an action">
        <p className="text-slate-300">Nothing to confirm. Actions are confirmed from the page they start on.</p>
      </AdminPage>
    );
  }
  if (data.stage === "error") {
    return (
      <AdminPage title="The action was not done" back={{ to: data.returnTo, label: "Back" }}>
        <Notice tone="error">{data.message}</Notice>
      </AdminPage>
    );
  }
  return (
    <AdminPage title={`${data.title}: please confirm`} back={{ to: data.returnTo, label: "Back" }}>
      <section className={`${adminCard} grid gap-4`} aria-labelledby="confirm-heading">
        <h2 id="confirm-heading" className="font-semibold text-white">
          {data.title} {data.users.length === 1 ? "this user" : `these ${data.users.length} users`}?
        </h2>
        <ul className="list-inside list-disc text-slate-200">
          {data.users.map((user) => (
            <li key={user.id}>{user.email}</li>
          ))}
        </ul>
        <p className="text-slate-300">{data.description}</p>
        <p className="text-sm text-slate-400">This confirmation works once, for {CONFIRMATION_TTL_MINUTES} minutes.</p>
        <div className="flex flex-wrap gap-3">
          <Form method="post">
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="token" value={data.token} />
            <input type="hidden" name="op" value={data.action} />
            <input type="hidden" name="returnTo" value={data.returnTo} />
            {data.users.map((user) => (
              <input key={user.id} type="hidden" name="userIds" value={user.id} />
            ))}
            {Object.entries(data.params).map(([key, value]) => (
              <input key={key} type="hidden" name={key} value={value} />
            ))}
            <button type="submit" className={buttonClass("primary")}>
              Confirm: {data.title.toLowerCase()}
            </button>
          </Form>
          <Link to={data.returnTo} className={buttonClass("secondary")}>
            Cancel
          </Link>
        </div>
      </section>
    </AdminPage>
  );
}

export const meta: MetaFunction = () => [{ title: "Confirm · Songloom admin" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
