// The stores Songloom delivers to, as data (issue 18 §4; docs/distribution.md). Each store has the deals
// it takes (DDEX commercial models and use types), the territories it sells in, the folder convention of
// its SFTP drop and its tier: the standard label reaches the standard stores, the elevated labels (and
// releases whose songs are mastered, issue 20) the elevated ones as well, and SHADOWBAN none.
//
// Connections (host, port, user, key) are not here: they are secrets, and come from the file named by
// DISTRIBUTION_STORES_FILE (config.server.ts). With none configured, every store is a local store.
import type { ReleaseLabel } from "../admin/confirmed-actions";

export type StoreTier = "standard" | "elevated";

export interface StoreDeal {
  /** DDEX CommercialModelType values. */
  commercialModels: readonly string[];
  /** DDEX UseType values. */
  useTypes: readonly string[];
}

export interface Store {
  /** Stable id: store_deliveries.store_id, the local store's folder and SFTP user name. */
  id: string;
  name: string;
  tier: StoreTier;
  /** ISO 3166-1 alpha-2 codes, or "Worldwide". */
  territories: "Worldwide" | readonly string[];
  deals: readonly StoreDeal[];
  /**
   * Where a batch goes under the store's drop folder. `{batch}` is the batch id (a timestamp and the
   * UPC), `{upc}` the release's UPC. Most stores take one folder per batch.
   */
  folder: string;
}

const STREAM: StoreDeal = { commercialModels: ["SubscriptionModel", "AdvertisementSupportedModel"], useTypes: ["OnDemandStream", "NonInteractiveStream"] };
const SUBSCRIPTION_STREAM: StoreDeal = { commercialModels: ["SubscriptionModel"], useTypes: ["OnDemandStream"] };
const RADIO: StoreDeal = { commercialModels: ["AdvertisementSupportedModel", "SubscriptionModel"], useTypes: ["NonInteractiveStream"] };
const DOWNLOAD: StoreDeal = { commercialModels: ["PayAsYouGoModel"], useTypes: ["PermanentDownload"] };
const USER_VIDEO: StoreDeal = { commercialModels: ["AdvertisementSupportedModel"], useTypes: ["UserMakeAvailableUserProvided", "Stream"] };
const BUSINESS: StoreDeal = { commercialModels: ["SubscriptionModel"], useTypes: ["PerformInPublic", "Stream"] };
const IDENTIFICATION: StoreDeal = { commercialModels: ["RightsClaimModel"], useTypes: ["UseForIdentification"] };

const BATCH = "{batch}";
const DATED = "incoming/{batch}";

const MENA = ["AE", "SA", "EG", "LB", "JO", "KW", "QA", "BH", "OM", "MA", "DZ", "TN", "IQ"];
const AFRICA = ["NG", "GH", "KE", "TZ", "UG", "ZM", "CM", "CI", "RW", "SN"];
const LATIN_AMERICA = ["MX", "BR", "AR", "CO", "CL", "PE", "EC", "GT", "CR", "PA", "UY", "PY", "DO", "SV", "HN", "NI"];

function store(id: string, name: string, tier: StoreTier, territories: Store["territories"], deals: StoreDeal[], folder = BATCH): Store {
  return { id, name, tier, territories, deals, folder };
}

