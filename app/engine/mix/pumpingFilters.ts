// Filters whose genre is built on side-chain pumping (house and EDM): the mix ducks the bass, chords
// and pads under every kick for these even with a neutral mix style.

export const PUMPING_FILTERS: Readonly<Record<string, number>> = {
  house: 0.45,
  electro_house: 0.55,
  chill_wave: 0.3,
  bouncey_house: 0.4,
  max_edm: 0.5,
};
