export { addAmbience, renderAmbience } from "./addAmbience";
export { AMBIENT_EFFECTS, AMBIENT_EFFECT_IDS, type AmbientEffect, type AmbientEffectId } from "./ambientBeds";
