import { emailedSignInLink, signInShopper, useSignInLink } from "../../support/account.ts";
import { expectNoSeriousA11yViolations } from "../../support/axe.ts";
import { waitForMail } from "../../support/mail.ts";
import { openPage } from "../../support/page.ts";
import { adminHeaders, expect, test } from "../../support/store-data.ts";

test("a guest buys, creates an account from the emailed link, sees the order, re-orders its dye lot, saves an address that checkout then uses, and saves a floor with the heart", async ({
  page,
  request,
  store,
}) => {
  const name = `Account Oak ${store.tag}`;
  const product = await store.product({
    name,
    our_price: 3.25,
    sqft_per_carton: 20,
    stock_quantity: 30,
  });
  const lots = await request.put(`/api/admin/products/${product.id}/lots`, {
    headers: adminHeaders,
    data: { lots: [{ lot_code: "AC-0412", boxes: 30 }] },
  });
  expect(lots.status()).toBe(200);
  const email = `account.${store.tag.toLowerCase()}@example.com`;
  const { order, sessionId } = await store.paidOrder({ product, quantity: 3, email });

  // From the order's confirmation, the shopper asks for an account with the order's email.
  await openPage(page, `/success?session_id=${encodeURIComponent(sessionId)}`);
  await page.getByRole("link", { name: "create an account" }).click();
  await expect(page.getByRole("heading", { name: "Sign in or create an account" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("status")).toContainText("a sign-in link is on its way");

  const link = await emailedSignInLink(email);
  const mail = await waitForMail((m) => m.to === email && m.text.includes(link));
  expect(mail.subject).toBe("Finish creating your account");
  await useSignInLink(page, link);

  // The guest order is there, with its status and its own page.
  const orders = page.getByRole("region", { name: "Orders" });
  const listed = orders.locator(`[data-order="${order.friendly_order_id}"]`);
  await expect(listed.getByText(`Order ${order.friendly_order_id}`)).toBeVisible();
  await expect(listed.getByText("Processing")).toBeVisible();
  await expect(listed.getByText("dye lot AC-0412")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "/account");

  // Re-order the same lot: the cart line carries it.
  await listed.getByRole("button", { name: "Re-order the same dye lot" }).click();
  await expect(listed.getByRole("status")).toContainText(
    `3 boxes of ${name} from lot AC-0412 added to your cart.`,
  );

  // Save an address, the first one, so the default.
  const addresses = page.getByRole("region", { name: "Addresses" });
  await addresses.getByRole("button", { name: "Add an address" }).click();
  const form = addresses.getByRole("form", { name: "New address" });
  await form.getByLabel("Label (optional)").fill("Home");
  await form.getByLabel("Full name").fill("Avery Account");
  await form.getByLabel("Street address").fill("77 Lakeshore Dr");
  await form.getByLabel("City").fill("Birmingham");
  await form.getByLabel("State").selectOption("AL");
  await form.getByLabel("ZIP code").fill("35209");
  await form.getByLabel("Phone (optional)").fill("205-555-0177");
  await form.getByRole("button", { name: "Save address" }).click();
  await expect(addresses.getByText("77 Lakeshore Dr")).toBeVisible();
  await expect(addresses.getByText("Default")).toBeVisible();

  // The cart holds the lot's boxes, and checkout starts from the account and its address.
  await page.getByRole("link", { name: "View cart" }).click();
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByText("AC-0412", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/cart\?step=checkout$/);
  const billing = page.getByRole("group", { name: "Billing Address" });
  await expect(billing.getByLabel("Street Address")).toHaveValue("77 Lakeshore Dr");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await expect(page.getByLabel("Full Name")).toHaveValue("Avery Account");

  // The heart on the floor's page keeps it in the account's saved floors.
  await openPage(page, `/products/${product.id}`);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("button", { name: "Saved" })).toHaveAttribute("aria-pressed", "true");
  await openPage(page, "/account");
  await expect(
    page.getByRole("region", { name: "Saved floors" }).getByRole("link", { name }),
  ).toBeVisible();
});

test("a sign-in link works once: opened again it says so and offers a new one", async ({
  page,
}) => {
  const email = `account.once.${Date.now()}@example.com`;
  await openPage(page, "/account");
  await expect(page.getByRole("heading", { name: "Sign in or create an account" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "/account (signed out)");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("status")).toContainText("a sign-in link is on its way");
  const link = await emailedSignInLink(email);
  await useSignInLink(page, link);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Sign in or create an account" })).toBeVisible();

  await openPage(page, link);
  await page.getByRole("button", { name: "Sign in to my account" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "This sign-in link has expired or was already used. Please ask for a new one.",
  );
  await expect(page.getByRole("link", { name: "Email me a new link" })).toBeVisible();
});

test("a signed-in shopper saves a project with two rooms and finds both, with their boxes, after leaving and coming back", async ({
  page,
  request,
  store,
}) => {
  const name = `Project Oak ${store.tag}`;
  const product = await store.product({ name, sqft_per_carton: 20 });
  const email = `project.${store.tag.toLowerCase()}@example.com`;
  await signInShopper(page, request, email);

  // The floor the shopper has in mind, kept with the heart, is one a room can be measured for.
  await openPage(page, `/products/${product.id}`);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("button", { name: "Saved" })).toHaveAttribute("aria-pressed", "true");
  await openPage(page, "/account");
  const projects = page.getByRole("region", { name: "Projects" });
  await projects.getByRole("button", { name: "New project" }).click();
  const form = projects.getByRole("form", { name: "Project" });
  await form.getByLabel("Project name").fill("Main floor remodel");
  const living = form.getByRole("group", { name: "Room 1" });
  await living.getByRole("textbox", { name: "Room 1" }).fill("Living room");
  await living.getByLabel("Area (sq ft)").fill("300");
  await living.getByLabel("Waste (%)").fill("10");
  await living.getByLabel("Floor (optional)").selectOption({ label: name });
  await form.getByRole("button", { name: "Add a room" }).click();
  const hall = form.getByRole("group", { name: "Room 2" });
  await hall.getByRole("textbox", { name: "Room 2" }).fill("Hallway");
  await hall.getByLabel("Area (sq ft)").fill("80");
  await hall.getByLabel("Waste (%)").fill("15");
  await form.getByRole("button", { name: "Save project" }).click();

  const saved = projects.locator('[data-project="Main floor remodel"]');
  const livingLine = "Living room: 300 sq ft + 10% waste = 330 sq ft";
  const hallLine = "Hallway: 80 sq ft + 15% waste = 92 sq ft";
  await expect(saved.getByRole("listitem").first()).toContainText(livingLine);
  // 330 sq ft of a floor sold in 20 sq ft boxes: 17 boxes.
  await expect(saved.getByRole("listitem").first()).toContainText(`${name}: 17 boxes`);
  await expect(saved.getByRole("listitem").nth(1)).toHaveText(hallLine);

  // Away to the home page and back: the project is kept with both rooms and their results.
  await openPage(page, "/");
  await openPage(page, "/account");
  const reopened = page
    .getByRole("region", { name: "Projects" })
    .locator('[data-project="Main floor remodel"]');
  await expect(reopened.getByRole("listitem")).toHaveCount(2);
  await expect(reopened.getByRole("listitem").first()).toContainText(livingLine);
  await expect(reopened.getByRole("listitem").first()).toContainText(`${name}: 17 boxes`);
  await expect(reopened.getByRole("listitem").nth(1)).toHaveText(hallLine);

  // Opened again, the form holds each room's measurements and floor.
  await reopened.getByRole("button", { name: "Open" }).click();
  const again = page.getByRole("region", { name: "Projects" }).getByRole("form", {
    name: "Project",
  });
  await expect(again.getByLabel("Project name")).toHaveValue("Main floor remodel");
  const room1 = again.getByRole("group", { name: "Room 1" });
  await expect(room1.getByRole("textbox", { name: "Room 1" })).toHaveValue("Living room");
  await expect(room1.getByLabel("Area (sq ft)")).toHaveValue("300");
  await expect(room1.getByLabel("Floor (optional)")).toHaveValue(String(product.id));
  const room2 = again.getByRole("group", { name: "Room 2" });
  await expect(room2.getByRole("textbox", { name: "Room 2" })).toHaveValue("Hallway");
  await expect(room2.getByLabel("Waste (%)")).toHaveValue("15");
});
