// Which Remix route a URL path belongs to, for the request log and the latency histogram's label.
//
// The router's own matchRoutes flattens and ranks the whole route tree and compiles a pattern per branch on
// every call: with some 270 routes that was about 1 ms of CPU per request, more than serving a cached page
// costs (bench:pages' profile, 61 % of the server's CPU). Here the tree is flattened, compiled and ranked
// once, when the server starts; a request tests the ranked patterns in order. The ranking is the router's
// documented one (a static segment beats a dynamic one, which beats a splat; an index route wins a tie;
// among equals the first declared wins), and tests/unit/route-match.test.ts checks the answers against
// matchRoutes itself.

export interface BuildRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

interface Branch {
  pattern: RegExp;
  score: number;
  order: number;
  id: string;
}

const DYNAMIC = /^:[\w-]+$/;

function segmentScore(segment: string): number {
  if (segment === "*") return -2;
  if (DYNAMIC.test(segment)) return 3;
  if (segment === "") return 1;
  return 10;
}

function escape(text: string): string {
  return text.replace(/[\\.*+^${}|()[\]?]/g, "\\$&");
}

/** Every path a pattern with optional segments (`a/:b?/c`) stands for, the optional parts left out or in. */
function expandOptional(path: string): string[] {
  const segments = path.split("/");
  let paths = [""];
  for (const segment of segments) {
    const optional = segment.endsWith("?");
    const required = optional ? segment.slice(0, -1) : segment;
    const next: string[] = [];
    for (const prefix of paths) {
      next.push(prefix === "" ? required : `${prefix}/${required}`);
      if (optional) next.push(prefix);
    }
    paths = next;
  }
  return [...new Set(paths)];
}

function compile(fullPath: string, caseSensitive: boolean): RegExp {
  const segments = fullPath.split("/").filter((segment) => segment !== "");
  let source = "^";
  for (const segment of segments) {
    if (segment === "*") source += "(?:/.*)?";
    else if (DYNAMIC.test(segment)) source += "/[^/]+";
    else source += `/${escape(segment)}`;
  }
  // Trailing slashes are allowed, as the router allows them.
  source += "/*$";
  return new RegExp(source, caseSensitive ? "" : "i");
}

/** Builds the matcher once; the returned function answers a route id, or null when nothing matches. */
export function compileRouteMatcher(routes: Record<string, BuildRoute>): (pathname: string) => string | null {
  const all = Object.values(routes);
  const childrenOf = new Map<string | undefined, BuildRoute[]>();
  for (const route of all) {
    const siblings = childrenOf.get(route.parentId) ?? [];
    siblings.push(route);
    childrenOf.set(route.parentId, siblings);
  }
  const branches: Branch[] = [];
  let order = 0;
  const visit = (route: BuildRoute, parentPath: string) => {
    for (const relative of expandOptional(route.path ?? "")) {
      const fullPath = [parentPath, relative].filter((part) => part !== "").join("/");
      // Children first, as the router flattens them, so that equal scores go to the deeper route.
      for (const child of childrenOf.get(route.id) ?? []) visit(child, fullPath);
      const segments = fullPath.split("/");
      let score = segments.length + (segments.includes("*") ? -2 : 0) + (route.index ? 2 : 0);
      for (const segment of segments) if (segment !== "*") score += segmentScore(segment);
      branches.push({ pattern: compile(fullPath, route.caseSensitive ?? false), score, order: order++, id: route.id });
    }
  };
  for (const route of childrenOf.get(undefined) ?? []) visit(route, "");
  branches.sort((a, b) => b.score - a.score || a.order - b.order);
  return (pathname) => {
    for (const branch of branches) if (branch.pattern.test(pathname)) return branch.id;
    return null;
  };
}
