// /account, Overview (spec 2 §2): streams, revenue and balance from the ledger and the daily rollup,
// this month against last month, and the top songs.
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Section, formatMicros } from "~/components/account/account-ui";
import { db } from "~/server/db.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { monthRange, topSongs, totals, userBalances } from "~/services/ledger";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const [all, thisMonth, lastMonth, balances, songs] = await Promise.all([
    totals(db, user.id),
    totals(db, user.id, monthRange(0)),
    totals(db, user.id, monthRange(-1)),
    userBalances(db, user.id),
    topSongs(db, user.id),
  ]);
  return json({ all, thisMonth, lastMonth, balances, songs });
}

export default function AccountOverview() {
  const { all, thisMonth, lastMonth, balances, songs } = useLoaderData<typeof loader>();
  const number = new Intl.NumberFormat("en-US");
  const stats = [
    { label: "Total streams", value: number.format(all.streams), testId: "total-streams" },
    { label: "Total revenue", value: formatMicros(all.revenueMicros), testId: "total-revenue" },
    { label: "Balance", value: formatMicros(balances.availableMicros), testId: "overview-balance" },
    { label: "Streams this month", value: `${number.format(thisMonth.streams)} (last month ${number.format(lastMonth.streams)})`, testId: "month-streams" },
    { label: "Revenue this month", value: `${formatMicros(thisMonth.revenueMicros)} (last month ${formatMicros(lastMonth.revenueMicros)})`, testId: "month-revenue" },
  ];
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-3">
        {stats.map((stat) => (
          <div key={stat.label} className="rounded-2xl border border-ink-700 bg-ink-900/60 p-4">
            <dt className="text-sm text-slate-400">{stat.label}</dt>
            <dd data-testid={stat.testId} className="mt-1 text-xl font-semibold text-white">
              {stat.value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="flex gap-3">
        <Link to="/account/withdraw" className="text-brand-300 underline">
          Withdraw
        </Link>
        <Link to="/account/revenue" className="text-brand-300 underline">
          Revenue by store and day
        </Link>
      </div>
      <Section title="Top songs" id="top-songs">
        {songs.length === 0 ? (
          <p>No streams yet. Streams and revenue appear here once stores report them for your released songs.</p>
        ) : (
          <ol className="list-decimal space-y-1 pl-5">
            {songs.map((song) => (
              <li key={song.songId}>
                {song.name}: {number.format(song.streams)} streams, {formatMicros(song.revenueMicros)}
              </li>
            ))}
          </ol>
        )}
      </Section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Overview · Songloom" }];
