import { expect, test } from "@playwright/test";
import { buildProjectInquiry } from "../../../server/test/api-factories.ts";
import { signInToAdmin } from "./admin-helpers.ts";

test("staff read a new project inquiry in the Inbox, mark it contacted and leave a note", async ({
  page,
}) => {
  const name = `Inbox Lead ${Date.now()}`;
  const created = await page.request.post("/api/project-inquiries", {
    data: buildProjectInquiry({
      name,
      property_type: "Residential",
      acting_as: "Owner",
      square_footage: 900,
      timeline: "ASAP",
      additional_notes: "Kitchen and den",
    }),
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
