import { openPage } from "../../support/page.ts";
import { expect, test } from "../../support/store-data.ts";

test.describe("feature filters and colour swatches on /products", () => {
  test("a shopper narrows the list to waterproof, pet friendly floors and sees each colour as a swatch", async ({
    page,
    store,
  }) => {
    const both = await store.product({
      name: "Feature Harbor Vinyl",
      color: "Harbor Gray",
      color_code: "#8a8d8f",
      features: { waterproof: true, pet_friendly: true },
    });
    const petOnly = await store.product({
      name: "Feature Meadow Laminate",
      color: "Meadow",
      color_code: null,
      features: { waterproof: false, pet_friendly: true },
    });
    const neither = await store.product({
      name: "Feature Summit Oak",
      features: { waterproof: false, pet_friendly: false },
    });

    await openPage(page, `/products?q=${encodeURIComponent(store.tag)}`);
    await expect(page.getByRole("article", { name: neither.name })).toBeVisible();

    // On a phone the panel is folded; from `md` up it is open, its features folded until asked for.
    await page.locator("summary", { hasText: "Features" }).click();
    await page.getByRole("checkbox", { name: "Waterproof" }).check();
    await expect(page).toHaveURL(/features=waterproof/);
    await expect(page.getByRole("article", { name: both.name })).toBeVisible();
    await expect(page.getByRole("article", { name: petOnly.name })).toHaveCount(0);

    // Unfolded once, the features stay in view when none is chosen any more.
    await page.getByRole("checkbox", { name: "Waterproof" }).uncheck();
    await expect(page).not.toHaveURL(/features=/);
    await page.getByRole("checkbox", { name: "Pet friendly" }).check();
    await expect(page).toHaveURL(/features=pet_friendly/);
    await expect(page.getByRole("article", { name: petOnly.name })).toBeVisible();
    await expect(page.getByRole("article", { name: both.name })).toBeVisible();
    await expect(page.getByRole("article", { name: neither.name })).toHaveCount(0);

    // A colour code shows as a swatch beside the colour's name; none without one.
    const card = page.getByRole("article", { name: both.name });
    await expect(card.getByText("Harbor Gray")).toBeVisible();
    await expect(card.getByTestId("color-swatch")).toHaveCSS(
      "background-color",
      "rgb(138, 141, 143)",
    );
    await expect(
      page.getByRole("article", { name: petOnly.name }).getByTestId("color-swatch"),
    ).toHaveCount(0);
  });
});
