import { expect, test } from "../../support/store-data.ts";
import { signInToAdmin } from "./admin-helpers.ts";

test("the owner starts at the dashboard: a paid order shows in today's sales, and the figures are also a table", async ({
  page,
  store,
}) => {
  const { order } = await store.paidOrder({ email: `dashboard-${store.tag}@example.com` });
  await signInToAdmin(page);
  await expect(page.getByRole("tab", { name: "Dashboard" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  const sales = page.getByRole("region", { name: "Sales per day" });
  await expect(sales.getByRole("img")).toHaveAccessibleName(/^Sales per day from /);
  await sales.getByText("Sales per day as a table").click();
  // Yesterday's and today's rows (in case Birmingham's midnight falls between the payment and the
  // reading) count at least this order, and their sales at least its total.
  const rows = sales.getByRole("row");
  const count = await rows.count();
  const dollars = (text: string | null) => Number((text ?? "").replace(/[$,]/g, ""));
  let orders = 0;
  let revenue = 0;
  for (const index of [count - 2, count - 1]) {
    const cells = rows.nth(index).getByRole("cell");
    orders += Number(await cells.nth(1).textContent());
    revenue += dollars(await cells.nth(2).textContent());
  }
  expect(count).toBe(31);
  expect(orders).toBeGreaterThanOrEqual(1);
  expect(revenue).toBeGreaterThanOrEqual(order.total_amount);

  await page.getByRole("button", { name: "Last 90 days" }).click();
  await expect(page.getByRole("button", { name: "Last 90 days" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(sales.getByRole("row")).toHaveCount(91);
});

test("the owner exports this month's orders as CSV, and a backwards range says why", async ({
  page,
  store,
}) => {
  const { order } = await store.paidOrder({ email: `export-${store.tag}@example.com` });
  await signInToAdmin(page);
  const panel = page.getByRole("form", { name: "Export as CSV" });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    panel.getByRole("button", { name: "Export orders" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(csv).toString("utf8")).toContain(order.friendly_order_id);

  await panel.getByLabel("From").fill("2030-12-31");
  await panel.getByLabel("To").fill("2030-01-01");
  await panel.getByRole("button", { name: "Export customers" }).click();
  await expect(panel.getByRole("alert")).toHaveText("The first day must not be after the last day");
});
