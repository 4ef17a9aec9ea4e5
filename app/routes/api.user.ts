import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { getOptionalUser } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { getUserPlan } from "~/server/plans.server";
import { findCustomer } from "~/services/billing/customers.server";
import { verificationOf } from "~/services/identity";
import { hasAccessToLabs } from "~/services/labs/index.server";
import { countReleases, getReleaseLimits } from "~/services/releases/index.server";
import { numOwnershipCredits } from "~/services/song-ownership";

// The User of spec 2 §3 / spec 3 §3: account, membership, limits, releases and labs access.
const UserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    displayName: z.string(),
    admin: z.boolean().describe("Staff member with access to the admin area"),
    emailVerified: z.boolean(),
    verified: z.boolean().describe("May use verified-only pages: email verified or signed in with Google, Facebook or Apple"),
    statuses: z.object({ account: z.enum(["ACTIVE", "BANNED", "FROZEN", "INACTIVE"]) }),
    subscriptionProductId: z.number().int().describe("The membership product: 7 free, 1/9 Creator, 2/10 Pro"),
    features: z.array(z.string()).describe("What the plan allows: downloads, wav_downloads, midi_downloads"),
    customer: z.boolean().describe("Has a Stripe customer (has bought something)"),
    numOwnershipCredits: z.number().int(),
    verificationStatus: z.enum(["REQUESTED", "FAILED", "APPROVED"]).nullable(),
    numAlbums: z.number().int().describe("Releases the user has (archived ones left out)"),
    allowedReleases: z.number().int().nullable().describe("The plan's release limit; null: unlimited"),
    allowedSongs: z.number().int().nullable().describe("The plan's saved-song limit; null: unlimited"),
    limitEnforced: z.boolean().describe("Songs beyond allowedSongs are refused and locked"),
    hasAccessToLabs: z.boolean().describe("Sees Songloom Labs generations in the library (GET /api/labs/generations)"),
  })
  .meta({ id: "User" });

const operation = registerApiOperation({
  method: "GET",
  path: "/api/user",
  summary: "The signed-in user",
  tags: ["user"],
  responses: {
    200: { description: "The signed-in user's own fields", schema: UserSchema },
    401: { description: "Not signed in" },
  },
});

export const loader = apiRoute(operation, async ({ request }) => {
  const user = await getOptionalUser(request);
  if (!user) throw new ApiError(401, "unauthorized", "Sign in to continue.");
  const [plan, customer, credits, verification, labs, releaseLimits, numAlbums] = await Promise.all([
    getUserPlan(user),
    findCustomer(user.id),
    numOwnershipCredits(user.id),
    verificationOf(user.id),
    hasAccessToLabs(user.id),
    getReleaseLimits(user),
    countReleases(user),
  ]);
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    admin: user.isAdmin,
    emailVerified: user.emailVerified,
    verified: user.verified,
    statuses: { account: user.accountStatus },
    subscriptionProductId: plan.productId,
    features: plan.limits.features,
    customer: customer !== null,
    numOwnershipCredits: credits,
    verificationStatus: verification?.status ?? null,
    numAlbums,
    allowedReleases: releaseLimits.releaseLimit,
    allowedSongs: plan.limits.songLimit,
    limitEnforced: plan.limits.limitEnforced,
    hasAccessToLabs: labs,
  };
});
