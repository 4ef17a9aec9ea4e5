// /edit/{songId}/arrangement (spec 1 §2 Edit flow, "Arrangement"; docs/edit-flow.md): the segments in
// order, each with its number and section, a small waveform and its clip start and end. Reorder (drag
// and drop with JavaScript; up/down buttons always), duplicate and delete change a pending order kept in
// the URL (?order=1,0,2): every button is a GET form, so it works without JavaScript, costs no render and
// survives a reload. "Save arrangement" posts the order once, which renders one new version.
import { readFormData } from "~/utils/forms";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useState, type DragEvent, type ReactNode } from "react";
import { z } from "zod";
import { duplicate, formatOrder, isIdentity, moveDown, moveTo, moveUp, parseOrder, remove } from "~/components/edit/arrangement-order";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { formatSeconds } from "~/components/player";
import { Waveform } from "~/components/songs/waveform";
import { STEPS_PER_SEGMENT, type Composition } from "~/engine/types";
import type { SongPeaks } from "~/engine/encode/songPeaks";
import { secondsPer16th } from "~/engine/theory/rhythm";
import { ApiError } from "~/server/http.server";
import { getStorage } from "~/server/storage.server";
import { currentParts, editArrangement, loadSongForEditPage, requireEditableSongPage } from "~/services/songs/edit.server";
import { ArrangementEditSchema, checkOrder } from "~/services/songs/edit-notes.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { song, editable, readOnlyReason } = await loadSongForEditPage(request, params.songId);
  if (!song.compositionId || !song.productionId) return json({ ready: false as const, songId: song.id, readOnlyReason });
  const { composition } = await currentParts(song);
  const order = parseOrder(new URL(request.url).searchParams.get("order"), composition.segments.length);
  const peaks = song.media ? await segmentPeaks(song.media.peaks) : [];
  const segmentSeconds = secondsPer16th(composition.tempo) * STEPS_PER_SEGMENT;
  return json({
    ready: true as const,
    songId: song.id,
    editable,
    readOnlyReason,
    order,
    changed: !isIdentity(order, composition.segments.length),
    segments: order.map((from, position) => ({
      from,
      label: `${position + 1} · ${sectionName(composition, from)}`,
      originally: from + 1,
      peaks: peaks[from] ?? null,
      startSeconds: position * segmentSeconds,
      endSeconds: (position + 1) * segmentSeconds,
    })),
  });
}

/** Each segment's waveform from the current version's peaks.json (written by the render). */
async function segmentPeaks(key: string): Promise<number[][]> {
  const body = await getStorage().get(key);
  if (!body) return [];
  try {
    const parsed = JSON.parse(new TextDecoder().decode(body)) as SongPeaks;
    return parsed.segments.map((segment) => segment.peaks);
  } catch {
    return [];
  }
}

function sectionName(composition: Composition, index: number): string {
  const section = composition.segments[index]!.section;
  return section.charAt(0).toUpperCase() + section.slice(1);
}

const SaveFormSchema = z.object({ order: z.string().regex(/^\d+(,\d+)*$/, "The order is a list of segment numbers.") });

export async function action({ request, params }: ActionFunctionArgs) {
  const { song } = await requireEditableSongPage(request, params.songId);
  const { composition } = await currentParts(song);
  const form = SaveFormSchema.safeParse(Object.fromEntries(await readFormData(request)));
  const parsed = form.success ? ArrangementEditSchema.safeParse({ order: form.data.order.split(",").map(Number) }) : null;
  if (!parsed?.success) {
    const message = form.success ? (parsed?.error.issues[0]?.message ?? "Invalid order.") : (form.error.issues[0]?.message ?? "Invalid order.");
    return json({ error: message }, { status: 400 });
  }
  try {
    await editArrangement(song, checkOrder(composition, parsed.data.order));
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return json({ error: error.fields ? Object.values(error.fields).flat().join(" ") : error.message }, { status: error.status });
    throw error;
  }
  return redirect(`/edit/${song.id}/arrangement`);
}

type Data = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { ready: true }>;

