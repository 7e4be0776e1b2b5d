import type { Page } from "@playwright/test";
import { waitForMail } from "../../support/mail.ts";
import { openPage } from "../../support/page.ts";
import { adminHeaders, expect, test } from "../../support/store-data.ts";
import { signInToAdmin } from "../admin/admin-helpers.ts";

/**
 * Picks the `index`th free time of the `day`th day the picker offers (the first by default);
 * returns the button that books it.
 */
async function pickTime(page: Page, index = 0, day = 0) {
  const picker = page.getByTestId("slot-picker");
  if (day > 0) {
    const dayButton = picker.getByRole("group", { name: "Day" }).getByRole("button").nth(day);
    await dayButton.click();
    await expect(dayButton).toHaveAttribute("aria-pressed", "true");
  }
  const times = picker.getByRole("group", { name: /^Time on / }).getByRole("button");
  await expect(times.first()).toBeVisible();
  await times.nth(index).click();
  return picker.getByRole("button", { name: /^(Book this time|Move to): / });
}

/**
 * From the installation page to a booked measure visit on the `day`th day offered; returns the
 * confirmation.
 */
async function bookFromInstallationPage(page: Page, name: string, email: string, day = 0) {
  await openPage(page, "/installation");
  await page.getByRole("link", { name: "Book a free measure visit" }).first().click();
  await expect(page.getByRole("heading", { name: "Book a measure visit" })).toBeVisible();
  await page.locator("html[data-hydrated='true']").waitFor({ state: "attached" });
  await page.getByLabel("Your ZIP code").fill("35209");
  await page.getByRole("button", { name: "Check my area" }).click();
  await expect(page.getByText("Good news: our crews measure and install at 35209.")).toBeVisible();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Phone", exact: true }).fill("(205) 555-0177");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("combobox", { name: "Flooring you have in mind" }).selectOption("LVP");
  await page
    .getByRole("textbox", { name: "Address to measure" })
    .fill("18 Linden Ave, Homewood, AL 35209");
  const book = await pickTime(page, 0, day);
  await book.click();
  const confirmation = page.getByTestId("booking-confirmation");
  await expect(
    confirmation.getByRole("heading", { name: "Your measure visit is booked" }),
  ).toBeVisible();
  return confirmation;
}

test.beforeEach(async ({ request, store }) => {
  // A crew of this test's own, so free times exist whatever the other specs booked.
  const crew = await request.post("/api/admin/crews", {
    headers: adminHeaders,
    data: { name: `Booking Crew ${store.tag}` },
  });
  expect(crew.status()).toBe(201);
});

