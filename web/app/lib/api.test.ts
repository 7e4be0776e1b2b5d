import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiCall, type FetchLike, isAbortError, retryDelayMs } from "./api.ts";

type Init = Parameters<FetchLike>[1];

/** A fetch that records its call and answers with the given status and JSON. */
function answering(status: number, body: unknown) {
  const calls: Array<{ path: string; init: Init }> = [];
  const fetch: FetchLike = async (path, init) => {
    calls.push({ path, init });
    return new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    });
  };
  return { fetch, calls };
}

/** A fetch that never answers until its signal aborts. */
const hanging: FetchLike = (_path, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener("abort", () => reject(new DOMException("x", "AbortError")));
  });

afterEach(() => vi.restoreAllMocks());

describe("the web app's API client", () => {
  it("sends JSON with credentials, a bearer token and the admin-password header", async () => {
    const { fetch, calls } = answering(200, { ok: true });
    const { data } = await apiCall("/api/thing", {
      method: "POST",
      body: { a: 1 },
      token: "tok",
      adminPassword: "pw",
      fetch,
    });
    expect(data).toEqual({ ok: true });
    const init = calls[0]?.init;
    expect(init?.credentials).toBe("include");
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toMatchObject({
      "content-type": "application/json",
      authorization: "Bearer tok",
      "admin-password": "pw",
    });
  });

  it("flattens a string detail, and a validation list of {msg}, to one line of text", async () => {
    await expect(
      apiCall("/x", { fetch: answering(409, { detail: "Only 3 boxes left" }).fetch }),
    ).rejects.toThrow(
      new ApiError(409, "Only 3 boxes left", "Only 3 boxes left", { detail: "Only 3 boxes left" }),
    );
    const list = answering(422, {
      detail: [
        { loc: ["body", "email"], msg: "Enter a valid email address" },
        { loc: ["body", "phone"], msg: "Phone is required" },
      ],
    });
    await expect(apiCall("/x", { fetch: list.fetch })).rejects.toThrow(
      "Enter a valid email address; Phone is required",
    );
    await expect(apiCall("/x", { fetch: answering(500, "oops").fetch })).rejects.toMatchObject({
      message: "Request failed with status 500",
      detail: null,
    });
  });

  it("gives up after 10 seconds with a readable message", async () => {
    const timer = new AbortController();
    const timeout = vi.spyOn(AbortSignal, "timeout").mockReturnValue(timer.signal);
    const call = apiCall("/slow", { fetch: hanging });
    expect(timeout).toHaveBeenCalledWith(10_000);
    timer.abort();
    await expect(call).rejects.toThrow(
      "The request timed out. Please check your connection and try again.",
    );
  });

  it("reports a caller's abort as an AbortError, which screens ignore", async () => {
    const caller = new AbortController();
    const call = apiCall("/slow", { fetch: hanging, signal: caller.signal });
    caller.abort();
    const error = await call.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(error).not.toBeInstanceOf(ApiError);
  });
});

describe("the API client when the store is busy", () => {
  /** A fetch that answers each call with the next of `answers` ([status, body, headers]). */
  function answeringInTurn(answers: Array<[number, unknown, Record<string, string>?]>) {
    const calls: Init[] = [];
    const fetch: FetchLike = async (_path, init) => {
      calls.push(init);
      const [status, body, headers = {}] = answers[
        Math.min(calls.length - 1, answers.length - 1)
      ] ?? [500, null];
      return new Response(JSON.stringify(body), {
        status,
        headers: { "content-type": "application/json", ...headers },
      });
    };
    return { fetch, calls };
  }
  const busy: [number, unknown, Record<string, string>] = [
    503,
    { detail: "The store is very busy right now. Please try again in a moment." },
    { "retry-after": "2" },
  ];

  it("retries a calculation answered 503 with Retry-After, after the time it asked, and succeeds", async () => {
    const { fetch, calls } = answeringInTurn([busy, [200, { total: 42 }]]);
    const waits: number[] = [];
    const retries: number[] = [];
    const { data } = await apiCall("/api/cart/calculate", {
      method: "POST",
      body: { cart_items: [] },
      fetch,
      retry: {
        sleep: async (ms) => {
          waits.push(ms);
        },
        random: () => 0.5,
        onRetry: ({ attempt }) => retries.push(attempt),
      },
    });
    expect(data).toEqual({ total: 42 });
    expect(calls).toHaveLength(2);
    // Two seconds asked, plus a quarter for the jitter drawn at 0.5.
    expect(waits).toEqual([2500]);
    expect(retries).toEqual([1]);
    // The retry is the same request.
    expect(calls[1]?.body).toBe(calls[0]?.body);
  });

  it("retries 429 too, and gives up with the server's message once the total wait would pass its bound", async () => {
    const { fetch, calls } = answeringInTurn([
      [
        429,
        { detail: "Too many requests. Please wait a moment and try again." },
        { "retry-after": "3" },
      ],
    ]);
    const waits: number[] = [];
    const failure = apiCall("/api/cart/calculate", {
      method: "POST",
      fetch,
      retry: { maxWaitMs: 7_000, random: () => 0, sleep: async (ms) => void waits.push(ms) },
    });
    await expect(failure).rejects.toMatchObject({
      status: 429,
      detail: "Too many requests. Please wait a moment and try again.",
    });
    expect(waits).toEqual([3000, 3000]);
    expect(calls).toHaveLength(3);
  });

  it("never repeats a POST that did not say it is safe to repeat", async () => {
    const { fetch, calls } = answeringInTurn([busy, [200, { ok: true }]]);
    await expect(apiCall("/api/contact", { method: "POST", fetch })).rejects.toMatchObject({
      status: 503,
    });
    expect(calls).toHaveLength(1);
  });

  it("does not retry other failures (a sold-out 409 keeps its fields)", async () => {
    const soldOut = { product_id: 7, product_name: "Harbor Oak", available: 2 };
    const { fetch, calls } = answeringInTurn([
      [409, { detail: "Sorry, only 2 boxes left.", sold_out: soldOut }],
    ]);
    const failure = apiCall("/api/payments/process", { method: "POST", fetch, retry: true });
    await expect(failure).rejects.toMatchObject({ status: 409, body: { sold_out: soldOut } });
    expect(calls).toHaveLength(1);
  });

  it("stops waiting when the caller aborts", async () => {
    const { fetch } = answeringInTurn([busy]);
    const controller = new AbortController();
    const failure = apiCall("/api/products", {
      fetch,
      signal: controller.signal,
      retry: {
        sleep: (_ms, signal) =>
          new Promise((_resolve, reject) => {
            signal?.addEventListener("abort", () => reject(new DOMException("x", "AbortError")));
            controller.abort();
          }),
      },
    });
    await expect(failure).rejects.toSatisfy(isAbortError);
  });

  it("reads Retry-After as seconds or as a date, and backs off without one", () => {
    const now = Date.parse("2026-11-25T12:00:00Z");
    expect(retryDelayMs("1", 1, () => 0, now)).toBe(1000);
    expect(retryDelayMs("Wed, 25 Nov 2026 12:00:04 GMT", 1, () => 0, now)).toBe(4000);
    expect(retryDelayMs(null, 1, () => 0, now)).toBe(1000);
    expect(retryDelayMs(null, 3, () => 0, now)).toBe(4000);
    expect(retryDelayMs("2", 1, () => 0.999, now)).toBe(2999);
  });
});
