// The one way an admin action is recorded: a row in admin_audit_log (who, what, when, target, before and
// after) and, when the target is a user, the same in that user's events (GET /api/admin/user-events/{id}).
// Every admin write calls this inside its own transaction, so an action and its record commit together.
import { adminAuditLog } from "#drizzle/schema/admin";
import { recordUserEvent } from "~/models/user.server";
import type { Db, Tx } from "~/server/db.server";

export interface AdminActionRecord {
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export async function recordAdminAction(tx: Db | Tx, record: AdminActionRecord): Promise<void> {
  const before = record.before ?? null;
  const after = record.after ?? null;
  await tx.insert(adminAuditLog).values({ ...record, before, after });
  if (record.targetType === "user") {
    await recordUserEvent(tx, record.targetId, `admin.${record.action}`, { by: record.actorId, before, after });
  }
}

