// /admin/songs (distro viewer): find songs by name, artist name or id (page and itemsPerPage in the query
// string), see owner, status, private and featured; make a song private or public (distro actions) and
// feature it on Home or take it off (distro admin). Plain forms: no JavaScript needed.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ADMIN_EMPTY_MESSAGE, ADMIN_ERROR_MESSAGE, AdminPage, adminField, formatDate, Notice, Pagination } from "~/components/admin/admin-ui";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { asPage, safeAdminReturn } from "~/server/admin-api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { hasPermission } from "~/server/permissions.server";
import { searchSongs, setSongFeatured, setSongPrivate, SongSearchSchema } from "~/services/admin";
import { readFormData } from "~/utils/forms";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "distro:viewer");
  const url = new URL(request.url);
  const may = { private: hasPermission(user, "distro:actions"), feature: hasPermission(user, "distro:admin") };
  const parsed = SongSearchSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) {
    return json({ may, q: url.searchParams.get("q") ?? "", result: null, error: parsed.error.issues.map((issue) => issue.message).join(" ") }, { status: 400 });
  }
  const result = await searchSongs(db, parsed.data);
  return json({
    may,
    q: parsed.data.q,
    error: null,
    result: { ...result, songs: result.songs.map((song) => ({ ...song, createdAt: song.createdAt.toISOString(), featuredAt: song.featuredAt?.toISOString() ?? null })) },
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const songId = String(form.get("songId") ?? "");
  const back = safeAdminReturn(form.get("returnTo"), "/admin/songs");
  const user = await requirePermission(request, intent === "feature" || intent === "unfeature" ? "distro:admin" : "distro:actions");
  const run = { private: () => setSongPrivate(db, songId, true, user.id), public: () => setSongPrivate(db, songId, false, user.id), feature: () => setSongFeatured(db, songId, true, user.id), unfeature: () => setSongFeatured(db, songId, false, user.id) }[intent];
  if (!run) return json({ error: "Unknown action." }, { status: 400 });
  const done = await asPage(run);
  if (!done.ok) return json({ error: done.message }, { status: done.status });
  return redirect(back);
}

export default function SongsAdmin() {
  const { may, q, result, error } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  return (
    <AdminPage title="Songs" intro="Find songs by name, artist name or id. Featured songs are shown on Home, newest first.">
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-64 flex-1 gap-1">
          <label htmlFor="song-q" className="text-sm text-slate-300">
            Search songs
          </label>
          <input id="song-q" name="q" type="search" defaultValue={q} className={adminField} />
        </div>
        <input type="hidden" name="itemsPerPage" value={result?.itemsPerPage ?? 25} />
        <button type="submit" className={buttonClass("primary")}>
          Find
        </button>
      </Form>
      {error ? <Notice tone="error">{`${ADMIN_ERROR_MESSAGE} ${error}`}</Notice> : null}
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
      {result && result.songs.length === 0 ? <p className="text-slate-300">{ADMIN_EMPTY_MESSAGE}</p> : null}
      {result && result.songs.length > 0 ? (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm text-slate-200">
              <caption className="sr-only">Songs, newest first</caption>
              <thead className="text-slate-400">
                <tr>
                  {["Song", "Artist", "Owner", "Status", "Visibility", "Home", "Created"].map((heading) => (
                    <th key={heading} scope="col" className="p-2">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {result.songs.map((song) => (
                  <tr key={song.id} className="border-t border-ink-700 align-top">
                    <td className="p-2">
                      <a href={`/s/${song.id}`} className="text-accent-300 underline">
                        {song.songName}
                      </a>
                      <span className="block font-mono text-xs text-slate-500">{song.id}</span>
                    </td>
                    <td className="p-2">{song.artistName ?? "—"}</td>
                    <td className="p-2">
                      {song.ownerId ? (
                        <Link to={`/admin/users/${song.ownerId}/view`} className="underline">
                          {song.ownerEmail}
                        </Link>
                      ) : (
                        "—"
                      )}
                    </td>
                    <td className="p-2">
                      {song.status}
                      {song.saved ? " · saved" : ""}
                    </td>
                    <td className="p-2">
                      {song.private ? "Private" : "Public"}
                      {may.private ? (
                        <Form method="post" className="mt-1">
                          <input type="hidden" name="songId" value={song.id} />
                          <input type="hidden" name="returnTo" value={returnTo} />
                          <button type="submit" name="intent" value={song.private ? "public" : "private"} className="text-accent-300 underline" aria-label={`Make ${song.songName} ${song.private ? "public" : "private"}`}>
                            {song.private ? "Make public" : "Make private"}
                          </button>
                        </Form>
                      ) : null}
                    </td>
                    <td className="p-2">
                      {song.featuredAt ? `Featured ${formatDate(song.featuredAt)}` : "—"}
                      {may.feature ? (
                        <Form method="post" className="mt-1">
                          <input type="hidden" name="songId" value={song.id} />
                          <input type="hidden" name="returnTo" value={returnTo} />
                          <button type="submit" name="intent" value={song.featuredAt ? "unfeature" : "feature"} className="text-accent-300 underline" aria-label={`${song.featuredAt ? "Take off Home" : "Feature on Home"}: ${song.songName}`}>
                            {song.featuredAt ? "Take off Home" : "Feature on Home"}
                          </button>
                        </Form>
                      ) : null}
                    </td>
                    <td className="p-2 whitespace-nowrap">{formatDate(song.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination search={location.search} page={result.page} itemsPerPage={result.itemsPerPage} total={result.total} />
        </>
      ) : null}
    </AdminPage>
  );
}

export const meta: MetaFunction = () => [{ title: "Songs · Songloom admin" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
