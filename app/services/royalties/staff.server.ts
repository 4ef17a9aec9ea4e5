// What staff do with royalties (spec 3 §6–7; /admin/royalties and the admin API): process or approve a
// pending report (POST /api/admin/schedule/{id}/royalties/process: date, credit, referenceId, fullJob),
// and approve held lines onto a song (POST /api/admin/transaction/approve/{id}). Each writes an audit row.
import { eq, sql } from "drizzle-orm";
import { royaltyHeldLines, royaltyReports } from "#drizzle/schema/royalties";
import { enqueue } from "#jobs/enqueue";
import { db, rawRows, type Tx } from "~/server/db.server";
import { recordAdminAction } from "~/services/admin/audit";
import { AdminActionError } from "~/services/admin/errors";
import { addStreamRollups, PLATFORM_REVENUE, postEntry, ROYALTIES_UNMATCHED, userBalanceAccount } from "~/services/ledger";
import { creatorShareBasisPoints, creditsFor, importReport, ReportImportError, type ImportSummary } from "./import.server";
import { revenueStore } from "./report-format";

export interface ProcessRequest {
  /** The statement date the report is processed for (YYYY-MM-DD). */
  date: string;
  /** false: a dry run that reads and matches the report and writes nothing. */
  credit: boolean;
  /** The store's statement reference, kept on the report. */
  referenceId?: string;
  /** true: run as a background job (answer at once); false: import within the request. */
  fullJob: boolean;
}

export type ProcessResult = { queued: true; reportId: string } | { queued: false; summary: ImportSummary };

/** Approves a report for import and runs it (now, or as the royalties.import job). */
export async function processReport(reportId: string, request: ProcessRequest, actorId: string): Promise<ProcessResult> {
  const [report] = await db.select().from(royaltyReports).where(eq(royaltyReports.id, reportId));
  if (!report) throw new AdminActionError(404, "not_found", "No such royalty report.");
  if (!request.credit) return { queued: false, summary: await importOrRefuse(reportId, false) };
  if (report.status === "complete") throw new AdminActionError(409, "already_complete", "This report has been imported; importing it again would change nothing.");
  await db.transaction(async (tx) => {
    await tx
      .update(royaltyReports)
      .set({ approvedBy: report.approvedBy ?? actorId, approvedAt: report.approvedAt ?? new Date(), statementDate: request.date, reference: request.referenceId ?? report.reference })
      .where(eq(royaltyReports.id, reportId));
    await recordAdminAction(tx, {
      actorId,
      action: "royalty_report_processed",
      targetType: "royalty_report",
      targetId: reportId,
      before: { status: report.status, reference: report.reference, statementDate: report.statementDate },
      after: { date: request.date, referenceId: request.referenceId ?? null, fullJob: request.fullJob },
    });
    if (request.fullJob) await enqueue("royalties.import", { importId: reportId }, { tx });
  });
  if (request.fullJob) return { queued: true, reportId };
  return { queued: false, summary: await importOrRefuse(reportId, true) };
}

/** A report that cannot be read (file gone or changed, columns missing) is a 409 for staff, not a 500. */
async function importOrRefuse(reportId: string, credit: boolean): Promise<ImportSummary> {
  try {
    return await importReport(reportId, { credit });
  } catch (error) {
    if (error instanceof ReportImportError) throw new AdminActionError(409, "report_unreadable", error.message);
    throw error;
  }
}

/**
 * Approves a held line onto a song: the one given, or what its ISRC/UPC matches now (a release that went
 * live after the report came). Its money moves from royalties_unmatched to the creator and Songloom.
 */
export async function approveHeldLine(heldId: string, actorId: string, songId?: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [held] = await tx.select().from(royaltyHeldLines).where(eq(royaltyHeldLines.id, heldId)).for("update");
    if (!held) throw new AdminActionError(404, "not_found", "No such held transaction.");
    if (held.status !== "held") throw new AdminActionError(409, "not_held", "This transaction has already been approved.");
    if (!held.day) throw new AdminActionError(409, "unreadable", `This line could not be read (${held.reason}); ask the store for a corrected report.`);
    const tracks = await liveTracks(tx, songId ? { songId } : { isrc: held.isrc, upc: held.upc });
    if (tracks.length === 0) {
      throw new AdminActionError(409, "no_match", songId ? "That song is not on a live release." : "Its ISRC/UPC still matches no live release: name the song to credit.");
    }
    const line = { ok: true as const, store: held.store, territory: held.territory, isrc: held.isrc, upc: held.upc, usageType: held.usageType, count: held.streams, grossMicros: held.grossMicros, day: held.day };
    const credits = creditsFor(line, tracks, creatorShareBasisPoints());
    for (const credit of credits) {
      if (credit.grossMicros > 0) {
        await postEntry(tx, {
          reference: `royalty-held:${held.id}:${credit.track.songId}`,
          description: `Royalties released from review: ${credit.streams} streams on ${credit.store}, ${credit.day}`,
          category: "royalty",
          userId: credit.track.userId,
          lines: [
            { account: ROYALTIES_UNMATCHED, amountMicros: credit.grossMicros },
            { account: userBalanceAccount(credit.track.userId), amountMicros: -credit.creatorMicros },
            { account: PLATFORM_REVENUE, amountMicros: -(credit.grossMicros - credit.creatorMicros) },
          ],
        });
      }
      await tx.execute(sql`
        insert into royalty_streams (song_id, user_id, isrc, upc, store, territory, day, streams, gross_micros, creator_micros)
        values (${credit.track.songId}, ${credit.track.userId}, ${credit.track.isrc}, ${credit.track.upc}, ${credit.store}, ${credit.territory}, ${credit.day}, ${credit.streams}, ${credit.grossMicros}, ${credit.creatorMicros})
        on conflict (day, song_id, store, territory) do update set streams = royalty_streams.streams + excluded.streams,
          gross_micros = royalty_streams.gross_micros + excluded.gross_micros, creator_micros = royalty_streams.creator_micros + excluded.creator_micros`);
      await addStreamRollups(tx, [{ userId: credit.track.userId, songId: credit.track.songId, store: revenueStore(credit.store), day: credit.day, streams: credit.streams, revenueMicros: credit.creatorMicros }]);
    }
    await tx.update(royaltyHeldLines).set({ status: "approved", songId: credits[0].track.songId, decidedBy: actorId, decidedAt: new Date() }).where(eq(royaltyHeldLines.id, heldId));
    await recordAdminAction(tx, {
      actorId,
      action: "royalty_held_approved",
      targetType: "royalty_held_line",
      targetId: heldId,
      before: { status: "held", reason: held.reason },
      after: { status: "approved", songs: credits.map((credit) => credit.track.songId), grossMicros: held.grossMicros },
    });
  });
}

async function liveTracks(tx: Tx, by: { songId: string } | { isrc: string; upc: string }) {
  const where =
    "songId" in by ? sql`rs.song_id = ${by.songId}` : by.isrc ? sql`rs.isrc = ${by.isrc}` : sql`r.upc = ${by.upc}`;
  const rows = await rawRows<{ song_id: string; user_id: string; isrc: string | null; upc: string | null }>(
    tx,
    sql`select rs.song_id, r.user_id, rs.isrc, r.upc from release_songs rs join releases r on r.id = rs.release_id where r.status = 1 and ${where} order by rs.position limit 100`,
  );
  return rows.map((row) => ({ songId: row.song_id, userId: row.user_id, isrc: row.isrc ?? "", upc: row.upc ?? "" }));
}
