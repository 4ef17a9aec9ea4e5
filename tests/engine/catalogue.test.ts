// The catalogue: the spec's styles, filters, defaults and production options, all ids resolving, the
// instrument database and its paged search.
import {
  AMBIENT_EFFECTS,
  ARRANGEMENTS,
  CREATION_DEFAULTS,
  DRUM_KIND_INFO,
  DRUM_KITS,
  DRUM_SOUNDS,
  ENSEMBLES,
  FILTERS,
  GROOVES,
  INSTRUMENTS,
  MIX_STYLES,
  STYLES,
  defaultSongParams,
  getAmbientEffect,
  getArrangement,
  getDrumKit,
  getDrumSound,
  getFilter,
  getGroove,
  getInstrument,
  getMixStyle,
  instrumentGroups,
  instrumentSubtypes,
  instrumentTypes,
  resolveTempo,
  searchDrumSounds,
  searchInstruments,
} from "~/engine/catalogue";
import { parseRhythm } from "~/engine/theory";
import { DRUM_KINDS } from "~/engine/types";

describe("styles and filters (spec 1 §3)", () => {
  it("has the eight styles with their values, one credit each", () => {
    expect(STYLES.map((style) => [style.name, style.value])).toEqual([
      ["Electronic Dance", "wd_edm"],
      ["Rap Beats", "wd_rap"],
      ["Lo-Fi", "wd_lofi"],
      ["Global Groove", "wd_groove"],
      ["Relaxing Meditation", "relaxation"],
      ["Experimental", "beat"],
      ["avantNova", "avantNova"],
      ["Custom", "advanced"],
    ]);
    for (const style of STYLES) {
      expect(style.credits).toBe(1);
      expect(style.previewUrl).toBe(`/media/previews/${style.value}.mp3`);
      expect(style.icon).not.toBe("");
      expect(style.filters).toContain(style.defaultFilter);
      expect(style.filters[0]).toBe(style.defaultFilter);
    }
  });

  it("lists each style's filters in order, default first", () => {
    const filtersOf = (value: string) => STYLES.find((style) => style.value === value)!.filters;
    expect(filtersOf("wd_edm")).toEqual(["house", "electro_house", "chill_wave"]);
    expect(filtersOf("wd_rap")).toEqual(["songloom_trap", "songloom_bap", "mahogany_flex", "bouncey_house", "icy_beat", "rnb", "all_flavors"]);
    expect(filtersOf("wd_lofi")).toEqual(["morning_sun", "afternoon_nap", "rainy_nights"]);
    expect(filtersOf("wd_groove")).toEqual(["reggaeton", "reggae", "reggae2", "latin", "latin_trap", "afrobeat", "afrobeat2"]);
    expect(filtersOf("relaxation")).toEqual(["ambient_pulsing", "ambient_electronic", "ambient_acoustic"]);
    expect(filtersOf("beat")).toEqual(["modern_hip_hop", "hard_trap", "max_edm", "chill_electronic", "vintage_beat", "ambient", "unlimited"]);
    expect(filtersOf("avantNova")).toEqual(["avant_1", "avant_2", "avant_3", "avant_4", "avant_5"]);
    expect(filtersOf("advanced").length).toBeGreaterThanOrEqual(4);
    expect(getFilter("all_flavors").roulette).toEqual(["songloom_trap", "songloom_bap", "mahogany_flex", "bouncey_house", "icy_beat", "rnb"]);
  });

  it.each(FILTERS.map((filter) => [filter.value, filter] as const))("filter %s is a complete musical definition", (_, filter) => {
    expect(filter.name).not.toBe("");
    expect(filter.genres.length).toBeGreaterThan(0);
    expect(filter.previewUrl).toBe(`/media/previews/${filter.style}/${filter.value}.mp3`);
    expect(filter.purposes.length).toBeGreaterThan(0);
    expect(filter.tempo.min).toBeLessThanOrEqual(filter.tempo.max);
    expect(Object.keys(filter.progressions).length).toBeGreaterThan(0);
    for (const groove of filter.grooves) expect(getGroove(groove).id).toBe(groove);
    getArrangement(filter.arrangement);
    getDrumKit(filter.drumKit);
    getMixStyle(filter.suggestedMix);
    getAmbientEffect(filter.suggestedSfx);
    for (const part of filter.parts) {
      if (part === "drums") continue;
      const candidates = filter.instruments[part] ?? [];
      expect(candidates.length, `${filter.value} ${part}`).toBeGreaterThan(0);
      for (const id of candidates) getInstrument(id);
    }
    for (const [kind, ids] of Object.entries(filter.drumSounds ?? {})) for (const id of ids ?? []) expect(getDrumSound(id).kind).toBe(kind);
    if (filter.chordRhythm) parseRhythm(filter.chordRhythm);
  });

  it("keeps every groove's patterns well formed", () => {
    for (const groove of GROOVES) {
      for (const pattern of [...Object.values(groove.drums), ...Object.values(groove.intense ?? {}), groove.bass, groove.chords]) {
        expect(() => parseRhythm(pattern!), `${groove.id}: ${pattern}`).not.toThrow();
      }
    }
  });

  it("keeps arrangements in 4-bar phrases", () => {
    for (const template of ARRANGEMENTS) {
      for (const section of template.sections) {
        expect(section.minBars % 4).toBe(0);
        expect(section.maxBars % 4).toBe(0);
      }
    }
  });
});

