// The legal texts shown at /terms (alias /eula) and /privacy. Plain data so the page, and any seed that
// publishes a version into the `terms` table, read the same words.
import { SUPPORT_EMAIL } from "~/constants";

/** A paragraph, or a bulleted list. */
export type LegalBlock = string | { list: string[] };

export interface LegalSection {
  id: string;
  heading: string;
  blocks: LegalBlock[];
}

export interface LegalDocument {
  title: string;
  /** ISO date of the last change. */
  updated: string;
  intro: string;
  sections: LegalSection[];
}

export const TERMS_OF_USE: LegalDocument = {
  title: "Terms of Use",
  updated: "2026-11-01",
  intro:
    "These terms are the agreement between you and Songloom for using the Songloom website, music engine and related services. By creating an account or using Songloom you accept them. If you do not agree, please do not use Songloom.",
  sections: [
    {
      id: "accounts",
      heading: "1. Your account",
      blocks: [
        "You must be at least 16 years old, or the age of digital consent where you live, to create an account. You are responsible for what happens under your account, so keep your password safe and tell us straight away if you think someone else has used it.",
        "You must give us a working email address and verify it, or sign in through Google, Facebook or Apple, before you can create and edit songs. One person may hold one account.",
      ],
    },
    {
      id: "service",
      heading: "2. What Songloom does",
      blocks: [
        "Songloom composes original music from the style and filter you choose, lets you edit it, add lyrics and generated vocals, keep it in your library, master it, and deliver it to streaming services through our distribution partners. We improve the service continually, so features may change. We will tell you in advance about changes that take away something you pay for.",
      ],
    },
    {
      id: "ownership",
      heading: "3. Who owns the songs",
      blocks: [
        "Songs are composed by our engine at your direction. Subject to these terms, we assign to you the rights we hold in the songs you save to your library, and we keep only the licence we need to host, render, deliver and show them as you ask us to.",
        "Lyrics and other material you add stay yours. You give us a licence to use them only to provide Songloom to you, for example to generate a vocal or to deliver a release.",
        "Because the engine composes from shared musical building blocks, another user may receive a song that resembles yours. Similarity alone does not give either of you a claim against the other.",
      ],
    },
    {
      id: "plans",
      heading: "4. Plans and how you may use your songs",
      blocks: [
        "What you may do with your songs depends on your plan:",
        {
          list: [
            "Free: personal, non-commercial use, up to 25 saved songs and one release to streaming services.",
            "Creator: commercial use, up to 500 saved songs, MP3 downloads and 25 WAV downloads a month.",
            "Pro: commercial use, unlimited saved songs, MP3 and MIDI downloads and 250 WAV downloads a month.",
          ],
        },
        "Commercial use means using a song in something that earns money, such as a monetised video, a podcast, a game or an advertisement. Rights you gained while on a paid plan for songs downloaded during that time continue after you downgrade.",
      ],
    },
    {
      id: "payments",
      heading: "5. Subscriptions and payments",
      blocks: [
        "Paid plans are billed in US dollars in advance, monthly or annually, and renew automatically until you cancel. Card payments are processed by our payment provider; we do not store your card number.",
        "Upgrades take effect immediately and are charged pro rata. Downgrades and cancellations take effect at the end of the period you have already paid for. Except where the law requires otherwise, payments for a period that has started are not refunded.",
        "Mastering is a separate purchase per song. Because the work is carried out as soon as you buy it, mastering purchases are non-refundable.",
      ],
    },
    {
      id: "releases",
      heading: "6. Releases, royalties and withdrawals",
      blocks: [
        "When you submit a release you confirm that you have the right to distribute everything in it, including lyrics, artist name and cover art. We review every release and may reject it, ask for corrections, or take it down later if it breaks these terms or a store's rules.",
        "Royalties reported by the stores for your releases are credited to your Songloom balance in US dollars. Before your first withdrawal we may ask you to verify your identity. We may hold or reverse amounts that a store withdraws or that come from fraudulent streams.",
      ],
    },
    {
      id: "acceptable-use",
      heading: "7. Acceptable use",
      blocks: [
        "You agree not to:",
        {
          list: [
            "submit lyrics, names or artwork you do not have the right to use, including other artists' lyrics;",
            "use an artist name that impersonates another artist or that we have restricted;",
            "generate artificial streams, or use bots, scripts or several accounts to get around limits;",
            "upload anything unlawful, hateful, sexually explicit involving minors, or that infringes someone's rights;",
            "probe, overload or interfere with the service or other users' accounts.",
          ],
        },
        "If you break these rules we may remove content, block releases, freeze withdrawals, or suspend or ban your account and the devices used with it.",
      ],
    },
    {
      id: "termination",
      heading: "8. Ending the agreement",
      blocks: [
        "You may delete your account at any time from your account settings. We may suspend or close accounts that break these terms, and will tell you why unless the law or an investigation prevents it. Sections that by their nature should continue, such as ownership, payments already due and liability, survive the end of the agreement.",
      ],
    },
    {
      id: "liability",
      heading: "9. Warranties and liability",
      blocks: [
        "We work hard to keep Songloom available and your songs safe, but the service is provided as it is. We do not promise that any song will earn a particular amount or be accepted by every store.",
        "To the extent the law allows, our total liability to you for any claim is limited to the amount you paid us in the twelve months before the claim. Nothing in these terms limits liability that cannot be limited by law.",
      ],
    },
    {
      id: "changes",
      heading: "10. Changes to these terms",
      blocks: [
        "We may update these terms. When a change matters we will tell you by email or in the app and may ask you to accept the new version before you continue using Songloom.",
      ],
    },
    {
      id: "contact",
      heading: "11. Contact",
      blocks: [`Questions about these terms: ${SUPPORT_EMAIL}.`],
    },
  ],
};

