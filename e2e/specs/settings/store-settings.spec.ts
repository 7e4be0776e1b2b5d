import { business } from "@mcf/contracts/business";
import type { StoreSettings } from "@mcf/contracts/store-settings";
import { openPage } from "../../support/page.ts";
import { adminHeaders, expect, test } from "../../support/store-data.ts";
import { signInToAdmin } from "../admin/admin-helpers.ts";
import { fillCustomerAndBilling, seedCart } from "../shop/shop-fixtures.ts";

/**
 * The owner changes the store's phone in the Settings tab and sees it on /contact, in the footer
 * and in the LocalBusiness JSON-LD. The settings are the whole store's: this project runs after
 * every other spec (playwright.config.ts), and puts the shipped settings back when it ends.
 */
const newPhone = "(205) 871-4400";

// The tests save the whole settings: one at a time, or one would put back what another changed.
test.describe.configure({ mode: "serial" });

/** The delivery limits and local area as the run found them, put back at the end. */
let deliveryAsFound: Pick<
  StoreSettings,
  "delivery_limits" | "service_area_zips" | "business_numbers" | "price_claims"
>;

test.beforeAll(async ({ request }) => {
  const current = await request.get("/api/admin/settings", { headers: adminHeaders });
  const { settings } = (await current.json()) as { settings: StoreSettings };
  deliveryAsFound = {
    delivery_limits: settings.delivery_limits,
    service_area_zips: settings.service_area_zips,
    business_numbers: settings.business_numbers,
    price_claims: settings.price_claims,
  };
});

test.afterAll(async ({ request }) => {
  const current = await request.get("/api/admin/settings", { headers: adminHeaders });
  const { settings } = await current.json();
  await request.put("/api/admin/settings", {
    headers: adminHeaders,
    data: {
      ...settings,
      ...deliveryAsFound,
      phone: business.phone,
      business_name: business.name,
    },
  });
});

test("the owner changes the phone in Settings and the contact page, footer and JSON-LD show it at once", async ({
  page,
}) => {
  await signInToAdmin(page, "settings");
  await expect(page.getByRole("tab", { name: "Settings" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  const notice = page.getByRole("note", { name: "Placeholder settings" });
  await expect(notice).toContainText("Phone");
  // The staff alerts address is not shown to customers: the notice says what it costs instead.
  await expect(notice.getByText(/^Customers see these/)).not.toContainText("Staff alerts email");
  await expect(notice).toContainText("no one on the team receives them");

  const phone = page.getByLabel("Phone", { exact: true });
  await expect(phone).toHaveValue(business.phone);
  // A phone that is not one: the field says why and nothing is saved.
  await phone.fill("call the showroom");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(
    page.getByText("Phone must be a US number of 10 digits, like (205) 555-0148"),
  ).toBeVisible();
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("alert")).toHaveText(
    "Some values need fixing: see the marked fields.",
  );

  await phone.fill(newPhone);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved" })).toHaveText(
    "Settings saved. Every page shows them now.",
  );
  await expect(phone).toHaveAttribute("aria-invalid", "false");
  await expect(notice).not.toContainText("Phone");

  await openPage(page, "/contact");
  const info = page.getByRole("complementary", { name: "Contact information" });
  await expect(info.getByRole("link", { name: newPhone })).toHaveAttribute(
    "href",
    "tel:+12058714400",
  );
  await expect(page.getByRole("contentinfo").getByRole("link", { name: newPhone })).toBeVisible();
  await expect(page.getByText(business.phone)).toHaveCount(0);
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  const shop = ld
    .map((text) => JSON.parse(text))
    .find((d) => d["@type"] === "HomeAndConstructionBusiness");
  expect(shop.telephone).toBe(newPhone);
});

test("a renamed store shows its new name in every page's title, description, og:site_name and header", async ({
  page,
  request,
}) => {
  const current = await request.get("/api/admin/settings", { headers: adminHeaders });
  const { settings } = await current.json();
  const saved = await request.put("/api/admin/settings", {
    headers: adminHeaders,
    data: { ...settings, business_name: "Vulcan Floor Co" },
  });
  expect(saved.ok()).toBe(true);

  await openPage(page, "/about");
  await expect(page).toHaveTitle("About Us | Vulcan Floor Co");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    /^The story of Vulcan Floor Co:/,
  );
  await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute(
    "content",
    "Vulcan Floor Co",
  );
  await expect(
    page.getByRole("banner").getByRole("link", { name: "Vulcan Floor Co home" }),
  ).toContainText("Vulcan Floor Co");
  // A page reached in the browser (no new server render) takes the same name.
  await page
    .getByRole("banner")
    .getByRole("link", { name: "Products", exact: true })
    .first()
    .click();
  await expect(page).toHaveTitle("Products | Vulcan Floor Co");
  await expect(page.locator("title")).toHaveCount(1);
  expect(await page.content()).not.toContain(business.name);
});

