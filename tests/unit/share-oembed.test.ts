// oEmbed answers (app/services/share/oembed.server.ts): a rich iframe of the embed player for every share
// alias of a public song on our origin; 404 for anything else, 501 for XML, maxwidth/maxheight honoured.
import { EMBED_HEIGHT, EMBED_WIDTH, oembedAnswer, parseShareUrl, type ShareSong } from "~/services/share";

const ORIGIN = "https://songloom.example";
const ID = "abc123def456ghi789jkl012";

const song: ShareSong = {
  id: ID,
  ownerId: "owner",
  private: false,
  title: "Night <Bus>",
  artist: "Loomer & Co",
  style: "Lo-Fi",
  filter: "Rainy nights",
  tempo: 80,
  key: "C minor",
  durationSeconds: 120,
  peaks: [-0.5, 0.5],
  version: 2,
  audioPath: `/media/songs/${ID}/song.mp3?v=2`,
  publishedAt: new Date("2026-01-02T03:04:05Z"),
  updatedAt: new Date("2026-01-02T03:04:05Z"),
};

const lookups: string[] = [];
async function find(songId: string): Promise<ShareSong | null> {
  lookups.push(songId);
  if (songId === ID) return song;
  if (songId === "privatesong") return { ...song, id: "privatesong", private: true };
  return null;
}

const ask = (query: Record<string, string>) => oembedAnswer(new URLSearchParams(query), ORIGIN, find);

beforeEach(() => {
  lookups.length = 0;
});

test("a public song's share link is a rich iframe of the embed player with the card as thumbnail", async () => {
  const answer = await ask({ url: `${ORIGIN}/s/${ID}`, format: "json" });
  expect(answer.status).toBe(200);
  if (answer.status !== 200) return;
  expect(answer.body).toMatchObject({
    version: "1.0",
    type: "rich",
    provider_name: "Songloom",
    provider_url: `${ORIGIN}/`,
    title: "Night <Bus>",
    author_name: "Loomer & Co",
    author_url: `${ORIGIN}/s/${ID}`,
    width: EMBED_WIDTH,
    height: EMBED_HEIGHT,
    thumbnail_width: 600,
    thumbnail_height: 600,
  });
  expect(answer.body.thumbnail_url).toMatch(new RegExp(`^${ORIGIN}/media/songs/${ID}/card-square\\.png\\?v=[\\w-]{16}$`));
  expect(answer.body.html).toBe(
    `<iframe src="${ORIGIN}/embed/${ID}" width="${EMBED_WIDTH}" height="${EMBED_HEIGHT}" style="border:0;max-width:100%" loading="lazy" allow="autoplay" title="Night &lt;Bus&gt; by Loomer &amp; Co"></iframe>`,
  );
});

test("every share alias, with or without the dash suffix, and the clip carries into the embed", async () => {
  for (const path of [`/song/${ID}`, `/share/${ID}`, `/s/${ID}-night-bus`, `/s/${ID}/`]) {
    const answer = await ask({ url: `${ORIGIN}${path}` });
    expect(answer.status, path).toBe(200);
  }
  const clipped = await ask({ url: `${ORIGIN}/s/${ID}?s=10&e=20&utm=x` });
  expect(clipped.status === 200 && clipped.body.html).toContain(`src="${ORIGIN}/embed/${ID}?s=10&amp;e=20"`);
  const badClip = await ask({ url: `${ORIGIN}/s/${ID}?s=-1&e=1.5` });
  expect(badClip.status === 200 && badClip.body.html).toContain(`src="${ORIGIN}/embed/${ID}"`);
});

test("maxwidth and maxheight shrink the player and leave out a thumbnail that would not fit; nonsense is ignored", async () => {
  const small = await ask({ url: `${ORIGIN}/s/${ID}`, maxwidth: "320", maxheight: "120" });
  expect(small.status === 200 && [small.body.width, small.body.height, small.body.thumbnail_url]).toEqual([320, 120, undefined]);
  expect(small.status === 200 && small.body.html).toContain('width="320" height="120"');
  const huge = await ask({ url: `${ORIGIN}/s/${ID}`, maxwidth: "999999999", maxheight: "1e9" });
  expect(huge.status === 200 && [huge.body.width, huge.body.height, huge.body.thumbnail_width]).toEqual([EMBED_WIDTH, EMBED_HEIGHT, 600]);
  const junk = await ask({ url: `${ORIGIN}/s/${ID}`, maxwidth: "-5", maxheight: "abc" });
  expect(junk.status === 200 && [junk.body.width, junk.body.height]).toEqual([EMBED_WIDTH, EMBED_HEIGHT]);
});

test("a URL that is not a public song of ours is a 404 that says nothing more, mostly without a lookup", async () => {
  const refused = [
    `https://evil.example/s/${ID}`,
    `http://songloom.example/s/${ID}`,
    `https://songloom.example.evil.example/s/${ID}`,
    `javascript:alert(1)//${ORIGIN}/s/${ID}`,
    `${ORIGIN}/edit/${ID}`,
    `${ORIGIN}/s/${"a".repeat(3000)}`,
    `${ORIGIN}/s/%2e%2e%2fadmin`,
    `${ORIGIN}/s/héllo`,
    "not a url",
  ];
  for (const url of refused) {
    const answer = await ask({ url });
    expect(answer, url).toEqual({ status: 404, message: "No public Songloom song has that address." });
  }
  expect(lookups).toEqual([]);
  expect(await ask({ url: `${ORIGIN}/s/privatesong` })).toEqual({ status: 404, message: "No public Songloom song has that address." });
  expect(await ask({ url: `${ORIGIN}/s/nosuchsong` })).toEqual({ status: 404, message: "No public Songloom song has that address." });
});

test("format=xml is 501, a missing url is 400", async () => {
  expect((await ask({ url: `${ORIGIN}/s/${ID}`, format: "xml" })).status).toBe(501);
  expect((await ask({ format: "json" })).status).toBe(400);
});

test("parseShareUrl reads the id before the dash and whole-second clips only", () => {
  expect(parseShareUrl(`${ORIGIN}/share/${ID}-a-b?s=3`, ORIGIN)).toEqual({ songId: ID, start: 3, end: undefined });
  expect(parseShareUrl(`${ORIGIN}/s/${ID}?s=x&e=9`, ORIGIN)).toEqual({ songId: ID, start: undefined, end: 9 });
});
