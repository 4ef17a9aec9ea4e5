// The whole songs issue 23's "Done when" is measured on (tests/engine/music-v2.test.ts, `npm run bench:tempo`):
// [style card, filter, seed] over every style family, fixed seeds.
export const MUSIC_V2_SONGS: [string, string, number][] = [
  ["wd_edm", "house", 3], ["wd_edm", "electro_house", 11], ["wd_edm", "chill_wave", 5],
  ["wd_rap", "songloom_trap", 106], ["wd_rap", "songloom_trap", 5], ["wd_rap", "songloom_bap", 8], ["wd_rap", "mahogany_flex", 2],
  ["wd_rap", "bouncey_house", 4], ["wd_rap", "icy_beat", 9], ["wd_rap", "rnb", 12],
  ["wd_lofi", "morning_sun", 7], ["wd_lofi", "afternoon_nap", 13], ["wd_lofi", "rainy_nights", 1],
  ["wd_groove", "reggaeton", 6], ["wd_groove", "reggae", 14], ["wd_groove", "reggae2", 3], ["wd_groove", "latin", 10],
  ["wd_groove", "latin_trap", 2], ["wd_groove", "afrobeat", 15], ["wd_groove", "afrobeat2", 8],
  ["relaxation", "ambient_pulsing", 4], ["relaxation", "ambient_acoustic", 9],
  ["beat", "modern_hip_hop", 1], ["beat", "hard_trap", 5], ["beat", "max_edm", 7], ["beat", "vintage_beat", 126],
  ["avantNova", "avant_2", 3], ["avantNova", "avant_3", 130],
  ["advanced", "custom_pop", 2], ["advanced", "custom_rock", 3],
];
