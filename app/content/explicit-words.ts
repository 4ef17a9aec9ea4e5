// Words whose presence in a song's lyrics means the release should be marked Explicit (the automatic
// review check "explicit flag vs lyrics"). Stems: a lyric word matches when it starts with one, so
// "fucking" matches "fuck". Kept short on purpose: the check points a reviewer at a line, it decides nothing.
export const EXPLICIT_STEMS = ["fuck", "motherfuck", "shit", "bitch", "cunt", "cock", "dick", "pussy", "asshole", "bastard", "whore", "slut", "nigga", "nigger", "faggot"] as const;

/** The explicit words in `text` (lower-cased, each once), in the order they first appear. */
export function explicitWordsIn(text: string): string[] {
  const found: string[] = [];
  for (const word of text.toLowerCase().match(/[a-z']+/g) ?? []) {
    if (EXPLICIT_STEMS.some((stem) => word.startsWith(stem)) && !found.includes(word)) found.push(word);
  }
  return found;
}
