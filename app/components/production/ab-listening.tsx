// A/B listening (issue 5): the render before the last edit (A) and after it (B). Without JavaScript two
// <audio controls> elements. With JavaScript one A/B switch over the same two elements: switching moves
// the playhead across, so the same bar is heard in both versions.
import { useEffect, useRef, useState } from "react";
import { buttonClass } from "~/components/button";

export interface AbSource {
  url: string;
  label: string;
}

export function AbListening({ a, b }: { a: AbSource; b: AbSource }) {
  const [hydrated, setHydrated] = useState(false);
  const [active, setActive] = useState<"a" | "b">("b");
  const refs = { a: useRef<HTMLAudioElement>(null), b: useRef<HTMLAudioElement>(null) };
  useEffect(() => setHydrated(true), []);

  function choose(side: "a" | "b") {
    if (side === active) return;
    const from = refs[active].current;
    const to = refs[side].current;
    if (from && to) {
      const playing = !from.paused;
      from.pause();
      to.currentTime = from.currentTime;
      if (playing) void to.play();
    }
    setActive(side);
  }

  return (
    <section aria-labelledby="ab-heading" className="rounded-2xl border border-ink-700 bg-ink-900/60 p-4">
      <h2 id="ab-heading" className="text-lg font-semibold text-white">
        Compare with the previous version
      </h2>
      {hydrated ? (
        <div role="group" aria-label="A/B" className="mt-3 flex gap-2">
          {(["a", "b"] as const).map((side) => (
            <button
              key={side}
              type="button"
              aria-pressed={active === side}
              onClick={() => choose(side)}
              className={buttonClass(active === side ? "primary" : "secondary", "sm")}
            >
              {side === "a" ? `A: before (${a.label})` : `B: after (${b.label})`}
            </button>
          ))}
        </div>
      ) : null}
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {(["a", "b"] as const).map((side) => {
          const source = side === "a" ? a : b;
          const hidden = hydrated && active !== side;
          return (
            <label key={side} className={hidden ? "hidden" : "block text-sm text-slate-300"}>
              {side === "a" ? `A: before (${source.label})` : `B: after (${source.label})`}
              <audio ref={refs[side]} controls preload="metadata" src={source.url} data-ab={side} className="mt-1 w-full" />
            </label>
          );
        })}
      </div>
    </section>
  );
}
