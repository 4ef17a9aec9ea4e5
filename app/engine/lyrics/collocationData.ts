// Data, not code: see the header of the text below. Kept as a module so bundles carry it.
export const COLLOCATION_DATA = `
# Collocations for the lyrics generator: which adjectives go with a noun, which verbs take it as their
# object, and what it does on its own ("let the rain fall"). Written by hand for Songloom from ordinary
# English usage; every pair is one a native speaker would say. Grouped by theme.
#
# noun[+][~][@prep]: adjectives | verbs that take it as object | verbs it does itself
#   +      plural ("the stars are")        ~      personal: "your hand", "my name" rather than "the hand"
#   @prep  a place, and its preposition: "on the beach", "in the city"
#   verb_particle is a phrasal verb: walk_down -> "walk down the street"

## night and city
night: long late cold quiet lonely sleepless endless dark warm summer winter restless starry silent perfect | spend remember survive forget | fall end come
city: big empty quiet busy sleeping crowded cold lonely restless whole | leave cross love miss light | sleep wake breathe shine
street@on: empty quiet busy crowded narrow dark wet lonely main | cross walk walk_down drive_down | shine
lamps+: dim yellow flickering | watch pass | flicker hum
lights+: bright dim neon city flashing blinking distant golden | watch follow chase | flicker fade shine blur
skyline: city distant glowing | watch see | glow shine
rooftop@on: cold quiet | climb | 
alley@in: dark narrow empty | walk_down | 
traffic: heavy slow morning evening late | hear | hum move
sidewalk@on: wet cracked empty crowded | walk | shine
window@by: open dark frosted | open close | shine
taxi@in: yellow late | hail catch | wait
subway@on: late crowded empty | catch ride | 
corner@on: street dark quiet | turn | 
bar@in: crowded dark empty | leave | close
neon: bright pink blue | | flicker hum glow
midnight: | | fall come
siren+: distant | hear | wail
apartment@in: empty small tiny | leave | 
stairs+@on: | climb | 
## rain and weather
rain: cold heavy steady soft warm summer gentle falling pouring | hear feel watch wait_out walk_through | fall pour stop come
storm: perfect coming passing violent summer sudden | weather survive ride_out chase | pass break rage come
thunder: distant rolling loud | hear | roll crash rumble
lightning: white sudden | see | strike flash
clouds+: dark grey heavy white low | watch | roll drift break
wind: cold cool strong gentle warm bitter howling | feel | blow howl whisper
sky: blue grey open wide clear dark night empty endless starry | watch paint light fill | clear break open
snow: fresh deep soft white falling heavy | watch | fall melt drift
fog: thick heavy morning grey | | roll lift
sun: bright warm hot morning golden setting rising summer | feel chase watch | rise set shine burn
sunset: golden red perfect beautiful | watch chase | fade burn
sunrise: golden early pink | watch wait_for | break come
rainbow: | see chase | fade
puddles+: | splash_in | shine
umbrella: black old | open share hold | 
weather: cold stormy | | change turn
ice: thin cold | break | melt crack
frost: | | melt
## sea and shore
ocean: wide deep blue open endless cold dark calm | cross sail swim | roar rise call
sea: open deep calm rough cold endless | cross sail face | roar rise call
waves+: big high gentle crashing rolling breaking cold | ride catch watch hear | crash break roll rise
beach@on: quiet empty sandy private white lonely | walk | 
shore@on: distant rocky sandy | reach leave walk | 
sand: warm soft white wet golden | feel | 
tide: high low rising turning evening | watch | turn rise come
harbour@in: quiet busy old | leave | 
boat@on: little small old fishing | row sail sink | drift sail
ship: tall old sinking | sail sink board watch | sail sink come
lighthouse: old lonely distant | keep | shine
shells+: | collect | 
island@on: tiny distant lonely tropical | find reach | 
horizon: distant endless wide | watch reach | glow
sailor: old lonely young | | sing sail
anchor: heavy rusty | drop raise | 
pier@on: old wooden | | 
gulls+: | hear | cry
voyage: long | begin | 
## road and travel
road@on: long open empty lonely dusty winding endless | hit take walk travel | wind
highway@on: open empty lonely endless | drive take | hum
car@in: old fast little | drive park start | 
train@on: late last early slow night empty | catch miss board ride take | leave go come roll
station@at: empty old busy | leave reach | 
ticket: single return | buy | 
map: old torn | read follow fold | 
suitcase: heavy old | pack carry | 
miles+: endless lonely long | drive walk | 
journey: long lonely endless | begin make | 
border: | cross | 
bridge@on: old narrow | cross burn | 
airport@at: busy empty | leave | 
plane@on: | board catch | land fly
engine: | start hear | hum roar
wheel: | turn grab | spin
desert@in: endless empty dry | cross | 
motel@in: cheap lonely | | 
radio: old | turn_up | play
windows+: open | roll_down | 
## sky and space
stars+: bright distant shining falling cold countless silver | count watch follow chase reach | shine fall burn fade
moon: full pale silver bright rising new | watch see | rise shine glow
space@in: open empty outer silent endless deep | drift_through cross | 
planet: distant blue lonely | leave circle | turn
rocket: | launch | rise
astronaut: lonely | | drift float
earth: | leave circle | turn
galaxy: distant | cross | spin
silence: deep heavy cold awkward | break fill hear | fall
satellite: lonely | | circle
comet: bright | chase | burn fall
## fire and friends
fire: warm bright little roaring open | light build feed | burn crackle die glow
flame: bright little open | feed | burn flicker dance
sparks+: tiny bright | catch | fly fade
smoke: thick grey | | rise drift
embers+: glowing dying | | glow fade
friends+: old close true best childhood dear | call meet visit | laugh sing
stories+: old long funny | tell share hear | 
laughter: loud warm | hear share | fill
songs+: old favourite | sing play | play
guitar: old acoustic | play tune | ring
drinks+: cold | share pour | 
summer: long hot last endless lazy whole | spend remember | end fade come
memories+: old sweet fond distant painful happy childhood | keep share hold treasure | fade linger
campfire: | light | burn
## love
love: true first young sweet real endless secret lost | find feel share give | grow last fade
heart~: broken heavy open young tender wild restless | break follow open steal | beat race ache break
kiss: first soft last sweet gentle | steal share | 
hand~: warm cold open steady | hold take shake | shake
eyes+~: green blue brown tired tearful | close open | shine close
smile~: warm sweet shy crooked bright | see miss | fade
voice~: soft sweet gentle quiet | hear miss | shake break
name~: | call whisper say remember | 
arms+~: open warm | | 
lips+~: | kiss | 
dance: slow last first | share save | 
promise: empty broken solemn | keep make break | 
wedding@at: | | 
ring: golden silver diamond | wear | shine
bride: beautiful | | smile
vows+: | make keep take | 
flowers+: wild fresh | pick bring | bloom grow
roses+: red wild | bring | bloom
bouquet: | catch throw | 
aisle: | walk_down | 
crush: secret | | 
feelings+: strange warm | hide share | grow
secret: little dark | keep tell share | 
touch~: gentle soft | feel | 
heartbeat~: | hear feel | race
## loss and breakup
goodbye: long last quiet | say | 
tears+: hot silent salty | cry wipe hide | fall roll
words+: kind last cruel | say mean write read | 
message: long short last | send read write delete | 
text: long last | send read write delete | 
phone~: | check answer | ring buzz
call: late last missed | make miss return | come
letter: long old final | write send read burn | 
door: front open locked | close open lock slam | close open
bed: empty cold unmade | make | 
room: empty quiet dark | leave clean | 
pictures+: old | keep | fade
photograph: old faded | keep | 
coffee: cold black | drink | 
pain: sharp old | feel hide | fade
mistakes+: big old | make | 
ghost: old | chase | 
distance: long | close | grow
scars+: old | hide show | heal fade
breakup: bad messy painful | | 
## home and family
home: warm little sweet | leave find build | 
house: old little empty quiet | build leave | 
kitchen@in: warm little | | 
table: kitchen old | set | 
mother: | call miss | sing
father: | call miss | 
family: whole | raise | 
child: little | raise | laugh sleep
garden@in: little secret | plant | grow bloom
porch@on: front | | 
keys+: | lose find | 
town@in: small little quiet sleepy | leave | sleep
## nature and seasons
trees+: old tall bare | climb plant | grow sway
leaves+: green golden brown falling | rake | fall turn
forest@in: dark deep quiet green | walk_through | 
river: wide cold deep wild | cross follow | run flow rise
creek: little | cross | run
mountains+: high tall distant snowy | climb | rise
valley@in: green quiet | | 
fields+@in: green open golden | cross | 
meadow@in: green quiet | | 
grass: green tall wet | | grow sway
birds+: little | hear watch | sing fly
spring: early | | come
autumn: late golden | | come
winter: long cold hard | survive | come end
morning: early cold bright quiet sunday | wait_for greet | come
evening: quiet warm late | spend | fall come
dawn: early grey | wait_for | break come
dusk: | | fall
seasons+: | | change turn
hills+: green | climb | roll
path@on: narrow winding | follow walk | wind
stones+: cold | throw skip | 
## party and dance
party@at: big late | throw leave crash | 
floor@on: crowded empty | fill | shake
crowd@in: big wild | | sing roar move
music: loud soft | hear play feel | play
beat: heavy steady | feel drop | drop
bass: heavy deep | feel | drop
festival@at: | | 
drums+: | hear play | roll
club@in: crowded | leave | 
rhythm: steady | feel find | 
glass: empty | raise fill | 
## struggle and victory
fight: long hard good | win lose start | 
battle: long uphill | win lose fight | 
dreams+: big wild lost | chase follow live | come die fade
goal: | reach | 
chance: second last | take get | come
race: | win run | 
game: | win play lose | 
crown: golden | wear | 
walls+: | break climb | fall
ground: solid | hold stand | shake
fears+: old deepest | face | 
courage: | find | 
steps+: first | take | 
## work and everyday life
job: | quit start | 
office@in: | leave | 
clock: | watch | tick
alarm: | set | ring
bus@on: late early | catch miss | come
rent: | pay | 
shift: late long night | work | end
## technology and machines
robot: little lonely | build | learn cry
machine: | build | hum
wires+: | cut | spark hum
screen: bright | watch | glow
code: | write | 
circuits+: | | hum spark
metal: cold | | 
signal: weak | send | fade
battery: | charge | die
program: | run write | 
## time and memory
time: lost borrowed | waste take lose | pass fly heal
years+: long lost | spend | pass
days+: long summer golden | spend remember | pass
moment: perfect quiet | remember | pass
## school and youth
school@at: old | leave | 
classroom@in: empty | | 
hallway@in: long empty | walk_down | 
yearbook: old | sign | 
`;
