// /account/membership (spec 2 §4, §7): the current plan, buying one through Stripe Checkout, upgrading
// (now, prorated), switching billing interval, downgrading (at the period end; to free = cancel),
// renewing, the default card and the card-expiry warning. Every button is a plain form posting here, so
// the page works without JavaScript; the action answers with a redirect back (or to Stripe's page).
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { Note, Section, formatDate } from "~/components/account/account-ui";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PLANS, formatUsd, type BillingInterval } from "~/content/plans";
import { requireVerifiedUser } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { getUserPlan } from "~/server/plans.server";
import {
  assertCanBuy,
  cancelMembership,
  changeMembership,
  createCardSetupCheckout,
  createMembershipCheckout,
  getMembership,
  listCards,
  paymentsAvailable,
  renewMembership,
  setDefaultCard,
} from "~/services/billing";
import { readFormData } from "~/utils/forms";

const QuerySchema = z.object({
  billing: z.enum(["monthly", "annual"]).optional().catch(undefined),
  checkout: z.enum(["success", "canceled"]).optional().catch(undefined),
  updated: z.enum(["upgrade", "downgrade", "interval", "cancel", "renew", "payment_method"]).optional().catch(undefined),
  card: z.enum(["added"]).optional().catch(undefined),
  plan: z.coerce.number().int().optional().catch(undefined),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const query = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const available = paymentsAvailable();
  const [membership, plan, cards] = await Promise.all([getMembership(user.id), getUserPlan(user), available ? listCards(user.id) : Promise.resolve([])]);
  const preselected = PLANS.find((candidate) => candidate.prices.annual.productId === query.plan && candidate.key !== "free");
  const billing: BillingInterval = query.billing ?? (preselected ? "annual" : (membership.interval ?? "monthly"));
  return json({ membership, features: plan.limits.features, monthlyWavDownloads: plan.limits.monthlyWavDownloads, cards, query, billing, available });
}

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("buy"), productId: z.coerce.number().int() }),
  z.object({ intent: z.literal("change"), productId: z.coerce.number().int() }),
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("renew") }),
  z.object({ intent: z.literal("add_card") }),
  z.object({ intent: z.literal("default_card"), paymentMethodId: z.string().min(1) }),
]);

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const parsed = ActionSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return json({ error: "Choose one of the buttons on this page." }, { status: 400 });
  const form = parsed.data;
  try {
    switch (form.intent) {
      case "buy":
        await assertCanBuy(user.id);
        return redirect(await createMembershipCheckout(user, form.productId));
      case "add_card":
        return redirect(await createCardSetupCheckout(user));
      case "change":
        return redirect(`/account/membership?updated=${await changeMembership(user, form.productId)}`);
      case "cancel":
        await cancelMembership(user);
        return redirect("/account/membership?updated=cancel");
      case "renew":
        await renewMembership(user);
        return redirect("/account/membership?updated=renew");
      case "default_card":
        await setDefaultCard(user, form.paymentMethodId);
        return redirect("/account/membership?updated=payment_method");
    }
  } catch (error) {
    if (error instanceof ApiError) return json({ error: error.message }, { status: error.status });
    throw error;
  }
}

const PLAN_NAME: Record<number, string> = { 7: "Free", 1: "Creator (monthly)", 9: "Creator (annual)", 2: "Pro (monthly)", 10: "Pro (annual)" };
const RANK = { free: 0, creator: 1, pro: 2 } as const;

