import { waitForMail } from "../../support/mail.ts";
import { openPage } from "../../support/page.ts";
import { expect, test } from "../../support/store-data.ts";
import { signInBrowser } from "../ace/ace-fixtures.ts";
import { signInToAdmin } from "../admin/admin-helpers.ts";
import { fillCustomerAndBilling, stockOf, waitForHydration } from "./shop-fixtures.ts";

test.describe("free samples", () => {
  test("a shopper orders two free samples, from a product card and a product page, pays the parcel on the test payment page, and staff tick them off", async ({
    page,
    request,
    store,
  }) => {
    const oak = await store.product({ name: "Sample Fawn Oak", stock_quantity: 4 });
    const slate = await store.product({ name: "Sample Slate Tile", type: "tile" });
    const noSamples = await store.product({ name: "Sample-less Walnut", samples_available: false });

    // From the product list: the card's button.
    await openPage(page, `/products?q=${encodeURIComponent(store.tag)}`);
    const oakCard = page.getByRole("article", { name: oak.name });
    await oakCard.getByRole("button", { name: `Order a free sample of ${oak.name}` }).click();
    await expect(
      oakCard.getByRole("button", { name: `Sample of ${oak.name} is in your cart` }),
    ).toBeDisabled();
    await expect(
      page
        .getByRole("article", { name: noSamples.name })
        .getByRole("button", { name: /Order a free sample/ }),
    ).toHaveCount(0);

    // From the product page.
    await openPage(page, `/products/${slate.id}`);
    await page.getByRole("button", { name: `Order a free sample of ${slate.name}` }).click();
    await expect(page.getByTestId("cart-count")).toHaveText("2");

    await openPage(page, "/cart");
    await expect(page.getByTestId("cart-summary-line")).toHaveText("2 samples · 0 sq ft total");
    await expect(
      page.getByRole("button", { name: `Remove the sample of ${oak.name}` }),
    ).toBeVisible();

    await openPage(page, "/cart?step=checkout");
    const email = `samples-${Date.now()}@example.com`;
    await fillCustomerAndBilling(page, { name: "Sam Pullman", email, phone: "(205) 555-0177" });
    await page.getByLabel("State", { exact: true }).selectOption("AL");
    const summary = page.getByRole("region", { name: "Order Summary" });
    const delivery = page.getByRole("group", { name: "Delivery", exact: true });
    // Samples alone travel by parcel at the flat rate; the trucks are not offered.
    await expect(delivery.getByRole("radio", { name: /^Parcel delivery/ })).toBeChecked();
    await expect(delivery.getByRole("radio", { name: /^Freight delivery/ })).toBeDisabled();
    await expect(
      delivery.getByText("A parcel carrier brings your samples to your door."),
    ).toBeVisible();
    await expect(summary.getByText(`Sample: ${oak.name}`)).toBeVisible();
    await expect(summary.getByText("1 sample · free").first()).toBeVisible();
    await expect(page.getByTestId("order-total")).toHaveText("$4.95");
    await page.getByRole("button", { name: "Proceed to Payment · $4.95" }).click();

    await expect(page).toHaveURL(/\/pay\//);
    await waitForHydration(page);
    await expect(page.getByText(`Sample: ${slate.name} · 1 sample`)).toBeVisible();
    await page.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay $4.95" }).click();

    await expect(page).toHaveURL(/\/success\?session_id=/);
    await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
    await expect(page.getByText(`Sample: ${oak.name}`)).toBeVisible();
    const orderNumber =
      (await page
        .getByText(/^Order number/)
        .locator("strong")
        .textContent()) ?? "";
    const trackHref = await page
      .getByRole("link", { name: "Track your order" })
      .getAttribute("href");
    // Samples never touch the boxes for sale.
    expect(await stockOf(request, oak.id)).toBe(4);

    const mail = await waitForMail((m) => m.to.includes(email));
    expect(mail.text).toContain(`Sample: ${oak.name} × 1`);
    expect(mail.text).toContain("Your samples (2 samples:");

    await signInToAdmin(page, "samples");
    const row = page.getByRole("row").filter({ hasText: orderNumber });
    await expect(row.getByText(slate.name)).toBeVisible();
    await row.getByRole("button", { name: `Mark samples of ${orderNumber} sent` }).click();
    await expect(page.getByText(`Samples of ${orderNumber} marked sent`)).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: orderNumber })).toHaveCount(0);

    // Samples come in an envelope: /track has no boxes to count before signing.
    await openPage(page, new URL(trackHref ?? "", page.url()).pathname);
    await expect(page.getByRole("heading", { name: "Order Tracking" })).toBeVisible();
    await expect(page.getByText(orderNumber)).toBeVisible();
    await expect(page.getByText("Inspect before you sign")).toHaveCount(0);
    await expect(page.getByText("Report damage or missing boxes")).toHaveCount(0);
  });

  test("an approved partner orders a free sample from the ACE product page", async ({
    page,
    store,
  }) => {
    const partner = await store.partner({ approve: true });
    const product = await store.product({
      name: "Sample Partner Maple",
      ace_price: 3.1,
      ace_shown_price: 3.6,
    });
    await signInBrowser(page, partner);
    await openPage(page, `/ace/products/${product.id}`);
    await page.getByRole("button", { name: `Order a free sample of ${product.name}` }).click();
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await openPage(page, "/cart?step=checkout");
    const summary = page.getByRole("region", { name: "Order Summary" });
    await expect(summary.getByText(`Sample: ${product.name}`)).toBeVisible();
    await expect(summary.getByText("1 sample · free")).toBeVisible();
  });
});

