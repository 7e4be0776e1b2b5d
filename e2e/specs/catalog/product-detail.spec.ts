import { expect, test } from "@playwright/test";
import { openPage } from "../../support/page.ts";

test.describe("product detail", () => {
  test("opening a product shows its page with specs, pricing, stock and Product JSON-LD", async ({
    page,
  }) => {
    await openPage(page, "/products?q=Heritage%20Plank%20Natural%20White%20Oak");
    await page
      .getByRole("link", { name: "View Details: Heritage Plank Natural White Oak" })
      .click();
    await expect(page).toHaveURL(/\/products\/\d+$/);
    await expect(page).toHaveTitle("Product Details | Magic City Floors");
    await expect(
      page.getByRole("heading", { level: 1, name: "Heritage Plank Natural White Oak" }),
    ).toBeVisible();
    await expect(page.getByText("$6.49").first()).toBeVisible();
    await expect(page.getByText("$129.80 per box").first()).toBeVisible();
    // Their price = the competitor's $8.99 a sq ft × 20 sq ft = $179.80: a $50.00 saving.
    await expect(page.getByText("$179.80")).toBeVisible();
    await expect(page.getByText("You save $50.00")).toBeVisible();
    await expect(page.getByText("In Stock")).toBeVisible();
    await expect(page.getByRole("cell", { name: "MCF-HW-1001" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Contact Us" })).toHaveAttribute(
      "href",
      "/contact",
    );
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("link", { name: "Products" })).toHaveAttribute(
      "href",
      "/products",
    );
    await expect(page.getByRole("heading", { name: "You may also like" })).toBeVisible();

    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    const product = ld.map((text) => JSON.parse(text)).find((data) => data["@type"] === "Product");
    expect(product).toMatchObject({
      name: "Heritage Plank Natural White Oak",
      sku: "MCF-HW-1001",
      offers: {
        "@type": "Offer",
        priceCurrency: "USD",
        price: "129.80",
        availability: "https://schema.org/InStock",
      },
    });
  });

  test("the coverage calculator sets the quantity, and Add to Cart adds that many boxes", async ({
    page,
  }) => {
    await openPage(page, "/products?q=Heritage%20Plank%20Natural%20White%20Oak");
    await page
      .getByRole("link", { name: "View Details: Heritage Plank Natural White Oak" })
      .click();
    await expect(page.getByRole("heading", { name: "Coverage calculator" })).toBeVisible();
    await expect(page.getByLabel("Waste allowance (%)")).toHaveValue("10");
    await page.getByLabel("Room area (sq ft)").fill("200");
    // 200 sq ft + 10% = 220 sq ft; 20 sq ft per box → 11 boxes.
    await expect(page.getByTestId("boxes-needed")).toHaveText("11 boxes needed");
    await page.getByText("Length × width").click();
    await page.getByLabel("Length (ft)").fill("12");
    await page.getByLabel("Width (ft)").fill("15");
    await page.getByLabel("Waste allowance (%)").fill("15");
    // 180 sq ft + 15% = 207 sq ft → 11 boxes covering 220 sq ft.
    await expect(page.getByTestId("boxes-needed")).toHaveText("11 boxes needed");
    await expect(page.getByText("Covers 220 sq ft (207 sq ft with waste)")).toBeVisible();
    await page.getByRole("button", { name: "Use 11 boxes" }).click();
    await expect(page.getByLabel("Quantity (boxes)")).toHaveValue("11");

    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByRole("button", { name: "✓ Added to Cart" })).toBeDisabled();
    await expect(page.getByTestId("cart-count")).toHaveText("11");
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeEnabled({ timeout: 4000 });
  });

  test("on a phone, a bar at the foot of the screen carries the price and adds boxes while the panel is out of sight", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, "/products?q=Heritage%20Plank%20Natural%20White%20Oak");
    // The list has its own search box: the header's is not repeated above it on a phone.
    await expect(page.getByRole("searchbox")).toHaveCount(1);
    await expect(page.getByRole("combobox", { name: "Search flooring" })).toHaveCount(0);
    await page
      .getByRole("link", { name: "View Details: Heritage Plank Natural White Oak" })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Heritage Plank Natural White Oak",
    );
    const bar = page.getByTestId("sticky-buy-bar");
    await expect(bar).toContainText("$6.49");
    await expect(bar).toContainText("$129.80 per box");
    await page.screenshot({ path: test.info().outputPath("buy-bar-390.png") });
    await bar.getByRole("button", { name: "Add 1 box" }).click();
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await page.getByRole("button", { name: "Close cart" }).click();
    // Elsewhere the header's search box is there.
    await expect(page.getByRole("combobox", { name: "Search flooring" })).toBeVisible();
    // Once the panel's own Add to Cart is on screen, the bar steps aside.
    await page.getByRole("button", { name: "Add to Cart" }).scrollIntoViewIfNeeded();
    await expect(bar).toHaveCount(0);
  });

  test("non-numeric quantity becomes 1 and an unpriced product cannot be added", async ({
    page,
  }) => {
    await openPage(page, "/products?q=Heritage%20Plank%20Natural%20White%20Oak");
    await page
      .getByRole("link", { name: "View Details: Heritage Plank Natural White Oak" })
      .click();
    const quantity = page.getByLabel("Quantity (boxes)");
    await quantity.fill("");
    await quantity.blur();
    await expect(quantity).toHaveValue("1");

    await openPage(page, "/products?q=Commons%20Carpet%20Tile%20Mocha%20Grid");
    await page.getByRole("link", { name: "View Details: Commons Carpet Tile Mocha Grid" }).click();
    await expect(page.getByText("Contact for Price").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeDisabled();
  });

  test("an out-of-stock product says so and cannot be added", async ({ page }) => {
    await openPage(page, "/products?q=Cahaba%20River%20Natural%20Maple");
    await page.getByRole("link", { name: "View Details: Cahaba River Natural Maple" }).click();
    await expect(page.getByText("Out of Stock")).toBeVisible();
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeDisabled();
  });

  test("a missing product answers 404 with Product Not Found", async ({ page }) => {
    const response = await page.goto("/products/987654");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Product Details | Magic City Floors");
    await expect(page.getByRole("heading", { name: "Product Not Found" })).toBeVisible();
    await expect(page.getByText("The product you're looking for doesn't exist.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Products" })).toHaveAttribute(
      "href",
      "/products",
    );
    const malformed = await page.goto("/products/not-a-number");
    expect(malformed?.status()).toBe(404);
  });

  test("a low-stock product says how many are left and caps the quantity at the stock", async ({
    page,
    request,
  }) => {
    const list = (await (await request.get("/api/products?per_page=-1")).json()) as {
      id: number;
      name: string;
      stock_quantity: number;
      price_per_box: number | null;
    }[];
    const low = list.find((p) => p.stock_quantity > 1 && p.stock_quantity <= 5 && p.price_per_box);
    if (!low) throw new Error("the seeded catalogue has no low-stock product");
    await openPage(page, `/products/${low.id}`);
    await expect(page.getByText(`Only ${low.stock_quantity} left`)).toBeVisible();
    const quantity = page.getByLabel("Quantity (boxes)");
    await quantity.fill("99");
    await quantity.blur();
    await expect(quantity).toHaveValue(String(low.stock_quantity));
    await quantity.fill("0");
    await quantity.blur();
    await expect(quantity).toHaveValue("1");
  });
});
