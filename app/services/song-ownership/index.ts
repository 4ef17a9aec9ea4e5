// Buying and claiming songs (docs/money.md "Owning a song"). Importing this registers the purchase handler.
export { buySong, claimSong, numOwnershipCredits, SONG_OWNERSHIP_PRICE_CENTS, SONG_OWNERSHIP_PRODUCT, type OwnerDetails } from "./ownership.server";
