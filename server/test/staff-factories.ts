import type { StaffAccount, StaffRole } from "@mcf/contracts/staff";
import type { FastifyInstance } from "fastify";
import { testAdminPassword } from "./test-app.ts";

let staffCounter = 0;

export interface StaffSession {
  account: StaffAccount;
  email: string;
  password: string;
  /** The `cookie` request header that carries this session. */
  cookie: string;
}

/** The `cookie` header for a response's Set-Cookie session (throws when there is none). */
export function sessionCookieOf(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie.join("\n") : (setCookie ?? "");
  const match = /mcf_staff_session=([^;]+)/.exec(header);
  if (!match?.[1]) throw new Error(`no session cookie in: ${header}`);
  return `mcf_staff_session=${match[1]}`;
}

/** Creates a staff account through the owner's API (admin-password header). */
export async function createStaffAccountViaApi(
  app: FastifyInstance,
  overrides: { role?: StaffRole; name?: string; email?: string; password?: string } = {},
): Promise<{ account: StaffAccount; email: string; password: string }> {
  staffCounter += 1;
  const email = overrides.email ?? `staff-${staffCounter}-${Date.now()}@magiccityfloors.example`;
  const password = overrides.password ?? `Cedar-plank-${staffCounter}-2030`;
  const res = await app.inject({
    method: "POST",
    url: "/api/admin/staff",
    headers: { "admin-password": testAdminPassword },
    payload: {
      name: overrides.name ?? `Staff Member ${staffCounter}`,
      email,
      role: overrides.role ?? "staff",
      password,
    },
  });
  if (res.statusCode !== 201) throw new Error(`staff account failed: ${res.body}`);
  return { account: res.json() as StaffAccount, email, password };
}

/** Creates a staff account and signs it in; returns the session's cookie header. */
export async function createStaffSession(
  app: FastifyInstance,
  overrides: { role?: StaffRole; name?: string; email?: string; password?: string } = {},
): Promise<StaffSession> {
  const created = await createStaffAccountViaApi(app, overrides);
  staffCounter += 1;
  const res = await app.inject({
    method: "POST",
    url: "/api/admin/session",
    payload: { email: created.email, password: created.password },
    remoteAddress: `10.88.${Math.floor(staffCounter / 250) % 250}.${(staffCounter % 250) + 1}`,
  });
  if (res.statusCode !== 200) throw new Error(`staff sign-in failed: ${res.body}`);
  return { ...created, cookie: sessionCookieOf(res.headers["set-cookie"]) };
}
