// Zod schemas of the /api/admin answers and bodies, shared by the route files (and so by /api/openapi.json).
import { z } from "zod";
import { IdSchema } from "~/utils/input-schemas";
import { ActionTargetsSchema } from "./confirmed-actions";

export const UserIdParams = z.object({ id: IdSchema });

/** Every confirmed action's body: the users, and the token POST /api/admin/confirmations issued. */
export const ConfirmedBody = z.object({
  userIds: z.preprocess((value) => (typeof value === "string" ? [value] : value), ActionTargetsSchema).describe("The users to act on"),
  confirmationToken: z.string().max(200).optional().describe("From POST /api/admin/confirmations for exactly this action, these users and parameters"),
});

export const OkSchema = z.object({ ok: z.literal(true) });

export const AdminUserSummarySchema = z
  .object({
    id: z.string(),
    email: z.string(),
    displayName: z.string(),
    isAdmin: z.boolean(),
    accountStatus: z.string(),
    withdrawalStatus: z.string(),
    releaseLabel: z.string(),
    createdAt: z.date().transform((date) => date.toISOString()),
    tags: z.array(z.string()),
  })
  .meta({ id: "AdminUserSummary" });

export const confirmationResponses = {
  400: { description: "Invalid users or parameters" },
  401: { description: "Not signed in" },
  403: { description: "Not an admin, no second factor, or missing the permission" },
  404: { description: "A user does not exist" },
  409: { description: "Not possible in the user's state (e.g. already banned)" },
  428: { description: "No valid confirmation token for this action, these users and parameters" },
} as const;

export const AdminTagSchema = z
  .object({ id: z.string(), name: z.string(), usage: z.number().int().describe("Songs carrying the tag"), createdAt: z.date().transform((date) => date.toISOString()) })
  .meta({ id: "AdminTag" });

export const TagPageResponseSchema = z.object({ tags: z.array(AdminTagSchema), page: z.number().int(), perPage: z.number().int(), total: z.number().int() });

export const RestrictedArtistNameSchema = z
  .object({ id: z.string(), name: z.string(), kind: z.enum(["artist", "generic"]), createdAt: z.date().transform((date) => date.toISOString()) })
  .meta({ id: "RestrictedArtistName" });

export const RestrictedSettingsResponseSchema = z.object({ maxDistance: z.number().int().describe("Edits a name may differ from a restricted one and still count as it (0: the same name)") });
