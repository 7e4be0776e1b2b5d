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

test.afterAll(async ({ request }) => {
  const current = await request.get("/api/admin/settings", { headers: adminHeaders });
  const { settings } = await current.json();
  await request.put("/api/admin/settings", {
    headers: adminHeaders,
    data: { ...settings, phone: business.phone },
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
