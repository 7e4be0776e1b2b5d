import { expect, type StoreData, test } from "../../support/store-data.ts";
import { signInBrowser } from "./ace-fixtures.ts";

/** A laminate with a partner price ($44.00 a box to partners), in stock. */
const partnerLaminate = (store: StoreData, name: string) =>
  store.product({
    name,
    type: "laminate",
    our_price: 2.5,
    ace_shown_price: 2.2,
    sqft_per_carton: 20,
    stock_quantity: 200,
  });

// The partner product page renders its parts (gallery, purchase panel, calculator) in the
// browser once the product has loaded, while the page is still hydrating the rest. Before the
// islands were counted per instance on the page, about one load in four never became
// interactive: the page waited for an island that had been rendered and then thrown away.
test("the partner product page becomes interactive on every load", async ({ page, store }) => {
  const partner = await store.partner({ approve: true });
  const floor = await partnerLaminate(store, "Crew Interactive Laminate");
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

// The parts' code is fetched while the product loads, so the price, Add to Cart and the calculator
// appear with the product's heading, not about 200 ms after it (their code used to be fetched only
// once the product had rendered, unless the browser had been idle long enough to fetch it first:
// hence three loads).
test("the partner product page shows its price and calculator with the product", async ({
  page,
  store,
}) => {
  const partner = await store.partner({ approve: true });
  const floor = await partnerLaminate(store, "Crew Whole Page Laminate");
  await signInBrowser(page, partner);
  for (let load = 1; load <= 3; load++) {
    await page.goto(`/ace/products/${floor.id}`);
    // What the first frame showing the heading shows besides: read in the page at every frame,
    // since a locator's retries (100 ms apart and more) would let a part that came later pass.
    const firstFrame = await page.waitForFunction(
      (name) => {
        const heading = document.querySelector("h1");
        if (heading?.textContent !== name) return false;
        // biome-ignore lint/performance/useDomNodeTextContent: the text shown, as laid out, is the point.
        const shown = document.body.innerText;
        return {
          price: shown.includes("$44.00 per box"),
          addToCart: shown.includes("Add to Cart"),
          calculator: shown.includes("Room area (sq ft)"),
        };
      },
      floor.name,
      { polling: "raf" },
    );
    expect(await firstFrame.jsonValue(), `load ${load}`).toEqual({
      price: true,
      addToCart: true,
      calculator: true,
    });
  }
  await expect(page.getByRole("button", { name: "Add to Cart", exact: true })).toBeVisible();
  await expect(page.getByText("$44.00 per box")).toBeVisible();
});

// The same for the partner list: its cards' code is fetched while the list loads, so the cards
// appear with the count line, not a moment after it.
test("the partner list shows its cards with its count line", async ({ page, store }) => {
  const partner = await store.partner({ approve: true });
  await signInBrowser(page, partner);
  for (let load = 1; load <= 3; load++) {
    await page.goto("/ace");
    const firstFrame = await page.waitForFunction(
      () => {
        const count = Array.from(document.querySelectorAll("p")).find((p) =>
          /^Showing \d+–\d+ of \d+ products?$/.test(p.textContent ?? ""),
        );
        if (!count) return false;
        return { cards: document.querySelectorAll("article h3").length };
      },
      undefined,
      { polling: "raf" },
    );
    const { cards } = (await firstFrame.jsonValue()) as { cards: number };
    expect(cards, `load ${load}`).toBeGreaterThan(0);
  }
});

// The partner list offers the brand, construction and colour values of its own collection, as
// the public list does for the whole catalogue, and no collection filter (it shows one).
test("the partner list filters by a brand of its collection", async ({ page, store }) => {
  const partner = await store.partner({ approve: true });
  const floor = await store.product({
    name: "Crew Facet Laminate",
    brand: "Crew Facet Mills",
    collection: "AR",
    type: "laminate",
    our_price: 2.5,
    ace_shown_price: 2.2,
  });
  await signInBrowser(page, partner);
  await page.goto("/ace");
  await page.locator("html[data-hydrated='true']").waitFor({ state: "attached" });
  const filters = page.getByRole("form", { name: "Product filters" });
  await expect(filters.getByLabel("Collection")).toHaveCount(0);
  await filters.getByLabel("Brand").selectOption("Crew Facet Mills");
  await expect(page).toHaveURL(/brand=Crew\+Facet\+Mills|brand=Crew%20Facet%20Mills/);
  await expect(page.getByText("Showing 1–1 of 1 product")).toBeVisible();
  await expect(page.locator("article h3")).toHaveText([floor.name]);
});
