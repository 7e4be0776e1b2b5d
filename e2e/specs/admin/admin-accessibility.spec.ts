import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../../support/axe.ts";
import { e2eAdminPassword } from "../../support/env.ts";
import { openPage } from "../../support/page.ts";
import { registerPartner } from "../ace/ace-fixtures.ts";
import { placePaidOrder } from "./admin-helpers.ts";

/** Every back-office tab (with its panels and dialogs open) checked with axe-core. */
for (const width of [390, 1280]) {
  test.describe(`back office at ${width}px is accessible`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("login and every tab have no serious or critical axe violations", async ({
      page,
      request,
    }) => {
      const email = `a11y-${width}-${Date.now()}@example.com`;
      const order = await placePaidOrder(page, { email, name: "Avery Access" });
      await registerPartner(request, { company: `Ace Hardware A11y ${width}` });
      const inquiry = await request.post("/api/project-inquiries", {
        data: {
          name: "Pat Access",
          email: `inquiry-${width}-${Date.now()}@example.com`,
          phone: "(205) 555-0111",
          address: "12 Oak St, Homewood AL",
          flooring_type: ["Hardwood"],
          additional_notes: "Checking the inbox with a screen reader.",
        },
      });
      expect(inquiry.status()).toBe(201);

      await openPage(page, "/admin");
      await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, "/admin login");
      await page.getByLabel("Password", { exact: true }).fill("wrong-password");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert")).toHaveText("Invalid password");
      await expectNoSeriousA11yViolations(page, "/admin login with an error");
      await page.getByLabel("Password", { exact: true }).fill(e2eAdminPassword);
      await page.getByRole("button", { name: "Sign in" }).click();

      await expect(page.getByText("Select an order to view details")).toBeVisible();
      await expectNoSeriousA11yViolations(page, "Orders tab");
      await page.getByRole("button", { name: `View order ${order.friendly_order_id}` }).click();
      const panel = page.getByRole("complementary", { name: "Order details" });
      await expect(panel.getByText("Avery Access")).toBeVisible();
      await expectNoSeriousA11yViolations(page, "Orders tab with the order panel open");

      await page.getByRole("tab", { name: "Products" }).click();
      await expect(page.getByRole("button", { name: /^Edit / }).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, "Products tab");
      await page
        .getByRole("button", { name: /^Edit / })
        .first()
        .click();
      await expect(page.getByRole("dialog", { name: "Edit Product" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, "the product editor");
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "New", exact: true }).click();
      await expect(page.getByRole("dialog", { name: "New Product" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, "the new product editor");
      await page.keyboard.press("Escape");

      await page.getByRole("tab", { name: "Inbox" }).click();
      await expect(
        page.getByRole("article", { name: "Inquiry from Pat Access" }).first(),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page, "Inbox tab");

      await page.getByRole("tab", { name: "Coupons" }).click();
      await expect(page.getByRole("row").filter({ hasText: "WELCOME10" })).toBeVisible();
      await page.getByRole("button", { name: "New coupon" }).click();
      await expect(page.getByRole("form", { name: "New coupon" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, "Coupons tab with the form open");

      await page.getByRole("tab", { name: "Partners" }).click();
      await expect(page.getByRole("cell", { name: `Ace Hardware A11y ${width}` })).toBeVisible();
      await expectNoSeriousA11yViolations(page, "Partners tab");

      await page.getByRole("tab", { name: "Outbox" }).click();
      await expect(page.getByRole("cell", { name: email }).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, "Outbox tab");

      await page.getByRole("tab", { name: "Audit" }).click();
      await expect(page.getByRole("cell", { name: "product.create" }).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, "Audit tab");
    });
  });
}