export default function MembershipPage() {
  const { membership, features, monthlyWavDownloads, cards, query, billing, available } = useLoaderData<typeof loader>();
  const error = useActionData<typeof action>()?.error;
  const busy = useNavigation().state !== "idle";
  const paid = membership.planKey !== "free";
  const updatedMessage = {
    upgrade: `You are now on ${PLAN_NAME[membership.productId]}. The prorated difference was charged to your card.`,
    interval: `You now pay ${membership.interval === "annual" ? "annually" : "monthly"}: ${PLAN_NAME[membership.productId]}.`,
    downgrade: `Your plan changes to ${PLAN_NAME[membership.pendingProductId ?? 7]} on ${formatDate(membership.downgradeEffectiveTimestamp)}.`,
    cancel: `Your membership ends on ${formatDate(membership.downgradeEffectiveTimestamp)}; you keep its features until then.`,
    renew: "Your membership will renew.",
    payment_method: "Your default card is updated.",
  } as const;

  return (
    <div className="space-y-6">
      {query.checkout === "success" ? (
        paid ? (
          <Note tone="success" testId="membership-notice">Thank you! Your {PLAN_NAME[membership.productId]} membership is active.</Note>
        ) : (
          <Note tone="info" testId="membership-notice">We are confirming your payment with Stripe. <Link to="/account/membership?checkout=success" className="underline">Refresh</Link> in a moment.</Note>
        )
      ) : null}
      {query.checkout === "canceled" ? <Note tone="info" testId="membership-notice">Checkout was cancelled; nothing was charged.</Note> : null}
      {query.card === "added" ? <Note tone="success" testId="membership-notice">Your new card is saved and is now your default.</Note> : null}
      {query.updated ? <Note tone="success" testId="membership-notice">{updatedMessage[query.updated]}</Note> : null}
      {error ? <Note tone="error" testId="membership-error">{error}</Note> : null}
      {!available ? <Note tone="warning">Payments are not available right now. Please try again later.</Note> : null}

      <Section title="Your membership" id="current-membership">
        <p data-testid="current-plan" className="text-base text-white">
          {PLAN_NAME[membership.productId]}
          {membership.status === "past_due" ? <span className="ml-2 text-amber-300">(payment overdue)</span> : null}
        </p>
        {paid && membership.currentPeriodEnd ? (
          <p>{membership.cancelAtPeriodEnd ? `Ends on ${formatDate(membership.currentPeriodEnd)}.` : `Renews on ${formatDate(membership.currentPeriodEnd)}.`}</p>
        ) : null}
        {membership.downgradeEffectiveTimestamp ? (
          <div data-testid="pending-change" className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-400/30 bg-amber-950/20 px-4 py-3">
            <span>
              Changes to {PLAN_NAME[membership.pendingProductId ?? 7]} on {formatDate(membership.downgradeEffectiveTimestamp)}.
            </span>
            <Form method="post">
              <button name="intent" value="renew" disabled={busy} className={buttonClass("secondary", "sm")}>
                Keep {PLAN_NAME[membership.productId]}
              </button>
            </Form>
          </div>
        ) : null}
        <ul data-testid="plan-features" className="list-disc space-y-1 pl-5">
          <li>MP3 downloads: {features.includes("downloads") ? "included" : "not included"}</li>
          <li>WAV downloads: {features.includes("wav_downloads") ? `${monthlyWavDownloads} a month` : "not included"}</li>
          <li>MIDI downloads: {features.includes("midi_downloads") ? "included" : "not included"}</li>
          <li>Stem downloads: {features.includes("stem_downloads") ? "included" : "not included"}</li>
          <li>Commercial use: {features.includes("commercial_use") ? "included" : "not included"}</li>
        </ul>
        {membership.cardExpiresBeforeRenewal && membership.card ? (
          <Note tone="warning" testId="card-expiry-warning">
            Your card ending {membership.card.last4} expires {String(membership.card.expMonth).padStart(2, "0")}/{membership.card.expYear}, before your renewal on {formatDate(membership.currentPeriodEnd)}. Add a new card so your membership continues.
          </Note>
        ) : null}
      </Section>

      <Section title="Plans" id="plans">
        <nav aria-label="Billing period" className="flex gap-2">
          {(["monthly", "annual"] as const).map((interval) => (
            <Link key={interval} to={`?billing=${interval}`} preventScrollReset aria-current={billing === interval ? "page" : undefined} className={buttonClass(billing === interval ? "primary" : "ghost", "sm")}>
              {interval === "monthly" ? "Monthly" : "Annual"}
            </Link>
          ))}
        </nav>
        <ul className="grid gap-4 sm:grid-cols-3">
          {PLANS.map((plan) => {
            const price = plan.prices[billing];
            const current = price.productId === membership.productId || (plan.key === "free" && !paid);
            const sameTier = plan.key === membership.planKey;
            let label: string | null = null;
            let intent: "buy" | "change" = "change";
            if (!paid) {
              if (plan.key !== "free") {
                label = `Choose ${plan.name} ${billing}`;
                intent = "buy";
              }
            } else if (!current) {
              if (plan.key === "free") label = membership.cancelAtPeriodEnd ? null : "Downgrade to Free";
              else if (sameTier) label = `Switch to ${billing}`;
              else label = RANK[plan.key] > RANK[membership.planKey] ? `Upgrade to ${plan.name} ${billing}` : `Downgrade to ${plan.name} ${billing}`;
            }
            return (
              <li key={plan.key} data-testid={`plan-${plan.key}`} className={`rounded-xl border p-4 ${current ? "border-brand-400" : "border-ink-700"}`}>
                <p className="font-semibold text-white">{plan.name}</p>
                <p className="mt-1 text-2xl font-bold text-white">
                  {formatUsd(price.amountCents)}
                  <span className="text-sm font-normal text-slate-400">{plan.key === "free" ? "" : billing === "annual" ? " a year" : " a month"}</span>
                </p>
                <p className="mt-2 text-slate-400">{plan.tagline}</p>
                <div className="mt-4">
                  {current ? (
                    <span className="text-sm text-brand-300">Your plan</span>
                  ) : label && available ? (
                    <Form method="post">
                      <input type="hidden" name="productId" value={price.productId} />
                      <button name="intent" value={intent} disabled={busy} className={buttonClass(plan.highlighted ? "primary" : "secondary", "sm")}>
                        {label}
                      </button>
                    </Form>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
        {paid ? (
          <p className="text-slate-400">
            Upgrades and billing-period switches take effect now; you pay the prorated difference. Downgrades take effect at the end of the period you paid for.
          </p>
        ) : null}
        {paid && !membership.cancelAtPeriodEnd ? (
          <Form method="post">
            <button name="intent" value="cancel" disabled={busy} className={buttonClass("ghost", "sm")}>
              Cancel membership
            </button>
          </Form>
        ) : null}
      </Section>

      {available ? (
        <Section title="Payment method" id="payment-method">
          {cards.length === 0 ? <p>No saved card yet: you add one at checkout.</p> : null}
          <ul className="space-y-2">
            {cards.map((card) => (
              <li key={card.id} className="flex flex-wrap items-center gap-3">
                <span>
                  {card.brand} ending {card.last4}, expires {String(card.expMonth).padStart(2, "0")}/{card.expYear}
                </span>
                {card.isDefault ? (
                  <span className="text-brand-300">Default</span>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="paymentMethodId" value={card.id} />
                    <button name="intent" value="default_card" disabled={busy} className={buttonClass("ghost", "sm")}>
                      Make default
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
          {cards.length > 0 ? (
            <Form method="post">
              <button name="intent" value="add_card" disabled={busy} className={buttonClass("secondary", "sm")}>
                Add a card
              </button>
            </Form>
          ) : null}
        </Section>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Memberships · Songloom" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
