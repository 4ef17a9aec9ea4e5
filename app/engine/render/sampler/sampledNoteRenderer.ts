// Plays single notes from a recorded sample set (sampleSets.ts): the velocity picks the layer (its own
// recording, so a soft note has a soft note's timbre, not a quieter copy of a loud one), the nearest root is
// re-pitched by at most a semitone and a half, the key is held for the gate and then damped. Notes are
// rendered from silence one at a time, like SoundFontNoteRenderer, for the note cache.
//
// The recordings a track needs are decoded before its notes are rendered (`prepare`), through the process's
// shared store (sampleStore.ts), so a recording is decoded once per process whichever thread needs it.

import { readFileSync } from "node:fs";
import { OggVorbisDecoder } from "@wasm-audio-decoders/ogg-vorbis";
import type { Midi, Samples, StereoBuffer, Velocity } from "../../types";
import { SAMPLE_RATE } from "../../types";
import { createStereo } from "../../dsp/stereo";
import { KEEP_SECONDS, sharedRecording, type DecodedRecording, type StoredRecording } from "./sampleStore";
import { zoneFor, type SampleSet, type SampleZone } from "./sampleSets";

/** Within a layer, velocity still shades the level a little (its recordings span about this much). */
const LAYER_SPAN_DB = 3;
const FROM_INT16 = 1 / 32767;
/** Bytes of Ogg fed to the decoder at a time; decoding stops once KEEP_SECONDS are out. */
const FEED_BYTES = 48 * 1024;

let decoder: OggVorbisDecoder | null = null;
let decoderReady: Promise<void> | null = null;
/** Decodes run one at a time per thread: the decoder is one WebAssembly instance. */
let decodeQueue: Promise<unknown> = Promise.resolve();

async function decodeFile(file: string): Promise<DecodedRecording> {
  decoder ??= new OggVorbisDecoder();
  decoderReady ??= decoder.ready;
  await decoderReady;
  const ogg = readFileSync(file);
  const left: Float32Array[] = [];
  const right: Float32Array[] = [];
  let frames = 0;
  let sampleRate = 0;
  try {
    for (let at = 0; at < ogg.length; at += FEED_BYTES) {
      const chunk = await decoder.decode(ogg.subarray(at, at + FEED_BYTES));
      if (chunk.samplesDecoded > 0) {
        sampleRate = chunk.sampleRate;
        left.push(chunk.channelData[0]);
        right.push(chunk.channelData[1] ?? chunk.channelData[0]);
        frames += chunk.samplesDecoded;
      }
      if (sampleRate > 0 && frames >= KEEP_SECONDS * sampleRate) break;
    }
  } finally {
    await decoder.reset();
  }
  if (sampleRate === 0) throw new Error(`${file}: no audio decoded`);
  const join = (parts: Float32Array[]) => {
    const out = new Float32Array(frames);
    let offset = 0;
    for (const part of parts) {
      out.set(part.subarray(0, frames - offset), offset);
      offset += part.length;
    }
    return out;
  };
  return { left: join(left), right: join(right), sampleRate };
}

function queuedDecode(file: string): Promise<DecodedRecording> {
  const next = decodeQueue.then(() => decodeFile(file));
  decodeQueue = next.catch(() => undefined);
  return next;
}

export class SampledNoteRenderer {
  private readonly recordings = new Map<number, StoredRecording>();

  constructor(private readonly set: SampleSet) {}

  /** Decodes (or reads from the process's store) every recording these notes play. */
  async prepare(notes: Iterable<{ pitch: Midi; velocity: Velocity }>): Promise<void> {
    const zones = new Map<number, SampleZone>();
    for (const note of notes) {
      const zone = zoneFor(this.set, note.pitch, note.velocity);
      if (!this.recordings.has(zone.slot)) zones.set(zone.slot, zone);
    }
    for (const zone of zones.values()) this.recordings.set(zone.slot, await sharedRecording(zone.slot, () => queuedDecode(zone.file)));
  }

  /** The recording slots prepared so far (tests: which layers a track played). */
  preparedSlots(): number[] {
    return [...this.recordings.keys()];
  }

  /** One note from silence: the layer's recording re-pitched, held for `gateSamples`, then damped. */
  renderNote(pitch: Midi, velocity: Velocity, gateSamples: Samples): StereoBuffer {
    const zone = zoneFor(this.set, pitch, velocity);
    const recording = this.recordings.get(zone.slot);
    if (!recording) throw new Error(`${this.set.id}: ${zone.file} was not prepared`);
    // Source frames per output sample: the pitch shift and the recording's own rate (48 kHz) against 44.1 kHz.
    const step = Math.pow(2, (pitch - zone.root) / 12) * (recording.sampleRate / SAMPLE_RATE);
    const gain = Math.pow(10, (-LAYER_SPAN_DB * (zone.velocityHigh - Math.min(zone.velocityHigh, velocity))) / Math.max(1, zone.velocityHigh - zone.velocityLow + 1) / 20);
    const damped = pitch < this.set.undampedFrom;
    const releaseSamples = Math.round((damped ? this.set.releaseSeconds : KEEP_SECONDS) * SAMPLE_RATE);
    const available = Math.floor((recording.frameCount - 2) / step);
    const length = Math.max(0, Math.min(available, gateSamples + (damped ? releaseSamples * 6 : available)));
    const out = createStereo(length);
    const frames = recording.frames;
    const releaseFactor = Math.exp(-1 / Math.max(1, releaseSamples));
    let envelope = 1;
    for (let i = 0; i < length; i++) {
      if (damped && i >= gateSamples) envelope *= releaseFactor;
      const position = i * step;
      const index = Math.floor(position);
      const fraction = position - index;
      const a = 2 * index;
      const g = gain * envelope * FROM_INT16;
      out.left[i] = (frames[a] + (frames[a + 2] - frames[a]) * fraction) * g;
      out.right[i] = (frames[a + 1] + (frames[a + 3] - frames[a + 1]) * fraction) * g;
    }
    return out;
  }
}