test("the cart prices samples past the fifth as the checkout will, and lists the floor before its samples", async ({
  page,
  request,
  store,
}) => {
  const floors = await Promise.all(
    Array.from({ length: 6 }, (_, i) => store.product({ name: `Cart Floor ${i + 1}` })),
  );
  const store_details = await (await request.get("/api/settings/public")).json();
  const samplePrice = store_details.sample_price_cents / 100;
  const usd = (dollars: number) =>
    new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(dollars);
  const sample = (product: (typeof floors)[number]) => ({
    kind: "sample",
    product_id: product.id,
    product_name: product.name,
    quantity: 1,
    unit_price: 0,
    total_price: 0,
    sqft_per_box: 0,
    total_sqft: 0,
    thumbnail_image_url: "/img/default-flooring-thumb.webp",
  });
  const floor = floors[0]!;
  const boxes = {
    ...sample(floor),
    kind: "box",
    quantity: 2,
    unit_price: floor.price_per_box ?? 0,
    total_price: 2 * (floor.price_per_box ?? 0),
    sqft_per_box: floor.sqft_per_carton ?? 0,
  };
  await openPage(page, "/");
  // Six samples first, then two boxes of the first floor.
  await page.evaluate(
    (saved) => localStorage.setItem("flooringCart", JSON.stringify(saved)),
    [...floors.map(sample), boxes],
  );
  await page.goto("/cart");
  await waitForHydration(page);
  const lines = page.locator("main ul").first().locator(":scope > li");
  await expect(lines).toHaveCount(7);
  await expect(lines.first()).toContainText("Price per box");
  await expect(lines.first()).not.toContainText("Sample");
  await expect(lines.nth(1)).toContainText("Free");
  await expect(lines.last()).toContainText(usd(samplePrice));
  await expect(page.getByText("Priced at checkout")).toHaveCount(0);
  const summary = page.getByRole("complementary", { name: "Order Summary" });
  await expect(summary).toContainText(
    `Subtotal: ${usd(2 * (floor.price_per_box ?? 0) + samplePrice)}`,
  );

  // With the free ones taken, a product page's sample button says what the next one costs.
  const another = await store.product({ name: "Seventh Sample Floor" });
  await openPage(page, `/products/${another.id}`);
  await expect(
    page.getByRole("button", {
      name: `Order a sample of ${another.name} for ${usd(samplePrice)}`,
    }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: /Order a free sample/ })).toHaveCount(0);
});
