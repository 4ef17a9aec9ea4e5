// A voice's preview: one short sung phrase in the middle of its range, through the production effect.
// The web layer renders it once per voice and caches the file.
import type { StereoBuffer } from "../types";
import { SAMPLE_RATE } from "../types";
import type { VocalNote } from "./melody";
import { singVocal } from "./sing";
import { syllabifyLine } from "./syllabify";
import { produceVocal } from "./vocalChain";
import type { Voice } from "./voices";

export const PREVIEW_LYRIC = "sing with me under the summer light";
/** Scale degrees (major) of the phrase: rises to the fifth and comes home, the last note held. */
const PREVIEW_DEGREES = [0, 2, 4, 4, 5, 4, 2, 1, 0];
const MAJOR = [0, 2, 4, 5, 7, 9, 11];
const PREVIEW_TEMPO = 100;

/** The preview phrase's notes for a voice, starting half a second in. */
export function previewNotes(voice: Voice): VocalNote[] {
  const tonic = Math.round((voice.range[0] + voice.range[1]) / 2) - 4;
  const sixteenth = 60 / PREVIEW_TEMPO / 4;
  const syllables = syllabifyLine(PREVIEW_LYRIC);
  let step = 2;
  return syllables.map((syllable, index) => {
    const last = index === syllables.length - 1;
    const steps = last ? 8 : index % 3 === 2 ? 4 : 2;
    const degree = PREVIEW_DEGREES[Math.min(index, PREVIEW_DEGREES.length - 1)];
    const note: VocalNote = {
      syllable: syllable.text,
      word: syllable.word,
      phonemes: syllable.phonemes,
      startSeconds: step * sixteenth,
      durationSeconds: steps * sixteenth,
      midi: tonic + MAJOR[degree % 7],
      step,
      steps,
      line: 0,
    };
    step += steps;
    return note;
  });
}

export async function renderVoicePreview(voice: Voice): Promise<StereoBuffer> {
  const sung = await singVocal({ melody: previewNotes(voice), voice, sampleRate: SAMPLE_RATE });
  return produceVocal(sung.audio, sung.sampleRate);
}

