// GET /api/user (spec 3 §3 User, §7): the signed-in user's own fields. Where this differs from the spec on
// purpose: the caller is known by the session cookie (and the device by a signed device cookie), not by an
// identity-provider token and a fingerprint header (ADR 005).
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { getOptionalUser } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { userJson } from "~/services/user-api/index.server";
import { UserStatusesSchema } from "~/services/user-api/schemas";

const UserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    displayName: z.string(),
    admin: z.boolean().describe("Staff member with access to the admin area"),
    emailVerified: z.boolean(),
    verified: z.boolean().describe("May use verified-only pages: email verified or signed in with Google, Facebook or Apple"),
    statuses: UserStatusesSchema,
    subscriptionProductId: z.number().int().describe("The membership product: 7 free, 1/9 Creator, 2/10 Pro"),
    membershipLevel: z.enum(["free", "creator", "pro"]).describe("Read from features: none is free, all five is pro, otherwise creator"),
    features: z.array(z.string()).describe("What the plan allows, of downloads, wav_downloads, midi_downloads, stem_downloads and commercial_use"),
    customer: z.boolean().describe("Has a Stripe customer (has bought something)"),
    numOwnershipCredits: z.number().int(),
    numAlbums: z.number().int().describe("Releases the user has, archived ones left out"),
    allowedReleases: z.number().int().nullable().describe("Releases the plan allows out at once; null is unlimited"),
    allowedSongs: z.number().int().nullable().describe("Songs the library may hold; null is unlimited"),
    limitEnforced: z.boolean().describe("Songs saved beyond allowedSongs are locked"),
    termsOfUseStatus: z.enum(["PENDING", "ACCEPTED"]).describe("Standing against the current terms of use"),
    verificationStatus: z.enum(["REQUESTED", "FAILED", "APPROVED"]).nullable(),
    hasAccessToLabs: z.boolean().describe("Sees Songloom Labs generations in the library (GET /api/labs/generations); staff grant it"),
  })
  .meta({ id: "User" });

const operation = registerApiOperation({
  method: "GET",
  path: "/api/user",
  summary: "The signed-in user",
  description:
    "The caller is identified by the session cookie set at sign-in, and the device by a signed device cookie: " +
    "no Authorization token or fingerprint header is needed (ADR 005).",
  tags: ["user"],
  responses: {
    200: { description: "The signed-in user's own fields", schema: UserSchema },
    401: { description: "Not signed in" },
  },
});

export const loader = apiRoute(operation, async ({ request }) => {
  const user = await getOptionalUser(request);
  if (!user) throw new ApiError(401, "unauthorized", "Sign in to continue.");
  return userJson(user);
});
