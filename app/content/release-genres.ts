// The genres a release can be filed under (GET /api/provider_genres, spec 2 §3): the primary genres of the
// Apple Music / iTunes store genre list, which distributors pass on to the other stores (Spotify, Amazon,
// Deezer and YouTube Music map their own vocabularies from it). `id` is what the release stores; "alt"
// (Alternative) is the form's default (spec 2 §3). `mood` picks the palette family of generated cover art.
export type GenreMood = "calm" | "bright" | "dark" | "warm" | "electric";

export interface ReleaseGenre {
  id: string;
  name: string;
  mood: GenreMood;
}

export const DEFAULT_GENRE = "alt";

export const RELEASE_GENRES: readonly ReleaseGenre[] = [
  { id: "alt", name: "Alternative", mood: "dark" },
  { id: "anime", name: "Anime", mood: "bright" },
  { id: "blues", name: "Blues", mood: "warm" },
  { id: "brazilian", name: "Brazilian", mood: "warm" },
  { id: "childrens", name: "Children's Music", mood: "bright" },
  { id: "chinese", name: "Chinese", mood: "warm" },
  { id: "christian_gospel", name: "Christian & Gospel", mood: "warm" },
  { id: "classical", name: "Classical", mood: "calm" },
  { id: "comedy", name: "Comedy", mood: "bright" },
  { id: "country", name: "Country", mood: "warm" },
  { id: "dance", name: "Dance", mood: "electric" },
  { id: "easy_listening", name: "Easy Listening", mood: "calm" },
  { id: "electronic", name: "Electronic", mood: "electric" },
  { id: "fitness_workout", name: "Fitness & Workout", mood: "electric" },
  { id: "folk", name: "Folk", mood: "warm" },
  { id: "hip_hop_rap", name: "Hip-Hop/Rap", mood: "dark" },
  { id: "holiday", name: "Holiday", mood: "bright" },
  { id: "indian", name: "Indian", mood: "warm" },
  { id: "instrumental", name: "Instrumental", mood: "calm" },
  { id: "j_pop", name: "J-Pop", mood: "bright" },
  { id: "jazz", name: "Jazz", mood: "warm" },
  { id: "k_pop", name: "K-Pop", mood: "bright" },
  { id: "karaoke", name: "Karaoke", mood: "bright" },
  { id: "latin", name: "Latin", mood: "warm" },
  { id: "metal", name: "Metal", mood: "dark" },
  { id: "new_age", name: "New Age", mood: "calm" },
  { id: "pop", name: "Pop", mood: "bright" },
  { id: "rnb_soul", name: "R&B/Soul", mood: "warm" },
  { id: "reggae", name: "Reggae", mood: "warm" },
  { id: "rock", name: "Rock", mood: "dark" },
  { id: "singer_songwriter", name: "Singer/Songwriter", mood: "calm" },
  { id: "soundtrack", name: "Soundtrack", mood: "dark" },
  { id: "spoken_word", name: "Spoken Word", mood: "calm" },
  { id: "world", name: "World", mood: "warm" },
  { id: "afrobeats", name: "Afrobeats", mood: "warm" },
  { id: "ambient", name: "Ambient", mood: "calm" },
  { id: "lofi", name: "Lo-Fi", mood: "calm" },
  { id: "house", name: "House", mood: "electric" },
  { id: "techno", name: "Techno", mood: "electric" },
  { id: "punk", name: "Punk", mood: "dark" },
];

const byId = new Map(RELEASE_GENRES.map((genre) => [genre.id, genre]));

export function findGenre(id: string): ReleaseGenre | undefined {
  return byId.get(id);
}
