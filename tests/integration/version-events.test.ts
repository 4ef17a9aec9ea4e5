// Waiting for a song's edit to change state (app/services/songs/version-events.server.ts), on both backends:
// an announcement in this process wakes a waiting read at once; without one, the wait ends at its limit.
import { readUntil, announceVersionChange } from "~/services/songs/version-events.server";
import { backends, setupTestDatabase } from "../support/database";

describe.each(backends)("on %s", (backend) => {
  setupTestDatabase(backend);

  test("a read that is not done waits for an announcement about its song, then reads again", async () => {
    let state = "rendering";
    let reads = 0;
    const read = async () => {
      reads += 1;
      return state;
    };
    let settled = false;
    const waiting = readUntil("song-a", read, (value) => value === "complete", { ms: 60_000 }).then((value) => {
      settled = true;
      return value;
    });
    // Another song's announcement does not end the wait.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await announceVersionChange("song-b");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    state = "complete";
    await announceVersionChange("song-a");
    expect(await waiting).toBe("complete");
    expect(reads).toBeGreaterThanOrEqual(2);
  });

  test("a read already done answers at once, and a wait without an announcement ends at its limit with the last state", async () => {
    expect(await readUntil("song-c", async () => "complete", (value) => value === "complete", { ms: 60_000 })).toBe("complete");
    expect(await readUntil("song-d", async () => "rendering", (value) => value === "complete", { ms: 20 })).toBe("rendering");
  });

  test("a wait ends when its request is aborted", async () => {
    const aborter = new AbortController();
    const waiting = readUntil("song-e", async () => "queue", (value) => value === "complete", { ms: 60_000, signal: aborter.signal });
    aborter.abort();
    expect(await waiting).toBe("queue");
  });
});
