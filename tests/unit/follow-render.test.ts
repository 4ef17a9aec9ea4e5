// When the edit layout revalidates after following an edit's render (app/components/edit/follow-render.ts).
import { isEditPreview, playUrlFor, renderFollowed } from "~/components/edit/follow-render";

const latest = (version: number, status: "queue" | "rendering" | "complete" | "failed") => ({ version, status });

test("the page waits while the edit it follows is queued or rendering", () => {
  expect(renderFollowed({ version: 1, latest: latest(2, "queue") }, 1, 2)).toBe(false);
  expect(renderFollowed({ version: 1, latest: latest(2, "rendering") }, 1, 2)).toBe(false);
});

test("the page revalidates when the edit finished or failed, a newer edit exists, or the song plays another version", () => {
  expect(renderFollowed({ version: 2, latest: latest(2, "complete") }, 1, 2)).toBe(true);
  expect(renderFollowed({ version: 1, latest: latest(2, "failed") }, 1, 2)).toBe(true);
  expect(renderFollowed({ version: 1, latest: latest(3, "queue") }, 1, 2)).toBe(true);
  expect(renderFollowed({ version: 3, latest: latest(4, "rendering") }, 1, 4)).toBe(true);
  expect(renderFollowed({ version: 1, latest: null }, 1, 2)).toBe(true);
});

describe("what the edit header's Play plays", () => {
  const whole1 = "/media/songs/s/song.mp3?version=1";
  const preview2 = "/media/songs/s/preview.mp3?version=2";
  const page = (latest: Parameters<typeof playUrlFor>[0]["latest"]) => ({ songId: "s", version: 1, audioUrl: whole1, latest });

  test("from the page: the version the song plays, or the newest edit's first seconds while it renders", () => {
    expect(playUrlFor(page(null), null)).toBe(whole1);
    expect(playUrlFor(page({ version: 2, status: "queue", previewUrl: null }), null)).toBe(whole1);
    expect(playUrlFor(page({ version: 2, status: "rendering", previewUrl: preview2 }), null)).toBe(preview2);
    expect(playUrlFor(page({ version: 2, status: "failed", previewUrl: preview2 }), null)).toBe(whole1);
  });

  test("a newer answer of the version API wins before the page has revalidated", () => {
    const rendering = page({ version: 2, status: "queue", previewUrl: null });
    expect(playUrlFor(rendering, { version: 1, latest: { version: 2, status: "rendering", previewUrl: preview2 } })).toBe(preview2);
    expect(playUrlFor(rendering, { version: 2, latest: { version: 2, status: "complete", previewUrl: null } })).toBe("/media/songs/s/song.mp3?version=2");
    // A failed edit, or an answer the page has caught up with, changes nothing.
    expect(playUrlFor(rendering, { version: 1, latest: { version: 2, status: "failed", previewUrl: null } })).toBe(whole1);
    expect(playUrlFor({ ...page(null), version: 2, audioUrl: "/media/songs/s/song.mp3?version=2" }, { version: 2, latest: { version: 2, status: "complete", previewUrl: null } })).toBe("/media/songs/s/song.mp3?version=2");
  });

  test("an edit's first seconds are told from a whole version", () => {
    expect(isEditPreview(preview2)).toBe(true);
    expect(isEditPreview(whole1)).toBe(false);
  });
});
