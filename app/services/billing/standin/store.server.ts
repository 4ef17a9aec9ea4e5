// Local Stripe stand-in — used only when no Stripe keys are configured, for development and tests.
// The objects it pretends Stripe holds, one jsonb row each (table stripe_standin_objects), so they survive
// a restart as real Stripe objects would. Ids look like Stripe's (cus_, sub_, pm_, ...).
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { stripeStandinObjects } from "../../../../drizzle/schema/billing";
import { db } from "~/server/db.server";

// Stripe objects are loosely shaped JSON here; the SDK's types describe them on the app side.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type StripeObject = Record<string, any>;

export function stripeId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function load(id: string): Promise<StripeObject | null> {
  const [row] = await db.select({ data: stripeStandinObjects.data }).from(stripeStandinObjects).where(eq(stripeStandinObjects.id, id));
  return row?.data ?? null;
}

export async function save(object: StripeObject): Promise<StripeObject> {
  await db
    .insert(stripeStandinObjects)
    .values({ id: object.id, object: object.object, data: object })
    .onConflictDoUpdate({ target: stripeStandinObjects.id, set: { data: object } });
  return object;
}

export async function list(kind: string, where: (object: StripeObject) => boolean): Promise<StripeObject[]> {
  const rows = await db.select({ data: stripeStandinObjects.data }).from(stripeStandinObjects).where(and(eq(stripeStandinObjects.object, kind)));
  return rows.map((row) => row.data as StripeObject).filter(where).sort((a, b) => (b.created ?? 0) - (a.created ?? 0));
}

export function listOf(data: StripeObject[], url: string): StripeObject {
  return { object: "list", data, has_more: false, url };
}

/** Public fields only: keys starting with "_" are the stand-in's own bookkeeping. */
export function publicView(object: StripeObject): StripeObject {
  return Object.fromEntries(Object.entries(object).filter(([key]) => !key.startsWith("_")));
}
