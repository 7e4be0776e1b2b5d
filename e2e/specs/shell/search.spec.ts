import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../../support/axe.ts";
import { openPage } from "../../support/page.ts";

test.describe("search from the header", () => {
  test("keyboard only: a typo finds the floor, arrows choose it, Enter opens it", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openPage(page, "/about");
    const box = page.getByRole("combobox", { name: "Search flooring" });
    await box.focus();
    await page.keyboard.type("hikory");
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await expect(list).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText(/suggestions? available/)).toBeAttached();
    const options = list.getByRole("option");
    await expect(options.first()).toContainText("Hickory");

    await page.keyboard.press("ArrowDown");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    const firstId = await options.first().getAttribute("id");
    await expect(box).toHaveAttribute("aria-activedescendant", firstId ?? "");
    const chosen = (await options.first().locator("span.font-medium").textContent()) ?? "";

    await page.keyboard.press("Escape");
    await expect(list).toBeHidden();
    await page.keyboard.press("ArrowDown");
    await expect(list).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/products\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(chosen);
  });

  test("an accessory is offered at its price per roll and opens its own page", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openPage(page, "/about");
    const box = page.getByRole("combobox", { name: "Search flooring" });
    await box.fill("underlayment");
    const first = page.getByRole("listbox", { name: "Suggestions" }).getByRole("option").first();
    await expect(first).toContainText("Underlayment");
    await expect(first).toContainText(/\$\d+\.\d{2}\/roll/);
    await expect(first).not.toContainText("sq ft");
    const chosen = (await first.locator("span.font-medium").textContent()) ?? "";
    await first.click();
    await expect(page).toHaveURL(/\/products\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(chosen);
    await expect(page.getByText("per roll").first()).toBeVisible();
  });

  test("Enter lists what the box suggested, accessories at their price per roll", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openPage(page, "/about");
    const box = page.getByRole("combobox", { name: "Search flooring" });
    await box.fill("underlayment");
    const options = page.getByRole("listbox", { name: "Suggestions" }).getByRole("option");
    await expect(options.first()).toContainText("Underlayment");
    const suggested = await options.locator("span.font-medium").allTextContents();
    await box.press("Enter");
    await expect(page).toHaveURL(/\/products\?q=underlayment&sort=relevance$/);
    for (const name of suggested)
      await expect(page.getByRole("heading", { level: 3, name })).toBeVisible();
    const foam = page.getByRole("article", { name: "QuietStep 2-in-1 Foam Underlayment" });
    await expect(foam.getByText("per roll")).toBeVisible();
  });

  test("Enter without a choice shows every result on /products, typos forgiven", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, "/");
    const box = page.getByRole("combobox", { name: "Search flooring" });
    await box.fill("lvp");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/products\?q=lvp&sort=relevance$/);
    await expect(page.getByText("Riverbend Core Weathered Oak").first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("a search with a typo says what it showed, best matches first", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openPage(page, "/about");
    const box = page.getByRole("combobox", { name: "Search flooring" });
    await box.fill("hikory");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/products\?q=hikory&sort=relevance$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Results for “hikory”" }),
    ).toBeVisible();
    await expect(page.getByTestId("search-showing")).toHaveText(
      "No products have “hikory”. Showing results for hickory.",
    );
    await expect(page.getByLabel("Sort by")).toHaveValue("relevance");
    // The first products are on the first screen, above the folded features.
    await expect(page.getByRole("article").first()).toBeInViewport();
    await expect(page.getByRole("checkbox", { name: "Waterproof" })).toBeHidden();
  });

  test("without JavaScript the box still searches", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/about");
    await page.getByRole("combobox", { name: "Search flooring" }).fill("marble");
    await page.getByRole("combobox", { name: "Search flooring" }).press("Enter");
    await expect(page).toHaveURL(/\/products\?q=marble&sort=relevance$/);
    await expect(page.getByText("Marble Row Carrara White Polished 24x24").first()).toBeVisible();
    await context.close();
  });
});
