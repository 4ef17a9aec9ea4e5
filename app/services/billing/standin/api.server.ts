// Local Stripe stand-in — used only when no Stripe keys are configured, for development and tests.
// The subset of Stripe's REST API (https://docs.stripe.com/api) that Songloom calls, answered in
// Stripe's shapes and error format so the official SDK works against it unchanged. Served at /v1/* by
// app/routes/v1.$.ts, 404 unless the stand-in is on (no STRIPE_SECRET_KEY, not production).
import { appUrl, STANDIN_SECRET_KEY } from "../stripe.server";
import { after, deliverLater, makeEvent } from "./events.server";
import { decodeStripeParams, type Params } from "./form-encoding";
import { changePrice, FAILING_BANK_ACCOUNT, firstItem, mustLoad, renewSubscription, StandinError } from "./objects.server";
import { list, listOf, load, nowSeconds, publicView, save, stripeId, type StripeObject } from "./store.server";

type Handler = (args: { params: Params; match: string[]; account: string | null }) => Promise<StripeObject>;
interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
}

const routes: Route[] = [];
function route(method: string, path: string, handler: Handler) {
  routes.push({ method, pattern: new RegExp(`^${path.replace(/:\w+/g, "([^/]+)")}$`), handler });
}

const text = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);
const bool = (value: unknown): boolean | undefined => (value === "true" ? true : value === "false" ? false : undefined);
const int = (value: unknown, param: string): number => {
  const number = Number(value);
  if (!Number.isInteger(number)) throw new StandinError(400, "invalid_request_error", `Invalid integer: ${String(value)}`, "parameter_invalid_integer", param);
  return number;
};
const required = (value: unknown, param: string): string => {
  const found = text(value);
  if (!found) throw new StandinError(400, "invalid_request_error", `Missing required param: ${param}.`, "parameter_missing", param);
  return found;
};
const metadata = (value: unknown): Params => (typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Params) : {});

// Customers
route("POST", "/v1/customers", async ({ params }) =>
  save({ id: stripeId("cus"), object: "customer", created: nowSeconds(), email: text(params.email) ?? null, name: text(params.name) ?? null, balance: 0, metadata: metadata(params.metadata), invoice_settings: { default_payment_method: null } }),
);
route("GET", "/v1/customers/:id", async ({ match }) => mustLoad(match[0], "customer"));
route("POST", "/v1/customers/:id", async ({ params, match }) => {
  const customer = await mustLoad(match[0], "customer");
  const previous = { invoice_settings: { ...customer.invoice_settings } };
  const settings = params.invoice_settings as Params | undefined;
  const defaultPaymentMethod = text(settings?.default_payment_method);
  if (defaultPaymentMethod) {
    const method = await mustLoad(defaultPaymentMethod, "payment_method");
    if (method.customer !== customer.id) throw new StandinError(400, "invalid_request_error", "The payment method is not attached to this customer.", "resource_missing", "invoice_settings[default_payment_method]");
    customer.invoice_settings = { ...customer.invoice_settings, default_payment_method: defaultPaymentMethod };
  }
  if (text(params.email)) customer.email = text(params.email);
  customer.metadata = { ...customer.metadata, ...metadata(params.metadata) };
  await save(customer);
  deliverLater([await makeEvent("customer.updated", customer, { previous })]);
  return customer;
});
const paymentMethodsOf = async (customer: string, url: string) => listOf(await list("payment_method", (method) => method.customer === customer), url);
route("GET", "/v1/customers/:id/payment_methods", async ({ match }) => paymentMethodsOf((await mustLoad(match[0], "customer")).id, `/v1/customers/${match[0]}/payment_methods`));
route("GET", "/v1/payment_methods", async ({ params }) => paymentMethodsOf(required(params.customer, "customer"), "/v1/payment_methods"));
route("GET", "/v1/payment_methods/:id", async ({ match }) => mustLoad(match[0], "payment_method"));

