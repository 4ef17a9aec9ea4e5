// "Audition": plays one segment's notes in the browser with the Web Audio API, so the user hears an edit
// before saving (a save renders the real instruments, which takes seconds). Simple voices stand in for the
// instruments: an oscillator per pitched note with a short envelope, drums as short noise and sine hits.
import { STEPS_PER_SEGMENT, type DrumKind, type Note, type PartName } from "~/engine/types";

type Voice = { kind: "tone"; wave: OscillatorType; gain: number } | { kind: "drum"; drum: DrumKind };

export interface AuditionEvent {
  /** Seconds from the start of the segment. */
  time: number;
  duration: number;
  frequency: number;
  gain: number;
  voice: Voice;
}

const PART_WAVES: Record<Exclude<PartName, "drums">, { wave: OscillatorType; gain: number }> = {
  bass: { wave: "triangle", gain: 0.35 },
  chords: { wave: "sine", gain: 0.12 },
  lead: { wave: "square", gain: 0.08 },
  pad: { wave: "sine", gain: 0.08 },
  arp: { wave: "triangle", gain: 0.1 },
};

const midiToHertz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

/** The segment's notes as timed events at the song's tempo (micro timing included). Pure, for tests. */
export function auditionEvents(parts: Partial<Record<PartName, Note[]>>, tempo: number): AuditionEvent[] {
  const sixteenth = 60 / tempo / 4;
  const events: AuditionEvent[] = [];
  for (const [part, notes] of Object.entries(parts) as [PartName, Note[]][]) {
    for (const note of notes) {
      const time = Math.max(0, (note.step + note.micro) * sixteenth);
      const velocity = note.velocity / 127;
      if (part === "drums") {
        events.push({ time, duration: note.drum === "open_hat" ? 0.3 : 0.12, frequency: 0, gain: velocity * 0.5, voice: { kind: "drum", drum: note.drum ?? "auxiliary" } });
      } else {
        const { wave, gain } = PART_WAVES[part];
        events.push({ time, duration: Math.max(0.05, note.length * sixteenth), frequency: midiToHertz(note.pitch), gain: velocity * gain, voice: { kind: "tone", wave, gain } });
      }
    }
  }
  return events.sort((a, b) => a.time - b.time);
}

export function segmentSeconds(tempo: number): number {
  return (60 / tempo / 4) * STEPS_PER_SEGMENT;
}

let noise: AudioBuffer | null = null;
function noiseBuffer(context: AudioContext): AudioBuffer {
  if (noise && noise.sampleRate === context.sampleRate) return noise;
  noise = context.createBuffer(1, context.sampleRate / 2, context.sampleRate);
  const data = noise.getChannelData(0);
  for (let i = 0; i < data.length; i += 1) data[i] = Math.random() * 2 - 1;
  return noise;
}

function envelope(context: AudioContext, at: number, duration: number, level: number, output: AudioNode): GainNode {
  const gain = context.createGain();
  gain.gain.setValueAtTime(0, at);
  gain.gain.linearRampToValueAtTime(level, at + 0.005);
  gain.gain.setValueAtTime(level, at + Math.max(0.005, duration - 0.03));
  gain.gain.exponentialRampToValueAtTime(0.0001, at + duration + 0.05);
  gain.connect(output);
  return gain;
}

function playDrum(context: AudioContext, event: AuditionEvent, at: number, output: AudioNode): AudioScheduledSourceNode {
  const drum = event.voice.kind === "drum" ? event.voice.drum : "auxiliary";
  if (drum === "kick") {
    const oscillator = context.createOscillator();
    oscillator.frequency.setValueAtTime(150, at);
    oscillator.frequency.exponentialRampToValueAtTime(45, at + 0.12);
    oscillator.connect(envelope(context, at, 0.15, event.gain * 1.6, output));
    oscillator.start(at);
    oscillator.stop(at + 0.25);
    return oscillator;
  }
  const source = context.createBufferSource();
  source.buffer = noiseBuffer(context);
  const filter = context.createBiquadFilter();
  filter.type = drum === "snare" ? "bandpass" : "highpass";
  filter.frequency.value = drum === "snare" ? 1800 : drum === "auxiliary" ? 4000 : 7000;
  filter.connect(envelope(context, at, event.duration, event.gain, output));
  source.connect(filter);
  source.start(at);
  source.stop(at + event.duration + 0.1);
  return source;
}

export interface AuditionHandle {
  stop(): void;
  durationSeconds: number;
}

/** Plays the events now; `onEnd` fires when the segment has played through (not after `stop`). */
export function playAudition(context: AudioContext, events: AuditionEvent[], tempo: number, onEnd: () => void): AuditionHandle {
  const start = context.currentTime + 0.05;
  const master = context.createGain();
  master.gain.value = 0.8;
  master.connect(context.destination);
  const sources: AudioScheduledSourceNode[] = [];
  for (const event of events) {
    const at = start + event.time;
    if (event.voice.kind === "drum") {
      sources.push(playDrum(context, event, at, master));
      continue;
    }
    const oscillator = context.createOscillator();
    oscillator.type = event.voice.wave;
    oscillator.frequency.value = event.frequency;
    oscillator.connect(envelope(context, at, event.duration, event.gain, master));
    oscillator.start(at);
    oscillator.stop(at + event.duration + 0.1);
    sources.push(oscillator);
  }
  const durationSeconds = segmentSeconds(tempo);
  const timer = setTimeout(onEnd, (durationSeconds + 0.1) * 1000);
  return {
    durationSeconds,
    stop() {
      clearTimeout(timer);
      for (const source of sources) {
        try {
          source.stop();
        } catch {
          // Already stopped.
        }
      }
      master.disconnect();
    },
  };
}
