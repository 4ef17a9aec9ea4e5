// The twelve mix styles, by name. Their signal processing is defined in app/engine/mix/.
import type { MixStyle } from "./types";

export const MIX_STYLES: readonly MixStyle[] = [
  { id: "clean", name: "Clean", description: "A balanced, transparent mix." },
  { id: "cleanish", name: "Cleanish", description: "Clean with a touch of warmth and saturation." },
  { id: "garage", name: "Garage", description: "A short room, some drive, close to mono." },
  { id: "grand_canyon", name: "Grand Canyon", description: "A long, bright reverb with pre-delay." },
  { id: "lofi", name: "Lo-Fi", description: "Low-passed, tape wow and flutter, saturation and vinyl crackle." },
  { id: "montreal", name: "Montreal", description: "Wide and airy, with chorus on the keys." },
  { id: "toronto", name: "Toronto", description: "Dark and spacious, heavy low end, muted highs." },
  { id: "underwater", name: "Underwater", description: "A steep low-pass with a slow chorus." },
  { id: "vancouver", name: "Vancouver", description: "Crisp and bright with a tight plate reverb." },
  { id: "dm_house", name: "House", description: "Club mix: pumping side-chain and a big low end." },
  { id: "dm_electro_house", name: "Electro House", description: "Aggressive side-chain, driven bass, bright top." },
  { id: "dm_chill_wave", name: "Chill Wave", description: "Soft side-chain, hazy delays and warm tape tone." },
];