// Prices (looked up by lookup_key; created on first use)
route("GET", "/v1/prices", async ({ params }) => {
  const keys = Array.isArray(params.lookup_keys) ? (params.lookup_keys as string[]) : [];
  return listOf(await list("price", (price) => keys.length === 0 || keys.includes(price.lookup_key)), "/v1/prices");
});
route("GET", "/v1/prices/:id", async ({ match }) => mustLoad(match[0], "price"));
route("POST", "/v1/prices", async ({ params }) => {
  const recurring = params.recurring as Params | undefined;
  const lookupKey = text(params.lookup_key) ?? null;
  if (lookupKey && (await list("price", (price) => price.lookup_key === lookupKey)).length > 0) {
    throw new StandinError(400, "invalid_request_error", `A price (lookup_key ${lookupKey}) already exists.`, "lookup_key_exists", "lookup_key");
  }
  const productData = params.product_data as Params | undefined;
  const product = text(params.product) ?? (await save({ id: stripeId("prod"), object: "product", name: required(productData?.name, "product_data[name]"), created: nowSeconds(), metadata: metadata(productData?.metadata) })).id;
  return save({
    id: stripeId("price"),
    object: "price",
    active: true,
    created: nowSeconds(),
    currency: required(params.currency, "currency"),
    unit_amount: int(params.unit_amount, "unit_amount"),
    recurring: recurring ? { interval: required(recurring.interval, "recurring[interval]"), interval_count: 1, usage_type: "licensed" } : null,
    type: recurring ? "recurring" : "one_time",
    lookup_key: lookupKey,
    product,
    metadata: metadata(params.metadata),
  });
});

// Checkout Sessions (subscription, payment and setup modes); the hosted page is /dev/stripe/checkout/:id
route("POST", "/v1/checkout/sessions", async ({ params }) => {
  const mode = required(params.mode, "mode");
  if (!["subscription", "payment", "setup"].includes(mode)) throw new StandinError(400, "invalid_request_error", `Invalid mode: ${mode}`, "parameter_invalid", "mode");
  const lineItems = Array.isArray(params.line_items) ? (params.line_items as Params[]) : [];
  if (mode !== "setup" && lineItems.length !== 1) throw new StandinError(400, "invalid_request_error", "The stand-in takes exactly one line item.", "parameter_invalid", "line_items");
  const lines: StripeObject[] = [];
  for (const item of lineItems) {
    if (text(item.price)) {
      const price = await mustLoad(item.price, "price");
      const product = await load(price.product);
      lines.push({ name: product?.name ?? price.lookup_key ?? price.id, price });
    } else {
      const data = item.price_data as Params;
      const productData = data?.product_data as Params;
      const name = required(productData?.name, "line_items[0][price_data][product_data][name]");
      lines.push({ name, price: { object: "price", currency: required(data.currency, "currency"), unit_amount: int(data.unit_amount, "unit_amount"), recurring: null } });
    }
  }
  if (mode === "subscription" && !lines[0].price.recurring) throw new StandinError(400, "invalid_request_error", "Subscription mode needs a recurring price.", "parameter_invalid", "line_items");
  if (mode === "payment" && lines[0].price.recurring) throw new StandinError(400, "invalid_request_error", "Payment mode needs a one-time price.", "parameter_invalid", "line_items");
  const id = stripeId("cs_test");
  return save({
    id,
    object: "checkout.session",
    mode,
    status: "open",
    payment_status: "unpaid",
    created: nowSeconds(),
    expires_at: nowSeconds() + 24 * 3600,
    customer: text(params.customer) ?? null,
    customer_email: text(params.customer_email) ?? null,
    client_reference_id: text(params.client_reference_id) ?? null,
    metadata: metadata(params.metadata),
    success_url: required(params.success_url, "success_url"),
    cancel_url: text(params.cancel_url) ?? null,
    url: new URL(`/dev/stripe/checkout/${id}`, appUrl()).toString(),
    amount_total: lines.reduce((sum, line) => sum + (line.price.unit_amount ?? 0), 0),
    currency: lines[0]?.price.currency ?? "usd",
    subscription: null,
    payment_intent: null,
    setup_intent: null,
    livemode: false,
    _lines: lines,
    _subscription_metadata: metadata((params.subscription_data as Params | undefined)?.metadata),
    _payment_metadata: metadata((params.payment_intent_data as Params | undefined)?.metadata),
  });
});
route("GET", "/v1/checkout/sessions/:id", async ({ match }) => mustLoad(match[0], "checkout.session"));
route("GET", "/v1/setup_intents/:id", async ({ match }) => mustLoad(match[0], "setup_intent"));
route("GET", "/v1/payment_intents/:id", async ({ match }) => mustLoad(match[0], "payment_intent"));
route("GET", "/v1/invoices/:id", async ({ match }) => mustLoad(match[0], "invoice"));

