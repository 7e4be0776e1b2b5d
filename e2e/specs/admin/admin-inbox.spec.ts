import { expect, test } from "@playwright/test";
import { signInToAdmin } from "./admin-helpers.ts";

test("staff read a new project inquiry in the Inbox, mark it contacted and leave a note", async ({
  page,
}) => {
  const name = `Inbox Lead ${Date.now()}`;
  const created = await page.request.post("/api/project-inquiries", {
    data: {
      name,
      email: "inbox-lead@example.com",
      phone: "(205) 555-0177",
      address: "8 Vine St, Homewood, AL",
      property_type: "Residential",
      acting_as: "Owner",
      flooring_type: ["Hardwood"],
      square_footage: 900,
      timeline: "ASAP",
      additional_notes: "Kitchen and den",
    },
  });
  expect(created.ok()).toBe(true);

  await signInToAdmin(page, "inbox");
  const card = page.getByRole("article", { name: `Inquiry from ${name}` });
  await expect(card).toContainText("Kitchen and den");
  await expect(card).toContainText("New");
  await card.getByLabel("Status").selectOption("contacted");
  await expect(page.getByRole("status").filter({ hasText: "Marked contacted" })).toBeVisible();
  await card.getByLabel("Staff note").fill("Called, measuring Tuesday");
  await card.getByRole("button", { name: "Save note" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Note saved" })).toBeVisible();

  await page.getByLabel("Show").selectOption("contacted");
  await expect(
    page.getByRole("article", { name: `Inquiry from ${name}` }).getByLabel("Staff note"),
  ).toHaveValue("Called, measuring Tuesday");
});
