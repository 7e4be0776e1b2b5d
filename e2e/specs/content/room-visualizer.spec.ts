import { business } from "@mcf/contracts/business";
import { expect, test } from "@playwright/test";
import { openPage } from "../../support/page.ts";

const visualizerOrigin = new URL(business.roomVisualizerUrl).origin;
const visualizerRequests = `${visualizerOrigin}/**`;

test.describe("room visualizer", () => {
  test("embeds the visualizer full height, and the page's CSP frames that origin only", async ({
    page,
  }) => {
    await page.context().route(visualizerRequests, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: "<!doctype html><title>Visualizer</title><h1>Try floors in your room</h1>",
      }),
    );
    const response = await openPage(page, "/room-visualizer");
    const csp = String(response?.headers()["content-security-policy"]);
    expect(csp.split("; ")).toContain(`frame-src ${visualizerOrigin}`);

    const frame = page.locator('iframe[title="Room visualizer"]');
    await expect(frame).toHaveAttribute("src", business.roomVisualizerUrl);
    await expect(
      page.frameLocator('iframe[title="Room visualizer"]').getByRole("heading"),
    ).toHaveText("Try floors in your room");
    const { height } = (await frame.boundingBox()) ?? { height: 0 };
    expect(height).toBeGreaterThan((page.viewportSize()?.height ?? 0) * 0.7);
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("says clearly when the visualizer cannot be reached, and tries again on request", async ({
    page,
  }) => {
    await page.context().route(visualizerRequests, (route) => route.abort("namenotresolved"));
    await openPage(page, "/room-visualizer");
    const alert = page.getByRole("alert");
    await expect(
      alert.getByRole("heading", { name: "The room visualizer can't be reached right now" }),
    ).toBeVisible();
    await expect(page.locator('iframe[title="Room visualizer"]')).toHaveCount(0);
    await expect(alert.getByRole("link", { name: "Open it in a new tab" })).toHaveAttribute(
      "href",
      business.roomVisualizerUrl,
    );
    await expect(alert.getByRole("link", { name: "Browse the gallery" })).toHaveAttribute(
      "href",
      "/gallery",
    );
    await expect(alert.getByRole("link", { name: business.phone })).toHaveAttribute(
      "href",
      business.phoneHref,
    );

    // The visualizer comes back: "Try again" brings the frame back.
    await page.context().unroute(visualizerRequests);
    await page
      .context()
      .route(visualizerRequests, (route) =>
        route.fulfill({ contentType: "text/html", body: "<h1>Back online</h1>" }),
      );
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect(
      page.frameLocator('iframe[title="Room visualizer"]').getByRole("heading"),
    ).toHaveText("Back online");
    await expect(page.getByRole("alert")).toHaveCount(0);
  });
});
