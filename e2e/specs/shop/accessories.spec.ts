import { openPage } from "../../support/page.ts";
import { expect, test } from "../../support/store-data.ts";

test.describe("accessories", () => {
  test("the coverage calculator adds a floor with its underlayment and transitions in one click, and the cart offers the rest of the project", async ({
    page,
    store,
  }) => {
    const collection = `Porch ${store.tag}`;
    const floor = await store.product({
      name: "Porch Click Laminate",
      type: "laminate",
      collection,
      color: "Golden Oak",
      color_code: "#b98245",
      our_price: 2.5,
      sqft_per_carton: 20,
      stock_quantity: 200,
      features: { installation: "Click-lock floating", waterproof: false },
    });
    // Made for laminate and cheaper than the seed's: the most specific, then cheapest, wins.
    const underlayment = await store.accessory({
      name: "Porch Foam Underlayment",
      selling_unit: "roll",
      accessory_kind: "underlayment",
      unit_coverage_sqft: 100,
      our_price: 19.99,
      fits_types: ["laminate"],
      stock_quantity: 50,
    });
    // Of the floor's own collection: chosen before any color match.
    const transition = await store.accessory({
      name: "Porch T-Molding",
      collection,
      color: "Golden Oak",
      color_code: "#b98245",
      our_price: 26.5,
    });

    await openPage(page, `/products/${floor.id}`);
    const calculator = page.getByRole("region", { name: "Coverage calculator" });
    await calculator.getByLabel("Room area (sq ft)").fill("200");
    await calculator.getByLabel("Doorways").fill("2");
    // 200 sq ft + 10% waste = 220 sq ft: 11 boxes of 20; 200 sq ft + 5% seams: 3 rolls of 100.
    await expect(calculator.getByTestId("boxes-needed")).toHaveText("11 boxes needed");
    const suggested = calculator.getByRole("list", { name: "Accessories for this job" });
    await expect(suggested.getByLabel(`3 rolls · ${underlayment.name}`)).toBeChecked();
    await expect(suggested.getByLabel(`2 pieces · ${transition.name}`)).toBeChecked();
    // Quarter round along the walls of a 200 sq ft room: 4 × √200 ≈ 57 ft → 8 pieces; left for later.
    await suggested.getByLabel(/^8 pieces · Quarter Round/).uncheck();
    await expect(calculator.getByText("11 boxes + 5 accessories · $662.97")).toBeVisible();
    await calculator.getByRole("button", { name: "Add floor and accessories to cart" }).click();
    await expect(calculator.getByRole("button", { name: "✓ Added to Cart" })).toBeVisible();
    await expect(page.getByTestId("cart-count")).toHaveText("16");

    await openPage(page, "/cart");
    await expect(page.getByTestId("cart-summary-line")).toHaveText(
      "11 boxes, 5 accessories · 220 sq ft total",
    );
    const underlaymentLine = page.getByRole("listitem").filter({ hasText: underlayment.name });
    await expect(underlaymentLine.getByText("Price per roll")).toBeVisible();
    await expect(underlaymentLine.getByText("$59.97")).toBeVisible();

    // What the floor still needs, without what is already in the cart.
    const project = page.getByRole("region", { name: "Complete your project" });
    await expect(project).toBeVisible();
    await expect(project.getByText(underlayment.name)).toHaveCount(0);
    await expect(project.getByText(transition.name)).toHaveCount(0);
    // Quarter round for the walls of a 220 sq ft room: 4 × √220 ≈ 59 ft → 8 pieces.
    const quarterRound = project.getByRole("button", { name: /^Add 8 pieces of Quarter Round/ });
    await expect(quarterRound).toBeVisible();
    await quarterRound.click();
    await expect(page.getByTestId("cart-summary-line")).toHaveText(
      "11 boxes, 13 accessories · 220 sq ft total",
    );
    await expect(
      project.getByRole("button", { name: /^Add 8 pieces of Quarter Round/ }),
    ).toHaveCount(0);
    // No stairs were mentioned: no stair nose is offered.
    await expect(project.getByText(/stair nose/i)).toHaveCount(0);

    // The checkout's summary is the server's: per-unit prices, the same subtotal.
    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    const summary = page.getByRole("region", { name: "Order Summary" });
    await expect(summary.getByText("3 rolls × $19.99")).toBeVisible();
    await expect(summary.getByText("2 pieces × $26.50")).toBeVisible();
    await expect(summary.getByText("11 boxes × $50.00")).toBeVisible();
    await expect(summary.getByText("8 pieces × $12.99")).toBeVisible();
    // 550.00 + 59.97 + 53.00 + 8 of the seed's quarter round at 12.99.
    await expect(summary.getByText("$766.89")).toBeVisible();
  });

  test("a floor that may float or glue down offers its underlayment and its adhesive unticked, and adds the one the shopper ticks", async ({
    page,
    store,
  }) => {
    // No other test or seed row has underlayment or adhesive made for tile alone: this test's
    // are the most specific for the floor.
    const type = "tile";
    const floor = await store.product({
      name: `Either Way Click Tile ${store.tag}`,
      type,
      our_price: 3,
      sqft_per_carton: 20,
      stock_quantity: 100,
      features: { installation: "Glue or float" },
    });
    const pad = await store.accessory({
      name: `Either Way Underlayment ${store.tag}`,
      selling_unit: "roll",
      accessory_kind: "underlayment",
      unit_coverage_sqft: 100,
      our_price: 20,
      fits_types: [type],
      stock_quantity: 50,
    });
    const glue = await store.accessory({
      name: `Either Way Adhesive ${store.tag}`,
      selling_unit: "pail",
      accessory_kind: "adhesive",
      unit_coverage_sqft: 200,
      our_price: 40,
      fits_types: [type],
      stock_quantity: 50,
    });

    await openPage(page, `/products/${floor.id}`);
    const calculator = page.getByRole("region", { name: "Coverage calculator" });
    await calculator.getByLabel("Room area (sq ft)").fill("200");
    await calculator.getByLabel("Doorways").fill("0");
    await expect(calculator.getByText(/^This floor can float or be glued down/)).toBeVisible();
    const suggested = calculator.getByRole("list", { name: "Accessories for this job" });
    const padBox = suggested.getByLabel(`3 rolls · ${pad.name}`);
    const glueBox = suggested.getByLabel(`1 pail · ${glue.name}`);
    await expect(padBox).not.toBeChecked();
    await expect(glueBox).not.toBeChecked();
    await glueBox.check();
    await expect(padBox).not.toBeChecked();
    await calculator.getByRole("button", { name: "Add floor and accessories to cart" }).click();
    await expect(calculator.getByRole("button", { name: "✓ Added to Cart" })).toBeVisible();

    // In the cart: the floor and the adhesive only (the cart may still offer the underlayment
    // under "Complete your project").
    await openPage(page, "/cart");
    await expect(page.getByTestId("cart-summary-line")).toHaveText(
      "11 boxes, 1 accessory · 220 sq ft total",
    );
    const glueLine = page.getByRole("listitem").filter({ hasText: glue.name }).first();
    await expect(glueLine.getByText("Price per pail")).toBeVisible();
  });

  test("an accessory's page and the accessories list show the price per roll, and a floor's page without companions has no accessory step", async ({
    page,
    store,
  }) => {
    const roll = await store.accessory({
      name: "Quiet Roll Underlayment",
      selling_unit: "roll",
      accessory_kind: "underlayment",
      unit_coverage_sqft: 100,
      our_price: 31.5,
      fits_types: ["laminate"],
    });
    const tile = await store.product({
      name: "Plain Porcelain",
      type: "tile",
      features: { installation: "Thinset mortar, grouted" },
    });

    await openPage(page, `/products/${roll.id}`);
    await expect(page.getByRole("heading", { level: 1, name: roll.name })).toBeVisible();
    await expect(page.getByText(/^\$31\.50\s*per roll$/).first()).toBeVisible();
    await expect(page.getByLabel("Quantity (rolls)")).toHaveValue("1");
    await expect(
      page
        .getByRole("navigation", { name: "Breadcrumb" })
        .getByRole("link", { name: "Accessories" }),
    ).toBeVisible();

    await openPage(page, "/accessories");
    await expect(page.getByRole("heading", { level: 1, name: "Accessories" })).toBeVisible();
    const underlayments = page.getByRole("region", { name: "Underlayment" });
    const card = underlayments.getByRole("article").filter({ hasText: roll.name });
    await expect(card.getByText("Covers 100 sq ft")).toBeVisible();
    await card.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("cart-count")).toHaveText("1");

    await openPage(page, `/products/${tile.id}`);
    await expect(page.getByRole("region", { name: "Coverage calculator" })).toBeVisible();
    await expect(page.getByLabel("Doorways")).toHaveCount(0);
  });
});