test("the owner adds a ZIP code to the local delivery area and lowers the parcel limit, and the checkout follows at once", async ({
  page,
  store,
}) => {
  await signInToAdmin(page, "settings");
  const area = page.getByRole("group", { name: "Local delivery area" });
  const zips = area.getByLabel("ZIP codes served by our truck");
  await expect(zips).toHaveValue(/^35203, /);
  const listed = await zips.inputValue();

  // A ZIP code short of a digit: the field names it and nothing is saved. On a phone the save
  // takes the keyboard to the field, above the sticky save bar.
  await zips.fill(`${listed}, 3610`);
  await page.setViewportSize({ width: 390, height: 844 });
  const save = page.getByRole("button", { name: "Save settings" });
  await save.scrollIntoViewIfNeeded();
  await save.click();
  await expect(area.getByText('"3610" is not a 5-digit ZIP code')).toBeVisible();
  await expect(zips).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("alert")).toHaveText(
    "Some values need fixing: see the marked fields.",
  );
  await expect(zips).toBeFocused();
  const field = await zips.boundingBox();
  const bar = await save.boundingBox();
  expect(field && bar && field.y + field.height <= bar.y).toBe(true);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Montgomery joins the area; parcel now carries one box at most.
  await zips.fill(`${listed}\n36104`);
  const limits = page.getByRole("group", { name: "Delivery times and parcel limits" });
  const parcelLimit = limits.getByLabel("Parcel limit (boxes)");
  await expect(parcelLimit).toHaveValue(String(deliveryAsFound.delivery_limits.parcel_max_boxes));
  await parcelLimit.fill("1");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved" })).toHaveText(
    "Settings saved. Every page shows them now.",
  );
  await expect(zips).toHaveAttribute("aria-invalid", "false");
  await expect(zips).toHaveValue(/, 36104$/);

  const product = await store.product({ sqft_per_carton: 20, cartons_per_pallet: 50 });
  await openPage(page, "/");
  await seedCart(page, [{ product, quantity: 2 }]);
  await openPage(page, "/cart?step=checkout");
  await fillCustomerAndBilling(page, {
    name: "Morgan Montgomery",
    email: `area-${Date.now()}@example.com`,
    phone: "(334) 555-0125",
  });
  await page.getByLabel("City", { exact: true }).fill("Montgomery");
  await page.getByLabel("ZIP Code", { exact: true }).fill("36104");
  const delivery = page.getByRole("group", { name: "Delivery", exact: true });
  await expect(delivery.getByRole("radio", { name: /^Local delivery/ })).toBeEnabled();
  await expect(delivery.getByRole("radio", { name: /^Parcel delivery/ })).toBeDisabled();
  // A method that cannot deliver shows no price, only that it is not available and why.
  await expect(
    delivery.getByRole("radio", { name: /^Parcel delivery\s*Not available$/ }),
  ).toBeDisabled();
  await expect(
    delivery.getByText("Parcel delivery is for orders of up to 1 box; this one has 2."),
  ).toBeVisible();
});

test("the owner lists a closed day, one a line; a bad date is named on the field and nothing is saved", async ({
  page,
  request,
}) => {
  await signInToAdmin(page, "settings");
  const closed = page.getByRole("group", { name: "Closed days" });
  const days = closed.getByLabel("Closed days", { exact: true });
  // As shipped: the US federal holidays, one a line.
  await expect(days).toHaveValue(/-12-25\n/);
  const listed = await days.inputValue();

  await days.fill(`${listed}\n2027-02-30`);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(
    closed.getByText('Closed day "2027-02-30" is not a date like 2026-12-25'),
  ).toBeVisible();
  await expect(days).toHaveAttribute("aria-invalid", "true");
  await page.screenshot({ path: test.info().outputPath("closed-days-error.png"), fullPage: false });

  // The Friday after Thanksgiving 2027, typed at the top: saved in date order.
  await days.fill(`2027-11-26\n${listed}`);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved" })).toHaveText(
    "Settings saved. Every page shows them now.",
  );
  await expect(days).toHaveAttribute("aria-invalid", "false");
  const saved = await request.get("/api/admin/settings", { headers: adminHeaders });
  const { settings } = (await saved.json()) as { settings: StoreSettings };
  expect(settings.delivery_limits.closed_days).toContain("2027-11-26");
  expect([...settings.delivery_limits.closed_days].sort()).toEqual(
    settings.delivery_limits.closed_days,
  );
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await closed.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`closed-days-${width}.png`) });
  }
});

test("the owner changes the restocking fee and the change shows in the business numbers' history", async ({
  page,
}) => {
  await signInToAdmin(page, "settings");
  const fee = page.getByLabel("Restocking fee (%)");
  const before = await fee.inputValue();
  const after = before === "18" ? "17" : "18";
  await fee.fill("120");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Restocking fee must be a percentage from 0 to 100")).toBeVisible();
  await fee.fill(after);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved" })).toBeVisible();
  const history = page.getByRole("list", { name: "Business number changes" });
  await expect(history.getByRole("listitem").first()).toContainText(
    `Restocking fee: ${before}% → ${after}%`,
  );
  await expect(history.getByRole("listitem").first()).toContainText("Shop password");
});

test("the owner turns off the estimated competitor price; a price staff entered still shows", async ({
  page,
  store,
}) => {
  const estimated = await store.product({ name: "Estimate Oak", competitor_price: null });
  const entered = await store.product({ name: "Entered Oak", competitor_price: 6.49 });
  // As shipped: our $99.80 box ÷ 0.75 is the "Their price" of a floor without a competitor price.
  await openPage(page, `/products/${estimated.id}`);
  await expect(page.getByText(/^Their price:/)).toContainText("$133.07");

  await signInToAdmin(page, "settings");
  const claims = page.getByRole("group", { name: "Price claims" });
  await claims.getByRole("checkbox", { name: /Show an estimated "Their price"/ }).uncheck();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved" })).toBeVisible();

  await openPage(page, `/products/${estimated.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Estimate Oak");
  await expect(page.getByText(/^Their price:/)).toHaveCount(0);
  // 6.49 a sq ft × 20 sq ft = $129.80 against our $99.80.
  await openPage(page, `/products/${entered.id}`);
  await expect(page.getByText(/^Their price:/)).toContainText("$129.80");
});
