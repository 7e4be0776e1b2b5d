import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiCall, type FetchLike, isAbortError } from "./api.ts";

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
    ).rejects.toThrow(new ApiError(409, "Only 3 boxes left", "Only 3 boxes left"));
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
