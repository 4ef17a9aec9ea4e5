// `npm run song -- --style <value> --filter <value> ... --out <path.mp3|path.wav>`: renders one song to
// disk with its MIDI and JSON description, and prints one JSON line of stats. Bad arguments: exit 2.

import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CliUsageError, parseCliArguments, sidePath, USAGE } from "./cliArguments";
import { renderSong } from "./pipeline";

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

async function main(): Promise<void> {
  let request;
  try {
    request = parseCliArguments(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    process.stderr.write(`${error.message}\n\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const song = await renderSong(request.params, { mp3: request.format === "mp3" });
  const audio = request.format === "mp3" ? song.mp3 : song.wav;
  if (!audio) throw new Error("The MP3 encoder returned nothing");
  mkdirSync(path.dirname(path.resolve(request.outPath)), { recursive: true });
  writeFileSync(request.outPath, audio);
  writeFileSync(sidePath(request.outPath, "mid"), song.midi);
  writeFileSync(sidePath(request.outPath, "json"), JSON.stringify({ ...song.description, peaks: song.peaks }, null, 2));
  const { stats } = song;
  const line = {
    out: request.outPath,
    durationSeconds: round(stats.durationSeconds),
    tempo: stats.tempo,
    key: stats.key,
    lufs: round(stats.lufs),
    truePeakDb: round(stats.truePeakDb),
    timingsMs: Object.fromEntries(Object.entries(stats.timings).map(([stage, ms]) => [stage, Math.round(ms)])),
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
