import type { APIRequestContext } from "@playwright/test";
import { openPage } from "../../support/page.ts";
import { adminHeaders, expect, test } from "../../support/store-data.ts";
import { signInToAdmin } from "../admin/admin-helpers.ts";

/**
 * A visit `days` from now at 15:00 UTC (morning in Birmingham), `hours` long, moved past a Sunday
 * (the store is closed then).
 */
function visit(crewId: number, days: number, hours = 2) {
  const starts = new Date(Date.now() + days * 86_400_000);
  starts.setUTCHours(15, 0, 0, 0);
  if (starts.getUTCDay() === 0) starts.setUTCDate(starts.getUTCDate() + 1);
  const ends = new Date(starts.getTime() + hours * 3_600_000);
  return { crew_id: crewId, starts_at: starts.toISOString(), ends_at: ends.toISOString() };
}

/** Calls the admin API as the Jobs tab does, failing the test on any refusal. */
async function admin(request: APIRequestContext, method: "post" | "put", url: string, data = {}) {
  const answer = await request[method](url, { headers: adminHeaders, data });
  expect(answer.ok(), await answer.text()).toBe(true);
  return answer.json();
}

test("after the install, the customer pays the balance from their project page and sees it paid", async ({
  page,
  request,
  store,
}) => {
  test.slow();
  const product = await store.product({ our_price: 5, sqft_per_carton: 20, stock_quantity: 50 });
  const crew = await admin(request, "post", "/api/admin/crews", { name: `Crew ${store.tag}` });
  const { job } = await admin(request, "post", "/api/admin/jobs", {
    customer_name: `Riley Balance ${store.tag}`,
    customer_email: "riley.balance@example.com",
    customer_phone: "(205) 555-0142",
    address: "12 Oak Lane, Homewood, AL 35209",
    flooring_type: "tile",
  });
  await admin(request, "post", `/api/admin/jobs/${job.id}/measure`, visit(crew.id, 1));
  await admin(request, "put", `/api/admin/jobs/${job.id}/estimate`, {
    lines: [
      { kind: "labour", description: "Install tile", quantity: 200, unit_price: 3 },
      { kind: "material", product_id: product.id, quantity: 10 },
    ],
  });
  const customerUrl = `/installation/jobs/${job.token}`;
  const api = `/api/installation/jobs/${job.token}`;
  await request.post(`${api}/accept`, {
    data: { version: 1, full_name: `Riley Balance ${store.tag}`, terms_accepted: true },
  });
  const deposit = await (await request.post(`${api}/deposit`)).json();
  const depositSession = deposit.payment_url.split("/pay/")[1];
  await request.post(`/api/payments/test-sessions/${depositSession}/pay`, {
    data: { card_number: "4242 4242 4242 4242" },
  });
  await admin(request, "post", `/api/admin/jobs/${job.id}/materials-ready`);
  await admin(request, "post", `/api/admin/jobs/${job.id}/install`, visit(crew.id, 3, 6));
  await admin(request, "post", `/api/admin/jobs/${job.id}/complete`);

  // Estimate $1,700 (labour $600, materials $1,000, tax $100) less the $510 deposit.
  await openPage(page, customerUrl);
  const balance = page.getByRole("region", { name: "Balance" });
  await expect(balance).toContainText("the balance of $1,190.00 is due now");
  await balance.getByRole("button", { name: "Pay balance of $1,190.00" }).click();
  await expect(page).toHaveURL(/\/pay\//);
  await page.locator("html[data-hydrated='true']").waitFor({ state: "attached" });
  await expect(page.getByTestId("payment-amount")).toHaveText("$1,190.00");
  await page.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay $1,190.00" }).click();
  await expect(page).toHaveURL(/\/success\?session_id=/);

  await openPage(page, customerUrl);
  await expect(page.getByRole("region", { name: "Balance" })).toContainText(
    "Balance of $1,190.00 paid on",
  );
  await expect(page.getByRole("button", { name: /Pay balance/ })).toHaveCount(0);
  // Paying again is refused with a clear message.
  const again = await request.post(`${api}/balance`);
  expect(again.status()).toBe(409);
  expect((await again.json()).detail).toBe("Your balance is already paid. Thank you!");
});

test("a double-clicked Cancel job asks once, refunds the deposit once and says nothing went wrong", async ({
  page,
  request,
  store,
}) => {
  const product = await store.product({ our_price: 5, sqft_per_carton: 20, stock_quantity: 50 });
  const crew = await admin(request, "post", "/api/admin/crews", { name: `Crew ${store.tag}` });
  const name = `Casey Cancel ${store.tag}`;
  const { job } = await admin(request, "post", "/api/admin/jobs", {
    customer_name: name,
    customer_email: "casey.cancel@example.com",
    customer_phone: "(205) 555-0143",
    address: "14 Oak Lane, Homewood, AL 35209",
    flooring_type: "tile",
  });
  await admin(request, "post", `/api/admin/jobs/${job.id}/measure`, visit(crew.id, 1));
  await admin(request, "put", `/api/admin/jobs/${job.id}/estimate`, {
    lines: [{ kind: "material", product_id: product.id, quantity: 2 }],
  });
  const api = `/api/installation/jobs/${job.token}`;
  await request.post(`${api}/accept`, {
    data: { version: 1, full_name: name, terms_accepted: true },
  });
  const deposit = await (await request.post(`${api}/deposit`)).json();
  await request.post(`/api/payments/test-sessions/${deposit.payment_url.split("/pay/")[1]}/pay`, {
    data: { card_number: "4242 4242 4242 4242" },
  });

  const asked: string[] = [];
  page.on("dialog", (dialog) => {
    asked.push(dialog.message());
    void dialog.accept();
  });
  await signInToAdmin(page, "jobs");
  await page.getByRole("button", { name: `Open job of ${name}` }).click();
  const panel = page.getByRole("region", { name: `Job of ${name}` });
  await panel.getByRole("button", { name: "Cancel job" }).dblclick();
  await expect(panel.getByTestId("admin-job-stage")).toHaveText("Cancelled");
  expect(asked).toHaveLength(1);
  expect(asked[0]).toContain("This refunds");
  await expect(panel.getByText(/Only an open job can be cancelled/)).toHaveCount(0);
  const detail = await (
    await request.get(`/api/admin/jobs/${job.id}`, { headers: adminHeaders })
  ).json();
  const order = await (
    await request.get(`/api/admin/orders/${detail.job.deposit_order_id}`, { headers: adminHeaders })
  ).json();
  expect(order.payments.filter((p: { kind: string }) => p.kind === "refund")).toHaveLength(1);
});
