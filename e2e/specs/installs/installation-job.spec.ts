import type { Page } from "@playwright/test";
import { buildProjectInquiry } from "../../../server/test/api-factories.ts";
import { openPage } from "../../support/page.ts";
import { adminHeaders, expect, test } from "../../support/store-data.ts";
import { signInToAdmin } from "../admin/admin-helpers.ts";

/** "YYYY-MM-DDT10:00", `days` from today, as a datetime-local input takes it. */
const inDays = (days: number, time = "10:00") =>
  `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T${time}`;

/** The first day `days` or more from today that the store is open (it is closed on Sundays). */
function openDayIn(days: number) {
  let day = days;
  while (new Date(Date.now() + day * 86_400_000).getUTCDay() === 0) day += 1;
  return inDays(day);
}

/** The next Sunday, a day the store's hours say closed. */
function nextSunday() {
  let day = 1;
  while (new Date(Date.now() + day * 86_400_000).getUTCDay() !== 0) day += 1;
  return inDays(day);
}

async function stageOnCustomerPage(page: Page, url: string) {
  await openPage(page, url);
  return page.getByTestId("job-stage");
}

test("an inquiry becomes a job and goes from measure visit to installed floor, step by step for the customer too", async ({
  page,
  request,
  store,
}) => {
  test.slow();
  const name = `Jordan Installs ${store.tag}`;
  const crew = `Crew ${store.tag}`;
  const product = await store.product({ our_price: 5, sqft_per_carton: 20, stock_quantity: 50 });
  expect(
    (
      await request.post("/api/project-inquiries", {
        data: buildProjectInquiry({
          name,
          flooring_type: ["Hardwood"],
          additional_notes: "Living room and hall, dog in the house",
        }),
      })
    ).status(),
  ).toBe(201);
  expect(
    (
      await request.post("/api/admin/crews", { headers: adminHeaders, data: { name: crew } })
    ).status(),
  ).toBe(201);

  // Staff turn the inquiry into a job in one click from the inbox.
  await signInToAdmin(page, "inbox");
  await page
    .getByRole("article", { name: `Inquiry from ${name}` })
    .getByRole("button", { name: `Make a job of the inquiry from ${name}` })
    .click();
  await expect(page.getByRole("status").filter({ hasText: `opened for ${name}` })).toBeVisible();
  await page.getByRole("tab", { name: "Jobs" }).click();
  await page.getByRole("button", { name: `Open job of ${name}` }).click();
  const job = page.getByRole("region", { name: `Job of ${name}` });
  await expect(job.getByTestId("admin-job-stage")).toHaveText("New");

  // The measure visit, then the estimate.
  const measure = job.getByRole("form", { name: "Schedule measure" });
  await measure.getByLabel("Crew").selectOption({ label: crew });
  await measure.getByLabel("Starts").fill(nextSunday());
  await measure.getByRole("button", { name: "Schedule measure" }).click();
  await expect(job.getByRole("alert")).toContainText(
    "The store is closed on Sundays (store hours in Settings): choose another day for the visit",
  );
  await measure.getByLabel("Starts").fill(openDayIn(2));
  await measure.getByRole("button", { name: "Schedule measure" }).click();
  await expect(job.getByTestId("admin-job-stage")).toHaveText("Measure scheduled");
  await job.getByLabel("Line 1 description").fill("Install solid hardwood");
  await job.getByLabel("Line 1 quantity").fill("300");
  await job.getByLabel("Line 1 unit price").fill("3.25");
  await job.getByRole("button", { name: "Add line" }).click();
  await job.getByLabel("Line 2 kind").selectOption("material");
  // The material's product is found by its name and picked from the matches with the keyboard.
  const material = job.getByRole("combobox", { name: "Line 2 product" });
  await material.fill(product.name);
  await expect(
    job.getByRole("listbox", { name: "Matching products" }).getByRole("option"),
  ).toHaveText([`${product.name} · SKU ${product.sku} · #${product.id}`]);
  await material.press("ArrowDown");
  await material.press("Enter");
  await expect(material).toHaveValue(product.name);
  await expect(job.getByText(`Product #${product.id}`)).toBeVisible();
  await job.getByLabel("Line 2 quantity").fill("10");
  await job.getByRole("button", { name: "Send estimate" }).click();
  await expect(job.getByTestId("admin-job-stage")).toHaveText("Estimate sent");
  await expect(job.getByRole("row", { name: /Total \$2,075\.00/ })).toBeVisible();
  const customerUrl =
    (await job.getByRole("link", { name: "Customer page" }).getAttribute("href")) ?? "";

  // The customer reads, accepts with their name and pays the deposit on the test page.
  const customer = await page.context().newPage();
  await expect(await stageOnCustomerPage(customer, customerUrl)).toHaveText("Estimate sent");
  // The measure visit still ahead stays on the page; the terms and a printable copy come with the estimate.
  await expect(customer.getByRole("region", { name: "Next appointment" })).toContainText(
    "Measure visit:",
  );
  await expect(
    customer.getByText(/The deposit of \$622\.50 \(30% of the estimate\)/),
  ).toBeVisible();
  await expect(customer.getByRole("button", { name: "Print estimate" })).toBeVisible();
  // An initial is no signature.
  await customer
    .getByRole("checkbox", { name: "I have read and accept the terms of this estimate" })
    .check();
  await customer.getByLabel("Your full name").fill("J");
  await customer.getByRole("button", { name: "Accept estimate" }).click();
  await expect(customer.getByRole("alert")).toHaveText(
    `Please sign with your full name as it appears on the estimate: ${name}`,
  );
  await customer.getByLabel("Your full name").fill(name);
  await customer.getByRole("button", { name: "Accept estimate" }).click();
  await expect(customer.getByText(`Accepted by ${name} (version 1).`)).toBeVisible();
  await customer.getByRole("button", { name: "Pay deposit of $622.50" }).click();
  await expect(customer).toHaveURL(/\/pay\//);
  await customer.locator("html[data-hydrated='true']").waitFor({ state: "attached" });
  await expect(customer.getByTestId("payment-amount")).toHaveText("$622.50");
  // An installation payment, not a flooring order: no boxes bought, no freight, no cart.
  const lines = customer.getByRole("list", { name: "What you pay" });
  await expect(lines).toContainText(
    /Installation deposit - job #\d+ \(30% of estimate version 1\)/,
  );
  await expect(lines).toContainText("10 boxes reserved");
  await expect(customer.getByText(/Freight delivery|pallets/)).toHaveCount(0);
  // Leaving the payment page leads back to the project page, where the deposit can be paid again.
  await customer.getByRole("button", { name: "Cancel and go back" }).click();
  await expect(customer).toHaveURL(new URL(customerUrl, customer.url()).href);
  await customer.locator("html[data-hydrated='true']").waitFor({ state: "attached" });
  await customer.getByRole("button", { name: "Pay deposit of $622.50" }).click();
  await expect(customer).toHaveURL(/\/pay\//);
  await customer.locator("html[data-hydrated='true']").waitFor({ state: "attached" });
  await customer.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
  await customer.getByRole("button", { name: "Pay $622.50" }).click();
  await expect(customer).toHaveURL(/\/success\?session_id=/);
  await expect(
    customer.getByRole("heading", { name: "Thank you: your payment is received" }),
  ).toBeVisible();
  await expect(customer.getByText(/Track your order|sq ft/)).toHaveCount(0);
  await expect(await stageOnCustomerPage(customer, customerUrl)).toHaveText("Deposit paid");
  // The inquiry became a paid job: it is won and leaves the open inbox.
  const inquiries = await (
    await request.get("/api/admin/inquiries", { headers: adminHeaders })
  ).json();
  expect(
    inquiries.inquiries.find((inquiry: { name: string }) => inquiry.name === name)?.status,
  ).toBe("closed");

  // Materials arrive today; solid hardwood rests three days before the install.
  await page.reload();
  await page.getByRole("button", { name: `Open job of ${name}` }).click();
  await job.getByRole("button", { name: "Materials ready" }).click();
  await expect(job.getByTestId("admin-job-stage")).toHaveText("Materials ready");
  const install = job.getByRole("form", { name: "Schedule install" });
  await install.getByLabel("Crew").selectOption({ label: crew });
  await install.getByLabel("Starts").fill(inDays(1));
  await install.getByRole("button", { name: "Schedule install" }).click();
  await expect(job.getByRole("alert")).toContainText(
    "Solid hardwood must acclimate 3 days in the home",
  );
  await install.getByLabel("Starts").fill(inDays(5));
  await install.getByRole("button", { name: "Schedule install" }).click();
  await expect(job.getByTestId("admin-job-stage")).toHaveText("Install scheduled");
  await expect(await stageOnCustomerPage(customer, customerUrl)).toHaveText("Install scheduled");
  const visit = customer.getByRole("region", { name: "Next appointment" });
  await expect(visit).toContainText("Installation:");
  await expect(visit).toContainText(crew);

  // Before the install's day, completing (which emails the customer for the balance) asks first.
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toMatch(/^The install is booked for .*Mark it completed now\?/);
    void dialog.accept();
  });
  await job.getByRole("button", { name: "Mark completed" }).click();
  await expect(job.getByTestId("admin-job-stage")).toHaveText("Completed");
  await expect(job.getByText(/Deposit of \$622\.50 paid/)).toBeVisible();
  // The job's panel holds the inquiry, the deposit order and every email of the job.
  await expect(job.getByText("Living room and hall, dog in the house")).toBeVisible();
  await expect(job.getByText(/Payment: Paid/)).toBeVisible();
  await expect(job.getByText(/Your new floor is installed/)).toBeVisible();
  await expect(job.getByText(/Your installation estimate is ready/)).toBeVisible();
  await expect(job.getByText(/Your measure visit: /)).toBeVisible();
  await expect(await stageOnCustomerPage(customer, customerUrl)).toHaveText("Completed");
  // The last step is ticked as done, not left as a step under way.
  await expect(customer.locator("li[aria-current='step']")).toHaveText("✓ Completed (done)");
  await expect(
    customer.getByText("Your floor is installed. Thank you for choosing us!"),
  ).toBeVisible();

  // In the Orders tab the deposit reads as an installation payment: nothing to ship or pack.
  const found = await (
    await request.get(`/api/admin/orders?q=${encodeURIComponent(name)}`, { headers: adminHeaders })
  ).json();
  const deposit = found.orders.find((o: { purpose: string }) => o.purpose === "installation");
  // Still signed in from the jobs above.
  await openPage(page, "/admin?tab=orders");
  const row = page.getByRole("row").filter({ hasText: deposit.friendly_order_id });
  await expect(
    row.getByTitle("An installation job's deposit or balance: nothing ships"),
  ).toHaveText("Installation");
  await page.getByRole("button", { name: `View order ${deposit.friendly_order_id}` }).click();
  const panel = page.getByRole("complementary", { name: "Order details" });
  await expect(panel.getByText(/^Installation payment/)).toBeVisible();
  await expect(panel.getByText("Shipping address")).toHaveCount(0);
  await expect(panel.getByRole("button", { name: "Save Shipping" })).toHaveCount(0);
  await expect(panel.getByRole("button", { name: "Print packing list" })).toHaveCount(0);
  await expect(panel.getByRole("button", { name: "Print invoice" })).toBeVisible();
});

