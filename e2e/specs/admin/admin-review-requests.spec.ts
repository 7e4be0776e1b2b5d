import { waitForMail } from "../../support/mail.ts";
import { expect, test } from "../../support/store-data.ts";
import { signInToAdmin } from "./admin-helpers.ts";

test("staff send a delivered order's review requests from its panel: the customer gets one email per line, and pressing again sends none", async ({
  page,
  store,
}) => {
  const product = await store.product({ name: "Requested Now Oak" });
  const email = `request-now-${store.tag.toLowerCase()}@example.com`;
  const { order } = await store.paidOrder({ product, quantity: 2, email, name: "Quinn Asked" });
  await signInToAdmin(page, "orders");
  await page.getByRole("button", { name: `View order ${order.friendly_order_id}` }).click();
  const panel = page.getByRole("complementary", { name: "Order details" });
  await expect(panel.getByText("Quinn Asked")).toBeVisible();
  // Only a delivered order offers it.
  await expect(panel.getByRole("button", { name: "Send review requests" })).toHaveCount(0);

  await panel.getByLabel("Order status").selectOption("delivered");
  await panel.getByRole("button", { name: "Update Status" }).click();
  await expect(panel.getByText("Status set to delivered")).toBeVisible();
  const reviews = panel.getByRole("region", { name: "Reviews" });
  await reviews.getByRole("button", { name: "Send review requests" }).click();
  await expect(reviews.getByRole("status")).toHaveText("1 review request email is on its way.");
  const mail = await waitForMail((m) => m.to.includes(email) && m.subject.includes(product.name));
  expect(mail.subject).toBe(`How is your new ${product.name} floor?`);

  await reviews.getByRole("button", { name: "Send review requests" }).click();
  await expect(reviews.getByRole("status")).toHaveText(
    "Every line of this order has already been asked for a review.",
  );
});
