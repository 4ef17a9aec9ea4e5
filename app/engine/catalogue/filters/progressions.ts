// Chord-loop vocabularies shared by several filters (MUSIC.md "Harmony"). Numerals count degrees of the
// song's mode; case gives the third. Each loop is four chords.

export const EDM_MINOR = [["i", "VI", "III", "VII"], ["i", "iv", "VI", "v"], ["i", "VI", "i", "VII"]];
export const EDM_DORIAN = [["i7", "IV7", "i7", "IV7"], ["i", "VII", "IV", "i"]];
export const EDM_PHRYGIAN = [["i", "II", "i", "VII"], ["i", "II", "VI", "i"]];
export const POP_MAJOR = [["I", "V", "vi", "IV"], ["I", "IV", "vi", "V"], ["I", "vi", "IV", "V"]];
export const POP_MINOR = [["i", "VI", "III", "VII"], ["i", "iv", "VI", "V"], ["i", "VII", "VI", "V"]];
export const TRAP_MINOR = [["i", "VI", "iv", "V"], ["i", "iv", "i", "iv"], ["i", "VI", "i", "VII"]];
export const TRAP_HARMONIC = [["i", "VI", "iv", "V"], ["i", "iv", "V", "i"]];
export const TRAP_PHRYGIAN = [["i", "II", "i", "II"], ["i", "II", "VI", "i"]];
export const LOFI_MAJOR = [["ii7", "V7", "Imaj7", "vi7"], ["IVmaj7", "iii7", "ii7", "Imaj7"], ["Imaj7", "vi7", "ii7", "V7"]];
export const LOFI_MINOR = [["i9", "iv9", "i9", "iv9"], ["i7", "iv7", "VImaj7", "v7"]];
export const LOFI_DORIAN = [["i9", "IV9", "i9", "IV9"], ["i7", "IV7", "VIImaj7", "i7"]];
export const RNB_MAJOR = [["IVmaj7", "iii7", "ii7", "Imaj7"], ["Imaj7", "vi9", "ii9", "V9"]];
export const REGGAE_MAJOR = [["I", "IV", "I", "V"], ["I", "IV", "V", "IV"]];
export const REGGAE_MIXOLYDIAN = [["I", "VII", "IV", "I"], ["I", "v", "IV", "I"]];
export const LATIN_MINOR = [["i", "VI", "III", "VII"], ["i", "iv", "V", "i"]];
export const AFRO_MAJOR = [["I", "IV", "vi", "V"], ["I", "vi", "IV", "V"], ["Imaj7", "IV", "ii7", "V"]];
export const AMBIENT_MAJOR = [["Isus2", "IVmaj7", "Isus2", "IVmaj7"], ["Imaj7", "vi7", "IVmaj7", "Isus2"]];
export const AMBIENT_LYDIAN = [["Imaj7", "II", "Imaj7", "II"], ["Isus2", "II", "vii", "Imaj7"]];
export const AMBIENT_MINOR = [["i9", "VImaj7", "i9", "VImaj7"], ["i7", "iv7", "VImaj7", "VII"]];
export const ROCK_MIXOLYDIAN = [["I", "VII", "IV", "I"], ["I", "v", "IV", "I"]];
export const JAZZ_MAJOR = [["ii7", "V7", "Imaj7", "vi7"], ["Imaj7", "vi7", "ii7", "V7"], ["ii7", "V7", "Imaj7", "IVmaj7"]];
export const HARMONIC_MINOR = [["i", "iv", "V", "i"], ["i", "VI", "iv", "V"]];
