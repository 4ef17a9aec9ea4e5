// One picker for instruments and drum sounds (spec 1 §2 "an instrument and drum picker with tabs and
// search"): tabs, a search box, a page of results and a pager. Without JavaScript the tabs and pager are
// links and the search is a GET form on the page, whose loader renders the results; each result is a
// plain POST form that picks it. With JavaScript the same controls ask the search and count APIs
// instead of reloading the page; picking still posts the page's form.
import { Link } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { buttonClass } from "~/components/button";

export interface PickerItem {
  id: string;
  name: string;
  detail: string;
  /** Drum sounds: the drum kind they play (the picker's tabs switch kinds). */
  kind?: string;
}

export interface PickerTab {
  /** "" is the "All" tab when the picker has one. */
  value: string;
  label: string;
  count: number;
}

export interface PickerResults {
  tab: string;
  query: string;
  page: number;
  perPage: number;
  items: PickerItem[];
  total: number;
}

export interface PickerParams {
  tab: string;
  query: string;
  page: string;
}

interface Props {
  title: string;
  /** Page URL parameters the picker's tab, query and page live in (no JavaScript). */
  params: PickerParams;
  /** Other page URL parameters to keep (which part or kind is being picked). */
  keep: Record<string, string>;
  tabs: PickerTab[];
  initial: PickerResults;
  currentId: string | undefined;
  closeHref: string;
  /** With JavaScript: one page of results, and the tab counts for a query, from the APIs. */
  search(tab: string, query: string, page: number): Promise<{ items: PickerItem[]; total: number }>;
  counts(query: string): Promise<Record<string, number>>;
  /** The POST form that picks an item (its submit button is the item). */
  pickForm(item: PickerItem, children: ReactNode): ReactNode;
}

export function SearchPicker({ title, params, keep, tabs: initialTabs, initial, currentId, closeHref, search, counts, pickForm }: Props) {
  const [state, setState] = useState(initial);
  const [tabs, setTabs] = useState(initialTabs);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const requestId = useRef(0);

  // Another part opened (a new loader answer) replaces what the APIs fetched; the layout's revalidation
  // every 2 s while a version renders brings equal data, which must not undo the user's searching.
  const signature = JSON.stringify([initial, initialTabs]);
  useEffect(() => {
    setState(initial);
    setTabs(initialTabs);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);

  async function load(tab: string, query: string, page: number, withCounts: boolean) {
    const id = ++requestId.current;
    setLoading(true);
    setError(null);
    try {
      const [found, tabCounts] = await Promise.all([search(tab, query, page), withCounts ? counts(query) : Promise.resolve(null)]);
      if (id !== requestId.current) return;
      setState({ tab, query, page, perPage: state.perPage, items: found.items, total: found.total });
      if (tabCounts) setTabs((current) => current.map((entry) => ({ ...entry, count: tabCounts[entry.value] ?? 0 })));
    } catch {
      if (id === requestId.current) setError("Searching failed. Try again.");
    } finally {
      if (id === requestId.current) setLoading(false);
    }
  }

  const href = (changes: Partial<Record<string, string | number>>) => {
    const query = new URLSearchParams(keep);
    const values = { [params.tab]: state.tab, [params.query]: state.query, [params.page]: state.page, ...changes };
    for (const [key, value] of Object.entries(values)) if (value !== "" && value !== undefined && !(key === params.page && value === 1)) query.set(key, String(value));
    return `?${query}`;
  };
  const pages = Math.max(1, Math.ceil(state.total / state.perPage));

  return (
    <section aria-label={title} className="rounded-2xl border border-brand-500/40 bg-ink-900/80 p-4" data-testid="picker">
      <div className="flex items-center justify-between gap-4">
        <h3 className="text-base font-semibold text-white">{title}</h3>
        <Link to={closeHref} preventScrollReset className="text-sm text-slate-400 hover:text-white">
          Close
        </Link>
      </div>

      <nav aria-label="Tabs" className="mt-3 flex flex-wrap gap-2">
        {tabs.map((tab) => (
          <Link
            key={tab.value || "all"}
            to={href({ [params.tab]: tab.value, [params.page]: 1 })}
            preventScrollReset
            aria-current={tab.value === state.tab ? "page" : undefined}
            onClick={(event) => {
              event.preventDefault();
              void load(tab.value, state.query, 1, false);
            }}
            className={`rounded-full px-3 py-1 text-xs font-medium ${tab.value === state.tab ? "bg-brand-500 text-white" : "bg-ink-800 text-slate-300 hover:bg-ink-700"}`}
          >
            {tab.label} <span className="opacity-70">{tab.count}</span>
          </Link>
        ))}
      </nav>

      <form
        method="get"
        className="mt-3 flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const query = String(new FormData(event.currentTarget).get(params.query) ?? "");
          void load(state.tab, query, 1, true);
        }}
      >
        {Object.entries(keep).map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={value} />
        ))}
        {state.tab ? <input type="hidden" name={params.tab} value={state.tab} /> : null}
        <input
          type="search"
          name={params.query}
          defaultValue={state.query}
          key={state.query}
          placeholder="Search by name"
          aria-label="Search"
          maxLength={100}
          className="w-full rounded-xl border border-ink-600 bg-ink-950 px-3 py-2 text-sm text-white placeholder:text-slate-500"
        />
        <button type="submit" className={buttonClass("secondary", "sm")}>
          Search
        </button>
      </form>

      <p className="mt-3 text-xs text-slate-400" aria-live="polite">
        {loading ? "Searching…" : error ?? `${state.total} found · page ${state.page} of ${pages}`}
      </p>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2" data-testid="picker-results">
        {state.items.map((item) => (
          <li key={item.id}>
            {pickForm(
              item,
              <span className="flex w-full items-center justify-between gap-2">
                <span>
                  <span className="block text-sm text-white">{item.name}</span>
                  <span className="block text-xs text-slate-400">{item.detail}</span>
                </span>
                {item.id === currentId ? <span className="text-xs text-accent-300">Current</span> : null}
              </span>,
            )}
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-3 flex items-center gap-3 text-sm">
          {state.page > 1 ? (
            <Link to={href({ [params.page]: state.page - 1 })} preventScrollReset onClick={(event) => { event.preventDefault(); void load(state.tab, state.query, state.page - 1, false); }} className="text-brand-300 hover:text-white">
              Previous
            </Link>
          ) : null}
          {state.page < pages ? (
            <Link to={href({ [params.page]: state.page + 1 })} preventScrollReset onClick={(event) => { event.preventDefault(); void load(state.tab, state.query, state.page + 1, false); }} className="text-brand-300 hover:text-white">
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
