import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { e2eAdminPassword } from "../../support/env.ts";
import { openPage } from "../../support/page.ts";

const adminHeaders = { "admin-password": e2eAdminPassword };
let sequence = 0;

export interface TestPartner {
  id: string;
  email: string;
  password: string;
  company: string;
  /** The session token from registration (a signed-in browser keeps it in localStorage). */
  token: string;
}

/**
 * Registers a partner account of its own through the API; `approve` approves it as an admin
 * would in the Partners tab. Each call uses a fresh email, so specs never share accounts.
 */
export async function registerPartner(
  request: APIRequestContext,
  options: { approve?: boolean; company?: string } = {},
): Promise<TestPartner> {
  sequence += 1;
  const email = `partner-${Date.now()}-${sequence}@hardware.example`;
  const password = "Cedar-plank-2026";
  const company = options.company ?? `Ace Hardware Test ${sequence}`;
  const response = await request.post("/api/ace/auth/register", {
    // Each store signs up from its own address: sign-ups are limited to 10 an hour per address,
    // and one e2e run registers more partners than that.
    headers: { "x-forwarded-for": `10.77.${sequence % 250}.${Math.floor(Math.random() * 250)}` },
    data: {
      email,
      password,
      company,
      contact_name: "Lee Buyer",
      phone: "(205) 555-0102",
      company_address: "2 Main St\nTrussville, AL 35173",
    },
  });
  expect(response.status()).toBe(201);
  const token = response.headers()["x-ace-token"] ?? "";
  const list = await request.get("/api/admin/partners", { headers: adminHeaders });
  const partner = (
    (await list.json()) as { partners: Array<{ id: string; email: string }> }
  ).partners.find((p) => p.email === email);
  if (!partner) throw new Error("the new partner should be listed");
  if (options.approve) {
    const approved = await request.post(`/api/admin/partners/${partner.id}/approve`, {
      headers: adminHeaders,
    });
    expect(approved.ok()).toBe(true);
  }
  return { id: partner.id, email, password, company, token };
}

/** Puts the partner's token where the portal keeps it, as signing in would. */
export async function signInBrowser(page: Page, partner: TestPartner) {
  await openPage(page, "/ace/login");
  await page.evaluate((token) => localStorage.setItem("ace_token", token), partner.token);
}
