// Local Stripe stand-in — used only when no Stripe keys are configured, for development and tests.
// The hosted checkout page Stripe Checkout would show: a plain form (no JavaScript), Stripe's test cards,
// and Stripe's own decline messages. Paying completes the session, sends the signed webhooks and then
// redirects to the app's success_url. 404 with real keys or in production.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AuthCard, FormAlert } from "~/components/auth-form";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { formatUsd } from "~/content/plans";
import { isStripeStandin } from "~/services/billing/stripe.server";
import { payCheckoutSession, sessionSummary } from "~/services/billing/standin/checkout.server";
import { StandinError, TEST_CARDS } from "~/services/billing/standin/objects.server";
import { formError, parseForm, readFormData, type FormErrors } from "~/utils/forms";

async function loadSession(id: string | undefined) {
  if (!isStripeStandin() || !id) throw new Response("Not found", { status: 404 });
  try {
    return await sessionSummary(id);
  } catch (error) {
    if (error instanceof StandinError) throw new Response("No such checkout session", { status: 404 });
    throw error;
  }
}

export async function loader({ params }: LoaderFunctionArgs) {
  const session = await loadSession(params.sessionId);
  return json({ session, cards: Object.entries(TEST_CARDS).map(([number, card]) => ({ number: number.replace(/(\d{4})(?=\d)/g, "$1 "), label: card.label })) });
}

const CardSchema = z.object({
  cardNumber: z.string().transform((value) => value.replace(/[\s-]/g, "")).pipe(z.string().regex(/^\d{13,19}$/, { message: "Your card number is incomplete." })),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/, { message: "Your card's expiration date is incomplete (MM / YY)." }),
  cvc: z.string().trim().regex(/^\d{3,4}$/, { message: "Your card's security code is incomplete." }),
  name: z.string().trim().max(100).default(""),
});

export async function action({ request, params }: ActionFunctionArgs) {
  const session = await loadSession(params.sessionId);
  if (session.status !== "open") return json({ errors: formError("This checkout session has already been completed.") as FormErrors }, { status: 409 });
  const parsed = parseForm(CardSchema, await readFormData(request));
  if (!parsed.ok) return json({ errors: parsed.errors as FormErrors }, { status: 400 });
  const [month, year] = parsed.data.expiry.split("/").map((part) => Number(part.trim()));
  const result = await payCheckoutSession(session.id, { number: parsed.data.cardNumber, expMonth: month, expYear: 2000 + year, cvc: parsed.data.cvc, name: parsed.data.name });
  if (!result.ok) return json({ errors: formError(result.message) as FormErrors }, { status: 402 });
  return redirect(result.redirectTo);
}

export default function StandinCheckoutPage() {
  const { session, cards } = useLoaderData<typeof loader>();
  const errors = useActionData<typeof action>()?.errors;
  const line = session.lines[0];
  const nextYear = (new Date().getUTCFullYear() + 1) % 100;
  return (
    <AuthCard
      title="Local Stripe stand-in checkout"
      intro="Local Stripe stand-in — used only when no Stripe keys are configured, for development and tests. No real card is charged: use one of Stripe's test cards below."
    >
      <div className="rounded-2xl border border-ink-700 bg-ink-950/60 p-4 text-sm text-slate-300">
        {session.mode === "setup" ? (
          <p>Save a card for future payments{session.email ? ` (${session.email})` : ""}.</p>
        ) : (
          <>
            <p className="font-medium text-white">{line?.name}</p>
            <p data-testid="checkout-amount">
              {formatUsd(session.amountTotal)}
              {line?.interval ? ` per ${line.interval}` : ""}
              {session.email ? ` · ${session.email}` : ""}
            </p>
          </>
        )}
      </div>
      <FormAlert messages={errors?.form} />
      {session.status === "open" ? (
        <Form method="post" reloadDocument noValidate className="space-y-4">
          <CardField name="cardNumber" label="Card number" placeholder="4242 4242 4242 4242" autoComplete="cc-number" errors={errors?.fields.cardNumber} />
          <div className="grid grid-cols-2 gap-4">
            <CardField name="expiry" label="Expiry (MM / YY)" placeholder={`12 / ${nextYear}`} autoComplete="cc-exp" errors={errors?.fields.expiry} />
            <CardField name="cvc" label="CVC" placeholder="123" autoComplete="cc-csc" errors={errors?.fields.cvc} />
          </div>
          <CardField name="name" label="Name on card" placeholder="" autoComplete="cc-name" errors={errors?.fields.name} required={false} />
          <button type="submit" className={`${buttonClass("primary")} w-full`}>
            {session.mode === "setup" ? "Save card" : session.mode === "subscription" ? "Subscribe" : "Pay"}
          </button>
        </Form>
      ) : (
        <p className="text-sm text-slate-400">This checkout session is {session.status}.</p>
      )}
      {session.cancelUrl ? (
        <a href={session.cancelUrl} className="block text-center text-sm text-slate-400 underline">
          Cancel and go back
        </a>
      ) : null}
      <details className="text-xs text-slate-400">
        <summary className="cursor-pointer">Stripe test cards</summary>
        <ul className="mt-2 space-y-1">
          {cards.map((card) => (
            <li key={card.number}>
              <code>{card.number}</code>: {card.label}
            </li>
          ))}
          <li>Any future expiry date and any CVC. An expiry before the renewal date shows the card-expiry warning.</li>
        </ul>
      </details>
    </AuthCard>
  );
}

function CardField({ name, label, placeholder, autoComplete, errors, required = true }: { name: string; label: string; placeholder: string; autoComplete: string; errors?: string[]; required?: boolean }) {
  const invalid = Boolean(errors?.length);
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-medium text-slate-200">
        {label}
      </label>
      <input
        id={name}
        name={name}
        inputMode={name === "name" ? "text" : "numeric"}
        placeholder={placeholder}
        autoComplete={autoComplete}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${name}-error` : undefined}
        className="mt-1 block w-full rounded-xl border border-ink-600 bg-ink-950 px-3 py-2 text-white"
      />
      {invalid ? (
        <p id={`${name}-error`} className="mt-1 text-sm text-red-400">
          {errors!.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Local Stripe stand-in checkout · Songloom" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
