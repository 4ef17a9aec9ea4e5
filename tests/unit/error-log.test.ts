import { handleError } from "~/server/error-log.server";

// The shape Remix gives handleError for a response it made itself (react-router's ErrorResponse).
const routeErrorResponse = (status: number) => ({ status, statusText: "x", internal: true, data: "", error: new Error("from Remix") });
const args = (request: Request) => ({ request, params: {}, context: {} });

describe("what reaches the server log (entry.server handleError)", () => {
  let logged: unknown[][];
  beforeEach(() => {
    logged = [];
    vi.spyOn(console, "error").mockImplementation((...parts: unknown[]) => void logged.push(parts));
  });
  afterEach(() => vi.restoreAllMocks());

  test("a fault is logged with the method and path it happened on", () => {
    const fault = new Error("database went away");
    handleError(fault, args(new Request("http://localhost/edit/abc/info?x=1", { method: "POST" })));
    expect(logged).toEqual([["POST /edit/abc/info:", fault]]);
  });

  test("a 5xx Remix answered itself is logged", () => {
    handleError(routeErrorResponse(500), args(new Request("http://localhost/library")));
    expect(logged).toHaveLength(1);
  });

  test.each([404, 405])("a %i Remix answered itself (no such route, no such method) is not", (status) => {
    handleError(routeErrorResponse(status), args(new Request("http://localhost/api/song/abc/copy")));
    expect(logged).toEqual([]);
  });

  test("nor is a request the browser aborted", () => {
    const controller = new AbortController();
    controller.abort();
    handleError(new Error("aborted"), args(new Request("http://localhost/library", { signal: controller.signal })));
    expect(logged).toEqual([]);
  });
});
