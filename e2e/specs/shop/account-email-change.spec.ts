import { signInShopper } from "../../support/account.ts";
import { waitForMail } from "../../support/mail.ts";
import { openPage } from "../../support/page.ts";
import { expect, test } from "../../support/store-data.ts";

test("a signed-in shopper changes the account email through the link sent to the new address", async ({
  page,
  request,
  store,
}) => {
  const tag = store.tag.toLowerCase();
  const oldEmail = `email-old.${tag}@example.com`;
  const newEmail = `email-new.${tag}@example.com`;
  await signInShopper(page, request, oldEmail);

  const settings = page.getByRole("region", { name: "Settings" });
  await expect(
    settings.getByText("orders placed with the old address leave this account"),
  ).toBeVisible();
  await settings.getByLabel("New email").fill(newEmail);
  await settings.getByRole("button", { name: "Email me a confirmation link" }).click();
  await expect(settings.getByRole("status")).toContainText(
    "We sent a confirmation link to the new address",
  );
  await settings.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/email-change-sent-1280.png" });
  // Nothing changed yet, and the old address was told.
  await expect(page.getByRole("heading", { name: "My account" })).toBeVisible();
  await expect(settings.getByText(oldEmail, { exact: true })).toBeVisible();
  const notice = await waitForMail((m) => m.to === oldEmail && m.text.includes(newEmail));
  expect(notice.subject).toBe("Someone asked to change your account email");

  const mail = await waitForMail((m) => m.to === newEmail && /confirm-email\?token=/.test(m.text));
  expect(mail.subject).toBe("Confirm your new email");
  const link = new URL(
    /https?:\/\/\S+\/account\/confirm-email\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0] ?? "",
  );
  await openPage(page, link.pathname + link.search);
  await expect(page.getByRole("heading", { name: "Confirm your new email" })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "/tmp/email-change-confirm-390.png" });
  await page.getByRole("button", { name: "Change my email" }).click();
  await expect(page.getByRole("status")).toContainText(`Your account's email is now ${newEmail}.`);

  await page.getByRole("link", { name: "Go to my account" }).click();
  await expect(page.getByRole("heading", { name: "My account" })).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Settings" }).getByText(newEmail, { exact: true }),
  ).toBeVisible();
});