export default function ArrangementPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  if (!data.ready) return <p className="text-slate-300">{data.readOnlyReason ?? "This song is not ready yet."}</p>;
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  return (
    <section aria-labelledby="arrangement-heading" className="space-y-6">
      <div>
        <h2 id="arrangement-heading" className="text-xl font-bold text-white">
          Arrangement
        </h2>
        <p className="mt-1 text-sm text-slate-400">
          Reorder, duplicate or delete segments (two bars each), then save to render the new arrangement.
        </p>
      </div>
      {!data.editable && data.readOnlyReason ? (
        <p role="alert" className="rounded-xl border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-200">
          {data.readOnlyReason}
        </p>
      ) : null}
      {actionData?.error ? (
        <p role="alert" className="text-sm text-rose-300">
          {actionData.error}
        </p>
      ) : null}
      {/* The page's actions stay in reach while the list scrolls (a long song has dozens of segments). */}
      <div data-testid="arrangement-actions" className="sticky top-16 z-20 -mx-2 flex flex-wrap items-center gap-3 rounded-b-xl border-b border-ink-700 bg-ink-950/95 px-2 py-3 backdrop-blur">
        <Form method="post" replace>
          <input type="hidden" name="order" value={formatOrder(data.order)} />
          <button type="submit" disabled={!data.editable || !data.changed || saving} className={buttonClass("primary", "sm")}>
            {saving ? "Saving…" : "Save arrangement"}
          </button>
        </Form>
        {data.changed ? (
          <>
            <Link to="." replace preventScrollReset className={buttonClass("ghost", "sm")}>
              Undo all changes
            </Link>
            <p className="text-sm text-amber-200" data-testid="arrangement-pending">
              Unsaved arrangement.
            </p>
          </>
        ) : null}
      </div>
      <SegmentList data={data} />
    </section>
  );
}

/** The pending order as the list; each button is a GET form that puts the next order in the URL. */
function SegmentList({ data }: { data: Data }) {
  const navigate = useNavigate();
  const [dragged, setDragged] = useState<number | null>(null);
  const go = (order: number[]) => navigate(`?order=${formatOrder(order)}`, { replace: true, preventScrollReset: true });

  function onDrop(event: DragEvent, position: number) {
    event.preventDefault();
    if (dragged !== null) go(moveTo(data.order, dragged, position));
    setDragged(null);
  }

  return (
    <ol className="space-y-2" aria-label="Segments in order">
      {data.segments.map((segment, position) => (
        <li
          key={`${position}-${segment.from}`}
          data-testid="arrangement-segment"
          data-from={segment.from}
          draggable={data.editable}
          onDragStart={(event) => {
            setDragged(position);
            event.dataTransfer.effectAllowed = "move";
            event.dataTransfer.setData("text/plain", String(position));
          }}
          onDragOver={(event) => event.preventDefault()}
          onDrop={(event) => onDrop(event, position)}
          onDragEnd={() => setDragged(null)}
          // scroll-mt: a segment scrolled to (by focus or a drag) stops below the sticky header and action bar.
          className={`flex scroll-mt-40 flex-wrap items-center gap-4 rounded-xl border bg-ink-900 px-4 py-3 ${dragged === position ? "border-accent-400" : "border-ink-700"}`}
        >
          <span aria-hidden="true" className="cursor-grab text-slate-500">
            ⋮⋮
          </span>
          <div className="w-36">
            <p className="font-semibold text-white" data-testid="segment-name">
              {segment.label}
            </p>
            <p className="text-xs text-slate-400">
              {segment.originally !== position + 1 ? `was segment ${segment.originally}` : "\u00a0"}
            </p>
          </div>
          <div className="h-10 min-w-32 flex-1">{segment.peaks ? <Waveform peaks={segment.peaks} className="h-10 w-full" /> : null}</div>
          <p className="w-28 text-sm tabular-nums text-slate-300" data-testid="segment-clip">
            {formatSeconds(segment.startSeconds)}–{formatSeconds(segment.endSeconds)}
          </p>
          <div className="flex gap-1">
            <OrderButton order={moveUp(data.order, position)} label={`Move segment ${segment.label} up`} disabled={!data.editable || position === 0}>
              ↑
            </OrderButton>
            <OrderButton order={moveDown(data.order, position)} label={`Move segment ${segment.label} down`} disabled={!data.editable || position === data.order.length - 1}>
              ↓
            </OrderButton>
            <OrderButton order={duplicate(data.order, position)} label={`Duplicate segment ${segment.label}`} disabled={!data.editable || data.order.length >= 64}>
              Duplicate
            </OrderButton>
            <OrderButton order={remove(data.order, position)} label={`Delete segment ${segment.label}`} disabled={!data.editable || data.order.length <= 1}>
              Delete
            </OrderButton>
          </div>
        </li>
      ))}
    </ol>
  );
}

function OrderButton({ order, label, disabled, children }: { order: number[]; label: string; disabled: boolean; children: ReactNode }) {
  return (
    <Form method="get" replace preventScrollReset>
      <input type="hidden" name="order" value={formatOrder(order)} />
      <button type="submit" aria-label={label} title={label} disabled={disabled} className={buttonClass("secondary", "sm")}>
        {children}
      </button>
    </Form>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit arrangement · Songloom" }, { name: "description", content: "Reorder, duplicate and delete the segments of your song." }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
