// When the edit layout revalidates after following an edit's render (app/components/edit/follow-render.ts).
import { renderFollowed } from "~/components/edit/follow-render";

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