test("at 390 px a visitor books a measure visit from the installation page and gets the invite", async ({
  page,
  store,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `booker.${store.tag.toLowerCase()}@example.com`;
  const confirmation = await bookFromInstallationPage(page, `Robin Mobile ${store.tag}`, email);
  await expect(confirmation).toContainText(
    "We emailed you the confirmation with a calendar invite",
  );
  const mail = await waitForMail(
    (m) => m.to.includes(email) && m.subject.startsWith("Your measure visit"),
  );
  expect(mail.text).toContain("measure-visit.ics");
  expect(mail.text).toMatch(/\/installation\/visit\/\d+\.[\w-]{43}/);
});

test("at 1280 px a visitor books, moves the visit from the email's link, and staff see it on the calendar", async ({
  page,
  store,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  const name = `Robin Desktop ${store.tag}`;
  const email = `mover.${store.tag.toLowerCase()}@example.com`;
  // The third day offered is at least two days away, past the change cut-off (24 hours before
  // the visit) whatever the hour the test runs: the first may be today or tomorrow.
  await bookFromInstallationPage(page, name, email, 2);
  const mail = await waitForMail(
    (m) => m.to.includes(email) && m.subject.startsWith("Your measure visit"),
  );
  const link = mail.text.match(/https?:\/\/[^\s]+\/installation\/visit\/\d+\.[\w-]{43}/)?.[0];
  if (!link) throw new Error("the confirmation has no visit link");
  const before = mail.subject;

  await openPage(page, new URL(link).pathname);
  await expect(page.getByTestId("visit")).toContainText("You can move or cancel it here until");
  await page.getByRole("button", { name: "Move the visit" }).click();
  const move = await pickTime(page, 1);
  const movedTo = (await move.textContent())?.replace(/^Move to: /, "") ?? "";
  await move.click();
  await expect(page.getByTestId("booking-confirmation")).toContainText(movedTo);
  const second = await waitForMail(
    (m) =>
      m.to.includes(email) && m.subject.startsWith("Your measure visit") && m.subject !== before,
  );
  expect(second.text).toContain("measure-visit.ics");

  await signInToAdmin(page, "calendar");
  const calendar = page.getByRole("region", { name: "Week calendar" });
  const visit = calendar.getByText(name);
  // The week's visits show with its heading: read the first week only once it has loaded, or a
  // visit this week would be skipped for the next.
  await expect(calendar.getByText(/^Week of /)).toBeVisible();
  for (let week = 0; week < 4 && !(await visit.isVisible()); week += 1) {
    const heading = await calendar.getByText(/^Week of /).textContent();
    await page.getByRole("button", { name: "Next week" }).click();
    await expect(calendar.getByText(/^Week of /)).not.toHaveText(heading ?? "");
  }
  await expect(visit).toBeVisible();
  await expect(visit.locator("..")).toContainText("Booked online by customer");
});

test("the showroom page gives the address, hours, phone, map and its LocalBusiness data", async ({
  page,
}) => {
  const details = await (await page.request.get("/api/settings/public")).json();
  await openPage(page, "/showroom");
  await expect(page.getByRole("heading", { level: 1, name: "Visit our showroom" })).toBeVisible();
  await expect(page.locator("address")).toContainText(details.formatted_address);
  await expect(page.getByRole("link", { name: details.phone }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Open in maps" })).toHaveAttribute(
    "href",
    /^https:\/\//,
  );
  await expect(page.getByRole("heading", { name: "What to bring" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Parking" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Book a measure" }).first()).toHaveAttribute(
    "href",
    "/installation/book",
  );
  await expect(page.getByRole("link", { name: "Visit the showroom" })).toBeVisible();
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const showroom = blocks
    .map((text) => JSON.parse(text))
    .find((d) => d["@type"] === "LocalBusiness");
  expect(showroom).toMatchObject({
    "@context": "https://schema.org",
    telephone: details.phone,
    address: { "@type": "PostalAddress", postalCode: details.address.zip, addressCountry: "US" },
  });
  expect(showroom.openingHours.length).toBeGreaterThan(0);
  for (const hours of showroom.openingHours)
    expect(hours).toMatch(
      /^(Mo|Tu|We|Th|Fr|Sa|Su)(-(Mo|Tu|We|Th|Fr|Sa|Su))?(,\S+)* \d\d:\d\d-\d\d:\d\d$/,
    );
  // Linked from the header and the footer.
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Showroom" }),
  ).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Showroom" })).toBeVisible();
});

test("when every crew is booked, the page says so and asks for no details it could not use", async ({
  page,
}) => {
  // The shared store always has crews with free times (every test adds one), so the answer of a
  // calendar with none is given here.
  await page.route("**/api/installation/slots?*", (route) =>
    route.fulfill({ json: { slots: [] } }),
  );
  await openPage(page, "/installation/book");
  await page.getByLabel("Your ZIP code").fill("35209");
  await page.getByRole("button", { name: "Check my area" }).click();
  await expect(page.getByText(/^Every crew is booked for the next weeks\./)).toBeVisible();
  await expect(page.getByRole("form", { name: "Your details" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "request a free quote" })).toHaveAttribute(
    "href",
    "/installation#inquiry",
  );
});
