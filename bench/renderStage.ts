// Child process for the bench: the render stage alone (all stems of a 3-minute song, one thread, dry),
// timed cold and warm, plus the song's notes written as MIDI for FluidSynth to render the same notes.

import { writeFileSync } from "node:fs";
import { defaultSongParams } from "../app/engine/catalogue";
import { compose, produce, scheduleTracks } from "../app/engine/compose";
import { toMidiFile } from "../app/engine/encode";
import { renderStems, soundFontPath } from "../app/engine/render";

const [midiPath] = process.argv.slice(2);
const params = defaultSongParams("wd_edm", 7, "house");
const composition = compose(params);
const production = produce(params, composition);
const tracks = scheduleTracks(composition, production);
const seconds = composition.segments.length * (60 / composition.tempo / 4) * 32 + 3;
writeFileSync(midiPath, toMidiFile(composition, production));
const timesMs: number[] = [];
for (let run = 0; run < 3; run++) {
  const started = performance.now();
  await renderStems(tracks, seconds);
  timesMs.push(performance.now() - started);
}
process.stdout.write(`${JSON.stringify({ seconds, tracks: tracks.length, coldMs: timesMs[0], warmMs: Math.min(...timesMs.slice(1)), soundFont: soundFontPath() })}\n`);
process.exit(0);
