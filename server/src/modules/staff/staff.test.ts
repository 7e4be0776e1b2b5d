import {
  crossSiteRefusedMessage,
  staffForbiddenMessage,
  staffForgotPasswordReplyMessage,
  staffSessionEndedMessage,
} from "@mcf/contracts/staff";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder, createProduct } from "../../../test/factories.ts";
import {
  createStaffAccountViaApi,
  createStaffSession,
  sessionCookieOf,
} from "../../../test/staff-factories.ts";
import { createTestApp, type TestApp, testAdminPassword } from "../../../test/test-app.ts";
import { onRealPostgres } from "../../../test/test-database.ts";
import { auditLog, mailOutbox, staffSessions } from "../../db/schema/index.ts";

const store = "http://store.test";
let addressCounter = 0;
/** A fresh address per sign-in, so the per-address lockout stays out of tests about accounts. */
const nextAddress = () => {
  addressCounter += 1;
  return `10.66.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

describe("staff accounts and back-office sessions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signIn = (payload: { email?: string; password: string }, address = nextAddress()) =>
    t.app.inject({ method: "POST", url: "/api/admin/session", payload, remoteAddress: address });

  it("POST /api/admin/session with the shop password alone signs the owner in with an HttpOnly, SameSite=Strict cookie for /api/admin", async () => {
    const res = await signIn({ password: testAdminPassword });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: null, name: "Owner", email: null, role: "owner" });
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(/^mcf_staff_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    expect(cookie).toContain("Path=/api/admin");
    expect(cookie).toContain(`Max-Age=${12 * 60 * 60}`);
    // Over plain http in development and tests; Secure in production (next test).
    expect(cookie).not.toContain("Secure");
    const me = await t.app.inject({
      url: "/api/admin/session",
      headers: { cookie: sessionCookieOf(res.headers["set-cookie"]) },
    });
    expect(me.json()).toEqual({ id: null, name: "Owner", email: null, role: "owner" });
  });

  it("opening the back office signed out again and again is no guess and never locks the address out", async () => {
    for (let i = 0; i < 15; i++) {
      const res = await t.app.inject({ url: "/api/admin/session", remoteAddress: "10.55.0.1" });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: "Invalid password" });
    }
    expect((await signIn({ password: testAdminPassword }, "10.55.0.1")).statusCode).toBe(200);
  });

  it("a wrong shop password answers Invalid password and sets no cookie", async () => {
    const res = await signIn({ password: "not-the-shop-password" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: "Invalid password" });
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("an owner creates a staff user who signs in with the cookie and can open orders but not products, staff accounts or the whole audit log", async () => {
    const owner = sessionCookieOf(
      (await signIn({ password: testAdminPassword })).headers["set-cookie"],
    );
    const created = await t.app.inject({
      method: "POST",
      url: "/api/admin/staff",
      headers: { cookie: owner, origin: store },
      payload: {
        name: "Dana Reyes",
        email: "Dana.Reyes@MagicCityFloors.example",
        role: "staff",
        password: "Hickory-floor-2030",
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: "Dana Reyes",
      email: "dana.reyes@magiccityfloors.example",
      role: "staff",
      active: true,
    });
    expect(created.body).not.toContain("password");

    const res = await signIn({
      email: "dana.reyes@magiccityfloors.example",
      password: "Hickory-floor-2030",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: "Dana Reyes", role: "staff" });
    const dana = sessionCookieOf(res.headers["set-cookie"]);

    const product = await createProduct(t.database.db);
    const order = await createOrder(t.database.db, { lines: [{ product, quantity: 1 }] });
    const orders = await t.app.inject({ url: "/api/admin/orders", headers: { cookie: dana } });
    expect(orders.statusCode).toBe(200);
    expect(orders.json().orders.map((o: { order_id: string }) => o.order_id)).toContain(order.id);
    const history = await t.app.inject({
      url: `/api/admin/audit?entity_type=order&entity_id=${order.id}`,
      headers: { cookie: dana },
    });
    expect(history.statusCode).toBe(200);

    for (const url of [
      "/api/admin/products",
      "/api/admin/staff",
      "/api/admin/audit",
      "/api/admin/partners",
    ]) {
      const refused = await t.app.inject({ url, headers: { cookie: dana } });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({ detail: staffForbiddenMessage });
    }
  });

  it("the audit log names the staff member who made a change; the admin-password header stays 'admin'", async () => {
    const dana = await createStaffSession(t.app, { role: "staff", name: "Audit Dana" });
    const product = await createProduct(t.database.db);
    const order = await createOrder(t.database.db, { lines: [{ product, quantity: 1 }] });
    const byStaff = await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${order.id}/shipping`,
      headers: { cookie: dana.cookie, origin: store },
      payload: { tracking_number: "1Z-STAFF" },
    });
    expect(byStaff.statusCode).toBe(200);
    const byScript = await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${order.id}/shipping`,
      headers: { "admin-password": testAdminPassword },
      payload: { tracking_number: "1Z-SCRIPT" },
    });
    expect(byScript.statusCode).toBe(200);
    const entries = await t.database.db
      .select({ actor: auditLog.actor })
      .from(auditLog)
      .where(and(eq(auditLog.entity_type, "order"), eq(auditLog.entity_id, order.id)))
      .orderBy(auditLog.id);
    expect(entries.map((e) => e.actor)).toEqual([dana.email, "admin"]);
  });

  it("a catalogue account edits products and coupons but cannot open orders", async () => {
    const cat = await createStaffSession(t.app, { role: "catalogue" });
    const product = await createProduct(t.database.db);
    const edit = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/products/${product.id}`,
      headers: { cookie: cat.cookie, origin: store },
      payload: { stock_quantity: 42 },
    });
    expect(edit.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: "/api/admin/coupons", headers: { cookie: cat.cookie } }))
        .statusCode,
    ).toBe(200);
    const orders = await t.app.inject({
      url: "/api/admin/orders",
      headers: { cookie: cat.cookie },
    });
    expect(orders.statusCode).toBe(403);
  });

  it("a cross-site form post with the session cookie is refused and changes nothing", async () => {
    const owner = await createStaffSession(t.app, { role: "owner" });
    const product = await createProduct(t.database.db);
    const order = await createOrder(t.database.db, { lines: [{ product, quantity: 1 }] });
    const mailBefore = await t.database.db.select({ id: mailOutbox.id }).from(mailOutbox);
    const resend = await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${order.id}/resend-confirmation`,
      headers: {
        cookie: owner.cookie,
        origin: "https://attacker.example",
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: "",
    });
    expect(resend.statusCode).toBe(403);
    expect(resend.json()).toEqual({ detail: crossSiteRefusedMessage });
    const create = await t.app.inject({
      method: "POST",
      url: "/api/admin/staff",
      headers: {
        cookie: owner.cookie,
        referer: "https://attacker.example/page",
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: "name=Mallory&email=mallory%40attacker.example&role=owner&password=Cross-site-2030",
    });
    expect(create.statusCode).toBe(403);
    const mailAfter = await t.database.db.select({ id: mailOutbox.id }).from(mailOutbox);
    expect(mailAfter.length).toBe(mailBefore.length);
    const list = await t.app.inject({ url: "/api/admin/staff", headers: { cookie: owner.cookie } });
    expect(list.json().accounts.map((a: { email: string }) => a.email)).not.toContain(
      "mallory@attacker.example",
    );
    // Reading is no risk (another site cannot see the answer); a sign-in from another site is refused.
    expect(
      (
        await t.app.inject({
          url: "/api/admin/staff",
          headers: { cookie: owner.cookie, origin: "https://attacker.example" },
        })
      ).statusCode,
    ).toBe(200);
    const planted = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers: { origin: "https://attacker.example" },
      payload: { password: testAdminPassword },
      remoteAddress: nextAddress(),
    });
    expect(planted.statusCode).toBe(403);
    expect(planted.headers["set-cookie"]).toBeUndefined();
  });

  it("DELETE /api/admin/session signs this browser out: the cookie is cleared and no longer works", async () => {
    const dana = await createStaffSession(t.app);
    const out = await t.app.inject({
      method: "DELETE",
      url: "/api/admin/session",
      headers: { cookie: dana.cookie, origin: store },
    });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers["set-cookie"])).toMatch(
      /mcf_staff_session=;.*Expires=Thu, 01 Jan 1970/,
    );
    const after = await t.app.inject({
      url: "/api/admin/orders",
      headers: { cookie: dana.cookie },
    });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: staffSessionEndedMessage });
  });

  it("sign out everywhere ends every session of that account and no one else's", async () => {
    const dana = await createStaffSession(t.app);
    const secondDevice = sessionCookieOf(
      (await signIn({ email: dana.email, password: dana.password })).headers["set-cookie"],
    );
    const colleague = await createStaffSession(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/session/sign-out-everywhere",
      headers: { cookie: dana.cookie, origin: store },
    });
    expect(res.statusCode).toBe(204);
    for (const cookie of [dana.cookie, secondDevice]) {
      expect(
        (await t.app.inject({ url: "/api/admin/session", headers: { cookie } })).statusCode,
      ).toBe(401);
    }
    expect(
      (await t.app.inject({ url: "/api/admin/session", headers: { cookie: colleague.cookie } }))
        .statusCode,
    ).toBe(200);
  });

  it("a session expires after STAFF_SESSION_HOURS", async () => {
    const dana = await createStaffSession(t.app);
    const token = dana.cookie.split("=")[1] ?? "";
    const { createHash } = await import("node:crypto");
    await t.database.db
      .update(staffSessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(staffSessions.token_hash, createHash("sha256").update(token).digest("hex")));
    const res = await t.app.inject({ url: "/api/admin/orders", headers: { cookie: dana.cookie } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: staffSessionEndedMessage });
  });

  it("five wrong passwords lock the account from every address for 15 minutes; other accounts still sign in", async () => {
    const dana = await createStaffAccountViaApi(t.app);
    const colleague = await createStaffAccountViaApi(t.app);
    for (let i = 0; i < 5; i++) {
      const res = await signIn({ email: dana.email, password: `wrong-${i}-password` });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: "Invalid email or password." });
    }
    const locked = await signIn({ email: dana.email, password: dana.password });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(800);
    expect(locked.json()).toEqual({
      detail: "Too many failed sign-in attempts. Please wait and try again.",
    });
    expect(locked.headers["set-cookie"]).toBeUndefined();
    const other = await signIn({ email: colleague.email, password: colleague.password });
    expect(other.statusCode).toBe(200);
  });

  it("an unknown email, a wrong password and a turned-off account answer alike; turning an account off ends its sessions", async () => {
    const dana = await createStaffSession(t.app);
    const unknown = await signIn({
      email: "nobody@magiccityfloors.example",
      password: "whatever-password",
    });
    const wrong = await signIn({ email: dana.email, password: "whatever-password" });
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.statusCode).toBe(401);

    const off = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/staff/${dana.account.id}`,
      headers: { "admin-password": testAdminPassword },
      payload: { active: false },
    });
    expect(off.json()).toMatchObject({ active: false });
    expect(
      (await t.app.inject({ url: "/api/admin/orders", headers: { cookie: dana.cookie } }))
        .statusCode,
    ).toBe(401);
    const again = await signIn({ email: dana.email, password: dana.password });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(unknown.json());
  });

  it("a role change applies to the next request of a signed-in account", async () => {
    const dana = await createStaffSession(t.app, { role: "staff" });
    expect(
      (await t.app.inject({ url: "/api/admin/products", headers: { cookie: dana.cookie } }))
        .statusCode,
    ).toBe(403);
    await t.app.inject({
      method: "PATCH",
      url: `/api/admin/staff/${dana.account.id}`,
      headers: { "admin-password": testAdminPassword },
      payload: { role: "catalogue" },
    });
    expect(
      (await t.app.inject({ url: "/api/admin/products", headers: { cookie: dana.cookie } }))
        .statusCode,
    ).toBe(200);
  });

  it("bad staff account input gets a clear message and changes nothing", async () => {
    const asOwner = { "admin-password": testAdminPassword };
    const taken = await createStaffAccountViaApi(t.app);
    const post = (payload: object) =>
      t.app.inject({ method: "POST", url: "/api/admin/staff", headers: asOwner, payload });
    const duplicate = await post({
      name: "Twin",
      email: taken.email.toUpperCase(),
      role: "staff",
      password: "Maple-board-2030",
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ detail: "A staff account with this email already exists" });
    const common = await post({
      name: "Pat",
      email: "pat@magiccityfloors.example",
      role: "staff",
      password: "password123",
    });
    expect(common.statusCode).toBe(422);
    expect(common.json().detail).toBe(
      "This password is too common. Please choose a less predictable one.",
    );
    const short = await post({
      name: "Pat",
      email: "pat@magiccityfloors.example",
      role: "staff",
      password: "short",
    });
    expect(short.statusCode).toBe(422);
    expect(JSON.stringify(short.json())).toContain("Password must be at least 8 characters long");
    const role = await post({
      name: "Pat",
      email: "pat@magiccityfloors.example",
      role: "manager",
      password: "Maple-board-2030",
    });
    expect(role.statusCode).toBe(422);
    expect(JSON.stringify(role.json())).toContain("Choose a role: owner, staff or catalogue");
    const list = await t.app.inject({ url: "/api/admin/staff", headers: asOwner });
    expect(list.json().accounts.map((a: { email: string }) => a.email)).not.toContain(
      "pat@magiccityfloors.example",
    );

    const owner = await createStaffSession(t.app, { role: "owner" });
    const selfOff = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/staff/${owner.account.id}`,
      headers: { cookie: owner.cookie, origin: store },
      payload: { active: false },
    });
    expect(selfOff.statusCode).toBe(409);
    const unknown = await t.app.inject({
      method: "PATCH",
      url: "/api/admin/staff/00000000-0000-4000-8000-000000000000",
      headers: asOwner,
      payload: { role: "staff" },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("a staff member resets a forgotten password by email: the link works once and ends old sessions", async () => {
    const dana = await createStaffSession(t.app, { name: "Reset Dana" });
    const forgot = (email: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/admin/session/forgot-password",
        payload: { email },
        remoteAddress: nextAddress(),
      });
    const known = await forgot(dana.email.toUpperCase());
    const unknown = await forgot("nobody-here@magiccityfloors.example");
    expect(known.json()).toEqual({ message: staffForgotPasswordReplyMessage });
    expect(unknown.json()).toEqual(known.json());
    // The link is written just after the answer (same timing either way): wait for it.
    let mail: { text: string } | undefined;
    for (const deadline = Date.now() + 10_000; !mail && Date.now() < deadline; ) {
      [mail] = await t.database.db
        .select({ text: mailOutbox.text })
        .from(mailOutbox)
        .where(
          and(eq(mailOutbox.kind, "staff-password-reset"), eq(mailOutbox.to_address, dana.email)),
        );
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(mail?.text).toContain("Hello Reset Dana,");
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(mail?.text).toContain(`http://store.test/admin/reset-password?token=${token}`);
    const [{ count } = { count: 0 }] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, "nobody-here@magiccityfloors.example"));
    expect(count).toBe(0);

    const reset = (newPassword: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/admin/session/reset-password",
        payload: { token, new_password: newPassword },
      });
    expect((await reset("password123")).statusCode).toBe(422);
    const done = await reset("Walnut-stair-2031");
    expect(done.statusCode).toBe(200);
    expect((await reset("Walnut-stair-2032")).json()).toEqual({
      detail: "Invalid or expired token. Please request a new password reset.",
    });
    expect(
      (await t.app.inject({ url: "/api/admin/session", headers: { cookie: dana.cookie } }))
        .statusCode,
    ).toBe(401);
    expect((await signIn({ email: dana.email, password: dana.password })).statusCode).toBe(401);
    expect((await signIn({ email: dana.email, password: "Walnut-stair-2031" })).statusCode).toBe(
      200,
    );
  });

  it("the admin-password header keeps working as the owner, with no cookie", async () => {
    const res = await t.app.inject({
      url: "/api/admin/staff",
      headers: { "admin-password": testAdminPassword },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["set-cookie"]).toBeUndefined();
    const me = await t.app.inject({
      url: "/api/admin/session",
      headers: { "admin-password": testAdminPassword },
    });
    expect(me.json()).toEqual({ id: null, name: "Owner", email: null, role: "owner" });
  });
});

