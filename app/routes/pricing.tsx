import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import {
  PLAN_FEATURES,
  PLAN_HIGHLIGHTS,
  PLANS,
  annualSavingPercent,
  formatUsd,
  monthlyEquivalentCents,
  type BillingInterval,
  type Plan,
} from "~/content/plans";
import { getOptionalUser } from "~/server/guards.server";
import { PUBLIC_PAGE } from "~/utils/page-handle";

/** Complete without JavaScript: visitors get it without the Remix runtime (ADR 012). */
export const handle = PUBLIC_PAGE;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  const query = PricingQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return json({ billing: query.billing, signedIn: user !== null, newSignUp: query.new_sign_up === "true" });
}

// The billing switch is two links, so it works without JavaScript; anything unexpected means monthly.
const PricingQuerySchema = z.object({
  billing: z.enum(["monthly", "annual"]).catch("monthly"),
  new_sign_up: z.string().optional(),
});

export default function PricingPage() {
  const { billing, signedIn, newSignUp } = useLoaderData<typeof loader>();
  const bestSaving = Math.max(...PLANS.map(annualSavingPercent));
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      {newSignUp ? (
        <p role="status" className="mx-auto mb-10 max-w-2xl rounded-xl border border-accent-500/40 bg-accent-500/10 px-5 py-3 text-center text-sm text-accent-200">
          Your email address is verified. Pick a plan, or start making songs for free.
        </p>
      ) : null}
      <header className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">Pricing</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-white sm:text-5xl">Plans for every music maker</h1>
        <p className="mt-4 text-lg text-slate-400">
          Start free. Upgrade when you want to download your songs, use them commercially or release more of them.
        </p>
      </header>

      <nav aria-label="Billing period" className="mt-10 flex justify-center">
        <ul className="flex rounded-full border border-ink-700 bg-ink-900 p-1">
          {(["monthly", "annual"] as const).map((interval) => (
            <li key={interval}>
              <Link
                to={`?billing=${interval}`}
                preventScrollReset
                aria-current={billing === interval ? "page" : undefined}
                className={`block rounded-full px-5 py-2 text-sm font-medium ${
                  billing === interval ? "bg-brand-500 text-white" : "text-slate-300 hover:text-white"
                }`}
              >
                {interval === "monthly" ? "Monthly" : `Annual · save up to ${bestSaving}%`}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <ul className="mt-10 grid gap-6 lg:grid-cols-3">
        {PLANS.map((plan) => (
          <li key={plan.key}>
            <PlanCard plan={plan} billing={billing} signedIn={signedIn} />
          </li>
        ))}
      </ul>

      <PlanComparison />

      <section aria-labelledby="mastering-heading" className="mt-16 grid gap-6 rounded-2xl border border-ink-700 bg-ink-900/60 p-8 md:grid-cols-[1fr_auto] md:items-center">
        <div>
          <h2 id="mastering-heading" className="text-xl font-semibold text-white">
            Mastering, when a song is ready for the world
          </h2>
          <p className="mt-2 text-slate-400">
            On any plan you can buy professional mastering for a finished song: hear a 30-second preview first, then
            release it to more than 40 streaming platforms. Mastering is paid per song and is non-refundable once done.
          </p>
        </div>
        <Link to="/faqs" className={buttonClass("secondary")}>
          Questions? Read the FAQ
        </Link>
      </section>

      <p className="mt-8 text-center text-sm text-ink-400">
        Prices in US dollars. Upgrades start straight away; downgrades and cancellations take effect at the end of the
        period you have paid for.
      </p>
    </div>
  );
}

function PlanCard({ plan, billing, signedIn }: { plan: Plan; billing: BillingInterval; signedIn: boolean }) {
  const price = plan.prices[billing];
  const free = price.amountCents === 0;
  const href = !signedIn ? "/sign-up" : free ? "/style" : `/account/membership?plan=${price.productId}`;
  const cta = free ? (signedIn ? "Make a song" : "Start free") : `Choose ${plan.name}`;
  return (
    <article
      aria-labelledby={`plan-${plan.key}`}
      className={`relative flex h-full flex-col rounded-2xl border p-7 ${
        plan.highlighted
          ? "border-brand-400 bg-gradient-to-b from-brand-900/60 to-ink-900 shadow-2xl shadow-brand-900/40"
          : "border-ink-700 bg-ink-900"
      }`}
    >
      {plan.highlighted ? (
        <p className="absolute -top-3 left-7 rounded-full bg-accent-400 px-3 py-0.5 text-xs font-bold text-ink-950">Most popular</p>
      ) : null}
      <h2 id={`plan-${plan.key}`} className="text-xl font-semibold text-white">
        {plan.name}
      </h2>
      <p className="mt-1 min-h-10 text-sm text-slate-400">{plan.tagline}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-white">
          {formatUsd(monthlyEquivalentCents(price, billing))}
        </span>
        <span className="text-sm text-slate-400">/ month</span>
      </p>
      <p className="mt-1 h-5 text-sm text-slate-400">
        {free ? "Free forever" : billing === "annual" ? `${formatUsd(price.amountCents)} billed yearly` : "Billed monthly"}
      </p>
      <ul className="mt-6 flex-1 space-y-3 text-sm text-slate-200">
        {PLAN_HIGHLIGHTS[plan.key].map((line) => (
          <li key={line} className="flex gap-3">
            <CheckIcon />
            {line}
          </li>
        ))}
      </ul>
      <Link to={href} className={`${buttonClass(plan.highlighted ? "primary" : "secondary")} mt-8 w-full`}>
        {cta}
      </Link>
    </article>
  );
}

function PlanComparison() {
  return (
    <section aria-labelledby="compare-heading" className="mt-20">
      <h2 id="compare-heading" className="text-center text-2xl font-bold text-white">
        Compare plans
      </h2>
      <div className="mt-8 overflow-x-auto rounded-2xl border border-ink-700">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="bg-ink-900 text-slate-300">
            <tr>
              <th scope="col" className="px-5 py-4 font-medium">
                Feature
              </th>
              {PLANS.map((plan) => (
                <th key={plan.key} scope="col" className="px-5 py-4 text-center font-semibold text-white">
                  {plan.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-700">
            {PLAN_FEATURES.map((feature) => (
              <tr key={feature.label} className="bg-ink-950 even:bg-ink-900/40">
                <th scope="row" className="px-5 py-3.5 font-normal text-slate-300">
                  {feature.label}
                </th>
                {PLANS.map((plan) => (
                  <td key={plan.key} className="px-5 py-3.5 text-center text-slate-100">
                    <FeatureValue value={feature.values[plan.key]} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function FeatureValue({ value }: { value: string | boolean }) {
  if (value === true) {
    return (
      <span className="inline-flex justify-center">
        <CheckIcon />
        <span className="sr-only">Included</span>
      </span>
    );
  }
  if (value === false) {
    return (
      <span className="text-ink-400">
        <span aria-hidden="true">–</span>
        <span className="sr-only">Not included</span>
      </span>
    );
  }
  return <>{value}</>;
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0 text-accent-400" aria-hidden="true">
      <path d="m4 10.5 4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export const meta: MetaFunction = () => [
  { title: "Pricing · Songloom" },
  { name: "description", content: "Songloom plans: Free, Creator and Pro, billed monthly or annually." },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
