import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../src/db/client.ts";
import { mailOutbox } from "../src/db/schema/index.ts";
import type { TestApp } from "./test-app.ts";

let network = 0;
/** A fresh address per call, so the per-network limit of one test never touches another. */
export const nextShopperIp = () => `10.77.${Math.floor(++network / 250)}.${network % 250}`;

/** The newest sign-in email to an address and the token in its link. */
export async function latestSignInMail(db: Db, to: string) {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to_address, to), eq(mailOutbox.kind, "shopper-sign-in-link")))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const token = mail ? /account\/sign-in\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] : undefined;
  return { mail, token };
}

/** Waits (up to 10 s) for a sign-in email newer than `afterId`: it is queued just after the reply. */
export async function waitForSignInMail(db: Db, to: string, afterId = 0) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = await latestSignInMail(db, to);
    if ((found.mail && found.mail.id > afterId) || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The `name=value` of one cookie in a set-cookie header list. */
export function cookieOf(setCookie: string | string[] | undefined, name: string): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const line = all.find((entry) => entry.startsWith(`${name}=`));
  if (!line) throw new Error(`no ${name} cookie`);
  return line.split(";")[0] ?? "";
}

/** Asks for a link to `email`, uses it, and returns the session cookie to send. */
export async function signInByLink(t: TestApp, email: string): Promise<string> {
  const before = (await latestSignInMail(t.database.db, email)).mail?.id ?? 0;
  const asked = await t.app.inject({
    method: "POST",
    url: "/api/account/sign-in-link",
    payload: { email },
    remoteAddress: nextShopperIp(),
  });
  if (asked.statusCode !== 202) throw new Error(asked.body);
  const { token } = await waitForSignInMail(t.database.db, email, before);
  if (!token) throw new Error(`no sign-in email to ${email}`);
  const signedIn = await t.app.inject({
    method: "POST",
    url: "/api/account/sign-in",
    payload: { token },
    remoteAddress: nextShopperIp(),
  });
  if (signedIn.statusCode !== 200) throw new Error(signedIn.body);
  return cookieOf(signedIn.headers["set-cookie"], "mcf_shopper_session");
}
