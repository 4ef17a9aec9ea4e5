// The one place that touches howler. howler is imported on the first play, not with the page, so public
// pages never download it (bench/js-size.ts measures what they do download).
//
// A deck plays one song at a time; starting the next song while one plays fades the old one out under the
// new one's fade-in (the player's blend, settings.ts).
import type { Howl } from "howler";

type HowlerExports = typeof import("howler");
let howlerModule: Promise<HowlerExports> | undefined;
function loadHowler(): Promise<HowlerExports> {
  // howler is CommonJS: the browser bundle's dynamic import hands its exports over as `default`.
  howlerModule ??= import("howler").then((module) => ((module as { default?: HowlerExports }).default ?? module));
  return howlerModule;
}

/** A preview hands over to the whole song in this crossfade: short enough not to be heard as one. */
const SWAP_FADE_MS = 120;

export interface DeckEvents {
  onPlaying(playing: boolean): void;
  onEnd(): void;
  onError(message: string): void;
}

export class AudioDeck {
  private howl: Howl | null = null;
  private songId: string | null = null;
  private gain = 0;
  /** Bumped by every load, so a slow import or load that lost the race does nothing. */
  private generation = 0;
  /** The current file played to its end. */
  private ended = false;

  constructor(private readonly events: DeckEvents) {}

  get currentId(): string | null {
    return this.songId;
  }

  /** Starts `url`, fading in over `fadeSeconds` while whatever was playing fades out and is unloaded. */
  async start(songId: string, url: string, options: { gain: number; fadeSeconds: number }): Promise<void> {
    const generation = ++this.generation;
    this.gain = options.gain;
    const { Howl } = await loadHowler();
    if (generation !== this.generation) return;
    const previous = this.howl;
    const fadeMs = Math.round(options.fadeSeconds * 1000);
    if (previous) retire(previous, fadeMs);

    // html5 streams the file (with range requests), so a song starts before it has fully downloaded.
    const howl = new Howl({ src: [url], html5: true, format: ["mp3"], volume: fadeMs > 0 ? 0 : options.gain });
    this.howl = howl;
    this.songId = songId;
    this.ended = false;
    const mine = () => this.howl === howl;
    howl.on("play", () => {
      if (!mine()) return;
      this.events.onPlaying(true);
      if (fadeMs > 0) howl.fade(0, this.gain, fadeMs);
    });
    howl.on("pause", () => mine() && this.events.onPlaying(false));
    howl.on("end", () => {
      if (!mine()) return;
      this.ended = true;
      this.events.onEnd();
    });
    howl.on("loaderror", () => mine() && this.events.onError("This song could not be loaded."));
    // Browsers refuse to start audio before the page has had a click; howler plays it on the next one.
    howl.on("playerror", () => {
      if (!mine()) return;
      this.events.onPlaying(false);
      howl.once("unlock", () => mine() && howl.play());
    });
    howl.play();
  }

  /**
   * The same song from another file at the same moment: a preview giving way to the whole song. The new
   * file starts where the old one is once it has loaded, and the old one fades out under it.
   */
  async swap(songId: string, url: string): Promise<void> {
    const previous = this.howl;
    if (!previous || this.songId !== songId) return;
    const generation = ++this.generation;
    const { Howl } = await loadHowler();
    if (generation !== this.generation) return;
    const wasPlaying = previous.playing();
    // A preview that already ran out hands over at its end: the listener is waiting for what comes next.
    const ended = this.ended;
    const howl = new Howl({ src: [url], html5: true, format: ["mp3"], volume: this.gain });
    this.ended = false;
    this.howl = howl;
    const mine = () => this.howl === howl;
    howl.on("play", () => mine() && this.events.onPlaying(true));
    howl.on("pause", () => mine() && this.events.onPlaying(false));
    howl.on("end", () => {
      if (!mine()) return;
      this.ended = true;
      this.events.onEnd();
    });
    howl.on("loaderror", () => mine() && this.events.onError("This song could not be loaded."));
    howl.once("load", () => {
      if (!mine()) return;
      const at = ended ? previous.duration() : previous.seek();
      howl.seek(typeof at === "number" && Number.isFinite(at) ? at : 0);
      if (wasPlaying || ended || previous.playing()) howl.play();
      retire(previous, SWAP_FADE_MS);
    });
  }

  toggle(): void {
    const howl = this.howl;
    if (!howl) return;
    if (howl.playing()) howl.pause();
    else howl.play();
  }

  pause(): void {
    this.howl?.pause();
  }

  isPlaying(): boolean {
    return this.howl?.playing() ?? false;
  }

  /** Seconds into the song. */
  position(): number {
    const value = this.howl?.seek();
    return typeof value === "number" && Number.isFinite(value) ? value : 0;
  }

  duration(): number {
    return this.howl?.duration() ?? 0;
  }

  seek(seconds: number): void {
    this.howl?.seek(Math.max(0, seconds));
  }

  setGain(gain: number): void {
    this.gain = gain;
    this.howl?.volume(gain);
  }

  stop(): void {
    this.generation += 1;
    if (this.howl) retire(this.howl, 0);
    this.howl = null;
    this.songId = null;
    this.events.onPlaying(false);
  }
}

/** Fades a song out (or stops it at once) and frees its audio element. */
function retire(howl: Howl, fadeMs: number): void {
  howl.off();
  if (fadeMs <= 0 || !howl.playing()) {
    howl.unload();
    return;
  }
  howl.fade(howl.volume(), 0, fadeMs);
  howl.once("fade", () => howl.unload());
}
