// /account/withdraw (alias /withdraw; spec 2 §2): the balance from the ledger, bank accounts on Stripe
// Connect (numbers go to Stripe, never stored here), a withdrawal form and recent withdrawals. Plain
// forms: works without JavaScript, errors re-rendered beside each field.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { Note, Section, formatDate, formatMicros } from "~/components/account/account-ui";
import { Field } from "~/components/auth-form";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { formatUsd } from "~/content/plans";
import { db } from "~/server/db.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { BankAccountBody, DollarsField } from "~/services/billing/api-schemas";
import { paymentsAvailable } from "~/services/billing";
import { userBalances } from "~/services/ledger";
import { isFlagActive } from "~/server/flags.server";
import { verificationOf } from "~/services/identity";
import { addExternalAccount, KYC_THRESHOLD_CENTS, listExternalAccounts, MINIMUM_WITHDRAWAL_CENTS, recentWithdrawals, REVIEW_THRESHOLD_CENTS, requestWithdrawal } from "~/services/withdrawals";
import { parseForm, readFormData, type FormErrors } from "~/utils/forms";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const available = paymentsAvailable();
  const [balances, banks, history, kyc, verification] = await Promise.all([
    userBalances(db, user.id),
    available ? listExternalAccounts(user.id) : Promise.resolve([]),
    recentWithdrawals(user.id),
    isFlagActive("enable_kyc_verification_service"),
    verificationOf(user.id),
  ]);
  const done = new URL(request.url).searchParams.get("done");
  return json({
    balances,
    banks,
    history: history.map((row) => ({ id: row.id, amountCents: row.amountCents, state: row.state, createdAt: row.createdAt.toISOString(), failureReason: row.failureReason })),
    frozen: user.accountStatus === "FROZEN",
    available,
    needsVerification: kyc && verification?.status !== "APPROVED",
    done: done === "bank" || done === "requested" || done === "held" ? done : null,
  });
}

const WithdrawForm = z.object({ amount: DollarsField, externalAccountId: z.string({ message: "Choose a bank account." }).min(1, { message: "Choose a bank account." }) });

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const fail = (errors: FormErrors, status: number) => json({ intent, errors }, { status });
  try {
    if (intent === "add_bank") {
      const parsed = parseForm(BankAccountBody, formData);
      if (!parsed.ok) return fail(parsed.errors, 400);
      await addExternalAccount(user, parsed.data);
      return redirect("/account/withdraw?done=bank");
    }
    if (intent === "withdraw") {
      const parsed = parseForm(WithdrawForm, formData);
      if (!parsed.ok) return fail(parsed.errors, 400);
      const withdrawal = await requestWithdrawal(user.id, { amountCents: parsed.data.amount, externalAccountId: parsed.data.externalAccountId });
      return redirect(`/account/withdraw?done=${withdrawal.state === "held" ? "held" : "requested"}`);
    }
  } catch (error) {
    if (error instanceof ApiError) return fail({ form: error.fields ? [] : [error.message], fields: error.fields ?? {} }, error.status);
    throw error;
  }
  return fail({ form: ["Choose one of the buttons on this page."], fields: {} }, 400);
}

const STATE_LABEL = { requested: "Sent to your bank", held: "Held for review", paid: "Paid", failed: "Failed, returned to your balance" } as const;

