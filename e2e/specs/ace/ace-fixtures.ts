import type { Page } from "@playwright/test";
import { openPage } from "../../support/page.ts";
import type { TestPartner } from "../../support/store-data.ts";

/** Puts the partner's token where the portal keeps it, as signing in would. */
export async function signInBrowser(page: Page, partner: TestPartner) {
  await openPage(page, "/ace/login");
  await page.evaluate((token) => localStorage.setItem("ace_token", token), partner.token);
}
