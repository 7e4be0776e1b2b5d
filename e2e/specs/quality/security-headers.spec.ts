import { expect, test } from "@playwright/test";
import { openPage } from "../../support/page.ts";

/** Screens of every kind: public, cart, forms, partner and back office. */
const screens = ["/", "/products", "/cart", "/contact", "/installation", "/ace/login", "/admin"];
/**
 * Public pages come from the page cache (decision 076): the same bytes for many responses, so
 * their policy lists each inline script's SHA-256 instead of a nonce. The others are rendered
 * per response, with a fresh nonce.
 */
const keptPages = new Set(["/", "/products", "/contact", "/installation"]);

test.describe("security headers on the production build", () => {
  for (const path of screens) {
    test(`${path} runs only ${keptPages.has(path) ? "hash-listed" : "nonce-carrying"} scripts, cannot be framed elsewhere and sets no cookie`, async ({
      page,
      context,
    }) => {
      // Any script the policy blocks is reported by the browser as a violation event.
      await page.addInitScript(() => {
        (window as unknown as { cspViolations: string[] }).cspViolations = [];
        document.addEventListener("securitypolicyviolation", (event) => {
          (window as unknown as { cspViolations: string[] }).cspViolations.push(
            `${event.violatedDirective} ${event.blockedURI}`,
          );
        });
      });
      const response = await openPage(page, path);
      const headers = response?.headers() ?? {};
      const csp = headers["content-security-policy"] ?? "";
      const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? "";
      const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
      const hashes = [...scriptSrc.matchAll(/'sha256-([^']+)'/g)].map((match) => match[1]);
      if (keptPages.has(path)) {
        expect(nonce, csp).toBeUndefined();
        expect(hashes.length, csp).toBeGreaterThan(0);
      } else {
        expect(nonce, csp).toBeTruthy();
        expect(hashes, csp).toEqual([]);
      }
      expect(scriptSrc).not.toContain("unsafe-inline");
      expect(scriptSrc).not.toContain("unsafe-eval");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      expect(headers["x-frame-options"]).toBe("SAMEORIGIN");
      expect(headers.server).toBeUndefined();
      expect(headers["x-powered-by"]).toBeUndefined();
      expect(headers["set-cookie"]).toBeUndefined();

      // Every executable inline script carries this response's nonce, or hashes to one the
      // policy lists (the app's bootstrap is started from its data block); JSON-LD is data.
      const inline = await page.$$eval("script:not([src])", (scripts) =>
        Promise.all(
          scripts.map(async (s) => {
            const bytes = new TextEncoder().encode(s.textContent ?? "");
            const digest = await crypto.subtle.digest("SHA-256", bytes);
            const sha256 = btoa(String.fromCharCode(...new Uint8Array(digest)));
            return { type: s.getAttribute("type") ?? "", nonce: s.nonce, sha256 };
          }),
        ),
      );
      for (const script of inline.filter((s) => s.type !== "application/ld+json")) {
        if (nonce) expect(script.nonce).toBe(nonce);
        else expect(hashes).toContain(script.sha256);
      }
      // The page hydrated (openPage waited for it) with nothing blocked, and left no cookie.
      expect(
        await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
      ).toEqual([]);
      expect(await context.cookies()).toEqual([]);
    });
  }

  test("the browser refuses to show a store page framed by another site", async ({
    page,
    baseURL,
  }) => {
    // A page of another origin (about:blank set with our HTML) frames the product list.
    await page.setContent(`<iframe id="store" title="store" src="${baseURL}/products"></iframe>`);
    // Chromium replaces a frame it refuses with its error page.
    await expect
      .poll(() =>
        page
          .frames()
          .find((frame) => frame !== page.mainFrame())
          ?.url(),
      )
      .toBe("chrome-error://chromewebdata/");
  });
});
