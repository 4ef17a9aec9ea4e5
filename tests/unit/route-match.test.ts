// The request log's route matcher (app/server/observability/route-match.server.ts) gives the same route as
// the router's matchRoutes, on the app's own route table and on the shapes it does not use yet (optional
// segments, case-sensitive routes).
import { readConfig } from "@remix-run/dev/dist/config.js";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { compileRouteMatcher, type BuildRoute } from "~/server/observability/route-match.server";

function reference(routes: Record<string, BuildRoute>): (pathname: string) => string | null {
  const all = Object.values(routes);
  const tree = (parentId: string | undefined): AgnosticRouteObject[] =>
    all
      .filter((route) => route.parentId === parentId)
      .map((route) => (route.index ? { id: route.id, path: route.path, index: true as const } : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: tree(route.id) }));
  const routesTree = tree(undefined);
  return (pathname) => {
    const matches = matchRoutes(routesTree, pathname);
    return matches?.[matches.length - 1]?.route.id ?? null;
  };
}

/** Concrete paths for a route pattern: each dynamic segment filled with a few kinds of value. */
function samplePaths(pattern: string): string[] {
  const fills = ["abc123", "42", "New-Song_x", "%20id"];
  return fills.map((fill) =>
    "/" +
    pattern
      .split("/")
      .filter((segment) => segment !== "")
      .map((segment) => (segment === "*" ? `${fill}/deeper` : segment.startsWith(":") ? fill : segment.replace(/\?$/, "")))
      .join("/"),
  );
}

function fullPaths(routes: Record<string, BuildRoute>): string[] {
  const byId = new Map(Object.values(routes).map((route) => [route.id, route]));
  const pathOf = (route: BuildRoute): string => {
    const parent = route.parentId ? byId.get(route.parentId) : undefined;
    return [parent ? pathOf(parent) : "", route.path ?? ""].filter(Boolean).join("/");
  };
  return Object.values(routes).map(pathOf);
}

describe("the request log's route matcher", () => {
  it("names the same route as the router for every route of the app, and for paths no route declares", async () => {
    const config = await readConfig(process.cwd());
    const routes = config.routes as Record<string, BuildRoute>;
    expect(Object.keys(routes).length).toBeGreaterThan(100);
    const ours = compileRouteMatcher(routes);
    const theirs = reference(routes);
    const paths = new Set<string>(["/", "/nothing/here", "/s/abc/extra", "/API/SONG/x", "/library/", "/library//", "/release/create", "/admin", "/admin/users/1/view/", "//s//abc"]);
    for (const pattern of fullPaths(routes)) for (const path of samplePaths(pattern)) paths.add(path);
    expect(paths.size).toBeGreaterThan(500);
    const differences = [...paths].map((path) => ({ path, ours: ours(path), theirs: theirs(path) })).filter((answer) => answer.ours !== answer.theirs);
    expect(differences).toEqual([]);
  }, 30_000);

  it("handles optional segments, splats, index routes, layouts and case-sensitive routes like the router", () => {
    const routes: Record<string, BuildRoute> = {
      root: { id: "root", path: "" },
      index: { id: "index", parentId: "root", index: true },
      layout: { id: "layout", parentId: "root" },
      inLayout: { id: "inLayout", parentId: "layout", path: "inside" },
      optional: { id: "optional", parentId: "root", path: ":lang?/about" },
      exact: { id: "exact", parentId: "root", path: "CaseSensitive", caseSensitive: true },
      docs: { id: "docs", parentId: "root", path: "docs" },
      docsSplat: { id: "docsSplat", parentId: "docs", path: "*" },
      docsIndex: { id: "docsIndex", parentId: "docs", index: true },
      docsPage: { id: "docsPage", parentId: "docs", path: ":page" },
      docsNew: { id: "docsNew", parentId: "docs", path: "new" },
      anything: { id: "anything", parentId: "root", path: "*" },
    };
    const ours = compileRouteMatcher(routes);
    const theirs = reference(routes);
    for (const path of ["/", "/inside", "/about", "/en/about", "/casesensitive", "/CaseSensitive", "/docs", "/docs/", "/docs/new", "/docs/other", "/docs/a/b", "/x/y/z"]) {
      expect({ path, route: ours(path) }).toEqual({ path, route: theirs(path) });
    }
    expect(ours("/docs/new")).toBe("docsNew");
    expect(ours("/casesensitive")).toBe("anything");
  });
});