describe("the session cookie in production", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { env: "production", staffSessionHours: 2 } });
  });
  afterAll(() => t.close());

  it("is Secure and lasts STAFF_SESSION_HOURS", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      payload: { password: testAdminPassword },
    });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    expect(cookie).toContain("Max-Age=7200");
  });
});

describe("the last owner account", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const asOwner = { "admin-password": testAdminPassword };
  const patch = (id: string, payload: object) =>
    t.app.inject({ method: "PATCH", url: `/api/admin/staff/${id}`, headers: asOwner, payload });

  it("cannot lose its owner role or be turned off until another account is an owner", async () => {
    const { account: ada } = await createStaffAccountViaApi(t.app, {
      role: "owner",
      name: "Ada Owner",
    });
    const { account: ben } = await createStaffAccountViaApi(t.app, { role: "staff", name: "Ben" });

    for (const change of [{ role: "staff" }, { role: "catalogue" }, { active: false }]) {
      const refused = await patch(ada.id, change);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        detail:
          "Ada Owner is the last owner: make another account an owner before changing this one.",
      });
    }
    // Renaming the last owner, or changing someone else, is fine.
    expect((await patch(ada.id, { name: "Ada Lovelace" })).statusCode).toBe(200);
    expect((await patch(ben.id, { role: "owner" })).json().role).toBe("owner");
    expect((await patch(ada.id, { role: "staff" })).json().role).toBe("staff");
    expect((await patch(ben.id, { role: "staff" })).statusCode).toBe(409);
  });

  it.runIf(onRealPostgres)(
    "two owners demoting each other at once leave one owner, never none",
    async () => {
      const race = await Promise.all(
        ["Cleo", "Dev"].map(
          async (name) =>
            (await createStaffAccountViaApi(t.app, { role: "owner", name: `${name} Race` })).account
              .id,
        ),
      );
      // Leave these two as the only owners.
      const list = await t.app.inject({ url: "/api/admin/staff", headers: asOwner });
      for (const account of list.json().accounts as Array<{ id: string; role: string }>) {
        if (account.role === "owner" && !race.includes(account.id))
          expect((await patch(account.id, { role: "staff" })).statusCode).toBe(200);
      }
      const answers = await Promise.all(race.map((id) => patch(id, { role: "staff" })));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const owners = await t.database.db.execute(
        sql`select count(*)::int as n from staff_accounts where role = 'owner' and disabled_at is null`,
      );
      expect((owners.rows[0] as { n: number }).n).toBe(1);
    },
  );
});
