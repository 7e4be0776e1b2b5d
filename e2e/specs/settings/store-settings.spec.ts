import { business } from "@mcf/contracts/business";
import { expect, test } from "@playwright/test";
import { openPage } from "../../support/page.ts";
import { adminHeaders } from "../../support/store-data.ts";
import { signInToAdmin } from "../admin/admin-helpers.ts";

/**
 * The owner changes the store's phone in the Settings tab and sees it on /contact, in the footer
 * and in the LocalBusiness JSON-LD. The settings are the whole store's: this project runs after
 * every other spec (playwright.config.ts), and puts the shipped settings back when it ends.
 */
const newPhone = "(205) 871-4400";

// Both tests save the whole settings: one at a time, or one would put back what the other changed.
test.describe.configure({ mode: "serial" });

test.afterAll(async ({ request }) => {
  const current = await request.get("/api/admin/settings", { headers: adminHeaders });
  const { settings } = await current.json();
  await request.put("/api/admin/settings", {
    headers: adminHeaders,
    data: { ...settings, phone: business.phone, business_name: business.name },
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