describe("production options", () => {
  it("has the 14 ensembles, 7 kits, 12 mixes, 13 effects and 5 drum kinds of the spec", () => {
    expect(ENSEMBLES.map((ensemble) => ensemble.id)).toEqual([
      "whole_db_harmonic", "acoustic_guitar_band", "acoustic_world_band", "all_acoustic", "chill_keys", "fusion_70s_band",
      "jazz_50s_no_horns", "rock_band", "soft_rock_band", "string_chamber", "synth_a", "synth_w_acou_gtr", "trap_flintstones", "wind_chamber",
    ]);
    expect(DRUM_KITS.map((kit) => kit.id)).toEqual(["whole_db_drums", "acoustickit", "dusty", "edm", "experimental", "trap_808", "vintage_electronic"]);
    expect(MIX_STYLES.map((mix) => mix.id)).toEqual([
      "clean", "cleanish", "garage", "grand_canyon", "lofi", "montreal", "toronto", "underwater", "vancouver", "dm_house", "dm_electro_house", "dm_chill_wave",
    ]);
    expect(AMBIENT_EFFECTS.map((effect) => effect.id)).toEqual([
      "none", "birds", "cars", "creek", "insects", "jungle", "machines", "marsh", "plaza", "rain_heavy", "rain_light", "scifi", "waves",
    ]);
    expect(DRUM_KIND_INFO).toEqual([
      { id: "kick", name: "Kick" },
      { id: "snare", name: "Snare" },
      { id: "open_hat", name: "Open hi-hat" },
      { id: "closed_hat", name: "Closed hi-hat" },
      { id: "auxiliary", name: "Auxiliary" },
    ]);
  });

  it("every ensemble and kit names real sounds of the right role and kind", () => {
    for (const ensemble of ENSEMBLES.filter((candidate) => !candidate.usesFilterDefaults)) {
      for (const part of ["bass", "chords", "lead", "pad", "arp"] as const) {
        expect(ensemble.instruments[part]?.length, `${ensemble.id} ${part}`).toBeGreaterThan(0);
        for (const id of ensemble.instruments[part]!) getInstrument(id);
      }
    }
    for (const kit of DRUM_KITS.filter((candidate) => !candidate.usesFilterDefaults)) {
      for (const kind of DRUM_KINDS) {
        expect(kit.sounds[kind]?.length, `${kit.id} ${kind}`).toBeGreaterThan(0);
        for (const id of kit.sounds[kind]!) expect(getDrumSound(id).kind).toBe(kind);
      }
    }
  });
});

