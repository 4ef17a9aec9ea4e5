// The upgrade, downgrade and interval calls name the change they expect; a product that would be a
// different change is refused (400) instead of silently doing something else.
import { ApiError } from "~/server/http.server";
import type { BillingUser } from "./checkout.server";
import { changeMembership, classifyChange, getMembership, membershipUpdates, type MembershipChange } from "./membership.server";

export async function directedChange(user: BillingUser, expected: "upgrade" | "downgrade" | "interval", requestedProductId?: number) {
  const productId = requestedProductId ?? (expected === "interval" ? (await membershipUpdates(user.id)).intervalChange : null);
  if (productId === null || productId === undefined) {
    if (expected !== "interval") throw new ApiError(400, "invalid_input", "Some fields are invalid.", { productId: ["Choose a plan."] });
    throw new ApiError(404, "no_subscription", "You have no paid membership.");
  }
  const kind = await classifyChange(user.id, productId);
  if (kind === "buy") throw new ApiError(404, "no_subscription", "You have no paid membership. Choose a plan to buy one.");
  // Downgrading to free is cancelling at the period end (spec 2 §4).
  const allowed: (MembershipChange | "same")[] = expected === "downgrade" ? ["downgrade", "cancel"] : [expected];
  if (!allowed.includes(kind)) {
    throw new ApiError(400, "invalid_product", `That plan is not ${expected === "interval" ? "an interval change" : `a ${expected}`} from your current plan.`, {
      productId: [kind === "same" ? "This is your current plan." : `This would be ${kind === "interval" ? "an interval change" : `a ${kind}`}.`],
    });
  }
  const change = await changeMembership(user, productId);
  return { change, subscription: await getMembership(user.id) };
}
