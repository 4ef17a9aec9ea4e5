// The eight styles of the create flow (spec 1 §3). Their filter lists come from the filter data, in order.
import { FILTERS } from "./filters";
import type { Style } from "./types";

type StyleCard = Omit<Style, "filters" | "previewUrl" | "credits">;

const STYLE_CARDS: StyleCard[] = [
  { value: "wd_edm", name: "Electronic Dance", description: "House, electro and chill wave built for the dance floor.", icon: "🎧", defaultFilter: "house" },
  { value: "wd_rap", name: "Rap Beats", description: "Trap, boom bap and R&B beats ready for a verse.", icon: "🎤", defaultFilter: "songloom_trap" },
  { value: "wd_lofi", name: "Lo-Fi", description: "Dusty, swung beats with jazzy chords for studying and relaxing.", icon: "📼", defaultFilter: "morning_sun" },
  { value: "wd_groove", name: "Global Groove", description: "Reggaeton, reggae, latin and afrobeats rhythms.", icon: "🌍", defaultFilter: "reggaeton" },
  { value: "relaxation", name: "Relaxing Meditation", description: "Slow ambient swells, pads and gentle arpeggios.", icon: "🧘", defaultFilter: "ambient_pulsing" },
  { value: "beat", name: "Experimental", description: "Producer flavours from hard trap to ambient, and anything goes.", icon: "🧪", defaultFilter: "modern_hip_hop" },
  { value: "avantNova", name: "avantNova", description: "Five rule-bending ideas: lydian glass, polyrhythms, glitch, drones and neo-classical.", icon: "🌀", defaultFilter: "avant_1" },
  { value: "advanced", name: "Custom", description: "Plain band genres to shape with your own instruments, kit and mix.", icon: "🎛️", defaultFilter: "custom_pop" },
];

/** One song of any style costs one credit. */
const CREDITS_PER_SONG = 1;

export const STYLES: readonly Style[] = STYLE_CARDS.map((card) => ({
  ...card,
  credits: CREDITS_PER_SONG,
  previewUrl: `/media/previews/${card.value}.mp3`,
  filters: FILTERS.filter((filter) => filter.style === card.value).map((filter) => filter.value),
}));
