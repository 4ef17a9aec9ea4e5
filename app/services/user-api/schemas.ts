// The JSON shapes of the user calls (OpenAPI components).
import { z } from "zod";

export const UserStatusesSchema = z
  .object({
    account: z.enum(["ACTIVE", "BANNED", "FROZEN", "INACTIVE"]),
    withdrawal: z.enum(["ACTIVE", "INACTIVE", "FROZEN"]).describe("The withdrawal account"),
    auth: z.enum(["ACTIVE", "BANNED"]).describe("Sign-in"),
    distribution: z.string().describe("The release label: SONGLOOM (standard), SONGLOOM_ELEVATED, NUEMETA, NUEMETA_ELEVATED, BULK or SHADOWBAN"),
  })
  .meta({ id: "UserStatuses" });

export const TermsSchema = z
  .object({
    id: z.string().describe("Send as terms_id to POST /api/user/terms/accept"),
    type: z.enum(["terms_of_use", "privacy_policy"]),
    version: z.number().int(),
    body: z.string(),
    publishedAt: z.string(),
  })
  .meta({ id: "Terms" });
