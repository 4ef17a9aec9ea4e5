import { json, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { STYLES } from "~/engine/catalogue";
import { PUBLIC_PAGE } from "~/utils/page-handle";
import { StyleIcon } from "~/components/icons";

/** Complete without JavaScript: visitors get it without the Remix runtime (ADR 012). */
export const handle = PUBLIC_PAGE;

export async function loader() {
  // Only the card fields: the catalogue itself (filters, grooves...) stays on the server.
  return json({
    styles: STYLES.map(({ value, name, description, icon }) => ({ value, name, description, icon })),
  });
}

const STEPS = [
  {
    title: "Pick a style",
    text: "Lo-Fi, Rap Beats, Electronic Dance, Global Groove and more. Every style is a starting point you can hear.",
  },
  {
    title: "Choose a filter",
    text: "Narrow the sound down, from House to Chill Wave or Rainy Nights. Songloom composes three original songs in seconds.",
  },
  {
    title: "Make it yours",
    text: "Swap instruments and drums, rewrite notes, add lyrics and a sung vocal, then master and release it.",
  },
] as const;

const FEATURES = [
  {
    title: "Edit every detail",
    text: "Instruments, drum kits, mix styles, ambient sounds, notes and arrangement. Change as much or as little as you like.",
  },
  {
    title: "Vocals from your lyrics",
    text: "Write lyrics or let Songloom draft them from a prompt, pick a voice, and hear your song sung.",
  },
  {
    title: "Release everywhere",
    text: "Bundle songs into a release with cover art and send it to more than 40 streaming platforms.",
  },
  {
    title: "Earn from your streams",
    text: "Follow streams and revenue per release, and withdraw your earnings when you like.",
  },
] as const;

export default function HomePage() {
  const { styles } = useLoaderData<typeof loader>();
  return (
    <>
      <Hero />

      <section aria-labelledby="how-heading" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <h2 id="how-heading" className="text-center text-3xl font-bold tracking-tight text-white">
          How it works
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-center text-slate-400">Three steps from nothing to a song that is yours.</p>
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="relative rounded-2xl border border-ink-700 bg-ink-900 p-7">
              <span
                aria-hidden="true"
                className="flex h-10 w-10 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-accent-500 text-sm font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-5 text-lg font-semibold text-white">{step.title}</h3>
              <p className="mt-2 text-slate-400">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="styles-heading" className="border-y border-ink-700/70 bg-ink-900/40">
        <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div>
              <h2 id="styles-heading" className="text-3xl font-bold tracking-tight text-white">
                Start from a style
              </h2>
              <p className="mt-3 max-w-xl text-slate-400">Each style has its own filters, instruments and grooves.</p>
            </div>
            <Link to="/create" className={buttonClass("secondary", "sm")}>
              Browse all styles
            </Link>
          </div>
          <ul className="mt-10 grid gap-4 xs:grid-cols-2 lg:grid-cols-4">
            {styles.map((style) => (
              <li key={style.value}>
                <Link
                  to={`/style/${style.value}/filter`}
                  className="group flex h-full flex-col rounded-2xl border border-ink-700 bg-ink-900 p-6 transition-colors hover:border-brand-400 hover:bg-ink-800"
                >
                  <StyleIcon icon={style.icon} className="h-8 w-8 text-brand-200" />
                  <span className="mt-4 font-semibold text-white group-hover:text-brand-200">{style.name}</span>
                  <span className="mt-1.5 text-sm leading-relaxed text-slate-400">{style.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <h2 id="features-heading" className="text-center text-3xl font-bold tracking-tight text-white">
          From first idea to streaming services
        </h2>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="flex gap-4 rounded-2xl border border-ink-700 bg-ink-900/60 p-6">
              <span aria-hidden="true" className="mt-1 h-2.5 w-2.5 shrink-0 rounded-full bg-accent-400 shadow-[0_0_12px] shadow-accent-400" />
              <div>
                <h3 className="font-semibold text-white">{feature.title}</h3>
                <p className="mt-1.5 text-slate-400">{feature.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="cta-heading" className="mx-auto max-w-6xl px-4 pb-24 sm:px-6">
        <div className="relative overflow-hidden rounded-3xl border border-brand-500/40 bg-gradient-to-br from-brand-800 via-brand-900 to-ink-900 px-8 py-14 text-center">
          <div aria-hidden="true" className="absolute -top-24 -right-24 h-64 w-64 rounded-full bg-accent-500/20 blur-3xl" />
          <h2 id="cta-heading" className="relative text-3xl font-bold tracking-tight text-white">
            Your first song is a minute away
          </h2>
          <p className="relative mx-auto mt-3 max-w-lg text-brand-100/80">
            Free to start. No instruments, no lessons, no credit card.
          </p>
          <div className="relative mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/create" className={buttonClass("accent", "lg")}>
              Create a song
            </Link>
            <Link to="/pricing" className={buttonClass("secondary", "lg")}>
              Compare plans
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

function Hero() {
  return (
    <section className="relative overflow-hidden">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0">
        <div className="absolute -top-40 left-1/2 h-[36rem] w-[60rem] -translate-x-1/2 rounded-full bg-brand-600/25 blur-3xl" />
        <div className="absolute top-48 right-0 h-72 w-72 rounded-full bg-accent-500/10 blur-3xl" />
      </div>
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pt-20 pb-16 sm:px-6 lg:grid-cols-[1.15fr_1fr] lg:pt-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-accent-400/30 bg-accent-400/10 px-3 py-1 text-sm font-medium text-accent-200">
            <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-accent-400" />
            No musical skill needed
          </p>
          <h1 className="mt-6 text-5xl leading-[1.05] font-extrabold tracking-tight text-white sm:text-6xl">
            Original songs,{" "}
            <span className="bg-gradient-to-r from-brand-300 via-brand-400 to-accent-400 bg-clip-text text-transparent">
              made in seconds
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-300">
            Pick a style and a filter and Songloom composes, performs and mixes complete songs for you. Edit them, add
            vocals, master them and release them to streaming services.
          </p>
          <div className="mt-9 flex flex-wrap gap-3">
            <Link to="/create" className={buttonClass("primary", "lg")}>
              Create a song
            </Link>
            <Link to="/pricing" className={buttonClass("secondary", "lg")}>
              See plans
            </Link>
          </div>
        </div>
        <WovenWaves />
      </div>
    </section>
  );
}

/** The hero artwork: the logo's woven waves, large. Decorative. */
function WovenWaves() {
  const waves = [0, 1, 2, 3, 4, 5];
  return (
    <svg viewBox="0 0 400 300" className="hidden w-full lg:block" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="hero-wave" x1="0" x2="1">
          <stop offset="0" stopColor="var(--color-brand-500)" />
          <stop offset="0.6" stopColor="var(--color-brand-300)" />
          <stop offset="1" stopColor="var(--color-accent-400)" />
        </linearGradient>
      </defs>
      <rect x="10" y="10" width="380" height="280" rx="32" fill="var(--color-ink-900)" stroke="var(--color-ink-700)" />
      {waves.map((wave) => (
        <path
          key={wave}
          d={`M40 ${80 + wave * 28} C 100 ${40 + wave * 28}, 140 ${130 + wave * 28}, 200 ${80 + wave * 28} S 300 ${
            30 + wave * 28
          }, 360 ${80 + wave * 28}`}
          fill="none"
          stroke="url(#hero-wave)"
          strokeWidth="5"
          strokeLinecap="round"
          opacity={1 - wave * 0.13}
        />
      ))}
    </svg>
  );
}

export const meta: MetaFunction = () => [
  { title: "Songloom · Original songs in seconds" },
  {
    name: "description",
    content:
      "Make original songs with no musical skill: pick a style and a filter, then edit, add vocals, master and release to streaming services.",
  },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
