// Renders single notes through spessasynth_core: one processor per SoundFont program, effects off (the
// mix adds its own reverb and delay). Notes are rendered one at a time from silence, which is what the
// note cache needs; the processor is reused between notes because voices fully die out in between.

import { SpessaSynthProcessor } from "spessasynth_core";
import type { Midi, Samples, Seconds, StereoBuffer, Velocity } from "../types";
import { SAMPLE_RATE } from "../types";
import { createStereo } from "../dsp/stereo";
import { loadSoundBank } from "./soundBank";

/** Larger blocks amortise the processor's per-call overhead. */
const BLOCK = 2048;
const DRUM_CHANNEL = 9;
/** Linear interpolation: ~20 % faster than hermite and inaudible after mixing at 44.1 kHz. */
const LINEAR_INTERPOLATION = 0;
const CC_BANK_SELECT = 0;
const CC_VOLUME = 7;
const PITCH_WHEEL_CENTRE = 8192;
const PITCH_WHEEL_RANGE_CENTS = 200;
/** Longest release tail we keep (sustained organs and cymbals get cut here). */
const MAX_TAIL_SECONDS: Seconds = 4;

export interface SoundFontProgram {
  bank: number;
  program: number;
  /** Drum kits play on the GM percussion channel. */
  drums: boolean;
}

export class SoundFontNoteRenderer {
  private readonly synth: SpessaSynthProcessor;
  private readonly channel: number;

  private constructor(synth: SpessaSynthProcessor, program: SoundFontProgram) {
    this.synth = synth;
    this.channel = program.drums ? DRUM_CHANNEL : 0;
    if (!program.drums && program.bank > 0) synth.controllerChange(this.channel, CC_BANK_SELECT, program.bank);
    synth.controllerChange(this.channel, CC_VOLUME, 127);
    synth.programChange(this.channel, program.program);
  }

  static async create(program: SoundFontProgram): Promise<SoundFontNoteRenderer> {
    const synth = new SpessaSynthProcessor(SAMPLE_RATE, { effectsEnabled: false, eventsEnabled: false, maxBufferSize: BLOCK });
    synth.setSystemParameter("interpolationType", LINEAR_INTERPOLATION);
    synth.soundBankManager.addSoundBank(loadSoundBank(), "gm");
    // Resolves once the SF3 (Ogg Vorbis) sample decoder is ready; instant after the first time.
    await synth.processorInitialized;
    return new SoundFontNoteRenderer(synth, program);
  }

  /**
   * One note from silence: held for `gateSamples`, then released until it dies out; `cents` retunes it (a
   * drum's round robin, velocityTimbre.ts) through the pitch wheel, whose range is ±2 semitones.
   */
  renderNote(pitch: Midi, velocity: Velocity, gateSamples: Samples, cents = 0): StereoBuffer {
    const out = createStereo(gateSamples + Math.round(MAX_TAIL_SECONDS * SAMPLE_RATE));
    const { synth, channel } = this;
    if (cents !== 0) synth.pitchWheel(channel, Math.round(PITCH_WHEEL_CENTRE + (cents / PITCH_WHEEL_RANGE_CENTS) * PITCH_WHEEL_CENTRE));
    synth.noteOn(channel, pitch, velocity);
    let position = 0;
    while (position < gateSamples) {
      const count = Math.min(BLOCK, gateSamples - position);
      synth.process(out.left, out.right, position, count);
      position += count;
    }
    synth.noteOff(channel, pitch);
    while (position < out.left.length && synth.voiceCount > 0) {
      const count = Math.min(BLOCK, out.left.length - position);
      synth.process(out.left, out.right, position, count);
      position += count;
    }
    synth.stopAllChannels(true);
    if (cents !== 0) synth.pitchWheel(channel, PITCH_WHEEL_CENTRE);
    return out;
  }
}
