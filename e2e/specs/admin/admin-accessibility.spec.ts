import { buildProjectInquiry } from "../../../server/test/api-factories.ts";
import { expectNoSeriousA11yViolations } from "../../support/axe.ts";
import { e2eAdminPassword } from "../../support/env.ts";
import { openPage } from "../../support/page.ts";
import { adminHeaders, expect, test } from "../../support/store-data.ts";

/** Every back-office tab (with its panels and dialogs open) checked with axe-core. */
for (const width of [390, 1280]) {
  test.describe(`back office at ${width}px is accessible`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("login and every tab have no serious or critical axe violations", async ({
      page,
      request,
      store,
    }) => {
      // Nine tabs with their dialogs, each scanned by axe: slow on two cores shared with the
      // other worker, so this test gets three times the usual time.
      test.slow();
      const email = `a11y-${width}-${Date.now()}@example.com`;
      const { order } = await store.paidOrder({ quantity: 3, email, name: "Avery Access" });
      const company = `Ace Hardware A11y ${store.tag}`;
      await store.partner({ company });
      const inquiry = await request.post("/api/project-inquiries", {
        data: buildProjectInquiry({
          name: "Pat Access",
          additional_notes: "Checking the inbox with a screen reader.",
        }),
      });
      expect(inquiry.status()).toBe(201);
      // A crew of its own: with none (a store where no other spec ran first) the job's visit
      // forms are a hint to add one, not the forms this test scans.
      const crew = await request.post("/api/admin/crews", {
        headers: adminHeaders,
        data: { name: `Crew A11y ${width} ${store.tag}` },
      });
      expect(crew.status()).toBe(201);

      await openPage(page, "/admin");
      await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, "/admin login");
      await page.getByLabel("Password", { exact: true }).fill("wrong-password");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert")).toHaveText("Invalid password");
      await expectNoSeriousA11yViolations(page, "/admin login with an error");
      await page.getByLabel("Password", { exact: true }).fill(e2eAdminPassword);
      await page.getByRole("button", { name: "Sign in" }).click();

      // The owner starts at the dashboard.
      await expect(page.getByRole("region", { name: "Sales per day" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, "Dashboard tab");
      await page.getByRole("tab", { name: "Orders" }).click();
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

      await page
        .getByRole("button", { name: "Make a job of the inquiry from Pat Access" })
        .first()
        .click();
      await page.getByRole("tab", { name: "Jobs" }).click();
      await page.getByRole("button", { name: "Open job of Pat Access" }).first().click();
      await expect(page.getByRole("form", { name: "Schedule measure" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, "Jobs tab with a job open");
      await page.getByRole("tab", { name: "Calendar" }).click();
      await expect(page.getByRole("button", { name: "Next week" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, "Calendar tab");

      await page.getByRole("tab", { name: "Coupons" }).click();
      await expect(page.getByRole("row").filter({ hasText: "WELCOME10" })).toBeVisible();
      await page.getByRole("button", { name: "New coupon" }).click();
      await expect(page.getByRole("form", { name: "New coupon" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, "Coupons tab with the form open");

      await page.getByRole("tab", { name: "Partners" }).click();
      await expect(page.getByRole("cell", { name: company })).toBeVisible();
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
