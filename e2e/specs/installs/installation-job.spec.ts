import type { Page } from "@playwright/test";
import { buildProjectInquiry } from "../../../server/test/api-factories.ts";
import { openPage } from "../../support/page.ts";
import { adminHeaders, expect, test } from "../../support/store-data.ts";
import { signInToAdmin } from "../admin/admin-helpers.ts";

/** "YYYY-MM-DDT10:00", `days` from today, as a datetime-local input takes it. */
const inDays = (days: number, time = "10:00") =>
  `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T${time}`;

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
  await measure.getByLabel("Starts").fill(inDays(2));
  await measure.getByRole("button", { name: "Schedule measure" }).click();
  await expect(job.getByTestId("admin-job-stage")).toHaveText("Measure scheduled");
  await job.getByLabel("Line 1 description").fill("Install solid hardwood");
  await job.getByLabel("Line 1 quantity").fill("300");
  await job.getByLabel("Line 1 unit price").fill("3.25");
  await job.getByRole("button", { name: "Add line" }).click();
  await job.getByLabel("Line 2 kind").selectOption("material");
  await job.getByLabel("Line 2 product number").fill(String(product.id));
  await job.getByLabel("Line 2 quantity").fill("10");
  await job.getByRole("button", { name: "Send estimate" }).click();
  await expect(job.getByTestId("admin-job-stage")).toHaveText("Estimate sent");
  await expect(job.getByRole("row", { name: /Total \$2,075\.00/ })).toBeVisible();
  const customerUrl =
    (await job.getByRole("link", { name: "Customer page" }).getAttribute("href")) ?? "";

  // The customer reads, accepts with their name and pays the deposit on the test page.
  const customer = await page.context().newPage();
  await expect(await stageOnCustomerPage(customer, customerUrl)).toHaveText("Estimate sent");
  await customer.getByLabel("Your full name").fill(name);
  await customer.getByRole("button", { name: "Accept estimate" }).click();
  await expect(customer.getByText(`Accepted by ${name} (version 1).`)).toBeVisible();
  await customer.getByRole("button", { name: "Pay deposit of $622.50" }).click();
  await expect(customer).toHaveURL(/\/pay\//);
  await customer.locator("html[data-hydrated='true']").waitFor({ state: "attached" });
  await expect(customer.getByTestId("payment-amount")).toHaveText("$622.50");
  await customer.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
  await customer.getByRole("button", { name: "Pay $622.50" }).click();
  await expect(customer).toHaveURL(/\/success\?session_id=/);
  await expect(await stageOnCustomerPage(customer, customerUrl)).toHaveText("Deposit paid");

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

  await job.getByRole("button", { name: "Mark completed" }).click();
  await expect(job.getByTestId("admin-job-stage")).toHaveText("Completed");
  await expect(job.getByText(/Deposit of \$622\.50 paid/)).toBeVisible();
  // The job's panel holds the inquiry, the deposit order and every email of the job.
  await expect(job.getByText("Living room and hall, dog in the house")).toBeVisible();
  await expect(job.getByText(/Payment: Paid/)).toBeVisible();
  await expect(job.getByText(/Your new floor is installed/)).toBeVisible();
  await expect(job.getByText(/Your installation estimate is ready/)).toBeVisible();
  await expect(await stageOnCustomerPage(customer, customerUrl)).toHaveText("Completed");
  // The last step is ticked as done, not left as a step under way.
  await expect(customer.locator("li[aria-current='step']")).toHaveText("✓ Completed (done)");
  await expect(
    customer.getByText("Your floor is installed. Thank you for choosing us!"),
  ).toBeVisible();
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
});