export default function WithdrawPage() {
  const { balances, banks, history, frozen, available, done, needsVerification } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const errorsFor = (intent: string) => (result?.intent === intent ? result.errors : undefined);
  const withdrawErrors = errorsFor("withdraw");
  const bankErrors = errorsFor("add_bank");
  return (
    <div className="space-y-6">
      {done === "bank" ? <Note tone="success" testId="withdraw-notice">Bank account added.</Note> : null}
      {done === "requested" ? <Note tone="success" testId="withdraw-notice">Withdrawal sent to your bank. It usually arrives in 2 business days.</Note> : null}
      {done === "held" ? <Note tone="info" testId="withdraw-notice">Your withdrawal is held for a quick review before we send it.</Note> : null}
      <Section title="Balance" id="balance">
        <p className="text-3xl font-bold text-white" data-testid="available-balance">
          {formatMicros(balances.availableMicros)}
        </p>
        <p>Available to withdraw: {formatUsd(balances.withdrawableCents)} (withdrawals are in whole cents; fractions of a cent stay in your balance).</p>
        {balances.heldMicros > 0 ? <p>Held for review: {formatMicros(balances.heldMicros)}</p> : null}
      </Section>

      <Section title="Withdraw" id="withdraw">
        {frozen ? (
          <Note tone="error">Your account is frozen, so withdrawals are paused. Please contact support.</Note>
        ) : !available ? (
          <Note tone="warning">Withdrawals are not available right now. Please try again later.</Note>
        ) : banks.length === 0 ? (
          <p>Add a bank account below to withdraw.</p>
        ) : (
          <Form method="post" noValidate className="space-y-4">
            {withdrawErrors?.form.length ? <Note tone="error" testId="withdraw-error">{withdrawErrors.form.join(" ")}</Note> : null}
            <Field name="amount" label={`Amount in dollars (at least ${formatUsd(MINIMUM_WITHDRAWAL_CENTS)})`} errors={withdrawErrors?.fields.amount} />
            <fieldset>
              <legend className="text-sm font-medium text-slate-200">To</legend>
              {banks.map((bank, index) => (
                <label key={bank.id} className="mt-2 flex items-center gap-2">
                  <input type="radio" name="externalAccountId" value={bank.id} defaultChecked={index === 0} />
                  {bank.bankName} ending {bank.last4}
                </label>
              ))}
              {withdrawErrors?.fields.externalAccountId ? <p className="mt-1 text-sm text-red-400">{withdrawErrors.fields.externalAccountId.join(" ")}</p> : null}
            </fieldset>
            {needsVerification ? (
              <p>
                Withdrawals over {formatUsd(KYC_THRESHOLD_CENTS)} need a verified identity: <a href="/verification" className="text-brand-300 underline">verify your identity</a>.
              </p>
            ) : null}
            <p className="text-slate-400">Withdrawals of {formatUsd(REVIEW_THRESHOLD_CENTS)} or more are reviewed by our team before they are sent.</p>
            <button name="intent" value="withdraw" disabled={busy} className={buttonClass("primary")}>
              Withdraw
            </button>
          </Form>
        )}
      </Section>

      {available ? (
        <Section title="Bank accounts" id="bank-accounts">
          <ul className="space-y-1" data-testid="bank-accounts">
            {banks.map((bank) => (
              <li key={bank.id}>
                {bank.bankName} ending {bank.last4}
                {bank.accountHolderName ? ` · ${bank.accountHolderName}` : ""}
              </li>
            ))}
          </ul>
          <Form method="post" noValidate className="space-y-4">
            {bankErrors?.form.length ? <Note tone="error">{bankErrors.form.join(" ")}</Note> : null}
            <p className="text-slate-400">Your bank details go straight to our payment provider, Stripe; Songloom does not store them.</p>
            <Field name="accountHolderName" label="Name on the account" errors={bankErrors?.fields.accountHolderName} />
            <Field name="routingNumber" label="Routing number (9 digits)" errors={bankErrors?.fields.routingNumber} />
            <Field name="accountNumber" label="Account number" errors={bankErrors?.fields.accountNumber} />
            <button name="intent" value="add_bank" disabled={busy} className={buttonClass("secondary")}>
              Add bank account
            </button>
          </Form>
        </Section>
      ) : null}

      <Section title="Recent withdrawals" id="recent-withdrawals">
        {history.length === 0 ? (
          <p>We could not find any results.</p>
        ) : (
          <ul className="space-y-1" data-testid="withdrawal-history">
            {history.map((row) => (
              <li key={row.id}>
                {formatDate(row.createdAt)}: {formatUsd(row.amountCents)}, {STATE_LABEL[row.state]}
                {row.failureReason ? ` (${row.failureReason})` : ""}
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Withdraw · Songloom" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
