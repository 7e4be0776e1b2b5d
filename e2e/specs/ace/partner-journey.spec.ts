import { openPage } from "../../support/page.ts";
import { expect, test } from "../../support/store-data.ts";
import { waitForHydration } from "../shop/shop-fixtures.ts";
import { signInBrowser } from "./ace-fixtures.ts";

test("a partner sees the saving, keeps the portal's cart, checks out from their saved address and finds the order in their account", async ({
  page,
  request,
  store,
}) => {
  const partner = await store.partner({ approve: true });
  const auth = { authorization: `Bearer ${partner.token}` };
  const saved = await request.put("/api/ace/account", {
    headers: auth,
    data: {
      company: "Pelham Hardware",
      contact_name: "Pat Buyer",
      phone: "(205) 555-0111",
      shipping_address: { address: "2200 Pelham Pkwy", city: "Pelham", state: "AL", zip: "35124" },
    },
  });
  expect(saved.ok()).toBe(true);
  const product = await store.product({
    collection: "AR",
    our_price: 5,
    ace_price: 3.1,
    ace_shown_price: 4,
    sqft_per_carton: 20,
  });

  await signInBrowser(page, partner);
  await openPage(page, `/ace?q=${encodeURIComponent(product.name)}`);
  const card = page.getByRole("article", { name: product.name });
  // $4.00 against the public $5.00 a sq ft.
  await expect(card.getByText("you save 20%")).toBeVisible();
  await card.getByRole("button", { name: /Add to Cart/ }).click();

  // The cart opens inside the portal, under its own header.
  await openPage(page, "/ace/cart");
  await expect(page.getByRole("link", { name: "Account" }).first()).toBeVisible();
  await expect(page.getByText(product.name).first()).toBeVisible();
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/ace\/cart\?step=checkout$/);

  // The form starts from the partner's account.
  await expect(page.getByLabel("Full Name", { exact: true })).toHaveValue("Pat Buyer");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(partner.email);
  await expect(page.getByLabel("Street Address", { exact: true })).toHaveValue("2200 Pelham Pkwy");
  await expect(page.getByLabel("ZIP Code", { exact: true })).toHaveValue("35124");
  const pay = page.getByRole("button", { name: /Proceed to Payment/ });
  await expect(pay).toBeEnabled();
  await pay.click();
  await expect(page).toHaveURL(/\/pay\//);
  await waitForHydration(page);
  await page.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/success\?session_id=/);
  // The confirmation points to the partner account, not to a shopper account of its own.
  const partnerAccount = page.getByRole("link", { name: "your partner account" });
  await expect(partnerAccount).toBeVisible();
  await expect(page.getByRole("link", { name: "create an account" })).toHaveCount(0);
  await partnerAccount.click();
  await expect(page).toHaveURL(/\/ace\/account$/);

  await openPage(page, "/ace/account");
  const orders = page.getByRole("region", { name: "Your Orders" });
  await expect(orders.getByText(/^Order MCF-/)).toBeVisible();
  await orders.getByRole("link", { name: /^Track order/ }).click();
  await expect(page).toHaveURL(/\/track\//);
});

test("the partner sign-in page says what ACE is", async ({ page }) => {
  await openPage(page, "/ace/login");
  await expect(page.getByRole("heading", { name: "What is ACE?" })).toBeVisible();
  await expect(page.getByText(/wholesale portal for approved trade partners/)).toBeVisible();
});