// prettier-ignore
export const STORES: readonly Store[] = [
  store("spotify", "Spotify", "standard", "Worldwide", [STREAM]),
  store("apple_music", "Apple Music", "standard", "Worldwide", [SUBSCRIPTION_STREAM]),
  store("itunes", "iTunes Store", "standard", "Worldwide", [DOWNLOAD]),
  store("amazon_music", "Amazon Music", "standard", "Worldwide", [STREAM, DOWNLOAD]),
  store("youtube_music", "YouTube Music", "standard", "Worldwide", [STREAM]),
  store("deezer", "Deezer", "standard", "Worldwide", [STREAM]),
  store("tiktok", "TikTok", "standard", "Worldwide", [USER_VIDEO]),
  store("meta", "Facebook and Instagram", "standard", "Worldwide", [USER_VIDEO]),
  store("snapchat", "Snapchat", "standard", "Worldwide", [USER_VIDEO]),
  store("tidal", "TIDAL", "standard", "Worldwide", [SUBSCRIPTION_STREAM, DOWNLOAD]),
  store("pandora", "Pandora", "standard", ["US"], [STREAM]),
  store("soundcloud", "SoundCloud", "standard", "Worldwide", [STREAM]),
  store("iheartradio", "iHeartRadio", "standard", ["US", "CA", "AU", "NZ", "MX"], [RADIO, SUBSCRIPTION_STREAM]),
  store("napster", "Napster", "standard", "Worldwide", [SUBSCRIPTION_STREAM]),
  store("anghami", "Anghami", "standard", MENA, [STREAM]),
  store("boomplay", "Boomplay", "standard", AFRICA, [STREAM, DOWNLOAD]),
  store("audiomack", "Audiomack", "standard", "Worldwide", [STREAM]),
  store("mdundo", "Mdundo", "standard", AFRICA, [STREAM]),
  store("jiosaavn", "JioSaavn", "standard", ["IN"], [STREAM]),
  store("gaana", "Gaana", "standard", ["IN"], [STREAM]),
  store("wynk", "Wynk Music", "standard", ["IN"], [STREAM]),
  store("kkbox", "KKBOX", "standard", ["TW", "HK", "JP", "SG", "MY"], [SUBSCRIPTION_STREAM]),
  store("netease", "NetEase Cloud Music", "standard", ["CN"], [STREAM]),
  store("tencent", "Tencent Music (QQ Music, Kugou, Kuwo)", "standard", ["CN"], [STREAM]),
  store("joox", "JOOX", "standard", ["HK", "TH", "MY", "ID", "MM", "ZA"], [STREAM]),
  store("melon", "Melon", "standard", ["KR"], [SUBSCRIPTION_STREAM, DOWNLOAD]),
  store("genie", "genie music", "standard", ["KR"], [SUBSCRIPTION_STREAM, DOWNLOAD]),
  store("flo", "FLO", "standard", ["KR"], [SUBSCRIPTION_STREAM]),
  store("bugs", "Bugs!", "standard", ["KR"], [SUBSCRIPTION_STREAM, DOWNLOAD]),
  store("awa", "AWA", "standard", ["JP"], [STREAM]),
  store("line_music", "LINE MUSIC", "standard", ["JP", "TW", "TH"], [STREAM]),
  store("qobuz", "Qobuz", "standard", "Worldwide", [SUBSCRIPTION_STREAM, DOWNLOAD]),
  store("sevendigital", "7digital", "standard", "Worldwide", [DOWNLOAD]),
  store("medianet", "MediaNet", "standard", "Worldwide", [STREAM, DOWNLOAD]),
  store("claro_musica", "Claro música", "standard", LATIN_AMERICA, [SUBSCRIPTION_STREAM]),
  store("kuack", "Kuack Media", "standard", LATIN_AMERICA, [STREAM]),
  store("trebel", "TREBEL", "standard", ["US", "MX", "CO"], [STREAM]),
  store("peloton", "Peloton", "standard", ["US", "CA", "GB", "DE", "AU"], [SUBSCRIPTION_STREAM]),
  store("liveone", "LiveOne", "standard", ["US"], [STREAM]),
  store("nuuday", "YouSee Musik", "standard", ["DK"], [SUBSCRIPTION_STREAM]),
  store("ximalaya", "Ximalaya", "standard", ["CN"], [STREAM]),
  store("triller", "Triller", "standard", "Worldwide", [USER_VIDEO]),
  // Elevated: the further stores of the elevated labels and of mastered releases.
  store("beatport", "Beatport", "elevated", "Worldwide", [DOWNLOAD, SUBSCRIPTION_STREAM], DATED),
  store("traxsource", "Traxsource", "elevated", "Worldwide", [DOWNLOAD], DATED),
  store("juno_download", "Juno Download", "elevated", "Worldwide", [DOWNLOAD], DATED),
  store("youtube_content_id", "YouTube Content ID", "elevated", "Worldwide", [IDENTIFICATION]),
  store("siriusxm", "SiriusXM", "elevated", ["US", "CA"], [RADIO]),
  store("soundtrack_your_brand", "Soundtrack Your Brand", "elevated", "Worldwide", [BUSINESS]),
  store("pretzel", "Pretzel", "elevated", "Worldwide", [BUSINESS]),
  store("roblox", "Roblox", "elevated", "Worldwide", [USER_VIDEO]),
  store("jaxsta", "Jaxsta", "elevated", "Worldwide", [IDENTIFICATION]),
  store("audible_magic", "Audible Magic", "elevated", "Worldwide", [IDENTIFICATION]),
];

const byId = new Map(STORES.map((entry) => [entry.id, entry]));

export function findStore(id: string): Store | undefined {
  return byId.get(id);
}

/** Which tiers each label reaches (spec 3 §3: {product} standard, {product}_ELEVATED more stores, SHADOWBAN none). */
export const LABEL_TIERS: Record<ReleaseLabel, readonly StoreTier[]> = {
  SONGLOOM: ["standard"],
  SONGLOOM_ELEVATED: ["standard", "elevated"],
  NUEMETA: ["standard"],
  NUEMETA_ELEVATED: ["standard", "elevated"],
  BULK: ["standard"],
  SHADOWBAN: [],
};

/**
 * The stores a release goes to: its label's tiers, plus the elevated stores when its songs are mastered
 * (issue 20). A SHADOWBAN label reaches nothing, mastered or not.
 */
export function storesFor(label: ReleaseLabel, options: { mastered: boolean }): Store[] {
  const tiers = new Set(LABEL_TIERS[label]);
  if (tiers.size > 0 && options.mastered) tiers.add("elevated");
  return STORES.filter((entry) => tiers.has(entry.tier));
}
