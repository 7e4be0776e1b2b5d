import { openPage } from "../../support/page.ts";
import { expect, test } from "../../support/store-data.ts";

test("the order confirmation names a collection as shoppers know it, never by its internal code", async ({
  page,
  store,
}) => {
  const product = await store.product({ collection: "AR" });
  const { sessionId } = await store.paidOrder({ product, quantity: 2 });
  await openPage(page, `/success?session_id=${sessionId}`);
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  const items = page.getByRole("region", { name: "Items" });
  await expect(items).toContainText("ACE Reserve");
  await expect(items).not.toContainText("· AR ·");
});
