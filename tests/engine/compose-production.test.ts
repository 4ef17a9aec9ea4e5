// produce() and the two ids: sounds come from the user's choice, then the ensemble or kit, then the filter;
// the composition id ignores production choices and the production id ignores composing choices.
import { defaultSongParams, getDrumKit, getEnsemble, getFilter } from "~/engine/catalogue";
import { compose, describeComposition, produce } from "~/engine/compose";
import type { SongParams } from "~/engine/types";

const base: SongParams = defaultSongParams("wd_rap", 11, "songloom_trap");
const composition = compose(base);

describe("produce", () => {
  it("whole_db_harmonic and whole_db_drums use the filter's own sounds", () => {
    const production = produce(base, composition);
    const filter = getFilter(composition.filter);
    for (const part of ["bass", "chords", "lead"] as const) expect(filter.instruments[part]).toContain(production.instruments[part]);
    expect(getDrumKit(filter.drumKit).sounds.kick).toContain(production.drums.kick);
    expect(production.mix).toBe("clean");
    expect(production.sfx).toBe("none");
    expect(production.levels).toEqual({ drums: 1, bass: 1, chords: 1, lead: 1 });
    expect(production.intensity).toBe(5);
  });

  it("an ensemble and a kit replace the filter's sounds", () => {
    const production = produce({ ...base, ensemble: "string_chamber", drumKit: "acoustickit" }, composition);
    const ensemble = getEnsemble("string_chamber");
    for (const part of ["bass", "chords", "lead"] as const) expect(ensemble.instruments[part]).toContain(production.instruments[part]);
    for (const kind of ["kick", "snare", "closed_hat", "open_hat", "auxiliary"] as const) {
      expect(getDrumKit("acoustickit").sounds[kind]).toContain(production.drums[kind]);
    }
  });

  it("the user's own instrument and drum choices win over ensemble and kit", () => {
    const production = produce(
      { ...base, ensemble: "rock_band", instruments: { lead: "gm_ocarina" }, drums: { snare: "brush_snare" }, levels: { lead: 0.5 } },
      composition,
    );
    expect(production.instruments.lead).toBe("gm_ocarina");
    expect(production.drums.snare).toBe("brush_snare");
    expect(production.instruments.chords).toMatch(/guitar/);
    expect(production.levels.lead).toBe(0.5);
  });

  it("the production seed re-rolls the sounds among the candidates", () => {
    const rolls = new Set(Array.from({ length: 12 }, (_, seed) => JSON.stringify(produce(base, composition, seed).instruments)));
    expect(rolls.size).toBeGreaterThan(1);
  });

  it("rejects unknown ids with a clear message", () => {
    expect(() => produce({ ...base, ensemble: "kazoo_band" }, composition)).toThrow(/Unknown ensemble: "kazoo_band"/);
    expect(() => produce({ ...base, mix: "nope" }, composition)).toThrow(/Unknown mix style/);
    expect(() => compose({ ...base, filter: "house" })).toThrow(/Unknown filter of style wd_rap/);
  });

  it("describes the song with times and sound names", () => {
    const description = describeComposition(composition, produce(base, composition));
    expect(description.sections[0].startSeconds).toBe(0);
    expect(description.sections.at(-1)!.endSeconds).toBe(description.durationSeconds);
    expect(description.segments).toHaveLength(composition.segments.length);
    expect(description.instruments?.bass).toMatch(/808/);
    expect(description.mix).toBe("Clean");
  });
});

describe("ids", () => {
  it("the composition id stays when only production choices change (reproduce)", () => {
    const reproduced = compose({ ...base, ensemble: "synth_a", drumKit: "edm", mix: "lofi", sfx: "rain_light", instruments: { lead: "gm_flute" }, levels: { bass: 0.7 } });
    expect(reproduced.id).toBe(composition.id);
    expect(JSON.stringify(reproduced.segments)).toBe(JSON.stringify(composition.segments));
  });

  it("the production id stays when only composing choices change (rewrite)", () => {
    const first = produce(base, composition, 500);
    const rewrittenParams = { ...base, seed: 12, densities: { ...base.densities, lead: 0.9 }, humanness: 0.4, tempo: 144 };
    const rewritten = compose(rewrittenParams);
    expect(rewritten.id).not.toBe(composition.id);
    expect(produce(rewrittenParams, rewritten, 500).id).toBe(first.id);
  });

  it("each id changes with its own parameters", () => {
    expect(compose({ ...base, densities: { ...base.densities, drums: 0.9 } }).id).not.toBe(composition.id);
    expect(produce({ ...base, mix: "garage" }, composition).id).not.toBe(produce(base, composition).id);
    expect(produce(base, composition, 1).id).not.toBe(produce(base, composition, 2).id);
  });
});
