import { describe, expect, it } from "vitest";
import type { FetchLike } from "../../lib/api.ts";
import { loadOrRedirectToBlog } from "./content-api.server.ts";

const answering =
  (status: number, body: unknown): FetchLike =>
  async () =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

async function outcome(fetch: FetchLike): Promise<unknown> {
  try {
    return await loadOrRedirectToBlog("/api/content/posts/x", fetch);
  } catch (thrown) {
    return thrown;
  }
}

describe("loading one post or guide", () => {
  it("sends an address that names no post to the blog index: unknown, or refused by the API", async () => {
    for (const status of [404, 400, 422]) {
      const result = await outcome(answering(status, { detail: "no" }));
      expect(result).toBeInstanceOf(Response);
      expect((result as Response).status).toBe(302);
      expect((result as Response).headers.get("location")).toBe("/blog");
    }
  });

  it("lets a failure of ours stay an error, so the page says we could not load it", async () => {
    const result = await outcome(answering(503, { detail: "Database unavailable" }));
    expect(result).not.toBeInstanceOf(Response);
    expect(result).toBeInstanceOf(Error);
  });

  it("returns the post when there is one", async () => {
    expect(await outcome(answering(200, { slug: "x", title: "X" }))).toEqual({
      slug: "x",
      title: "X",
    });
  });
});
