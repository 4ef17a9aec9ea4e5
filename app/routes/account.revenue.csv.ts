// /account/revenue/csv: the whole transaction history as CSV (amounts in dollars to the micro-dollar).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/server/db.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { transactionHistory } from "~/services/ledger";

const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const lines = ["date,category,description,amount_usd"];
  for (let page = 1; ; page++) {
    const { items } = await transactionHistory(db, user.id, page, 500);
    for (const item of items) lines.push([item.postedAt.toISOString(), item.category, cell(item.description), (item.amountMicros / 1_000_000).toFixed(6)].join(","));
    if (items.length < 500) break;
  }
  return new Response(`${lines.join("\n")}\n`, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="songloom-transactions.csv"', "Cache-Control": "no-store" },
  });
}
