// The line grammar: what each part of a song says. A template is a line with slots; the slot in capitals
// is the rhyme slot and ends the line. Slots are filled from the song's situation (situation.ts) and the
// collocation list, so every adjective-noun and verb-object pair is one English uses:
//   {np}    a noun phrase: "the cold rain", "your hand"      {vo} a verb and its object: "read your letter"
//   {nv}    a noun and what it does: "the snow fall"         {place} where: "in the empty city"
//   {f}     how it feels: "alone", "free"                    {v} a verb on its own: "cry", "stay"
//   {who}   the prompt's character: "a robot" (only when the prompt has one and no "I")
// The song's stages tell its story: the first verse sets the scene (who, where, what happened), the second
// says how it feels and what it was, a third verse and the bridge turn it, and the last chorus carries the
// change. All lines are composed for this product; no line is taken from an existing song.

export type TemplateRole = "scene" | "turn" | "resolve" | "pre" | "chorus" | "change" | "bridge" | "outro";

/** Lines that may open a section of this role; a verse opens on where it happens. */
export const OPENING_TEMPLATES: Partial<Record<TemplateRole, string[]>> = {
  scene: [
    "I'm standing {PLACE}",
    "it's late {PLACE}",
    "it's late {place} and I'm {F}",
    "{place}, I {VO}",
    "{place} I watch {NV}",
    "here {place} I can hear {NP}",
    "I {vo} {PLACE}",
    "I watch {nv} {PLACE}",
    "{np} {PLACE}",
    "there's nobody {PLACE}",
    "I'm {who} {PLACE}",
    "I'm just {who} and I'm {F}",
    "I'm {who} and I {VO}",
  ],
  turn: [
    "back {PLACE}",
    "back {place} you used to {VO}",
    "I remember {np} {PLACE}",
    "we used to {vo} {PLACE}",
    "{place} we used to {VO}",
  ],
  resolve: [
    "I'm still {PLACE}",
    "now I {vo} {PLACE}",
    "{place} I'm gonna {VO}",
  ],
};

export const TEMPLATES: Record<TemplateRole, string[]> = {
  scene: [
    "I watch {NV}",
    "I can hear {NV}",
    "I can hear {NP}",
    "I {VO}",
    "I {vo} and {VO}",
    "{np} and {NP}",
    "all I see is {NP}",
    "and I {VO}",
    "I still {VO}",
    "you {VO}",
    "I {vo} {PLACE}",
    "I think about {NP}",
    "I'm {F}",
    "I'm so {F}",
  ],
  turn: [
    "I {vo} and I {V}",
    "{np} and {NP}",
    "you used to {VO}",
    "we used to {VO}",
    "I can't {VO}",
    "I tried to {VO}",
    "I'm so {F}",
    "and I feel {F}",
    "I'm {f} {PLACE}",
    "I remember {NP}",
    "I watched {NV}",
    "nobody knows I'm {F}",
    "I never got to {VO}",
    "every time I {VO}",
    "I keep thinking of {NP}",
    "I dream about {NP}",
    "I don't know how to {V}",
  ],
  resolve: [
    "now I'm gonna {VO}",
    "tomorrow I will {VO}",
    "I'm ready to {VO}",
    "I learned to {VO}",
    "I let {NV}",
    "so let {NV}",
    "now I'm {F}",
    "I'm finally {F}",
    "this time I'll {V}",
    "I know I'm gonna {V}",
    "I'll {vo} {PLACE}",
    "I'm done with {NP}",
    "I'm not afraid of {NP}",
  ],
  pre: [
    "I can feel {NP}",
    "I can feel {NV}",
    "here comes {NP}",
    "don't let {NV}",
    "and I'm so {F}",
    "can you feel {NP}",
    "I just want to {V}",
  ],
  chorus: [
    "I've never felt so {F}",
    "tonight I feel so {F}",
    "I don't want to be {F}",
    "tell me I'm not {F}",
    "I don't know why I'm so {F}",
    "I'm {f} and I just want to {V}",
    "I just want to {v} and {V}",
    "nobody knows that I'm {F}",
    "and I {VO}",
    "I just want to {V}",
    "I'm {F}",
    "I'm so {F}",
    "and I'm so {F}",
    "I can't {VO}",
    "oh, {NP}",
    "all I want is {NP}",
    "I think about {NP}",
    "and I still {VO}",
    "I'm {f} {PLACE}",
  ],
  change: [
    "but now I'm {F}",
    "and now I finally feel {F}",
    "I'm not afraid to be {F}",
    "for the first time I feel {F}",
    "I'm ready now to {V}",
    "and now I'm {F}",
    "I'm gonna {VO}",
    "I finally {V}",
    "so let {NV}",
    "I'm learning how to {V}",
    "tonight I'll {VO}",
  ],
  bridge: [
    "what if I {VO}",
    "maybe I should {VO}",
    "maybe I'm {F}",
    "if I could {VO}",
    "someday I'll {VO}",
    "maybe I should {V}",
  ],
  outro: [
    "oh, {NP}",
    "I {VO}",
    "let {NV}",
    "I'm {F}",
    "and I {V}",
  ],
};
