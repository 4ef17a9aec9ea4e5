// /admin/users/{id}/view (user viewer): AdminUserInfoView. Details, statuses, plan and limits, songs,
// label, tags and the actions of spec 3 §2/§4, each shown only to admins whose permissions allow it (and
// refused by the server anyway): ban/unban (user admin), account and withdrawal status (account admin),
// distribution label (distro admin) through the confirmation step; add and remove tags (tag actions); the
// balance (account viewer) and identity verification status (KYC viewer).
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { AdminPage, adminCard, adminField, ConfirmActionForm, formatDate, Notice, UserTabs } from "~/components/admin/admin-ui";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { allowedUserPages, asPage } from "~/server/admin-api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { hasPermission } from "~/server/permissions.server";
import { ensureUserTag, getUserDetails, tagUsers, untagUser, UserTagNameSchema } from "~/services/admin";
// Pure constants the page renders in the browser too.
import { CONFIRMED_ACTIONS, RELEASE_LABEL_DESCRIPTIONS, RELEASE_LABELS, SETTABLE_ACCOUNT_STATUSES, WITHDRAWAL_STATUSES } from "~/services/admin/confirmed-actions";
import { hasAccessToLabs } from "~/services/labs/index.server";
import { userBalances } from "~/services/ledger";
import { formatMicros } from "~/components/account/account-ui";
import { identityVerifications } from "#drizzle/schema/money";
import { eq } from "drizzle-orm";
import { readFormData } from "~/utils/forms";
import { isPossibleId } from "~/utils/input-schemas";

async function loadUser(userId: string | undefined) {
  const details = userId && isPossibleId(userId) ? await getUserDetails(db, userId) : null;
  if (!details) throw new Response("No such user", { status: 404 });
  return details;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requirePermission(request, "user:viewer");
  const details = await loadUser(params.userId);
  const done = new URL(request.url).searchParams.get("done");
  // Balance (account viewer; the same figures as GET /api/user/{id}/balance/values) and identity
  // verification (KYC viewer): each only for staff whose permissions show it.
  const [balance, verification] = await Promise.all([
    hasPermission(admin, "account:viewer") ? userBalances(db, details.id) : null,
    hasPermission(admin, "kyc:viewer")
      ? db
          .select({ status: identityVerifications.status, decidedBy: identityVerifications.decidedBy, updatedAt: identityVerifications.updatedAt })
          .from(identityVerifications)
          .where(eq(identityVerifications.userId, details.id))
          .then((rows) => (rows[0] ? { ...rows[0], updatedAt: rows[0].updatedAt.toISOString() } : { status: "NOT_STARTED", decidedBy: null, updatedAt: null }))
      : null,
  ]);
  return json({
    user: details,
    labsAccess: await hasAccessToLabs(details.id),
    balance,
    verification,
    tabs: allowedUserPages(admin),
    may: {
      ban: hasPermission(admin, "user:admin"),
      account: hasPermission(admin, "account:admin"),
      label: hasPermission(admin, "distro:admin"),
      tag: hasPermission(admin, "tag:actions"),
      labs: hasPermission(admin, "user:admin"),
    },
    labels: RELEASE_LABELS.map((id) => ({ id, description: RELEASE_LABEL_DESCRIPTIONS[id] })),
    doneTitle: done && done in CONFIRMED_ACTIONS ? CONFIRMED_ACTIONS[done as keyof typeof CONFIRMED_ACTIONS].title : null,
  });
}

/** Adding and removing one tag needs no confirmation (spec 3 asks it for bulk tagging only). */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requirePermission(request, "tag:actions");
  const details = await loadUser(params.userId);
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "add_tag") {
    const name = UserTagNameSchema.safeParse(form.get("tagName") ?? "");
    if (!name.success) return json({ errors: { tagName: name.error.issues[0].message } }, { status: 400 });
    await db.transaction(async (tx) => tagUsers(tx, [details.id], (await ensureUserTag(tx, name.data)).id, admin.id));
  } else if (intent === "remove_tag") {
    const tagId = String(form.get("tagId") ?? "");
    const removed = await asPage(() => db.transaction((tx) => untagUser(tx, details.id, tagId, admin.id)));
    if (!removed.ok) return json({ errors: { tagName: removed.message } }, { status: removed.status });
  } else {
    return json({ errors: { tagName: "Unknown action." } }, { status: 400 });
  }
  return redirect(`/admin/users/${details.id}/view`);
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[12rem_1fr] gap-2 border-t border-ink-800 py-2">
      <dt className="text-slate-400">{label}</dt>
      <dd className="text-slate-100">{children}</dd>
    </div>
  );
}

