// The starting FAQ content of /faqs. Seeds only an empty FAQ: once staff have topics in the admin area,
// their edits win and a re-seed leaves them alone.
import type { Db } from "../../app/server/db.server";
import { faqQuestions, faqTopics } from "../schema/faq";

interface SeedTopic {
  name: string;
  questions: { question: string; answer: string }[];
}

export const FAQ_CONTENT: SeedTopic[] = [
  {
    name: "Getting started",
    questions: [
      {
        question: "What is Songloom?",
        answer:
          "Songloom writes original music for you. Pick a style and a filter and in a few seconds you get complete songs: drums, bass, chords, melody and a finished mix.\n\nYou can then edit them, add lyrics and a sung vocal, master them and release them to streaming services.",
      },
      {
        question: "Do I need to know anything about music?",
        answer:
          "No. Every choice in Songloom is a sound you can hear before you commit to it. If you do know your way around a piano roll, the notes and arrangement editors let you change every note.",
      },
      {
        question: "How do I make my first song?",
        answer:
          "Create a free account and verify your email address (or sign in with Google, Facebook or Apple). Then choose Create, pick a style such as Lo-Fi or Rap Beats, and pick a filter within it. Songloom composes three songs at a time; keep the ones you like and skip the rest.",
      },
      {
        question: "What is the difference between a style and a filter?",
        answer:
          "A style is the broad genre, for example Electronic Dance. A filter narrows it down to a particular sound within that genre, for example House or Chill Wave. Every style has a default filter if you are not sure where to start.",
      },
    ],
  },
  {
    name: "Creating and editing songs",
    questions: [
      {
        question: "Are the songs really original?",
        answer:
          "Yes. Each song is composed from scratch by our music engine from the style, the filter and a random seed. It is not stitched together from other people's recordings.",
      },
      {
        question: "What can I change after a song is made?",
        answer:
          "You can swap the instruments and the drum kit, change the mix style, add an ambient background such as rain or waves, rewrite or edit the notes, rearrange sections, and change the song's name, artist name and tags.",
      },
      {
        question: "How many songs can I keep?",
        answer:
          "You can listen to as many songs as you like. Saving them to your library is limited by your plan: 25 songs on Free, 500 on Creator and unlimited on Pro. Songs above your limit stay in your library but are locked until you upgrade or remove others.",
      },
      {
        question: "Can I download my songs?",
        answer:
          "Downloads come with the Creator and Pro plans. Creator includes 25 WAV downloads a month and Pro includes 250, along with MP3 and MIDI downloads.",
      },
    ],
  },
  {
    name: "Vocals and lyrics",
    questions: [
      {
        question: "How do I add vocals to a song?",
        answer:
          "Open the song and choose Vocals. Let Songloom write lyrics from a short prompt, or type your own, then pick a voice and generate. It usually takes a minute or two, and you can review the result before you save it.",
      },
      {
        question: "Why were my lyrics refused?",
        answer:
          "Lyrics must be in English, must not be empty, must not contain copyrighted material such as another artist's lyrics, and every line must fit the number of syllables the melody allows. The editor shows which line needs attention.",
      },
    ],
  },
  {
    name: "Releases and royalties",
    questions: [
      {
        question: "Can I release my songs on Spotify and Apple Music?",
        answer:
          "Yes. Create a release in your library, add up to three songs, cover art and the artist name, and submit it. Our team reviews every release before it is delivered to the streaming services.",
      },
      {
        question: "What does my cover art need?",
        answer:
          "A square image of at least 3000 by 3000 pixels and under 50 MB. If you do not have one, Songloom can create cover art from a single English keyword.",
      },
      {
        question: "What do the release statuses mean?",
        answer:
          "Submitted means we have your release and will review it. Approved means it passed review and is on its way to the stores. Live means it can be streamed. Awaiting corrections means we need you to fix something before it goes out; the release shows what. Rejected means it cannot be distributed.",
      },
      {
        question: "How do I get paid?",
        answer:
          "Streaming revenue from your live releases is added to your balance in US dollars as the stores report it. You can withdraw your balance from your account once your identity has been verified.",
      },
    ],
  },
  {
    name: "Membership and billing",
    questions: [
      {
        question: "What do the plans include?",
        answer:
          "Free lets you make songs and keep 25 of them for personal use. Creator raises that to 500 songs, adds downloads with 25 WAV downloads a month, and lets you use your songs commercially. Pro has unlimited songs, 250 WAV downloads a month and every download format. See the Pricing page for current prices.",
      },
      {
        question: "Can I switch between monthly and annual billing?",
        answer:
          "Yes, from Account, then Memberships. Annual billing costs less per month. Upgrades start straight away; downgrades and cancellations take effect at the end of the period you have paid for.",
      },
      {
        question: "What is mastering and is it refundable?",
        answer:
          "Mastering is an optional per-song add-on that makes a finished song louder, clearer and consistent across speakers, ready for more than 40 streaming platforms. You hear a 30-second preview first. Because the work is done as soon as you buy it, a mastering purchase is non-refundable.",
      },
    ],
  },
  {
    name: "Account and security",
    questions: [
      {
        question: "Why do I need to verify my email address?",
        answer:
          "Verification proves the address is yours, so we can reach you about your releases and payments. Accounts created with Google, Facebook or Apple are already verified.",
      },
      {
        question: "How do I delete my account?",
        answer:
          "Go to Account, then User Info, and choose Delete account. Your songs and personal data are removed. Releases that are already live are taken down from the streaming services.",
      },
    ],
  },
];

export async function seed(db: Db): Promise<void> {
  const existing = await db.select({ id: faqTopics.id }).from(faqTopics).limit(1);
  if (existing.length > 0) return;
  await db.transaction(async (tx) => {
    for (const [topicPosition, topic] of FAQ_CONTENT.entries()) {
      const [row] = await tx
        .insert(faqTopics)
        .values({ name: topic.name, position: topicPosition })
        .returning({ id: faqTopics.id });
      await tx.insert(faqQuestions).values(
        topic.questions.map(({ question, answer }, position) => ({
          topicId: row.id,
          questionText: question,
          answerText: answer,
          position,
        })),
      );
    }
  });
}
