// The eight styles of the create flow (spec 1 §3). Their filter lists come from the filter data, in order.
import { FILTERS } from "./filters";
import type { Style } from "./types";

type StyleCard = Omit<Style, "filters" | "previewUrl" | "credits">;

// `icon` names an SVG icon (app/components/icons.tsx StyleIcon), not an emoji: emoji show as empty boxes
// on systems without a colour emoji font.

const STYLE_CARDS: StyleCard[] = [
  { value: "wd_edm", name: "Electronic Dance", description: "House, electro and chill wave built for the dance floor.", icon: "headphones", defaultFilter: "house" },
  { value: "wd_rap", name: "Rap Beats", description: "Trap, boom bap and R&B beats ready for a verse.", icon: "microphone", defaultFilter: "songloom_trap" },
  { value: "wd_lofi", name: "Lo-Fi", description: "Dusty, swung beats with jazzy chords for studying and relaxing.", icon: "cassette", defaultFilter: "morning_sun" },
  { value: "wd_groove", name: "Global Groove", description: "Reggaeton, reggae, latin and afrobeats rhythms.", icon: "globe", defaultFilter: "reggaeton" },
  { value: "relaxation", name: "Relaxing Meditation", description: "Slow ambient swells, pads and gentle arpeggios.", icon: "lotus", defaultFilter: "ambient_pulsing" },
  { value: "beat", name: "Experimental", description: "Producer flavours from hard trap to ambient, and anything goes.", icon: "flask", defaultFilter: "modern_hip_hop" },
  { value: "avantNova", name: "avantNova", description: "Five rule-bending ideas: lydian glass, polyrhythms, glitch, drones and neo-classical.", icon: "spiral", defaultFilter: "avant_1" },
  { value: "advanced", name: "Custom", description: "Plain band genres to shape with your own instruments, kit and mix.", icon: "sliders", defaultFilter: "custom_pop" },
];

/** One song of any style costs one credit. */
const CREDITS_PER_SONG = 1;

export const STYLES: readonly Style[] = STYLE_CARDS.map((card) => ({
  ...card,
  credits: CREDITS_PER_SONG,
  previewUrl: `/media/previews/${card.value}.mp3`,
  filters: FILTERS.filter((filter) => filter.style === card.value).map((filter) => filter.value),
}));
