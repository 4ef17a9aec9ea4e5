import type { LegalDocument as LegalDocumentData } from "~/content/legal";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** A legal text with a table of contents; headings are linkable (#section-id). */
export function LegalDocument({ document }: { document: LegalDocumentData }) {
  return (
    <article className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">Legal</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-white">{document.title}</h1>
        <p className="mt-3 text-sm text-ink-400">
          Last updated <time dateTime={document.updated}>{dateFormat.format(new Date(document.updated))}</time>
        </p>
        <p className="mt-6 text-lg leading-relaxed text-slate-300">{document.intro}</p>
      </header>
      <div className="mt-12 grid gap-12 lg:grid-cols-[14rem_1fr]">
        <nav aria-label="Contents" className="lg:sticky lg:top-24 lg:self-start">
          <p className="text-xs font-semibold tracking-widest text-ink-400 uppercase">Contents</p>
          <ol className="mt-3 space-y-2 text-sm">
            {document.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-slate-400 hover:text-white">
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl space-y-10">
          {document.sections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="scroll-mt-24">
              <h2 id={`${section.id}-heading`} className="text-xl font-semibold text-white">
                {section.heading}
              </h2>
              <div className="mt-3 space-y-4 leading-relaxed text-slate-300">
                {section.blocks.map((block, index) =>
                  typeof block === "string" ? (
                    <p key={index}>{block}</p>
                  ) : (
                    <ul key={index} className="list-disc space-y-2 pl-5 marker:text-brand-400">
                      {block.list.map((item) => (
                        <li key={item}>{item}</li>
                      ))}
                    </ul>
                  ),
                )}
              </div>
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}
