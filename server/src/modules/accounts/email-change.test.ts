import {
  emailChangeLimitMessage,
  emailChangeRateLimit,
  emailChangeSentMessage,
  emailChangesPerAccountPerHour,
  emailTakenMessage,
  invalidEmailChangeLinkMessage,
  sameEmailMessage,
} from "@mcf/contracts/accounts-options";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextShopperIp, signInByLink } from "../../../test/account-factories.ts";
import { createOrder } from "../../../test/factories.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { mailOutbox, shopperEmailChangeLinks } from "../../db/schema/index.ts";
import { emailChangeMailKind, emailChangeNoticeMailKind } from "./shopper-email-change.ts";

describe("changing a shopper account's email", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  let mailbox = 0;
  /** A new address per test, so no test sees another's links or limits. */
  const newEmail = (name: string) => `${name}.${++mailbox}.${Date.now()}@example.com`;

  const as = (cookie: string, remoteAddress = nextShopperIp()) => ({
    me: async () =>
      (await t.app.inject({ method: "GET", url: "/api/account", headers: { cookie } })).json(),
    orders: async () =>
      (
        await t.app.inject({ method: "GET", url: "/api/account/orders", headers: { cookie } })
      ).json().orders as Array<{ order_number: string }>,
    askChange: (new_email: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/account/email-change",
        headers: { cookie },
        payload: { new_email },
        remoteAddress,
      }),
    confirm: (token: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/account/email-change/confirm",
        headers: { cookie },
        payload: { token },
        remoteAddress: nextShopperIp(),
      }),
  });

  const mailsTo = (to: string) =>
    db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, to))
      .orderBy(desc(mailOutbox.id));
  /** The token in the newest confirmation link emailed to `to`. */
  async function emailedToken(to: string): Promise<string> {
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to_address, to), eq(mailOutbox.kind, emailChangeMailKind)))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const token = mail
      ? /account\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1]
      : undefined;
    if (!token) throw new Error(`no confirmation link emailed to ${to}`);
    return token;
  }

  it("emails the link to the new address only, tells the old address, and changes nothing until the link is used", async () => {
    const old = newEmail("old");
    const cookie = await signInByLink(t, old);
    const next = newEmail("next");

    const asked = await as(cookie).askChange(next.toUpperCase());
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: emailChangeSentMessage });

    const toNew = await mailsTo(next);
    expect(toNew.map((mail) => mail.kind)).toEqual([emailChangeMailKind]);
    expect(toNew[0]?.text).toContain("http://store.test/account/confirm-email?token=");
    const toOld = (await mailsTo(old)).filter((mail) => mail.kind !== "shopper-sign-in-link");
    expect(toOld.map((mail) => mail.kind)).toEqual([emailChangeNoticeMailKind]);
    expect(toOld[0]?.text).toContain(next);
    expect(toOld[0]?.text).not.toContain("confirm-email?token=");
    // Only the hash is stored.
    const token = await emailedToken(next);
    const stored = await db().select().from(shopperEmailChangeLinks);
    expect(stored.some((row) => row.token_hash === token)).toBe(false);

    expect((await as(cookie).me()).email).toBe(old);

    const confirmed = await as(cookie).confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().email).toBe(next);
    expect((await as(cookie).me()).email).toBe(next);
    // The old address now signs in to nothing of this account: a new link makes a new account.
    const oldAgain = await signInByLink(t, old);
    const fresh = await as(oldAgain).me();
    expect(fresh.email).toBe(old);
    expect(fresh.id).not.toBe(confirmed.json().id);
  });

  it("a link works once, only for the account that asked it, and not after it expires", async () => {
    const cookie = await signInByLink(t, newEmail("once"));
    const first = newEmail("first");
    await as(cookie).askChange(first);
    const token = await emailedToken(first);

    const stranger = await signInByLink(t, newEmail("stranger"));
    const byStranger = await as(stranger).confirm(token);
    expect(byStranger.statusCode).toBe(400);
    expect(byStranger.json()).toEqual({ detail: invalidEmailChangeLinkMessage });
    expect((await as(stranger).me()).email).not.toBe(first);

    expect((await as(cookie).confirm(token)).statusCode).toBe(200);
    const again = await as(cookie).confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: invalidEmailChangeLinkMessage });

    const second = newEmail("second");
    await as(cookie).askChange(second);
    const late = await emailedToken(second);
    await db()
      .update(shopperEmailChangeLinks)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(shopperEmailChangeLinks.new_email, second));
    const expired = await as(cookie).confirm(late);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ detail: invalidEmailChangeLinkMessage });
    expect((await as(cookie).me()).email).toBe(first);

    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/account/email-change/confirm",
      payload: { token: late },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("an address another account holds gets the same answer, and is refused when the link is used, with nothing changed", async () => {
    const taken = newEmail("taken");
    await signInByLink(t, taken);
    const free = newEmail("free");
    const mine = newEmail("mine");
    const cookie = await signInByLink(t, mine);

    const toTaken = await as(cookie).askChange(taken);
    const toFree = await as(cookie).askChange(free);
    expect(toTaken.statusCode).toBe(202);
    expect(toTaken.body).toBe(toFree.body);

    const token = await emailedToken(taken);
    const refused = await as(cookie).confirm(token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: emailTakenMessage });
    expect((await as(cookie).me()).email).toBe(mine);
    // The other link still works: the refusal spent nothing.
    expect((await as(cookie).confirm(await emailedToken(free))).json().email).toBe(free);
  });

  it("refuses the current address and a malformed one when asked, and sends nothing", async () => {
    const mine = newEmail("same");
    const cookie = await signInByLink(t, mine);
    const same = await as(cookie).askChange(mine.toUpperCase());
    expect(same.statusCode).toBe(422);
    expect(same.json()).toEqual({ detail: sameEmailMessage });
    const malformed = await as(cookie).askChange("not-an-email");
    expect(malformed.statusCode).toBe(422);
    expect(JSON.stringify(malformed.json().detail)).toContain("Please enter a valid email address");
    expect((await mailsTo(mine)).map((mail) => mail.kind)).not.toContain(emailChangeNoticeMailKind);
  });

  it(`sends at most ${emailChangesPerAccountPerHour} links an hour per account, and limits each network`, async () => {
    const cookie = await signInByLink(t, newEmail("limited"));
    const answers = await Promise.all(
      Array.from({ length: emailChangesPerAccountPerHour + 2 }, () =>
        as(cookie).askChange(newEmail("limited-new")),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((status) => status === 202)).toHaveLength(emailChangesPerAccountPerHour);
    const refused = answers.find((res) => res.statusCode === 429);
    expect(refused?.json()).toEqual({ detail: emailChangeLimitMessage });

    const network = "198.51.100.171";
    for (let i = 0; i < emailChangeRateLimit.max; i += 1) {
      const shopper = await signInByLink(t, newEmail("net"));
      expect((await as(shopper, network).askChange(newEmail("net-new"))).statusCode).toBe(202);
    }
    const shopper = await signInByLink(t, newEmail("net"));
    const blocked = await as(shopper, network).askChange(newEmail("net-new"));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toContain("Too many email change requests from your network");
    expect((await as(shopper).askChange(newEmail("net-new"))).statusCode).toBe(202);
  });

  it("the account's orders follow its email: the old address's leave, the new address's join", async () => {
    const old = newEmail("orders-old");
    const next = newEmail("orders-new");
    const before = await createOrder(db(), { customer_email: old });
    const after = await createOrder(db(), { customer_email: next });
    const cookie = await signInByLink(t, old);
    expect((await as(cookie).orders()).map((order) => order.order_number)).toEqual([
      before.friendly_order_id,
    ]);
    await as(cookie).askChange(next);
    await as(cookie).confirm(await emailedToken(next));
    expect((await as(cookie).orders()).map((order) => order.order_number)).toEqual([
      after.friendly_order_id,
    ]);
  });
});
