// The admin actions spec 3 §2 and §7 say "each need a prior confirmation": ban and unban, account and
// withdrawal status, the distribution label for a list of users, bulk tagging. What each needs (the
// permission, its parameters) and how the confirmation page describes it. Pure data: no database here.
import { z } from "zod";
import type { Permission } from "~/server/permissions.server";

export const ACCOUNT_STATUSES = ["ACTIVE", "BANNED", "FROZEN", "INACTIVE"] as const;
/** What an admin may set directly; BANNED only comes with a ban (which also freezes and shadowbans). */
export const SETTABLE_ACCOUNT_STATUSES = ["ACTIVE", "FROZEN", "INACTIVE"] as const;
export const WITHDRAWAL_STATUSES = ["ACTIVE", "INACTIVE", "FROZEN"] as const;
export const RELEASE_LABELS = ["SONGLOOM", "SONGLOOM_ELEVATED", "NUEMETA", "NUEMETA_ELEVATED", "BULK", "SHADOWBAN"] as const;
export type ReleaseLabel = (typeof RELEASE_LABELS)[number];

/** Release labels (GET /api/admin/release_labels): spec 3 §3 "Release label: id, description". */
export const RELEASE_LABEL_DESCRIPTIONS: Record<ReleaseLabel, string> = {
  SONGLOOM: "Songloom standard (the default distribution)",
  SONGLOOM_ELEVATED: "Songloom elevated (more stores)",
  NUEMETA: "Nuemeta",
  NUEMETA_ELEVATED: "Nuemeta elevated",
  BULK: "Bulk",
  SHADOWBAN: "Shadowban (rejects all submissions)",
};

const NoParams = z.object({}).strict();

export const CONFIRMED_ACTIONS = {
  "user.ban": {
    permission: "user:admin",
    params: NoParams,
    title: "Ban",
    describe: () => "Account Banned, withdrawal Frozen, distribution label Shadowban, and every device they used banned. They are signed out on their next request.",
  },
  "user.unban": {
    permission: "user:admin",
    params: NoParams,
    title: "Unban",
    describe: () => "Puts back the account status, withdrawal status and label they had before the ban, and unbans the devices the ban banned.",
  },
  "user.account_status": {
    permission: "account:admin",
    params: z.object({ status: z.enum(SETTABLE_ACCOUNT_STATUSES, { message: "Choose ACTIVE, FROZEN or INACTIVE." }) }),
    title: "Set account status",
    describe: (params: Record<string, string>) => `Account status becomes ${params.status}.`,
  },
  "user.withdrawal_status": {
    permission: "account:admin",
    params: z.object({ status: z.enum(WITHDRAWAL_STATUSES, { message: "Choose ACTIVE, INACTIVE or FROZEN." }) }),
    title: "Set withdrawal status",
    describe: (params: Record<string, string>) => `Withdrawal status becomes ${params.status}.`,
  },
  "user.release_label": {
    permission: "distro:admin",
    params: z.object({ label: z.enum(RELEASE_LABELS, { message: "Choose a release label." }) }),
    title: "Set distribution label",
    describe: (params: Record<string, string>) => `Distribution label becomes ${RELEASE_LABEL_DESCRIPTIONS[params.label as ReleaseLabel] ?? params.label}.`,
  },
  "user.bulk_tag": {
    permission: "tag:actions",
    params: z.object({ tagId: z.string().trim().min(1, { message: "Choose a tag." }).max(64) }),
    title: "Tag users",
    describe: (params: Record<string, string>, tagName?: string) => `Adds the tag “${tagName ?? params.tagId}”.`,
  },
} as const satisfies Record<
  string,
  { permission: Permission; params: z.ZodType<Record<string, string>>; title: string; describe: (params: Record<string, string>, extra?: string) => string }
>;

export type ConfirmedAction = keyof typeof CONFIRMED_ACTIONS;
export const CONFIRMED_ACTION_NAMES = Object.keys(CONFIRMED_ACTIONS) as ConfirmedAction[];

export function isConfirmedAction(value: unknown): value is ConfirmedAction {
  return typeof value === "string" && value in CONFIRMED_ACTIONS;
}

/** At most this many users per confirmed action (a page of lookup results is 50). */
export const MAX_ACTION_TARGETS = 100;

export const ActionTargetsSchema = z
  .array(z.string().trim().min(1).max(64))
  .min(1, { message: "Choose at least one user." })
  .max(MAX_ACTION_TARGETS, { message: `Choose at most ${MAX_ACTION_TARGETS} users.` })
  .transform((ids) => [...new Set(ids)].sort());
