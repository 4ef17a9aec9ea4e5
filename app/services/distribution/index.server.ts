// Placeholder: the delivery side of issue 18 replaces this file with the real distribution entry points.
// Staff review (app/services/review) calls these inside its transactions.
import type { Tx } from "~/server/db.server";

/** Starts delivering an approved release to its stores (identifiers, DDEX, SFTP). */
export async function startDelivery(_tx: Tx, _releaseId: string): Promise<void> {}

/** Starts removing a release from the stores it was delivered to. */
export async function startTakedown(_tx: Tx, _releaseId: string): Promise<void> {}
