// Request and response shapes of the royalty admin API (OpenAPI and validation share them).
import { z } from "zod";
import { isValidDay } from "./report-format";
import { ROYALTY_MIN_DATE } from "./constants";

/** JSON booleans, or "true"/"false" from a form. */
const flag = (fallback: boolean) =>
  z
    .union([z.boolean(), z.enum(["true", "false", "on", "off"]).transform((value) => value === "true" || value === "on")])
    .optional()
    .transform((value) => value ?? fallback);

export const ProcessBodySchema = z.object({
  date: z
    .string()
    .trim()
    .refine(isValidDay, "date must be a day, YYYY-MM-DD")
    .refine((value) => value >= ROYALTY_MIN_DATE, `date cannot be before ${ROYALTY_MIN_DATE}`)
    .refine((value) => value <= new Date().toISOString().slice(0, 10), "date cannot be in the future"),
  credit: flag(true),
  referenceId: z.string().trim().max(100, "referenceId is at most 100 characters").optional().transform((value) => value || undefined),
  fullJob: flag(true),
});

export const ImportSummarySchema = z.object({
  reportId: z.string(),
  alreadyComplete: z.boolean(),
  dryRun: z.boolean(),
  lines: z.number().int(),
  matched: z.number().int(),
  held: z.number().int(),
  streams: z.number().int(),
  grossMicros: z.number().int(),
  creatorMicros: z.number().int(),
  heldMicros: z.number().int(),
});

export const RoyaltyRecordSchema = z.object({
  isrc: z.string(),
  upc: z.string(),
  songId: z.string(),
  userId: z.string(),
  songName: z.string().nullable(),
  store: z.string(),
  territory: z.string().nullable(),
  day: z.string().nullable(),
  streams: z.number().int(),
  grossMicros: z.number().int(),
  creatorMicros: z.number().int(),
});

export const RecordsPageSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  page: z.number().int(),
  itemsPerPage: z.number().int(),
  total: z.number().int(),
  totals: z.object({ streams: z.number().int(), grossMicros: z.number().int(), creatorMicros: z.number().int() }),
  records: z.array(RoyaltyRecordSchema),
});

export const HeldLineSchema = z.object({
  id: z.string(),
  reportId: z.string(),
  lineNo: z.number().int(),
  store: z.string(),
  territory: z.string(),
  isrc: z.string(),
  upc: z.string(),
  usageType: z.string(),
  streams: z.number().int(),
  grossMicros: z.number().int(),
  day: z.string().nullable(),
  reason: z.string(),
  status: z.enum(["held", "approved"]),
  songId: z.string().nullable(),
});

export const RoyaltyReportSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  reference: z.string().nullable(),
  account: z.string().nullable(),
  status: z.enum(["pending", "processing", "complete", "failed"]),
  statementDate: z.string().nullable(),
  linesDone: z.number().int(),
  linesMatched: z.number().int(),
  linesHeld: z.number().int(),
  streams: z.number().int(),
  grossMicros: z.number().int(),
  creatorMicros: z.number().int(),
  heldMicros: z.number().int(),
  firstDay: z.string().nullable(),
  lastDay: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
