import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { claimSong } from "~/services/song-ownership";
import { EmailField } from "~/utils/forms";

const Body = z
  .object({
    song_id: z.string().min(1),
    email: EmailField,
    legal_name: z.string().trim().min(1, { message: "Enter your legal name." }).max(200),
    ownershipCode: z.string().trim().min(1).max(64).optional(),
    useCredits: z.union([z.boolean(), z.enum(["true", "false"]).transform((value) => value === "true")]).optional(),
  })
  .refine((body) => Boolean(body.ownershipCode) !== Boolean(body.useCredits), { message: "Send an ownershipCode or useCredits, not both.", path: ["ownershipCode"] });

const operation = registerApiOperation({
  method: "POST",
  path: "/api/claim_song",
  summary: "Claim ownership of a song with a one-time ownership code or one ownership credit",
  tags: ["payments"],
  request: { body: Body },
  responses: {
    200: { description: "Claimed", schema: z.object({ method: z.enum(["code", "credits"]), numOwnershipCredits: z.number().int() }) },
    400: { description: "Invalid or used code" },
    404: { description: "No such song visible to the user" },
    409: { description: "Already owned, or no credits left" },
  },
});

export const action = apiRoute(operation, async ({ request, body }) => {
  const user = await requireVerifiedUser(request);
  const details = { songId: body.song_id, email: body.email, legalName: body.legal_name };
  return claimSong(user.id, body.ownershipCode ? { ...details, ownershipCode: body.ownershipCode } : { ...details, useCredits: true });
});