test("an unknown job link shows a friendly page with a way to reach us, answered 404", async ({
  page,
}) => {
  const response = await openPage(page, "/installation/jobs/no-such-job-token");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("alert")).toHaveText(
    "We could not find this installation project. Please call us if you need help.",
  );
  await expect(page.getByRole("link", { name: "Contact us" })).toBeVisible();
});

test("staff add a crew in the Calendar tab and read its name back once", async ({
  page,
  store,
}) => {
  const crew = `Crew B (Marcus ${store.tag})`;
  await signInToAdmin(page, "calendar");
  await page.getByLabel("New crew name").fill(crew);
  await page.getByRole("button", { name: "Add crew" }).click();
  await expect(page.getByRole("status").filter({ hasText: crew })).toHaveText(
    `${crew} added to the crews`,
  );

  // A blocked time with only its start is not taken as a whole day off.
  const schedule = page.getByRole("region", { name: "Crew schedule" });
  await schedule.getByLabel("Crew schedule").selectOption({ label: crew });
  const off = schedule.getByRole("form", { name: "Day off or blocked time" });
  const day = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
  await off.getByLabel("Day off or blocked day").fill(day);
  await off.getByLabel("From (blank: whole day)").fill("13:00");
  await off.getByLabel("Reason").fill("Dentist pm");
  await off.getByRole("button", { name: "Add time off" }).click();
  await expect(schedule.getByRole("alert")).toHaveText(
    "Give both From and To to block a time, or leave both empty for a whole day off. Nothing was added.",
  );
  await expect(page.getByRole("status").filter({ hasText: "Day off added" })).toHaveCount(0);
});

