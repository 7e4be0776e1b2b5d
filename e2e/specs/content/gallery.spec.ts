import { expect, test } from "@playwright/test";
import { openPage } from "../../support/page.ts";

test.describe("gallery and partners", () => {
  test("the gallery lightbox opens and closes with the keyboard, keeping focus inside", async ({
    page,
  }) => {
    await openPage(page, "/gallery");
    await expect(page.getByRole("heading", { name: "Our Gallery", level: 1 })).toBeVisible();
    const thumbs = page.getByRole("button", { name: /^Open / });
    await expect(thumbs).toHaveCount(3);

    await thumbs.first().focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Hardwood Living Room" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();

    await page.keyboard.press("ArrowRight");
    await expect(dialog.getByRole("heading", { name: "Porcelain Tile Kitchen" })).toBeVisible();
    await expect(dialog.getByText("2 of 3")).toBeVisible();

    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("Tab");
      const inside = await dialog.evaluate((el) => el.contains(document.activeElement));
      expect(inside).toBe(true);
    }

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(thumbs.first()).toBeFocused();
  });

  test("a gallery photo that fails to load says so", async ({ page }) => {
    await page.route("**/img/gallery/tile-kitchen.webp", (route) => route.abort());
    await openPage(page, "/gallery");
    await expect(page.getByText("Image not available")).toBeVisible();
  });

  test("the partners page lists 7 partners with their sites and a partnership link", async ({
    page,
  }) => {
    await openPage(page, "/partners");
    await expect(
      page.getByRole("heading", { name: "Our Trusted Partners", level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: /Visit Site/ })).toHaveCount(7);
    await expect(page.getByRole("img", { name: /logo$/ })).toHaveCount(7);
    await expect(page.getByRole("link", { name: "Contact Us About Partnership" })).toHaveAttribute(
      "href",
      "/contact",
    );
  });
});
