import { waitForMail } from "../../support/mail.ts";
import { openPage } from "../../support/page.ts";
import { adminHeaders, expect, test } from "../../support/store-data.ts";

test.describe("the sample follow-up link", () => {
  test("opens the cart with a box of each sampled floor, once; a forged link says it is not valid", async ({
    page,
    request,
    store,
  }) => {
    const oak = await store.product({
      name: "Reorder Fawn Oak",
      our_price: 4,
      sqft_per_carton: 20,
    });
    const slate = await store.product({
      name: "Reorder Slate Tile",
      type: "tile",
      our_price: 3,
      sqft_per_carton: 10,
    });
    const email = `reorder-${store.tag.toLowerCase()}@example.com`;
    const { order } = await store.paidOrder({ samples: [oak, slate], email });

    // Staff send the samples, then the follow-up (rather than waiting days for the daily pass).
    for (const step of ["samples-sent", "sample-follow-up"]) {
      const response = await request.post(`/api/admin/orders/${order.order_id}/${step}`, {
        headers: adminHeaders,
      });
      expect(response.status()).toBe(200);
    }
    const mail = await waitForMail((m) => m.to.includes(email) && /samples look/.test(m.subject));
    expect(mail.text).toContain(oak.name);
    const link = mail.text.match(/https?:\/\/\S+?\/samples\/reorder\?token=[A-Za-z0-9_%-]+/)?.[0];
    expect(link).toBeTruthy();
    const url = new URL(link ?? "");

    await openPage(page, `${url.pathname}${url.search}`);
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId("cart-summary-line")).toHaveText("2 boxes · 30 sq ft total");
    await expect(page.getByRole("link", { name: oak.name })).toBeVisible();
    await expect(page.getByRole("link", { name: slate.name })).toBeVisible();
    await expect(page.getByTestId("cart-count")).toHaveText("2");

    // The link page replaced itself: a reload of the cart adds nothing twice.
    await page.reload();
    await expect(page.getByTestId("cart-summary-line")).toHaveText("2 boxes · 30 sq ft total");

    await openPage(page, "/samples/reorder?token=forged-token");
    await expect(page.getByRole("status")).toHaveText(
      "This link is not valid. Please open it from your email, or browse our products.",
    );
    await expect(page.getByTestId("cart-count")).toHaveText("2");
  });
});
