import { readFileSync } from "node:fs";
import { business } from "@mcf/contracts/business";
import { expect, test } from "@playwright/test";
import { e2eAdminPassword, serverLogPath } from "../../support/env.ts";
import { openPage } from "../../support/page.ts";

test.describe("site shell behaviour", () => {
  test("the start banner names the URL and the payment and mail modes, never a set password", async ({
    baseURL,
  }) => {
    const log = readFileSync(serverLogPath, "utf8");
    expect(log).toContain(`Magic City Floors is running at ${baseURL}`);
    expect(log).toContain("payments: test mode");
    expect(log).toContain("mail:     SMTP");
    expect(log).not.toContain(e2eAdminPassword);
    expect(log).not.toContain("development password");
  });

  test("a product photo that fails falls back to the default flooring image, with image data", async ({
    page,
    request,
  }) => {
    const products = (await (await request.get("/api/products")).json()) as Array<{
      id: number;
      name: string;
      main_image_url: string | null;
    }>;
    const product = products.find((p) => p.main_image_url);
    expect(product).toBeDefined();
    await page.route("**/img/products/**", (route) => route.abort());
    await openPage(page, `/products/${product?.id}`);
    const photo = page.getByRole("img", { name: new RegExp(`^${product?.name}: `) }).first();
    await expect(photo).toHaveAttribute("src", "/img/default-flooring.webp");
    await expect(photo).toHaveJSProperty("complete", true);
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    const image = ld.map((text) => JSON.parse(text)).find((d) => d["@type"] === "ImageObject");
    expect(image).toMatchObject({
      src: "/img/default-flooring.webp",
      contentUrl: "/img/default-flooring.webp",
      title: product?.name,
    });
    expect(image.alt).toContain(product?.name);
    expect(typeof image.description).toBe("string");
  });

  test("a stored service worker registration is removed when a page loads", async ({ page }) => {
    await page.context().route("**/old-site-sw.js", (route) =>
      route.fulfill({
        contentType: "text/javascript",
        body: "self.addEventListener('fetch', () => {});",
      }),
    );
    await openPage(page, "/about");
    const registered = await page.evaluate(async () => {
      await navigator.serviceWorker.register("/old-site-sw.js");
      return (await navigator.serviceWorker.getRegistrations()).length;
    });
    expect(registered).toBe(1);
    await openPage(page, "/about");
    await expect
      .poll(() =>
        page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length),
      )
      .toBe(0);
  });

  test('a page whose data fails to load shows "Unexpected Application Error!" with the reason', async ({
    page,
  }) => {
    await openPage(page, "/");
    await page.route(/\/blog\.data(\?|$)/, (route) =>
      route.fulfill({ status: 500, contentType: "text/plain", body: "database down" }),
    );
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Blog", exact: true })
      .click();
    await expect(
      page.getByRole("heading", { name: "Unexpected Application Error!" }),
    ).toBeVisible();
    await expect(page.getByText("500 Internal Server Error")).toBeVisible();
    await expect(page).toHaveTitle("Magic City Floors");
  });

  test("a mangled link or a stray form post gets a page or a plain refusal, never a server error", async ({
    page,
    request,
  }) => {
    // A NUL in a link's address (a scanner's favourite) reaches the API, which refuses it.
    for (const path of [
      "/track/%00",
      "/installation/jobs/%00",
      "/blog/%00",
      "/blog/areas/%00",
      "/blog/areas/birmingham/%00",
      "/pay/%00",
      "/samples/reorder?token=%00",
      "/products?brand=%00",
      "/products?q=%00&construction=%00",
    ]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBeLessThan(500);
    }
    const listed = await openPage(page, "/products?brand=%00");
    expect(listed?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Shop Flooring", level: 1 })).toBeVisible();
    await expect(page.locator("article").first()).toBeVisible();

    // A form posted to a page that takes none is refused without a stack trace in the log.
    const logged = readFileSync(serverLogPath, "utf8").length;
    const posted = await request.post("/about", { form: { name: "x" } });
    expect(posted.status()).toBe(405);
    expect(readFileSync(serverLogPath, "utf8").slice(logged)).not.toContain("`action`");
  });
});

test("content pages hydrate under the Content-Security-Policy without console errors", async ({
  page,
}) => {
  const visualizer = `${new URL(business.roomVisualizerUrl).origin}/**`;
  await page
    .context()
    .route(visualizer, (route) =>
      route.fulfill({ contentType: "text/html", body: "<h1>Visualizer</h1>" }),
    );
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`${page.url()}: ${error.message}`));
  for (const path of [
    "/installation",
    "/contact",
    "/gallery",
    "/partners",
    "/room-visualizer",
    "/blog",
    "/blog/lvp-vs-hardwood-alabama-humidity",
    "/blog/areas/birmingham",
    "/blog/areas/birmingham/homewood-flooring",
  ]) {
    await openPage(page, path);
  }
  expect(problems).toEqual([]);
});

test.describe("a page whose code fails to download", () => {
  test("says so and offers to open the page that was asked for", async ({ page }) => {
    await openPage(page, "/");
    const aboutChunk = /\/assets\/about-[^/]+\.js$/;
    await page.route(aboutChunk, (route) => route.abort());
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "About", exact: true })
      .click();
    // React Router reloads the page the visitor was on; the notice explains the lost click.
    const notice = page.getByRole("alert");
    await expect(notice).toContainText("That page could not be opened.");
    await expect(page).toHaveURL(/\/$/);
    await page.unroute(aboutChunk);
    await notice.getByRole("link", { name: "Reload and open the page" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { name: "Our story" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("a part of the page whose code fails once comes on the next try", async ({ page }) => {
    // A dropped connection while the header's search code loads (a phone between cell towers).
    await page.setViewportSize({ width: 1280, height: 900 });
    const searchCode = /\/assets\/site-search-[^/]+\.js$/;
    let fetches = 0;
    await page.route(searchCode, (route) =>
      fetches++ === 0 ? route.abort("connectionreset") : route.continue(),
    );
    // The page is marked interactive once the part has come on its second try.
    await openPage(page, "/about");
    await expect(page.getByRole("heading", { name: "Our story" })).toBeVisible();
    const box = page.getByRole("combobox", { name: "Search flooring" });
    await box.click();
    await box.pressSequentially("hikory");
    await expect(
      page.getByRole("listbox", { name: "Suggestions" }).getByRole("option").first(),
    ).toContainText("Hickory");
    expect(fetches).toBe(2);
  });

  test("a part whose code never comes leaves the rest of the page working", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.route(/\/assets\/site-search-[^/]+\.js$/, (route) => route.abort());
    await openPage(page, "/about");
    await expect(page.getByRole("heading", { name: "Our story" })).toBeVisible();
    // The rest of the page is interactive: the slide-over cart opens.
    await page.getByRole("button", { name: /^Cart,/ }).click();
    await expect(page.getByRole("dialog", { name: "Your Cart" })).toBeVisible();
    await page.keyboard.press("Escape");
    // The rest of the header works too: the Products link opens the catalogue.
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Products" })
      .click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("an ordinary reload shows no notice", async ({ page }) => {
    await openPage(page, "/about");
    await page.reload();
    await page.locator("html[data-hydrated='true']").waitFor({ state: "attached" });
    await expect(page.getByRole("heading", { name: "Our story" })).toBeVisible();
    await expect(page.getByText("That page could not be opened.")).toHaveCount(0);
  });
});
