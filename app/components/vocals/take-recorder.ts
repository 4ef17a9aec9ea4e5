// Recording a take in the browser: the microphone's PCM through Web Audio (a ScriptProcessorNode — still in
// every browser, and unlike an AudioWorklet it needs no separately served module), kept as float chunks and
// encoded as WAV on stop (wav-encode.ts). Echo cancellation, noise suppression and auto gain are off: they
// smear the pitch and timing the server analyses. Sample 0 of the take is the moment the song starts playing,
// so the take lines up with the song up to the devices' latency, which the server's beat alignment removes.
import { encodeWavMono, rmsLevel } from "./wav-encode";

export interface Recording {
  /** Stops and returns the take as a WAV blob. */
  stop(): Promise<Blob>;
  /** Stops and throws the take away. */
  cancel(): void;
}

export async function startRecording({ backing, onLevel }: { backing: HTMLAudioElement | null; onLevel: (rms: number, seconds: number) => void }): Promise<Recording> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false } });
  const context = new AudioContext();
  await context.resume();
  const source = context.createMediaStreamSource(stream);
  const processor = context.createScriptProcessor(4096, 1, 1);
  // The processor only runs while connected to the output; a silent gain keeps the voice out of the speakers.
  const mute = context.createGain();
  mute.gain.value = 0;
  const chunks: Float32Array[] = [];
  let frames = 0;
  let recording = backing === null;
  processor.onaudioprocess = (event) => {
    if (!recording) return;
    const chunk = new Float32Array(event.inputBuffer.getChannelData(0));
    chunks.push(chunk);
    frames += chunk.length;
    onLevel(rmsLevel(chunk), frames / context.sampleRate);
  };
  source.connect(processor);
  processor.connect(mute);
  mute.connect(context.destination);
  if (backing) {
    backing.currentTime = 0;
    backing.addEventListener("playing", () => (recording = true), { once: true });
    await backing.play();
  }
  const close = () => {
    recording = false;
    backing?.pause();
    processor.disconnect();
    source.disconnect();
    mute.disconnect();
    for (const track of stream.getTracks()) track.stop();
    void context.close();
  };
  return {
    async stop() {
      close();
      return new Blob([encodeWavMono(chunks, context.sampleRate) as BlobPart], { type: "audio/wav" });
    },
    cancel: close,
  };
}
