// The share page's tags (app/routes/s.$songId.tsx meta): the PNG card with its size, type and alt, oEmbed
// discovery, and Twitter's player only where the public origin is HTTPS (Twitter plays nothing else).
import { meta } from "~/routes/s.$songId";

const ORIGIN = "https://songloom.example";
const data = (twitterPlayer: boolean, isPrivate = false) => ({
  song: { id: "abc", title: "Harbour Lights", artist: "Loomer", style: "Lo-Fi", filter: "Morning Sun", tempo: 80, key: "C", durationSeconds: 61.4, peaks: [], private: isPrivate, datePublished: "2026-01-02" },
  clip: null,
  twitterPlayer,
  urls: {
    page: `${ORIGIN}/s/abc`,
    audio: `${ORIGIN}/media/songs/abc/song.mp3?v=1`,
    card: `${ORIGIN}/media/songs/abc/card.png?v=hash`,
    embed: `${ORIGIN}/embed/abc`,
    oembed: `${ORIGIN}/oembed?url=x&format=json`,
  },
});

type Tag = Record<string, string>;
const tagsFor = (loaderData: ReturnType<typeof data>) => meta({ data: loaderData } as unknown as Parameters<typeof meta>[0]) as Tag[];
const content = (tags: Tag[], key: string) => tags.find((tag) => tag.property === key || tag.name === key)?.content;

test("an HTTPS origin offers Twitter the embed player at its size, and the card everywhere", () => {
  const tags = tagsFor(data(true));
  expect(content(tags, "twitter:card")).toBe("player");
  expect(content(tags, "twitter:player")).toBe(`${ORIGIN}/embed/abc`);
  expect([content(tags, "twitter:player:width"), content(tags, "twitter:player:height")]).toEqual(["480", "180"]);
  expect(content(tags, "og:image")).toBe(`${ORIGIN}/media/songs/abc/card.png?v=hash`);
  expect(content(tags, "twitter:image")).toBe(`${ORIGIN}/media/songs/abc/card.png?v=hash`);
  expect([content(tags, "og:image:width"), content(tags, "og:image:height"), content(tags, "og:image:type")]).toEqual(["1200", "630", "image/png"]);
  expect(content(tags, "og:image:alt")).toContain("Harbour Lights by Loomer");
  expect(content(tags, "music:musician")).toBe("Loomer");
  expect(tags).toContainEqual(expect.objectContaining({ tagName: "link", rel: "alternate", type: "application/json+oembed", href: `${ORIGIN}/oembed?url=x&format=json` }));
  expect(content(tags, "robots")).toBeUndefined();
});

test("over plain HTTP the card is a large summary and no player is offered; a private song's page is noindex", () => {
  const tags = tagsFor(data(false, true));
  expect(content(tags, "twitter:card")).toBe("summary_large_image");
  expect(tags.some((tag) => tag.name?.startsWith("twitter:player"))).toBe(false);
  expect(content(tags, "robots")).toBe("noindex");
});
