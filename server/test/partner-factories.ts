import type { PartnerRegistration } from "@mcf/contracts/partners";
import { desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../src/db/client.ts";
import { mailOutbox } from "../src/db/schema/index.ts";
import { testAdminPassword } from "./test-app.ts";

let sequence = 0;

/** A registration payload with a unique email; override any field. */
export function registrationFor(overrides: Partial<PartnerRegistration> = {}): PartnerRegistration {
  sequence += 1;
  return {
    email: `buyer${sequence}-${Date.now()}@hardware.example`,
    password: "Oak-plank-2026!",
    company: "Ace Hardware Homewood",
    company_address: "1 Main St\nHomewood, AL 35209",
    contact_name: "Dana Buyer",
    phone: "(205) 555-0101",
    ...overrides,
  };
}

export async function registerViaApi(
  app: FastifyInstance,
  overrides: Partial<PartnerRegistration> = {},
) {
  const payload = registrationFor(overrides);
  // Each registration from its own address, so the per-address sign-up limit stays out of the way.
  const res = await app.inject({
    method: "POST",
    url: "/api/ace/auth/register",
    payload,
    remoteAddress: `10.1.${Math.floor(sequence / 250)}.${sequence % 250}`,
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return {
    payload,
    user: res.json() as { id: string; email: string; status: string },
    token: String(res.headers["x-ace-token"]),
  };
}

export async function approveViaApi(app: FastifyInstance, id: string) {
  const res = await app.inject({
    method: "POST",
    url: `/api/admin/partners/${id}/approve`,
    headers: { "admin-password": testAdminPassword },
  });
  if (res.statusCode !== 200) throw new Error(`approve failed: ${res.statusCode} ${res.body}`);
}

/** An approved partner with a live session token. */
export async function approvedPartner(
  app: FastifyInstance,
  overrides: Partial<PartnerRegistration> = {},
) {
  const partner = await registerViaApi(app, overrides);
  await approveViaApi(app, partner.user.id);
  return partner;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The newest reset email to an address, and the token in its link. */
export async function latestResetMail(db: Db, to: string) {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to_address, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const token = mail ? /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] : undefined;
  return { mail, token };
}

/** Waits (up to 10 s) for the reset email to an address: it is queued just after the reply. */
export async function waitForResetMail(db: Db, to: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = await latestResetMail(db, to);
    if (found.mail || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
