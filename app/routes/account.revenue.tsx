// /account/revenue (spec 2 §2): streams and revenue by day and by store for a date range (server-rendered
// SVG charts, a GET form: no JavaScript needed), the transaction history from the ledger (paged) and
// its CSV export.
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { BarChart } from "~/components/account/bar-chart";
import { Section, formatDate, formatMicros } from "~/components/account/account-ui";
import { buttonClass } from "~/components/button";
import { db } from "~/server/db.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { byDay, byStore, transactionHistory } from "~/services/ledger";

const MIN_DATE = "2019-01-01";
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((value) => !Number.isNaN(Date.parse(value)));

function revenueQuery(url: URL) {
  const today = isoDay(new Date());
  const monthAgo = isoDay(new Date(Date.now() - 29 * 86_400_000));
  const query = z
    .object({
      start_date: Day.catch(monthAgo),
      end_date: Day.catch(today),
      page: z.coerce.number().int().min(1).catch(1),
      perPage: z.coerce.number().int().refine((value) => [10, 25, 50].includes(value)).catch(25),
    })
    .parse(Object.fromEntries(url.searchParams));
  const start = query.start_date < MIN_DATE ? MIN_DATE : query.start_date;
  const end = query.end_date > today ? today : query.end_date;
  return { ...query, start_date: start, end_date: end < start ? start : end };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const query = revenueQuery(new URL(request.url));
  const range = { start: query.start_date, end: query.end_date };
  const [days, stores, history] = await Promise.all([byDay(db, user.id, range), byStore(db, user.id, range), transactionHistory(db, user.id, query.page, query.perPage)]);
  return json({ query, days, stores, history: { total: history.total, items: history.items.map((item) => ({ ...item, postedAt: item.postedAt.toISOString() })) }, minDate: MIN_DATE });
}

const STORE_NAMES: Record<string, string> = { amazon: "Amazon", youtube_ad: "YouTube", spotify: "Spotify", apple_music: "Apple Music", other: "Other" };

export default function RevenuePage() {
  const { query, days, stores, history, minDate } = useLoaderData<typeof loader>();
  const number = new Intl.NumberFormat("en-US");
  const pages = Math.max(1, Math.ceil(history.total / query.perPage));
  const pageLink = (page: number) => `?${new URLSearchParams({ start_date: query.start_date, end_date: query.end_date, page: String(page), perPage: String(query.perPage) })}`;
  return (
    <div className="space-y-6">
      <Form method="get" className="flex flex-wrap items-end gap-3 text-sm">
        <label className="flex flex-col text-slate-300">
          From
          <input type="date" name="start_date" defaultValue={query.start_date} min={minDate} className="rounded-lg border border-ink-600 bg-ink-950 px-2 py-1 text-white" />
        </label>
        <label className="flex flex-col text-slate-300">
          To
          <input type="date" name="end_date" defaultValue={query.end_date} min={minDate} className="rounded-lg border border-ink-600 bg-ink-950 px-2 py-1 text-white" />
        </label>
        <button type="submit" className={buttonClass("secondary", "sm")}>
          Show
        </button>
      </Form>
      <Section title="Streams by day" id="streams-by-day">
        {days.length === 0 ? <p>We could not find any results.</p> : <BarChart title="Streams by day" bars={days.map((day) => ({ label: day.day.slice(5), value: day.streams }))} format={(value) => `${number.format(value)} streams`} />}
      </Section>
      <Section title="Revenue by store" id="revenue-by-store">
        <BarChart title="Revenue by store" bars={stores.map((store) => ({ label: STORE_NAMES[store.store], value: store.revenueMicros }))} format={formatMicros} />
        <table className="w-full text-left">
          <thead>
            <tr className="text-slate-400">
              <th className="py-1">Store</th>
              <th>Streams</th>
              <th>Revenue</th>
            </tr>
          </thead>
          <tbody>
            {stores.map((store) => (
              <tr key={store.store}>
                <td className="py-1">{STORE_NAMES[store.store]}</td>
                <td>{number.format(store.streams)}</td>
                <td>{formatMicros(store.revenueMicros)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section title="Transactions" id="transactions">
        <a href="/account/revenue/csv" className="text-brand-300 underline" download>
          Export all as CSV
        </a>
        {history.items.length === 0 ? (
          <p>We could not find any results.</p>
        ) : (
          <table className="w-full text-left" data-testid="transactions">
            <thead>
              <tr className="text-slate-400">
                <th className="py-1">Date</th>
                <th>Description</th>
                <th>Amount</th>
              </tr>
            </thead>
            <tbody>
              {history.items.map((item) => (
                <tr key={item.id}>
                  <td className="py-1">{formatDate(item.postedAt)}</td>
                  <td>{item.description}</td>
                  <td>{formatMicros(item.amountMicros)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {pages > 1 ? (
          <nav aria-label="Transaction pages" className="flex gap-3">
            {query.page > 1 ? <Link to={pageLink(query.page - 1)}>Previous</Link> : null}
            <span>
              Page {query.page} of {pages}
            </span>
            {query.page < pages ? <Link to={pageLink(query.page + 1)}>Next</Link> : null}
          </nav>
        ) : null}
      </Section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Revenue · Songloom" }];
