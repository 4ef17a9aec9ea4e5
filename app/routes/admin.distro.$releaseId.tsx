// /admin/distro/{releaseId} (distro viewer): AdminDistroReleaseView by release id. Releases are reviewed on
// their owner's page (/admin/users/{userId}/distro, under one review lock per user), so this goes there.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { releases } from "#drizzle/schema/releases";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { isPossibleId } from "~/utils/input-schemas";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "distro:viewer");
  const id = params.releaseId ?? "";
  const [release] = isPossibleId(id) ? await db.select({ userId: releases.userId }).from(releases).where(eq(releases.id, id)) : [];
  if (!release) throw new Response("No such release", { status: 404 });
  return redirect(`/admin/users/${release.userId}/distro?release=${id}`);
}