// Subscriptions
route("GET", "/v1/subscriptions/:id", async ({ match }) => mustLoad(match[0], "subscription"));
route("POST", "/v1/subscriptions/:id", async ({ params, match }) => {
  const subscription = await mustLoad(match[0], "subscription");
  if (subscription.status === "canceled") throw new StandinError(400, "invalid_request_error", "A canceled subscription can only update its cancellation_details and metadata.");
  const events: StripeObject[] = [];
  const items = Array.isArray(params.items) ? (params.items as Params[]) : [];
  if (items[0]) {
    if (text(items[0].id) && items[0].id !== firstItem(subscription).id) throw new StandinError(400, "invalid_request_error", "No such subscription item.", "resource_missing", "items[0][id]");
    const price = await mustLoad(required(items[0].price, "items[0][price]"), "price");
    events.push(...(await changePrice(subscription, price, text(params.proration_behavior) ?? "create_prorations")));
  }
  const cancel = bool(params.cancel_at_period_end);
  if (cancel !== undefined) {
    subscription.cancel_at_period_end = cancel;
    subscription.cancel_at = cancel ? firstItem(subscription).current_period_end : null;
  }
  if (text(params.default_payment_method)) subscription.default_payment_method = (await mustLoad(params.default_payment_method, "payment_method")).id;
  subscription.metadata = { ...subscription.metadata, ...metadata(params.metadata) };
  await save(subscription);
  events.unshift(await makeEvent("customer.subscription.updated", subscription));
  deliverLater(events);
  return subscription;
});
route("DELETE", "/v1/subscriptions/:id", async ({ match }) => {
  const subscription = await mustLoad(match[0], "subscription");
  Object.assign(subscription, { status: "canceled", canceled_at: nowSeconds(), ended_at: nowSeconds() });
  await save(subscription);
  deliverLater([await makeEvent("customer.subscription.deleted", subscription)]);
  return subscription;
});

// Subscription schedules (downgrades at the period end)
route("POST", "/v1/subscription_schedules", async ({ params }) => {
  const subscription = await mustLoad(required(params.from_subscription, "from_subscription"), "subscription");
  if (subscription.schedule) throw new StandinError(400, "invalid_request_error", "The subscription already has a schedule.");
  const item = firstItem(subscription);
  const schedule = await save({
    id: stripeId("sub_sched"),
    object: "subscription_schedule",
    created: nowSeconds(),
    customer: subscription.customer,
    subscription: subscription.id,
    status: "active",
    end_behavior: "release",
    released_subscription: null,
    metadata: {},
    phases: [{ start_date: item.current_period_start, end_date: item.current_period_end, items: [{ price: item.price.id, quantity: 1 }] }],
  });
  subscription.schedule = schedule.id;
  await save(subscription);
  deliverLater([await makeEvent("subscription_schedule.created", schedule)]);
  return schedule;
});
route("GET", "/v1/subscription_schedules/:id", async ({ match }) => mustLoad(match[0], "subscription_schedule"));
route("POST", "/v1/subscription_schedules/:id", async ({ params, match }) => {
  const schedule = await mustLoad(match[0], "subscription_schedule");
  if (schedule.status !== "active") throw new StandinError(400, "invalid_request_error", `The schedule is ${schedule.status}.`);
  const phases = Array.isArray(params.phases) ? (params.phases as Params[]) : [];
  if (phases.length > 0) {
    let start = Number(schedule.phases[0].start_date);
    schedule.phases = phases.map((phase) => {
      const items = (Array.isArray(phase.items) ? phase.items : []) as Params[];
      const startDate = phase.start_date !== undefined ? int(phase.start_date, "phases[][start_date]") : start;
      const endDate = phase.end_date !== undefined ? int(phase.end_date, "phases[][end_date]") : null;
      start = endDate ?? start;
      return { start_date: startDate, end_date: endDate, items: items.map((item) => ({ price: required(item.price, "phases[][items][][price]"), quantity: 1 })) };
    });
    for (const phase of schedule.phases) await mustLoad(phase.items[0]?.price, "price");
  }
  if (text(params.end_behavior)) schedule.end_behavior = params.end_behavior;
  await save(schedule);
  deliverLater([await makeEvent("subscription_schedule.updated", schedule)]);
  return schedule;
});
route("POST", "/v1/subscription_schedules/:id/release", async ({ match }) => {
  const schedule = await mustLoad(match[0], "subscription_schedule");
  const subscription = await mustLoad(schedule.subscription, "subscription");
  Object.assign(schedule, { status: "released", released_subscription: subscription.id });
  subscription.schedule = null;
  await save(schedule);
  await save(subscription);
  deliverLater([await makeEvent("subscription_schedule.released", schedule), await makeEvent("customer.subscription.updated", subscription)]);
  return schedule;
});

