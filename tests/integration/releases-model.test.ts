// The release data model on both backends: migration 0007 (tables, the songs → tags trigger), the seeded
// restricted names and status changes through the state machine only along legal moves.
import { eq } from "drizzle-orm";
import { releases, releaseStatusChanges, restrictedArtistNames, tags } from "#drizzle/schema/releases";
import { songs } from "#drizzle/schema/songs";
import { ReleaseStatus, transitionRelease } from "~/services/releases/status";
import { createUser } from "../support/auth";
import { backends, createTestDatabase, type TestDatabase } from "../support/database";
import { insertSavedSong } from "../support/releases";

describe.each(backends)("release model on %s", (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  }, 120_000);
  afterAll(async () => {
    await database?.destroy();
  });

  test("each distinct tag gets a row whose usage follows the songs carrying it", async () => {
    const { db } = database;
    const user = await createUser(db);
    const first = await insertSavedSong(db, user.id, { tags: ["Lo Fi", "night"] });
    await insertSavedSong(db, user.id, { tags: ["lo  fi"] });
    const usage = async () => Object.fromEntries((await db.select().from(tags)).map((tag) => [tag.key, tag.usage]));
    expect(await usage()).toEqual({ "lo fi": 2, night: 1 });
    const [row] = await db.select().from(tags).where(eq(tags.key, "lo fi"));
    expect(row.name).toBe("Lo Fi");
    expect(row.id).toMatch(/^[a-z0-9]{24}$/);
    await db.update(songs).set({ tags: ["night", "rain"] }).where(eq(songs.id, first));
    expect(await usage()).toEqual({ "lo fi": 1, night: 1, rain: 1 });
    await db.delete(songs).where(eq(songs.id, first));
    expect(await usage()).toEqual({ "lo fi": 1, night: 0, rain: 0 });
    // The id stays with the tag: /tag/{id} links keep working.
    const [again] = await db.select().from(tags).where(eq(tags.key, "lo fi"));
    expect(again.id).toBe(row.id);
  });

  test("the seed restricts generic and well-known artist names", async () => {
    const rows = await database.db.select().from(restrictedArtistNames);
    const byKey = new Map(rows.map((row) => [row.key, row.kind]));
    expect(byKey.get("meditation")).toBe("generic");
    expect(byKey.get("yoga")).toBe("generic");
    expect(byKey.get("workout")).toBe("generic");
    expect(byKey.get("taylor swift")).toBe("artist");
  });

  test("status changes follow the table and are recorded; an illegal or stale move is refused", async () => {
    const { db } = database;
    const user = await createUser(db);
    const [release] = await db.insert(releases).values({ userId: user.id, title: "T", artistName: "A" }).returning();
    await expect(transitionRelease(db, { releaseId: release.id, from: null, to: ReleaseStatus.Live, by: "owner", actorId: user.id })).rejects.toMatchObject({ status: 409, code: "illegal_transition" });
    await transitionRelease(db, { releaseId: release.id, from: null, to: ReleaseStatus.Submitted, by: "owner", actorId: user.id });
    // The row is no longer a draft: a second submit from "Draft" finds nothing to move.
    await expect(transitionRelease(db, { releaseId: release.id, from: null, to: ReleaseStatus.Submitted, by: "owner", actorId: user.id })).rejects.toMatchObject({ status: 409, code: "status_changed" });
    await expect(transitionRelease(db, { releaseId: release.id, from: 0, to: ReleaseStatus.PendingRemoval, by: "owner", actorId: user.id })).rejects.toMatchObject({ code: "illegal_transition" });
    const [stored] = await db.select().from(releases).where(eq(releases.id, release.id));
    expect(stored.status).toBe(0);
    const history = await db.select().from(releaseStatusChanges).where(eq(releaseStatusChanges.releaseId, release.id));
    expect(history.map((change) => [change.fromStatus, change.toStatus, change.action])).toEqual([[null, 0, "submit"]]);
  });
});
