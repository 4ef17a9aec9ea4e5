// Cover art from a keyword (spec 2 §5): procedural SVG designs. See coverSvg.ts.
export { designCoverArt, coverArtSeed, wrapText, LOOKS, ART_SIZE, ART_FONTS, type ArtLook, type CoverArtDesign, type CoverArtInput } from "./coverSvg";
export { PALETTES, contrastRatio, type ArtMood, type Palette } from "./palettes";
export { isDictionaryWord, promptRefusal, type PromptRefusal } from "./words";