test("the customer declines the estimate with a reason and the page says so", async ({
  page,
  request,
  store,
}) => {
  const name = `Dana Declines ${store.tag}`;
  const crew = await (
    await request.post("/api/admin/crews", {
      headers: adminHeaders,
      data: { name: `Crew D ${store.tag}` },
    })
  ).json();
  const { job } = await (
    await request.post("/api/admin/jobs", {
      headers: adminHeaders,
      data: {
        customer_name: name,
        customer_email: "dana.declines@example.com",
        customer_phone: "(205) 555-0177",
        address: "8 Elm Street, Homewood, AL 35209",
        flooring_type: "laminate",
      },
    })
  ).json();
  const starts = new Date(`${openDayIn(3)}:00-05:00`);
  const measured = await request.post(`/api/admin/jobs/${job.id}/measure`, {
    headers: adminHeaders,
    data: {
      crew_id: crew.id,
      starts_at: starts.toISOString(),
      ends_at: new Date(starts.getTime() + 3_600_000).toISOString(),
    },
  });
  expect(measured.ok(), await measured.text()).toBe(true);
  const estimated = await request.put(`/api/admin/jobs/${job.id}/estimate`, {
    headers: adminHeaders,
    data: {
      lines: [{ kind: "labour", description: "Install laminate", quantity: 100, unit_price: 2 }],
    },
  });
  expect(estimated.ok(), await estimated.text()).toBe(true);

  await openPage(page, `/installation/jobs/${job.token}`);
  await page.getByText("Not for you? Decline this estimate").click();
  await page
    .getByLabel("Why are you declining? (we read every answer)")
    .fill("We chose to wait a year");
  await page.getByRole("button", { name: "Decline estimate" }).click();
  await expect(page.getByTestId("job-stage")).toHaveText("Cancelled");
  await expect(page.getByRole("status")).toContainText("You declined the estimate on");
  await expect(page.getByRole("button", { name: "Accept estimate" })).toHaveCount(0);
});

test("with no crew yet, the job's visit forms say crews are added in the Calendar tab", async ({
  page,
  request,
  store,
}) => {
  const name = `Nova Nocrew ${store.tag}`;
  const created = await request.post("/api/admin/jobs", {
    headers: adminHeaders,
    data: {
      customer_name: name,
      customer_email: "nova.nocrew@example.com",
      customer_phone: "(205) 555-0166",
      address: "3 Pine Road, Homewood, AL 35209",
      flooring_type: "vinyl",
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  // A new store: the crew list answers empty (other specs add crews to this shared store).
  await page.route("**/api/admin/crews", (route) =>
    route.request().method() === "GET" ? route.fulfill({ json: { crews: [] } }) : route.fallback(),
  );
  await signInToAdmin(page, "jobs");
  await page.getByRole("button", { name: `Open job of ${name}` }).click();
  const job = page.getByRole("region", { name: `Job of ${name}` });
  await expect(job.getByRole("note", { name: "Schedule measure" })).toContainText(
    "No crews yet. Crews are added in the Calendar tab",
  );
  await job.getByRole("link", { name: "Add a crew in the Calendar tab" }).click();
  await expect(page.getByRole("tab", { name: "Calendar" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(page.getByLabel("New crew name")).toBeVisible();
});
