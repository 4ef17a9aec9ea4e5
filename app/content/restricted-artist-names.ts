// The artist names the seed puts in restricted_artist_names (staff edit the table later). Two kinds:
// - generic: words stores reject as an artist name because they describe the music rather than name
//   who made it (Apple Music and Spotify style guides: no genres, moods, activities or "Various Artists");
// - artist: well-known artists, so a release cannot pass itself off as theirs.
export const GENERIC_ARTIST_NAMES: readonly string[] = [
  "Meditation", "Yoga", "Workout", "Relaxation", "Relaxing Music", "Sleep", "Sleep Music", "Study", "Study Music",
  "Focus", "Spa", "Massage", "Chill", "Chillout", "Lofi", "Lo-Fi", "Lo Fi Beats", "Ambient", "Nature Sounds",
  "White Noise", "Rain Sounds", "Piano", "Classical Music", "Jazz", "Instrumental", "Background Music",
  "Various Artists", "Various", "Unknown Artist", "Unknown", "Anonymous", "Artist", "Music", "Karaoke",
  "Christmas", "Christmas Music", "Baby", "Lullaby", "Lullabies", "Kids", "Party", "Dance", "Fitness", "Running",
  "Gym", "Cardio", "Hip Hop", "Rap", "Beats", "Pop", "Rock", "EDM", "Hits", "Top Hits", "Songloom",
];

export const WELL_KNOWN_ARTIST_NAMES: readonly string[] = [
  "Taylor Swift", "Drake", "Beyoncé", "Beyonce", "Rihanna", "Ed Sheeran", "Adele", "Billie Eilish", "The Weeknd",
  "Bad Bunny", "Ariana Grande", "Justin Bieber", "Eminem", "Kanye West", "Ye", "Kendrick Lamar", "Travis Scott",
  "Post Malone", "Dua Lipa", "Bruno Mars", "Lady Gaga", "Katy Perry", "Coldplay", "Imagine Dragons", "BTS",
  "BLACKPINK", "Harry Styles", "Olivia Rodrigo", "SZA", "Doja Cat", "Shakira", "Michael Jackson", "Madonna",
  "Elvis Presley", "The Beatles", "Queen", "Led Zeppelin", "Pink Floyd", "Nirvana", "Metallica", "Bob Marley",
  "Frank Sinatra", "Whitney Houston", "Mariah Carey", "Céline Dion", "Celine Dion", "Elton John", "David Bowie",
  "Prince", "Stevie Wonder", "Daft Punk", "Calvin Harris", "David Guetta", "Avicii", "Marshmello", "Skrillex",
  "Sabrina Carpenter", "Chappell Roan", "Morgan Wallen", "Zach Bryan", "Peso Pluma", "Karol G", "J Balvin",
];

/** How names are compared: case and runs of spaces do not matter. */
export function artistNameKey(name: string): string {
  return name.normalize("NFC").replace(/\s+/g, " ").trim().toLowerCase();
}