export default function AdminUserInfoView() {
  const { user, balance, verification, tabs, may, labels, doneTitle, labsAccess: labs } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const returnTo = useLocation().pathname;
  const banned = user.ban !== null;
  const limits = user.plan.limits;
  return (
    <AdminPage title={user.email} intro={`${user.displayName} · user ${user.id}`} back={{ to: "/admin/users", label: "User lookup" }}>
      <UserTabs userId={user.id} email={user.email} current="view" allowed={tabs} />
      {doneTitle ? <Notice>{doneTitle}: done.</Notice> : null}
      {user.statuses.account === "FROZEN" || user.statuses.withdrawal === "FROZEN" ? (
        <Notice tone="error">
          {user.statuses.account === "FROZEN" ? "This account is frozen. " : ""}
          {user.statuses.withdrawal === "FROZEN" ? "Withdrawals are frozen." : ""}
        </Notice>
      ) : null}
      {banned ? <Notice tone="error">Banned since {formatDate(user.ban!.since)}.</Notice> : null}
      <section className={adminCard} aria-labelledby="details-heading">
        <h2 id="details-heading" className="font-semibold text-white">
          Details
        </h2>
        <dl className="mt-3 text-sm">
          <Row label="Account status">{user.statuses.account}</Row>
          <Row label="Withdrawal status">{user.statuses.withdrawal}</Row>
          <Row label="Distribution label">{RELEASE_LABEL_DESCRIPTIONS[user.releaseLabel]}</Row>
          <Row label="Plan">
            {user.plan.name} (product {user.plan.productId})
          </Row>
          <Row label="Limits">
            {limits.songLimit === null ? "Unlimited songs" : `${limits.songLimit} songs`} ({limits.limitEnforced ? "enforced" : "not enforced"}) · {limits.dailySongCreations} creations a day ·{" "}
            {limits.monthlyWavDownloads} WAVs a month · features: {limits.features.join(", ") || "none"}
          </Row>
          <Row label="Songs">
            {user.songs.made} made, {user.songs.saved} saved
          </Row>
          <Row label="Email verification">{user.emailVerified ? "Verified" : "Not verified"}</Row>
          {verification ? (
            <Row label="Identity verification">
              {verification.status === "NOT_STARTED" ? "Not started" : verification.status}
              {verification.updatedAt ? ` (${verification.decidedBy ? "set by staff" : "from the identity check"}, ${formatDate(verification.updatedAt)})` : null}
            </Row>
          ) : null}
          {balance ? (
            <Row label="Balance">
              {formatMicros(balance.availableMicros)} available · {formatMicros(balance.heldMicros)} held for review · withdrawable {formatMicros(balance.withdrawableCents * 10_000)}
            </Row>
          ) : null}
          <Row label="Signs in with">{user.signInProviders.join(", ") || "—"}</Row>
          <Row label="Terms of use">{user.termsOfUseStatus}</Row>
          <Row label="Staff">{user.admin ? "Yes" : "No"}</Row>
          <Row label="Songloom Labs">
            <span className="inline-flex flex-wrap items-center gap-3">
              {labs ? "Has access: sees Labs generations in the library" : "No access"}
              {may.labs ? (
                <Form method="post" action={`/admin/users/${user.id}/labs`}>
                  <input type="hidden" name="hasAccessToLabs" value={labs ? "false" : "true"} />
                  <button type="submit" className={buttonClass("secondary", "sm")}>
                    {labs ? "Revoke Labs access" : "Grant Labs access"}
                  </button>
                </Form>
              ) : null}
            </span>
          </Row>
          <Row label="Joined">{formatDate(user.createdAt)}</Row>
        </dl>
      </section>

      <section className={`${adminCard} grid gap-3`} aria-labelledby="tags-heading">
        <h2 id="tags-heading" className="font-semibold text-white">
          Tags
        </h2>
        {user.tags.length === 0 ? <p className="text-sm text-slate-400">No tags.</p> : null}
        <ul className="flex flex-wrap gap-2">
          {user.tags.map((tag) => (
            <li key={tag.id} className="flex items-center gap-2 rounded-full border border-ink-600 px-3 py-1 text-sm text-slate-100">
              {tag.name}
              {may.tag ? (
                <Form method="post">
                  <input type="hidden" name="tagId" value={tag.id} />
                  <button type="submit" name="intent" value="remove_tag" className="text-rose-300 underline" aria-label={`Remove tag ${tag.name}`}>
                    Remove
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
        {may.tag ? (
          <Form method="post" className="flex flex-wrap items-end gap-2" noValidate>
            <div className="grid gap-1">
              <label htmlFor="tag-name" className="text-sm text-slate-300">
                Add a tag
              </label>
              <input id="tag-name" name="tagName" className={adminField} aria-invalid={actionData?.errors.tagName ? true : undefined} aria-describedby={actionData?.errors.tagName ? "tag-name-error" : undefined} />
            </div>
            <button type="submit" name="intent" value="add_tag" className={buttonClass("secondary", "sm")}>
              Add tag
            </button>
            {actionData?.errors.tagName ? <p id="tag-name-error" className="w-full text-sm text-rose-300">{actionData.errors.tagName}</p> : null}
          </Form>
        ) : null}
      </section>

      {may.ban || may.account || may.label ? (
        <section className={`${adminCard} grid gap-4`} aria-labelledby="actions-heading">
          <h2 id="actions-heading" className="font-semibold text-white">
            Actions
          </h2>
          <p className="text-sm text-slate-400">Each action asks for confirmation first.</p>
          {may.ban ? (
            banned ? (
              <ConfirmActionForm op="user.unban" userIds={[user.id]} returnTo={returnTo} label="Unban…" />
            ) : (
              <ConfirmActionForm op="user.ban" userIds={[user.id]} returnTo={returnTo} label="Ban…" />
            )
          ) : null}
          {may.account && !banned ? (
            <>
              <div className="flex flex-wrap gap-2" role="group" aria-label="Withdrawal status">
                {WITHDRAWAL_STATUSES.filter((status) => status !== user.statuses.withdrawal).map((status) => (
                  <ConfirmActionForm
                    key={status}
                    op="user.withdrawal_status"
                    userIds={[user.id]}
                    params={{ status }}
                    returnTo={returnTo}
                    label={{ ACTIVE: "Activate withdrawal…", INACTIVE: "Inactivate withdrawal…", FROZEN: "Freeze withdrawal…" }[status]}
                  />
                ))}
              </div>
              <div className="flex flex-wrap gap-2" role="group" aria-label="Account status">
                {SETTABLE_ACCOUNT_STATUSES.filter((status) => status !== user.statuses.account).map((status) => (
                  <ConfirmActionForm
                    key={status}
                    op="user.account_status"
                    userIds={[user.id]}
                    params={{ status }}
                    returnTo={returnTo}
                    label={{ ACTIVE: "Activate account…", INACTIVE: "Inactivate account…", FROZEN: "Freeze account…" }[status]}
                  />
                ))}
              </div>
            </>
          ) : null}
          {may.label && !banned ? (
            <ConfirmActionForm op="user.release_label" userIds={[user.id]} returnTo={returnTo} label="Set label…">
              <div className="grid gap-1">
                <label htmlFor="user-label" className="text-sm text-slate-300">
                  Distribution label
                </label>
                <select id="user-label" name="label" defaultValue={user.releaseLabel} className={adminField}>
                  {labels.map((label) => (
                    <option key={label.id} value={label.id}>
                      {label.description}
                    </option>
                  ))}
                </select>
              </div>
            </ConfirmActionForm>
          ) : null}
        </section>
      ) : null}
    </AdminPage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.user.email ?? "User"} · Songloom admin` }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