// Connect: accounts, their bank accounts, transfers and payouts
route("POST", "/v1/accounts", async ({ params }) =>
  save({ id: stripeId("acct"), object: "account", type: text(params.type) ?? "custom", created: nowSeconds(), email: text(params.email) ?? null, country: text(params.country) ?? "US", default_currency: "usd", payouts_enabled: true, charges_enabled: false, metadata: metadata(params.metadata), _balance: 0 }),
);
route("GET", "/v1/accounts/:id", async ({ match }) => mustLoad(match[0], "account"));
route("POST", "/v1/accounts/:id/external_accounts", async ({ params, match }) => {
  const account = await mustLoad(match[0], "account");
  const bank = params.external_account as Params | undefined;
  if (typeof bank !== "object" || bank.object !== "bank_account") throw new StandinError(400, "invalid_request_error", "Send external_account as a bank_account object.", "parameter_invalid", "external_account");
  const routing = required(bank.routing_number, "external_account[routing_number]");
  const number = required(bank.account_number, "external_account[account_number]");
  if (!/^\d{9}$/.test(routing)) throw new StandinError(400, "invalid_request_error", "Routing number must have 9 digits", "routing_number_invalid", "external_account[routing_number]");
  if (!/^\d{4,17}$/.test(number)) throw new StandinError(400, "invalid_request_error", "Account number must have 4 to 17 digits", "account_number_invalid", "external_account[account_number]");
  const existing = await list("bank_account", (found) => found.account === account.id);
  // The account number itself is not kept, even here: only its last four digits and whether it is the failing test account.
  return save({
    id: stripeId("ba"),
    object: "bank_account",
    account: account.id,
    created: nowSeconds(),
    account_holder_name: text(bank.account_holder_name) ?? null,
    account_holder_type: text(bank.account_holder_type) ?? "individual",
    bank_name: "STRIPE TEST BANK",
    country: text(bank.country) ?? "US",
    currency: text(bank.currency) ?? "usd",
    last4: number.slice(-4),
    routing_number: routing,
    status: "new",
    default_for_currency: existing.length === 0,
    _fails: number === FAILING_BANK_ACCOUNT,
  });
});
route("GET", "/v1/accounts/:id/external_accounts", async ({ match }) => {
  const account = await mustLoad(match[0], "account");
  return listOf(await list("bank_account", (bank) => bank.account === account.id && !bank._deleted), `/v1/accounts/${account.id}/external_accounts`);
});
route("DELETE", "/v1/accounts/:id/external_accounts/:bank", async ({ match }) => {
  const bank = await mustLoad(match[1], "bank_account");
  if (bank.account !== match[0]) throw new StandinError(404, "invalid_request_error", "No such external account.", "resource_missing");
  bank._deleted = true;
  await save(bank);
  return { id: bank.id, object: "bank_account", deleted: true };
});
route("POST", "/v1/transfers", async ({ params }) => {
  const account = await mustLoad(required(params.destination, "destination"), "account");
  const amount = int(params.amount, "amount");
  account._balance = (account._balance ?? 0) + amount;
  await save(account);
  return save({ id: stripeId("tr"), object: "transfer", created: nowSeconds(), amount, currency: required(params.currency, "currency"), destination: account.id, metadata: metadata(params.metadata), transfer_group: text(params.transfer_group) ?? null });
});
route("POST", "/v1/payouts", async ({ params, account: accountId }) => {
  if (!accountId) throw new StandinError(400, "invalid_request_error", "The stand-in pays out from connected accounts only: send the Stripe-Account header.");
  const account = await mustLoad(accountId, "account");
  const amount = int(params.amount, "amount");
  if ((account._balance ?? 0) < amount) throw new StandinError(400, "invalid_request_error", "You have insufficient funds in your Stripe account for this payout.", "balance_insufficient", "amount");
  const bank = await mustLoad(required(params.destination, "destination"), "bank_account");
  if (bank.account !== account.id || bank._deleted) throw new StandinError(404, "invalid_request_error", "No such external account.", "resource_missing", "destination");
  account._balance -= amount;
  await save(account);
  const payout = await save({ id: stripeId("po"), object: "payout", created: nowSeconds(), amount, currency: required(params.currency, "currency"), destination: bank.id, status: "pending", arrival_date: nowSeconds() + 2 * 86400, failure_code: null, failure_message: null, metadata: metadata(params.metadata), _account: account.id });
  // The bank answers a moment later, as with Stripe (there it takes days).
  after(50, () => settlePayout(payout.id, bank._fails === true));
  return payout;
});

