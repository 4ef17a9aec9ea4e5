// Edit sub-pages name the song like the edit layout does, with their own label in place of "Edit".
import { editPageMeta } from "~/utils/edit-page-meta";

const layoutMeta = [{ title: "Edit Night Bus · Songloom" }, { name: "robots", content: "noindex" }];
const args = { matches: [{ id: "root", meta: [] }, { id: "routes/edit.$songId", meta: layoutMeta }] } as unknown as Parameters<ReturnType<typeof editPageMeta>>[0];

test("a label replaces 'Edit' in the layout's title; other tags are kept", () => {
  expect(editPageMeta("Lyrics")(args)).toEqual([{ title: "Lyrics: Night Bus · Songloom" }, { name: "robots", content: "noindex" }]);
});

test("without a label the layout's tags are the page's", () => {
  expect(editPageMeta()(args)).toEqual(layoutMeta);
});
