// The waveform draws one round-capped bar per peak pair in two paths (played, not played), with short
// coordinates: what the library's fifteen rows and the create page's player tint depend on.
import { renderToStaticMarkup } from "react-dom/server";
import { Waveform } from "~/components/songs/waveform";

const bars = (path: string | undefined) => (path ?? "").match(/M/g)?.length ?? 0;

test("one bar per pair, split at the played part; coordinates to a tenth", () => {
  const peaks = [-0.123456, 0.654321, -1, 1, 0, 0, -0.5, 0.25];
  const html = renderToStaticMarkup(<Waveform peaks={peaks} progress={0.5} />);
  const paths = [...html.matchAll(/<path d="([^"]*)" class="([^"]*)"/g)].map((match) => ({ d: match[1], className: match[2] }));
  expect(paths.map((path) => path.className)).toEqual(["stroke-accent-400", "stroke-brand-400/70"]);
  expect(paths.map((path) => bars(path.d))).toEqual([2, 2]);
  // Pair 2 spans the whole height: caps of radius 1 inside 2..98; numbers have at most one decimal.
  expect(paths[0]!.d).toContain("M4 3V97");
  expect(html).toContain('viewBox="0 0 12 100"');
  expect(paths.every((path) => !/\d\.\d\d/.test(path.d))).toBe(true);
});

test("nothing played draws one path; no peaks draw nothing", () => {
  const html = renderToStaticMarkup(<Waveform peaks={[-0.5, 0.5, -0.2, 0.2]} />);
  expect(html.match(/<path/g)).toHaveLength(1);
  expect(html).toContain("stroke-brand-400/70");
  expect(renderToStaticMarkup(<Waveform peaks={[]} />)).toBe("");
});