export const PRIVACY_POLICY: LegalDocument = {
  title: "Privacy Policy",
  updated: "2026-11-01",
  intro:
    "This policy explains what personal data Songloom collects, why, who we share it with and the choices you have. We collect only what we need to run the service, keep it secure and pay you.",
  sections: [
    {
      id: "what-we-collect",
      heading: "1. What we collect",
      blocks: [
        {
          list: [
            "Account data: your email address, display name, password (stored only as a salted hash) and, if you sign in through Google, Facebook or Apple, the identifier that provider gives us.",
            "Your content: songs you generate and save, edits, lyrics, artist names, tags, cover art and releases.",
            "Device and usage data: browser, operating system, IP address, approximate location derived from it (continent, country, city), sign-in times, and the actions you take in the app.",
            "Payment data: your plan, purchases and billing history. Card details go straight to our payment provider and never reach our servers.",
            "Payout data: when you withdraw earnings, the bank or payout account details and the identity verification results needed to pay you lawfully.",
          ],
        },
      ],
    },
    {
      id: "why",
      heading: "2. Why we use it",
      blocks: [
        {
          list: [
            "To provide Songloom: create and store your songs, deliver your releases and credit your royalties (our contract with you).",
            "To keep accounts secure and prevent abuse, such as banned devices returning or fraudulent streams (our legitimate interest).",
            "To take payments, pay you and meet tax and anti-money-laundering rules (legal obligation).",
            "To improve the music engine and the app from aggregated usage (our legitimate interest). We do not sell your data.",
          ],
        },
      ],
    },
    {
      id: "sharing",
      heading: "3. Who we share it with",
      blocks: [
        "We share personal data only with the providers who help us run Songloom, under contracts that limit their use of it:",
        {
          list: [
            "hosting and storage providers that keep the service and your files online;",
            "our payment provider, for subscriptions and purchases;",
            "our identity verification provider, before withdrawals;",
            "distribution partners and streaming services, which receive your release metadata (artist name, titles, artwork) when you release music;",
            "our email provider, for verification and service messages.",
          ],
        },
        "We may disclose data when the law requires it or to protect our users and the service.",
      ],
    },
    {
      id: "cookies",
      heading: "4. Cookies and local storage",
      blocks: [
        "We use a session cookie to keep you signed in and a device cookie to recognise your browser for security. The site also stores small preferences in your browser's local storage, such as how many times you have seen a promotional banner. We do not use third-party advertising cookies.",
      ],
    },
    {
      id: "retention",
      heading: "5. How long we keep it",
      blocks: [
        "We keep your account data and songs while your account is open. When you delete your account we delete your songs and personal data within 30 days, except records we must keep by law (such as payment and payout records, usually for seven years) and releases that are already live until they are taken down.",
      ],
    },
    {
      id: "rights",
      heading: "6. Your rights",
      blocks: [
        "Depending on where you live, you may ask to access, correct, export or delete your personal data, object to or restrict some uses of it, and complain to your data protection authority. Most of this you can do yourself in your account settings; for anything else, email us and we will reply within 30 days.",
      ],
    },
    {
      id: "security",
      heading: "7. Security and transfers",
      blocks: [
        "Data is encrypted in transit, passwords are hashed, and staff access is limited by role and permission. Our providers may process data outside your country; where they do, we rely on recognised safeguards such as standard contractual clauses.",
      ],
    },
    {
      id: "children",
      heading: "8. Children",
      blocks: ["Songloom is not meant for children under 16 and we do not knowingly collect their data."],
    },
    {
      id: "contact",
      heading: "9. Changes and contact",
      blocks: [
        `We will post changes to this policy here and tell you about significant ones. Questions or requests: ${SUPPORT_EMAIL}.`,
      ],
    },
  ],
};

/** The sounds the engine plays and whose licences ask for a credit (docs/decisions/003-dependencies-and-licences.md). */
export const SOUND_CREDITS: LegalDocument = {
  title: "Sound credits",
  updated: "2026-11-28",
  intro:
    "Every Songloom song is composed and performed by our engine. Some of the instruments it plays are recordings made by others, who allow them to be used in music you distribute and sell. Their licences ask us to say whose they are.",
  sections: [
    {
      id: "piano",
      heading: "Piano",
      blocks: [
        "Piano: Salamander Grand Piano V3 by Alexander Holm, licensed under Creative Commons Attribution 3.0 (https://creativecommons.org/licenses/by/3.0/). The engine plays eight of its velocity layers.",
      ],
    },
    {
      id: "general-midi",
      heading: "Other instruments and drums",
      blocks: [
        "The other instruments and the drum kits are played from MuseScore General Lite, a General MIDI sound set released by MuseScore under the MIT licence, shaped by the engine's own velocity, articulation and mixing.",
        "The synthesizer voices (808, supersaw, plucks, pads) and the ambient effects are the engine's own.",
      ],
    },
    {
      id: "your-songs",
      heading: "What this means for your songs",
      blocks: [
        "You do not need to credit anyone when you release a song made with Songloom: the licences above allow the recordings inside your songs to be distributed and sold, and this page is the credit they ask for.",
      ],
    },
  ],
};