async function settlePayout(id: string, fails: boolean): Promise<void> {
  const payout = await mustLoad(id, "payout");
  if (fails) {
    const account = await mustLoad(payout._account, "account");
    account._balance += payout.amount;
    await save(account);
    Object.assign(payout, { status: "failed", failure_code: "no_account", failure_message: "The bank account details on file are probably incorrect. No bank account could be located with those details." });
  } else {
    payout.status = "paid";
  }
  await save(payout);
  deliverLater([await makeEvent(fails ? "payout.failed" : "payout.paid", payout, { account: payout._account })]);
}

// Not Stripe's API: the stand-in's clock, so a billing period can end now (renewal, downgrade, cancel).
route("POST", "/v1/test_helpers/standin/advance", async ({ params }) => {
  const subscription = await mustLoad(required(params.subscription, "subscription"), "subscription");
  await renewSubscription(subscription);
  return (await load(subscription.id))!;
});

export async function handleStandinRequest(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if ((request.headers.get("authorization") ?? "") !== `Bearer ${STANDIN_SECRET_KEY}`) {
    return stripeError(new StandinError(401, "invalid_request_error", "Invalid API Key provided. The local Stripe stand-in takes only its own test key."));
  }
  const body = request.method === "GET" || request.method === "DELETE" ? url.searchParams : new URLSearchParams(await request.text());
  for (const candidate of routes) {
    if (candidate.method !== request.method) continue;
    const match = candidate.pattern.exec(url.pathname);
    if (!match) continue;
    try {
      const result = await candidate.handler({ params: decodeStripeParams(body), match: match.slice(1).map(decodeURIComponent), account: request.headers.get("stripe-account") });
      return Response.json(publicView(result), { headers: { "Request-Id": stripeId("req"), "Stripe-Standin": "local" } });
    } catch (error) {
      if (error instanceof StandinError) return stripeError(error);
      throw error;
    }
  }
  return stripeError(new StandinError(404, "invalid_request_error", `Unrecognized request URL (${request.method}: ${url.pathname}). The local Stripe stand-in serves only the calls Songloom makes.`));
}

function stripeError(error: StandinError): Response {
  return Response.json(
    { error: { type: error.type, message: error.message, ...(error.code ? { code: error.code } : {}), ...(error.param ? { param: error.param } : {}) } },
    { status: error.status, headers: { "Request-Id": stripeId("req"), "Stripe-Standin": "local" } },
  );
}
