import { expect, test } from "../../support/store-data.ts";
import { signInBrowser } from "./ace-fixtures.ts";

// The partner product page renders its parts (gallery, purchase panel, calculator) in the
// browser once the product has loaded, while the page is still hydrating the rest. Before the
// islands were counted per instance on the page, about one load in four never became
// interactive: the page waited for an island that had been rendered and then thrown away.
test("the partner product page becomes interactive on every load", async ({ page, store }) => {
  const partner = await store.partner({ approve: true });
  const floor = await store.product({
    name: "Crew Interactive Laminate",
    type: "laminate",
    our_price: 2.5,
    ace_shown_price: 2.2,
    sqft_per_carton: 20,
    stock_quantity: 200,
  });
  await signInBrowser(page, partner);
  const calculator = page.getByRole("region", { name: "Coverage calculator" });
  for (let load = 1; load <= 10; load++) {
    await page.goto(`/ace/products/${floor.id}`);
    await expect(page.locator("html"), `load ${load}`).toHaveAttribute("data-hydrated", "true", {
      timeout: 8_000,
    });
    await expect(calculator.getByLabel("Room area (sq ft)")).toBeVisible();
  }
});
