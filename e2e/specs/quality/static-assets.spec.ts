import { expect, test } from "@playwright/test";
import { openPage } from "../../support/page.ts";

test.describe("static assets", () => {
  test("the page's scripts and styles come precompressed and cacheable for a year", async ({
    page,
  }) => {
    const assets: { url: string; headers: Record<string, string> }[] = [];
    page.on("response", (response) => {
      if (/\/assets\/.+\.(js|css)$/.test(response.url()))
        assets.push({ url: response.url(), headers: response.headers() });
    });
    await openPage(page, "/products");
    expect(assets.length).toBeGreaterThan(3);
    for (const { url, headers } of assets) {
      expect(headers["cache-control"], url).toBe("public, max-age=31536000, immutable");
      expect(headers.vary, url).toMatch(/accept-encoding/i);
    }
    // Chromium accepts brotli: the large files arrive as the build's .br copies.
    const large = assets.filter((a) => Number(a.headers["content-length"] ?? 0) > 20_000);
    expect(large.length).toBeGreaterThan(0);
    for (const { url, headers } of large) expect(headers["content-encoding"], url).toBe("br");
  });

  test("each coding of a script decodes to the same file", async ({ page, request }) => {
    await openPage(page, "/");
    const entry = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((r) => r.name)
        .find((name) => /\/assets\/entry\.client-.+\.js$/.test(name)),
    );
    expect(entry).toBeTruthy();
    const bodies: string[] = [];
    for (const coding of ["identity", "gzip", "br"]) {
      const res = await request.get(String(entry), { headers: { "accept-encoding": coding } });
      expect(res.status()).toBe(200);
      expect(res.headers()["content-encoding"]).toBe(coding === "identity" ? undefined : coding);
      bodies.push(await res.text());
    }
    expect(bodies[0]?.length).toBeGreaterThan(100_000);
    expect(bodies[1]).toBe(bodies[0]);
    expect(bodies[2]).toBe(bodies[0]);
  });
});
