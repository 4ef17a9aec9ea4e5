// The MIDI export parses back as a format-1 file with the song's tempo, one track per part, programs from
// the production and drums on channel 10, and as many notes as the composition.
import { defaultSongParams, getInstrument } from "~/engine/catalogue";
import { compose, produce } from "~/engine/compose";
import { toMidiFile } from "~/engine/encode/midi";
import * as theory from "~/engine/theory";

interface ParsedTrack {
  name: string;
  programs: { channel: number; program: number }[];
  noteOns: { tick: number; channel: number; pitch: number; velocity: number }[];
  noteOffs: number;
  tempo?: number;
  keySignature?: { sharps: number; minor: boolean };
  markers: { tick: number; text: string }[];
}

/** A minimal Standard MIDI File reader: enough to check what toMidiFile writes. */
function parseMidi(bytes: Uint8Array): { format: number; division: number; tracks: ParsedTrack[] } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = (at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));
  expect(text(0, 4)).toBe("MThd");
  const format = view.getUint16(8);
  const trackCount = view.getUint16(10);
  const division = view.getUint16(12);
  let offset = 14;
  const tracks: ParsedTrack[] = [];
  for (let t = 0; t < trackCount; t++) {
    expect(text(offset, 4)).toBe("MTrk");
    const end = offset + 8 + view.getUint32(offset + 4);
    let at = offset + 8;
    const readVariable = () => {
      let value = 0;
      let byte: number;
      do {
        byte = bytes[at++];
        value = (value << 7) | (byte & 0x7f);
      } while (byte & 0x80);
      return value;
    };
    const track: ParsedTrack = { name: "", programs: [], noteOns: [], noteOffs: 0, markers: [] };
    let tick = 0;
    while (at < end) {
      tick += readVariable();
      const status = bytes[at++];
      if (status === 0xff) {
        const type = bytes[at++];
        const length = readVariable();
        if (type === 0x03) track.name = text(at, length);
        if (type === 0x59) track.keySignature = { sharps: (bytes[at] << 24) >> 24, minor: bytes[at + 1] === 1 };
        if (type === 0x06) track.markers.push({ tick, text: text(at, length) });
        if (type === 0x51) track.tempo = (bytes[at] << 16) | (bytes[at + 1] << 8) | bytes[at + 2];
        at += length;
      } else if ((status & 0xf0) === 0x90) {
        track.noteOns.push({ tick, channel: status & 0x0f, pitch: bytes[at], velocity: bytes[at + 1] });
        at += 2;
      } else if ((status & 0xf0) === 0x80) {
        track.noteOffs++;
        at += 2;
      } else if ((status & 0xf0) === 0xc0) {
        track.programs.push({ channel: status & 0x0f, program: bytes[at] });
        at += 1;
      } else if ((status & 0xf0) === 0xb0) {
        at += 2;
      } else {
        throw new Error(`Unexpected MIDI status ${status.toString(16)}`);
      }
    }
    expect(at).toBe(end);
    tracks.push(track);
    offset = end;
  }
  return { format, division, tracks };
}

describe("toMidiFile", () => {
  const params = defaultSongParams("wd_lofi", 3, "rainy_nights");
  const composition = compose(params);
  const production = produce(params, composition);
  const midi = parseMidi(toMidiFile(composition, production));

  it("is a format-1 file with a tempo track and one track per part", () => {
    expect(midi.format).toBe(1);
    expect(midi.division).toBe(480);
    expect(midi.tracks).toHaveLength(composition.parts.length + 1);
    expect(midi.tracks[0].tempo).toBe(Math.round(60_000_000 / composition.tempo));
    expect(midi.tracks.slice(1).map((track) => track.name)).toEqual(composition.parts);
  });

  it("names the key signature and marks each chord where it starts, spelled like the song's JSON", () => {
    const { keySpelling } = theory;
    const degrees = keySpelling(composition.key.tonic, composition.key.mode === "harmonic_minor" ? "minor" : composition.key.mode).degrees;
    const sharps = degrees.join("").split("#").length - 1;
    const flats = degrees.join("").slice(1).split("b").length - 1;
    expect(midi.tracks[0].keySignature).toEqual({ sharps: sharps - flats, minor: theory.isMinorMode(composition.key.mode) });
    const chords = composition.segments.flatMap((segment) => segment.chords.map((chord) => ({ tick: (segment.index * 32 + chord.step) * 120, text: chord.symbol })));
    expect(midi.tracks[0].markers).toEqual(chords);
  });

  it("spells a sharp key's chords with sharps and a flat key's with flats", () => {
    const seen = { sharp: 0, flat: 0 };
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]) {
      const songParams = defaultSongParams("wd_edm", seed, "house");
      const song = compose(songParams);
      const tempoTrack = parseMidi(toMidiFile(song, produce(songParams, song))).tracks[0];
      const sharps = tempoTrack.keySignature!.sharps;
      const roots = tempoTrack.markers.map((marker) => /^[A-G](#|b)?/.exec(marker.text)![0]);
      if (sharps > 0) { seen.sharp++; expect(roots.filter((root) => root.endsWith("b")), song.key.name).toEqual([]); }
      if (sharps < 0) { seen.flat++; expect(roots.filter((root) => root.endsWith("#")), song.key.name).toEqual([]); }
    }
    expect(seen.sharp).toBeGreaterThan(0);
    expect(seen.flat).toBeGreaterThan(0);
  });

  it("writes every note once, with matching note-offs, and drums on channel 10", () => {
    composition.parts.forEach((part, i) => {
      const track = midi.tracks[i + 1];
      const expected = composition.segments.reduce((sum, segment) => sum + (segment.parts[part]?.length ?? 0), 0);
      expect(track.noteOns).toHaveLength(expected);
      expect(track.noteOffs).toBe(expected);
      const channels = new Set(track.noteOns.map((note) => note.channel));
      if (part === "drums") expect([...channels]).toEqual([9]);
      else expect(channels.has(9)).toBe(false);
    });
  });

  it("sets each pitched part's program from its SoundFont preset", () => {
    composition.parts.forEach((part, i) => {
      if (part === "drums") return;
      const source = getInstrument(production.instruments[part]!).source;
      if (source.kind === "soundfont") expect(midi.tracks[i + 1].programs[0].program).toBe(source.program);
    });
  });

  it("places the first lead note at its grid position in ticks", () => {
    const segment = composition.segments.find((candidate) => (candidate.parts.lead ?? []).length > 0)!;
    const note = segment.parts.lead![0];
    const expectedTick = (segment.index * 32 + note.step + note.micro) * 120;
    const lead = midi.tracks[composition.parts.indexOf("lead") + 1];
    expect(Math.abs(lead.noteOns[0].tick - expectedTick)).toBeLessThanOrEqual(1);
  });
});
