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
night: long late cold quiet lonely sleepless endless dark warm summer winter restless starry silent perfect black clear hot wild lovely sweet magic cool stormy rainy snowy hazy moonlit velvet electric crazy humid freezing | spend remember survive forget light fill own share | fall end come
city: big empty quiet busy sleeping crowded cold lonely restless whole dark bright neon grey concrete hometown great old modern foreign distant silent strange shining rainy glittering sprawling noisy | leave cross love miss light walk paint watch wake explore escape visit reach | sleep wake breathe shine hum glow
street@on: empty quiet busy crowded narrow dark wet lonely main long wide familiar old cold winding bright dirty rainy sunny | cross walk walk_down drive_down light fill run_down walk_along | shine
lamps+: dim yellow flickering | watch pass | flicker hum
lights+: bright dim neon city flashing blinking distant golden red white blue green soft harsh warm cold dazzling | watch follow chase see dim | flicker fade shine blur glow
skyline: city distant glowing bright | watch see | glow shine
rooftop@on: cold quiet high windy flat | climb reach |
alley@in: dark narrow empty quiet | walk_down |
traffic: heavy slow morning evening late endless loud distant | hear | hum move
sidewalk@on: wet cracked empty crowded dark | walk | shine
window@by: open dark frosted little kitchen bedroom broken small tall wide lonely | open close watch look_through break | shine glow
taxi@in: yellow late empty | hail catch | wait
subway@on: late crowded empty | catch ride | 
corner@on: street dark quiet busy | turn |
bar@in: crowded dark empty late little smoky noisy favourite | leave close | close
neon: bright pink blue red green | watch | flicker hum glow
midnight: | | fall come
siren+: distant | hear | wail
apartment@in: empty small tiny little cold quiet dark new | leave rent clean |
stairs+@on: narrow dark old steep | climb |
building+: tall empty old | |
tower: tall | climb |
market@at: busy crowded noisy morning | walk_through |
neighbourhood@in: quiet old | |
## rain and weather
rain: cold heavy steady soft warm summer gentle falling pouring hard light first icy sudden endless grey silver drizzling spring april | hear feel watch wait_out walk_through taste love dance_in stand_in | fall pour stop come
storm: perfect coming passing violent summer sudden dark big long wild huge | weather survive ride_out chase face fear hear feel see | pass break rage come
thunder: distant rolling loud low heavy rumbling | hear | roll crash rumble
lightning: white sudden bright distant | see | strike flash
clouds+: dark grey heavy white low black storm | watch chase | roll drift break
wind: cold cool strong gentle warm bitter howling wild soft northern freezing chilly | feel hear chase | blow howl whisper carry
sky: blue grey open wide clear dark night empty endless starry pale bright cloudy purple orange big huge beautiful perfect stormy summer winter evening morning | watch paint light fill see touch reach look_at search | clear break open
snow: fresh deep soft white falling heavy cold first thick light clean quiet powdery melting | watch feel walk_through catch | fall melt drift
fog: thick heavy morning grey cold dense |  | roll lift
sun: bright warm hot morning golden setting rising summer late pale blazing afternoon burning | feel chase watch see block | rise set shine burn
sunset: golden red perfect beautiful orange pink last long slow | watch chase | fade burn
sunrise: golden early pink beautiful red | watch wait_for | break come
rainbow: bright faint | see chase | fade
puddles+: | splash_in | shine
umbrella: black old broken red | open share hold |
weather: cold stormy bad good rainy |  | change turn
ice: thin cold | break | melt crack
frost: | | melt
## sea and shore
ocean: wide deep blue open endless cold dark calm grey wild rough big restless silver vast | cross sail swim watch hear see face | roar rise call
sea: open deep calm rough cold endless grey dark blue wild stormy silver restless vast | cross sail face watch hear | roar rise call
waves+: big high gentle crashing rolling breaking cold wild grey blue huge tall heavy small | ride catch watch hear feel | crash break roll rise wash
beach@on: quiet empty sandy private white lonely cold long summer wide golden rocky crowded | walk leave find love |
shore@on: distant rocky sandy far quiet | reach leave walk |
sand: warm soft white wet golden hot fine cool | feel |
tide: high low rising turning evening strong incoming outgoing | watch | turn rise come
harbour@in: quiet busy old empty | leave |
boat@on: little small old fishing wooden tiny leaky | row sail sink build | drift sail
ship: tall old sinking big great | sail sink board watch | sail sink come
lighthouse: old lonely distant white tall | keep | shine
shells+: | collect | 
island@on: tiny distant lonely tropical little small green deserted | find reach |
horizon: distant endless wide far | watch reach | glow
sailor: old lonely young | | sing sail
anchor: heavy rusty | drop raise | 
pier@on: old wooden long | walk |
gulls+:  | hear watch | cry
voyage: long | begin | 
## road and travel
road@on: long open empty lonely dusty winding endless dark narrow back old straight rough rocky quiet muddy | hit take walk travel follow find leave | wind
highway@on: open empty lonely endless long dark busy straight | drive take hit | hum
car@in: old fast little borrowed stolen new red cheap | drive park start steal stop crash wash |
train@on: late last early slow night empty crowded long fast midnight morning | catch miss board ride take wait_for hear stop | leave go come roll
station@at: empty old busy crowded quiet | leave reach |
ticket: single return last | buy |
map: old torn | read follow fold |
suitcase: heavy old little | pack carry |
miles+: endless lonely long | drive walk |
journey: long lonely endless strange great | begin make |
border: | cross | 
bridge@on: old narrow long golden broken | cross burn |
airport@at: busy empty | leave | 
plane@on: | board catch | land fly
engine: | start hear | hum roar
wheel: | turn grab | spin
desert@in: endless empty dry hot wide | cross |
motel@in: cheap lonely | | 
radio: old little | turn_up | play
windows+: open | roll_down | 
motorcycle: old fast loud | ride | roar
bike+: old rusty | ride |
## sky and space
stars+: bright distant shining falling cold countless silver tiny little dying faint | count watch follow chase reach see name wish_on | shine fall burn fade
moon: full pale silver bright rising new white cold orange big crescent | watch see chase follow | rise shine glow
space@in: open empty outer silent endless deep dark | drift_through cross |
planet: distant blue lonely small strange red | leave circle | turn
rocket: silver tiny | launch build watch | rise fly
astronaut: lonely young brave |  | drift float wave
earth: blue | leave circle watch | turn
galaxy: distant spinning whole | cross | spin
silence: deep heavy cold awkward long total sudden empty | break fill hear | fall
satellite: lonely silver distant | watch | circle drift
comet: bright distant silver | chase watch | burn fall fly
spaceship: little silver old | fly build | fly
meteor: | | fall burn
## fire and friends
fire: warm bright little roaring open big small crackling | light build feed watch start | burn crackle die glow
flame: bright little open blue | feed | burn flicker dance
sparks+: tiny bright little golden | catch watch | fly fade rise
smoke: thick grey blue | watch | rise drift curl
embers+: glowing dying red warm last |  | glow fade
friends+: old close true best childhood dear good new loyal oldest dearest | call meet visit miss find lose make keep | laugh sing
stories+: old long funny crazy wild | tell share hear |
laughter: loud warm sudden happy | hear share | fill
songs+: old favourite sad happy | sing play write | play
guitar: old acoustic | play tune pick_up | ring
drinks+: cold cheap | share pour |
summer: long hot last endless lazy whole perfect golden wonderful | spend remember | end fade come
memories+: old sweet fond distant painful happy childhood bright warm vivid bittersweet precious vague | keep share hold treasure make | fade linger
campfire: little | light | burn
## love
love: true first young sweet real endless secret lost great tender new deep pure perfect crazy forbidden unrequited | find feel share give lose need keep want | grow last fade
heart~: broken heavy open young tender wild restless cold warm lonely big golden aching fragile | break follow open steal give trust hide mend | beat race ache break
kiss: first soft last sweet gentle long quick stolen | steal share give remember want |
hand~: warm cold open steady small little gentle trembling | hold take shake reach_for squeeze | shake
eyes+~: green blue brown tired tearful dark bright sad beautiful hazel | close open look_into | shine close
smile~: warm sweet shy crooked bright big beautiful lovely | see miss remember | fade
voice~: soft sweet gentle quiet low tired familiar | hear miss remember | shake break
name~:  | call whisper say remember forget hear |
arms+~: open warm strong |  |
lips+~: soft sweet red | kiss |
dance: slow last first | share save |
promise: empty broken solemn simple sweet | keep make break remember |
wedding@at: big |  |
ring: golden silver diamond old | wear | shine
bride: beautiful young |  | smile cry
vows+: sacred | make keep take |
flowers+: wild fresh red yellow white | pick bring | bloom grow
roses+: red wild white | bring | bloom
bouquet: | catch throw | 
aisle: | walk_down | 
crush: secret | | 
feelings+: strange warm deep | hide share | grow
secret: little dark old deep | keep tell share hide |
touch~: gentle soft warm | feel |
heartbeat~: steady | hear feel | race
date: first blind perfect awkward | plan |
lover: secret old | |
stranger: handsome beautiful perfect | meet | smile
letters+: old secret | write read keep burn |
photo: old blurry | take keep |
## loss and breakup
goodbye: long last quiet sad final painful | say |
tears+: hot silent salty bitter warm | cry wipe hide hold_back | fall roll
words+: kind last cruel right wrong simple angry harsh | say mean write read find hear remember |
message: long short last angry | send read write delete leave get |
text: long last angry | send read write delete |
phone~: old | check answer | ring buzz
call: late last missed long | make miss return | come
letter: long old final last sad | write send read burn open keep find |
door: front open locked back heavy closed | close open lock slam knock_on | close open
bed: empty cold unmade big warm | make |
room: empty quiet dark little small cold crowded | leave clean fill |
pictures+: old faded | keep | fade
photograph: old faded black white | keep |
coffee: cold black hot bitter morning strong | drink pour |
pain: sharp old dull deep constant | feel hide | fade
mistakes+: big old stupid | make |
ghost: old friendly | chase |
distance: long great | close | grow
scars+: old deep | hide show | heal fade
breakup: bad messy painful ugly |  |
grave: cold quiet | visit |
voicemail: old | |
regret: deep | |
sorrow: deep | |
ashes+: | scatter |
## home and family
home: warm little sweet old new happy empty | leave find build miss remember |
house: old little empty quiet big white | build leave paint clean sell |
kitchen@in: warm little | clean |
table: kitchen old | set |
mother: old | call miss visit hug | sing
father: old | call miss visit forgive |
family: whole big | raise |
child: little young | raise | laugh sleep
garden@in: little secret beautiful green | plant water | grow bloom
porch@on: front old |  |
keys+: spare | lose find |
town@in: small little quiet sleepy old | leave | sleep
brother: little big older younger | call | laugh
sister: little older younger big | call | laugh
daughter: little | hold | sleep laugh
son: little | hold | sleep laugh
grandmother:  | visit |
grandfather:  | visit |
kids+:  | raise | grow laugh
dog: old little loyal faithful | walk feed | wait bark run
cat: little black | feed | sleep
cabin@in: little | build |
blanket: warm | |
candle: little | light blow_out | burn flicker
baby: little | hold | cry sleep
birthday: first happy | celebrate |
cake: birthday | bake share |
toys+: old | |
bedroom@in: little dark | |
## nature and seasons
trees+: old tall bare green | climb plant | grow sway
leaves+: green golden brown falling red dry autumn | rake | fall turn
forest@in: dark deep quiet green old thick silent | walk_through enter |
river: wide cold deep wild long slow quiet muddy shallow | cross follow swim | run flow rise
creek: little cold | cross | run
mountains+: high tall distant snowy blue | climb see | rise
valley@in: green quiet deep |  |
fields+@in: green open golden wide | cross |
meadow@in: green quiet wide |  |
grass: green tall wet long |  | grow sway
birds+: little | hear watch | sing fly
spring: early late |  | come
autumn: late golden early |  | come
winter: long cold hard dark endless | survive | come end
morning: early cold bright quiet sunday beautiful perfect grey lazy | wait_for greet | come
evening: quiet warm late cold lovely | spend | fall come
dawn: early grey | wait_for | break come
dusk: purple |  | fall
seasons+: | | change turn
hills+: green rolling | climb | roll
path@on: narrow winding long | follow walk | wind
stones+: cold smooth | throw skip |
lake: cold quiet still deep blue frozen | cross swim | shine
park@in: little empty quiet green sunny | cross |
wolf: lone | | howl
horse+: wild | ride | run
## party and dance
party@at: big late wild loud crowded noisy | throw leave crash |
floor@on: crowded empty wooden | fill | shake
crowd@in: big wild huge restless cheering noisy | join | sing roar move cheer
music: loud soft sweet live | hear play feel love | play
beat: heavy steady loud | feel drop | drop
bass: heavy deep low | feel | drop
festival@at: summer |  |
drums+: loud | hear play | roll
club@in: crowded dark | leave |
rhythm: steady slow | feel find |
glass: empty full | raise fill |
band: little | join leave | play
stage@on: little big |  |
song: old sad | write sing | play
## struggle and victory
fight: long hard good fair | win lose start |
battle: long uphill hard | win lose fight |
dreams+: big wild lost old impossible | chase follow live find | come die fade
goal: final | reach |
chance: second last fair | take get | come
race: long | win run |
game: big | win play lose |
crown: golden | wear | 
walls+: high thick | break climb | fall
ground: solid cold hard | hold stand | shake
fears+: old deepest secret | face |
courage: | find | 
steps+: first small | take |
war: long cold bloody endless | win fight | end
soldier: young tired brave |  | march
title: | win defend |
medal: gold | win |
record: | break |
team: whole | |
ball: | throw catch |
## work and everyday life
job: new old | quit start |
office@in: empty | leave |
clock: old | watch | tick
alarm: | set | ring
bus@on: late early empty | catch miss | come
rent: | pay | 
shift: late long night | work | end
book: old good | read write open close |
pages+:  | turn |
hospital@in:  | leave |
nurse: tired |  |
shop@in: little |  |
diary: old | keep read write |
paycheck: | cash |
bills+: | pay |
uniform: | wear |
badge: | wear |
dinner: late cold | cook |
bread: fresh | bake share |
## technology and machines
robot: little lonely old tiny | build | learn cry
machine: old | build | hum
wires+: | cut | spark hum
screen: bright | watch | glow
code: | write | 
circuits+: | | hum spark
metal: cold | | 
signal: weak | send | fade
battery: | charge | die
program: | run write | 
## time and memory
time: lost borrowed precious | waste take lose need find spend | pass fly heal
years+: long lost | spend | pass
days+: long summer golden lazy | spend remember count | pass
moment: perfect quiet | remember share | pass
## school and youth
school@at: old | leave | 
classroom@in: empty | | 
hallway@in: long empty | walk_down | 
yearbook: old | sign | 

## war and peace
battlefield@on: | |
peace: | make |
flag: | raise wave | wave

## faith and night prayers
prayer: silent quiet | say |
church@in: old little | |
bells+: | ring hear | ring
angels+: | | sing

## hospital
doctor: | call |
medicine: | take |

## books and words
story: long | tell |
poem: | write read |
pen: | pick_up |
`;
