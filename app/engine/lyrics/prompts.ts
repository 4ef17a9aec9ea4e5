// Prompt ideas offered under the lyrics prompt box (GET /api/lyrics/prompt). Written for this product.
import { deriveSeed } from "../theory/hash";
import { createRng } from "../theory/random";

export const PROMPT_IDEAS: readonly string[] = [
  "Driving home through a rainy city at midnight",
  "The first warm morning of spring after a long winter",
  "Dancing under neon lights until the sun comes up",
  "A lighthouse keeper waiting for a ship that never comes",
  "Summer love on a quiet beach by the ocean",
  "Leaving a small town to chase a dream in the city",
  "An astronaut drifting alone through silent space",
  "Old friends around a fire on the last night of summer",
  "Learning to let go of a love that is over",
  "A train crossing the desert under a sky full of stars",
  "Standing on a rooftop watching the city lights",
  "The calm after a storm, when the world feels new",
  "A letter to my younger self about courage",
  "Walking through an autumn forest as the leaves fall",
  "Two strangers meeting on a late train home",
  "A river that keeps running no matter what",
  "Winning after years of trying and failing",
  "Snow falling on a sleeping town at Christmas",
  "A road trip with the windows down and no plan",
  "Missing someone who lives on the other side of the world",
  "The heartbeat of a festival crowd at sunset",
  "Finding home in the people you love",
  "A sailor singing to the waves on a long voyage",
  "Golden hour in the mountains with nowhere to be",
  "Rising again after falling down",
];

/** `count` different ideas in a seeded order: the same seed shows the same ideas. */
export function promptIdeas(count: number, seed: number): string[] {
  const rng = createRng(deriveSeed(seed, "lyrics-prompts"));
  const ideas = [...PROMPT_IDEAS];
  for (let i = ideas.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [ideas[i], ideas[j]] = [ideas[j], ideas[i]];
  }
  return ideas.slice(0, Math.max(0, Math.min(Math.floor(count), ideas.length)));
}
