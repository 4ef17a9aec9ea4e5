// Money test helpers: the local Stripe stand-in served on a port of the test's own (with the app's
// webhook route behind it, as the running app serves both), and the shared check that the books balance.
import { createServer, type Server } from "node:http";
import { expect } from "vitest";
import { asc, eq } from "drizzle-orm";
import { stripeStandinObjects } from "#drizzle/schema/billing";
import * as webhookRoute from "~/routes/api.webhooks.stripe";
import type { Db } from "~/server/db.server";
import { standinClient, useStripe } from "~/services/billing/stripe.server";
import { handleStandinRequest } from "~/services/billing/standin/api.server";
import { deliveriesSettled } from "~/services/billing/standin/events.server";
import type { StripeObject } from "~/services/billing/standin/store.server";
import { checkLedger } from "~/services/ledger";
import { freePort } from "./ports";

export const TEST_WEBHOOK_SECRET = "whsec_test_money_integration";

export interface StandinServer {
  url: string;
  close(): Promise<void>;
}

/** Serves /v1/* (the stand-in) and /api/webhooks/stripe (the app's route) and points the app's Stripe client at it. */
export async function startStripeStandin(): Promise<StandinServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      try {
        const headers = new Headers();
        for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
        const body = req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks);
        const request = new Request(new URL(req.url ?? "/", base), { method: req.method, headers, body });
        const url = new URL(request.url);
        const response =
          url.pathname === "/api/webhooks/stripe"
            ? await webhookRoute.action({ request, params: {}, context: {} })
            : await handleStandinRequest(request);
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      } catch (error) {
        res.writeHead(500);
        res.end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  useStripe({ client: standinClient(new URL(base)), webhookSecret: TEST_WEBHOOK_SECRET, webhookUrl: `${base}/api/webhooks/stripe`, appUrl: base });
  return {
    url: base,
    async close() {
      await deliveriesSettled();
      useStripe(undefined);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The shared invariant: every entry balances, all lines sum to zero, no user balance is negative. */
export async function expectBooksBalance(db: Db): Promise<void> {
  await deliveriesSettled();
  const report = await checkLedger(db);
  expect(report.problems).toEqual([]);
}

/** Every event the stand-in has sent so far, oldest first. */
export async function standinEvents(db: Db): Promise<StripeObject[]> {
  const rows = await db.select({ data: stripeStandinObjects.data }).from(stripeStandinObjects).where(eq(stripeStandinObjects.object, "event")).orderBy(asc(stripeStandinObjects.createdAt));
  return rows.map((row) => row.data as StripeObject);
}
