import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { SUPPORT_EMAIL } from "~/constants";
import { listPublicFaqs } from "~/models/faq.server";
import { PUBLIC_PAGE } from "~/utils/page-handle";

/** Complete without JavaScript: visitors get it without the Remix runtime (ADR 012). */
export const handle = PUBLIC_PAGE;

export async function loader({ request }: LoaderFunctionArgs) {
  const { topic: topicId } = FaqQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const topics = await listPublicFaqs();
  const selected = topicId ? topics.find((topic) => topic.id === topicId) : undefined;
  if (topicId && !selected) throw new Response("No such FAQ topic", { status: 404 });
  return json({
    topics: topics.map(({ id, name }) => ({ id, name })),
    shown: selected ? [selected] : topics,
    selectedTopicId: selected?.id ?? null,
  });
}

const FaqQuerySchema = z.object({ topic: z.string().trim().optional().catch(undefined) });

export default function FaqsPage() {
  const { topics, shown, selectedTopicId } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <header className="max-w-2xl">
        <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">Help</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-white">Frequently asked questions</h1>
        <p className="mt-4 text-lg text-slate-400">Answers about making songs, releasing them, plans and your account.</p>
      </header>

      <div className="mt-12 grid gap-10 lg:grid-cols-[15rem_1fr]">
        <nav aria-label="FAQ topics" className="lg:sticky lg:top-24 lg:self-start">
          <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
            <TopicLink to="/faqs" current={selectedTopicId === null} label="All topics" />
            {topics.map((topic) => (
              <TopicLink
                key={topic.id}
                to={`/faqs?topic=${encodeURIComponent(topic.id)}`}
                current={selectedTopicId === topic.id}
                label={topic.name}
              />
            ))}
          </ul>
        </nav>

        <div className="space-y-12">
          {shown.length === 0 ? (
            <p className="rounded-2xl border border-ink-700 bg-ink-900 p-8 text-slate-400">We could not find any results.</p>
          ) : (
            shown.map((topic) => (
              <section key={topic.id} aria-labelledby={`topic-${topic.id}`}>
                <h2 id={`topic-${topic.id}`} className="text-xl font-semibold text-white">
                  {topic.name}
                </h2>
                <div className="mt-4 divide-y divide-ink-700 rounded-2xl border border-ink-700 bg-ink-900/60">
                  {topic.questions.map((question) => (
                    <details key={question.id} className="group px-6 py-1">
                      <summary className="flex items-center justify-between gap-4 py-4 font-medium text-slate-100 hover:text-white">
                        {question.question}
                        <span aria-hidden="true" className="text-xl leading-none text-brand-300 transition-transform group-open:rotate-45">
                          +
                        </span>
                      </summary>
                      <div className="space-y-3 pb-5 leading-relaxed text-slate-300">
                        {question.answer.split(/\n\s*\n/).map((paragraph) => (
                          <p key={paragraph}>{paragraph}</p>
                        ))}
                      </div>
                    </details>
                  ))}
                </div>
              </section>
            ))
          )}

          <aside className="flex flex-col items-start gap-4 rounded-2xl border border-brand-500/30 bg-gradient-to-br from-brand-900/50 to-ink-900 p-8 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h2 className="text-lg font-semibold text-white">Still have a question?</h2>
              <p className="mt-1 text-slate-400">Write to us and a person will answer, usually within a day.</p>
            </div>
            <a href={`mailto:${SUPPORT_EMAIL}`} className={buttonClass("secondary")}>
              {SUPPORT_EMAIL}
            </a>
          </aside>
        </div>
      </div>
    </div>
  );
}

function TopicLink({ to, current, label }: { to: string; current: boolean; label: string }) {
  return (
    <li>
      <Link
        to={to}
        aria-current={current ? "page" : undefined}
        className={`block rounded-full px-4 py-2 text-sm lg:rounded-lg ${
          current ? "bg-brand-500/20 font-semibold text-white" : "text-slate-400 hover:bg-ink-800 hover:text-white"
        }`}
      >
        {label}
      </Link>
    </li>
  );
}

export const meta: MetaFunction = () => [
  { title: "FAQ · Songloom" },
  { name: "description", content: "Answers to common questions about making, releasing and earning from songs with Songloom." },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
