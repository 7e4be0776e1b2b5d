import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "@playwright/test";
import { waitForMail } from "./mail.ts";
import { openPage } from "./page.ts";

/** The path and query of the sign-in link in the first email to `email` that holds one. */
export async function emailedSignInLink(email: string): Promise<string> {
  const mail = await waitForMail((m) => m.to === email && /account\/sign-in\?token=/.test(m.text));
  const link = new URL(
    /https?:\/\/\S+\/account\/sign-in\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0] ?? "",
  );
  return link.pathname + link.search;
}

/** Opens an emailed sign-in link and presses its button, as the shopper does; lands on My account. */
export async function useSignInLink(page: Page, path: string) {
  await openPage(page, path);
  await page.getByRole("button", { name: "Sign in to my account" }).click();
  await expect(page.getByRole("heading", { name: "My account" })).toBeVisible();
}

/** Signs `email` in the way a shopper does, the link asked for through the API. */
export async function signInShopper(page: Page, request: APIRequestContext, email: string) {
  const asked = await request.post("/api/account/sign-in-link", { data: { email } });
  expect(asked.status()).toBe(202);
  await useSignInLink(page, await emailedSignInLink(email));
}
