// The browser's client rules (spec 3 §8) against a fake fetch: retries with back-off, the 401 session check
// and sign-out, the 409 reload, the 300 s time-out, and leaving other sites' URLs alone.
import { BACKOFF_MS, createClient, REQUEST_TIMEOUT_MS, RequestTimeoutError, type ClientEnvironment } from "~/utils/api-client";

const ORIGIN = "https://songloom.test";

/** A fake fetch answering the queued statuses in order (the last one repeats), recording each call. */
function fakeEnvironment(statuses: number[], options: { sessionAlive?: boolean[]; signedIn?: boolean } = {}) {
  const calls: { url: string; method: string; body: string | null }[] = [];
  const sleeps: number[] = [];
  const events: string[] = [];
  const alive = [...(options.sessionAlive ?? [])];
  const queue = [...statuses];
  const env: ClientEnvironment = {
    origin: ORIGIN,
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(new URL(input instanceof Request ? input.url : String(input), ORIGIN), input instanceof Request ? input : init);
      const body = request.body ? await request.text() : null;
      calls.push({ url: new URL(request.url).pathname, method: request.method, body });
      if (new URL(request.url).pathname === "/api/user") return new Response("{}", { status: alive.shift() ? 200 : 401 });
      const status = queue.length > 1 ? queue.shift()! : queue[0];
      return new Response(status === 204 ? null : "{}", { status });
    }) as typeof fetch,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    reload: () => events.push("reload"),
    signOut: () => events.push("signOut"),
    signedIn: () => options.signedIn ?? true,
  };
  return { env, calls, sleeps, events, client: createClient(env) };
}

describe("408, 502, 503 and 504", () => {
  test.each([408, 502, 503, 504])("a GET answered %i is retried twice with growing waits, then the answer is returned", async (status) => {
    const { client, calls, sleeps } = fakeEnvironment([status]);
    const response = await client("/api/song/abc");
    expect(response.status).toBe(status);
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([...BACKOFF_MS]);
    expect(sleeps[1]).toBeGreaterThan(sleeps[0]);
  });

  test("a retry that succeeds ends the retries", async () => {
    const { client, calls } = fakeEnvironment([503, 200]);
    expect((await client("/api/song/abc")).status).toBe(200);
    expect(calls).toHaveLength(2);
  });

  test("a POST is sent again, with its body, on 503 but not on 502 (it may have been carried out)", async () => {
    const retried = fakeEnvironment([503, 201]);
    const response = await retried.client("/api/song", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ songs: 3 }) });
    expect(response.status).toBe(201);
    expect(retried.calls.map((call) => call.body)).toEqual(['{"songs":3}', '{"songs":3}']);

    const once = fakeEnvironment([502]);
    expect((await once.client("/api/song", { method: "POST", body: "{}" })).status).toBe(502);
    expect(once.calls).toHaveLength(1);
  });

  test("a Request object's body is sent again on each attempt", async () => {
    const { client, calls } = fakeEnvironment([408, 408, 200]);
    const response = await client(new Request(`${ORIGIN}/edit/1?_data=x`, { method: "POST", body: new URLSearchParams({ intent: "save" }) }));
    expect(response.status).toBe(200);
    expect(calls.map((call) => call.body)).toEqual(["intent=save", "intent=save", "intent=save"]);
  });

  test("Retry-After is honoured, up to 10 s", async () => {
    const env = fakeEnvironment([200]);
    let first = true;
    const client = createClient({
      ...env.env,
      fetch: (async () => {
        if (!first) return new Response("{}", { status: 200 });
        first = false;
        return new Response("{}", { status: 503, headers: { "Retry-After": "30" } });
      }) as typeof fetch,
    });
    expect((await client("/api/build")).status).toBe(200);
    expect(env.sleeps).toEqual([10_000]);
  });
});

describe("401", () => {
  test("while the session is still good, the call is retried (at most twice), and nobody is signed out", async () => {
    const { client, calls, events } = fakeEnvironment([401, 200], { sessionAlive: [true] });
    expect((await client("/api/song/abc")).status).toBe(200);
    expect(calls.map((call) => call.url)).toEqual(["/api/song/abc", "/api/user", "/api/song/abc"]);
    expect(events).toEqual([]);
  });

  test("when the session cannot be refreshed the user is signed out", async () => {
    const { client, events } = fakeEnvironment([401], { sessionAlive: [false] });
    expect((await client("/api/song/abc")).status).toBe(401);
    expect(events).toEqual(["signOut"]);
  });

  test("after two refreshes that did not help, the user is signed out", async () => {
    const { client, calls, events } = fakeEnvironment([401], { sessionAlive: [true, true, true] });
    expect((await client("/api/song/abc")).status).toBe(401);
    expect(calls.filter((call) => call.url === "/api/song/abc")).toHaveLength(3);
    expect(events).toEqual(["signOut"]);
  });

  test("a visitor who was never signed in is not sent anywhere", async () => {
    const { client, events } = fakeEnvironment([401], { signedIn: false });
    expect((await client("/api/song/abc")).status).toBe(401);
    expect(events).toEqual([]);
  });
});

describe("409", () => {
  test("reloads the page, unless the caller explains the conflict itself", async () => {
    const reloads = fakeEnvironment([409]);
    expect((await reloads.client("/api/song/abc/reject", { method: "POST" })).status).toBe(409);
    expect(reloads.events).toEqual(["reload"]);

    const pageAction = fakeEnvironment([409]);
    expect((await pageAction.client("/dev/stripe/checkout/cs_1?_data=routes%2Fdev", { method: "POST" })).status).toBe(409);
    expect(pageAction.events).toEqual([]);

    const explains = fakeEnvironment([409]);
    expect((await explains.client("/api/song/abc/lyrics", { method: "POST" }, { conflict: "return" })).status).toBe(409);
    expect(explains.events).toEqual([]);
  });
});

describe("time-out and other sites", () => {
  test("a request still unanswered at the time-out is aborted with a time-out error", async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(300_000);
    const hanging: ClientEnvironment = {
      ...fakeEnvironment([200]).env,
      timeoutMs: 20,
      fetch: ((_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)))) as typeof fetch,
    };
    await expect(createClient(hanging)("/api/song")).rejects.toBeInstanceOf(RequestTimeoutError);
  });

  test("the caller's own abort still aborts", async () => {
    const controller = new AbortController();
    const env: ClientEnvironment = {
      ...fakeEnvironment([200]).env,
      fetch: ((_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError"))))) as typeof fetch,
    };
    const pending = createClient(env)("/api/search/songs/tags?query=a", { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });

  test("another site's URL is passed through untouched", async () => {
    const { client, calls, sleeps } = fakeEnvironment([503]);
    expect((await client("https://elsewhere.test/x")).status).toBe(503);
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
});