describe("instruments and drum sounds", () => {
  it("has at least 150 instruments: all 128 GM presets plus synth voices, with unique ids", () => {
    expect(INSTRUMENTS.length).toBeGreaterThanOrEqual(150);
    expect(new Set(INSTRUMENTS.map((instrument) => instrument.id)).size).toBe(INSTRUMENTS.length);
    const programs = INSTRUMENTS.flatMap((instrument) => (instrument.source.kind === "soundfont" ? [instrument.source.program] : []));
    expect([...new Set(programs)].sort((a, b) => a - b)).toEqual([...Array(128).keys()]);
    expect(getInstrument("gm_acoustic_grand_piano").source).toEqual({ kind: "soundfont", bank: 0, program: 0 });
    expect(INSTRUMENTS.filter((instrument) => instrument.source.kind === "synth").length).toBeGreaterThanOrEqual(10);
  });

  it("has GM drum-kit sounds on bank 128 and synth drums for every kind", () => {
    expect(new Set(DRUM_SOUNDS.map((sound) => sound.id)).size).toBe(DRUM_SOUNDS.length);
    expect(getDrumSound("tr808_kick").source).toEqual({ kind: "soundfont", bank: 128, program: 25, note: 36 });
    for (const kind of DRUM_KINDS) expect(DRUM_SOUNDS.some((sound) => sound.kind === kind && sound.source.kind === "synth")).toBe(true);
  });

  it("searches instruments by group, type, subtype and words, 20 per page", () => {
    const all = searchInstruments();
    expect(all.total).toBe(INSTRUMENTS.length);
    expect(all.items).toHaveLength(20);
    const last = searchInstruments({ page: Math.ceil(all.total / 20) });
    expect(last.items.length).toBe(all.total % 20 || 20);
    expect(searchInstruments({ page: 999 }).items).toHaveLength(0);
    const pages = Array.from({ length: Math.ceil(all.total / 20) }, (_, i) => searchInstruments({ page: i + 1 }).items).flat();
    expect(pages.map((instrument) => instrument.id)).toEqual(INSTRUMENTS.map((instrument) => instrument.id));
    const keys = searchInstruments({ group: "keys", perPage: 100 });
    expect(keys.items.every((instrument) => instrument.group === "keys")).toBe(true);
    const electricPianos = searchInstruments({ query: "Electric PIANO" }).items.map((instrument) => instrument.id);
    expect(electricPianos).toEqual(expect.arrayContaining(["gm_electric_piano_1", "gm_electric_piano_2", "gm_electric_grand_piano"]));
    expect(electricPianos).not.toContain("gm_acoustic_grand_piano");
    expect(searchInstruments({ group: "bass", type: "bass", subtype: "synth" }).total).toBe(2);
    expect(searchInstruments({ role: "bass", query: "808" }).total).toBe(3);
    expect(instrumentGroups()).toContain("synth");
    expect(instrumentTypes("keys")).toEqual(["piano", "chromatic_percussion", "organ"]);
    expect(instrumentSubtypes("keys", "piano")).toContain("electric");
  });

  it("searches drum sounds by kind and words", () => {
    const kicks = searchDrumSounds({ kind: "kick", perPage: 100 });
    expect(kicks.items.every((sound) => sound.kind === "kick")).toBe(true);
    expect(kicks.total).toBe(15);
    expect(searchDrumSounds({ query: "808 clap" }).items.map((sound) => sound.id)).toEqual(["tr808_clap"]);
    expect(searchDrumSounds({ perPage: 7, page: 2 }).items).toHaveLength(7);
  });
});

describe("creation defaults", () => {
  it("matches the spec's table", () => {
    expect(CREATION_DEFAULTS).toEqual({
      intensity: 5,
      instrumentLevel: 1,
      density: 0.5,
      humanness: 0.1,
      creativity: 5,
      influence: "hip hop",
      creatorTempo: 90,
      tempoWhenNotAdvanced: 120,
      ensemble: "whole_db_harmonic",
      drumKit: "whole_db_drums",
      mix: "clean",
      sfx: "none",
    });
    const params = defaultSongParams("wd_lofi", 5);
    expect(params.filter).toBe("morning_sun");
    expect(params.tempo).toBeUndefined();
    expect(params.densities).toEqual({ drums: 0.5, bass: 0.5, chords: 0.5, lead: 0.5 });
  });

  it("resolveTempo honours a requested tempo and otherwise stays in the filter's range", () => {
    const trap = getFilter("songloom_trap");
    expect(resolveTempo(trap, 120)).toBe(120);
    expect(resolveTempo(trap, 400)).toBe(220);
    expect(resolveTempo(trap)).toBe(132);
    for (let seed = 0; seed < 50; seed++) {
      const tempo = resolveTempo(trap, undefined, { seed });
      expect(tempo).toBeGreaterThanOrEqual(128);
      expect(tempo).toBeLessThanOrEqual(135);
      expect(Number.isInteger(tempo)).toBe(true);
    }
  });
});
