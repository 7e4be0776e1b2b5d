import {
  forgotPasswordReplyMessage,
  invalidCredentialsMessage,
  invalidResetTokenMessage,
} from "@mcf/contracts/partners-options";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  approvedPartner,
  bearer,
  latestResetMail,
  registerViaApi,
  registrationFor,
  waitForResetMail,
} from "../../../test/partner-factories.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { onRealPostgres } from "../../../test/test-database.ts";
import { acePasswordResets, aceSessions, aceUsers } from "../../db/schema/index.ts";
import { hashToken } from "./partner-session.ts";
import { commonPasswordCount } from "./password-policy.ts";

describe("ACE partner accounts", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url, payload: payload as object, headers });

  describe("registration", () => {
    it("POST /api/ace/auth/register creates a pending account, signs it in and exposes the token header", async () => {
      const payload = registrationFor({ email: "  Mixed.Case@Hardware.Example " });
      const res = await post("/api/ace/auth/register", payload);
      expect(res.statusCode).toBe(201);
      const token = String(res.headers["x-ace-token"]);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(res.headers["access-control-expose-headers"]).toContain("x-ace-token");
      const user = res.json();
      expect(user).toMatchObject({
        email: "mixed.case@hardware.example",
        company: payload.company,
        contact_name: payload.contact_name,
        status: "pending",
      });
      expect(user).not.toHaveProperty("password_hash");

      const [session] = await t.database.db
        .select()
        .from(aceSessions)
        .where(eq(aceSessions.token_hash, hashToken(token)));
      expect(session).toBeDefined();
      // Stored only as a hash, expiring in about a week.
      expect(session?.token_hash).not.toBe(token);
      const days = ((session?.expires_at.getTime() ?? 0) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThan(7.1);
      const [row] = await t.database.db.select().from(aceUsers).where(eq(aceUsers.id, user.id));
      expect(row?.password_hash).toMatch(/^\$argon2id\$/);

      const me = await t.app.inject({ url: "/api/ace/me", headers: bearer(token) });
      expect(me.statusCode).toBe(200);
      expect(me.json().email).toBe("mixed.case@hardware.example");
    });

    it("POST /api/ace/auth/register refuses an email already taken in any letter case with 409", async () => {
      const first = await registerViaApi(t.app);
      const res = await post(
        "/api/ace/auth/register",
        registrationFor({ email: first.payload.email.toUpperCase() }),
      );
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: "An account with this email already exists" });
    });

    it("POST /api/ace/auth/register requires email, password, company and contact name", async () => {
      const res = await post("/api/ace/auth/register", {
        email: "not-an-email",
        password: "",
        company: " ",
      });
      expect(res.statusCode).toBe(422);
      const messages = (res.json().detail as Array<{ msg: string }>).map((d) => d.msg);
      expect(messages).toContain("Please enter a valid email address");
      expect(messages).toContain("Password must be at least 8 characters long");
      expect(messages).toContain("Company name is required");
      expect(messages).toContain("Contact name is required");
    });

    it("POST /api/ace/auth/register refuses a 7-character password and a common one", async () => {
      const short = await post("/api/ace/auth/register", registrationFor({ password: "Ab3$efg" }));
      expect(short.statusCode).toBe(422);
      expect(JSON.stringify(short.json())).toContain("Password must be at least 8 characters long");
      const common = await post(
        "/api/ace/auth/register",
        registrationFor({ password: "Password1" }),
      );
      expect(common.statusCode).toBe(422);
      expect(common.json().detail).toContain("too common");
      expect(commonPasswordCount()).toBeGreaterThan(3000);
    });

    it("POST /api/ace/auth/register is rate-limited per address: the 11th sign-up in an hour answers 429", async () => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 11; attempt++) {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/ace/auth/register",
          payload: registrationFor(),
          remoteAddress: "10.8.8.8",
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
      expect(statuses[10]).toBe(429);
      // Another address may still sign up.
      await registerViaApi(t.app);
    });

    it("optional fields may be left out and come back as null", async () => {
      const res = await post("/api/ace/auth/register", {
        email: `minimal-${Date.now()}@hardware.example`,
        password: "Walnut-floor-77",
        company: "Minimal Co",
        contact_name: "Min",
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        phone: null,
        company_address: null,
        shipping_address: null,
      });
    });
  });

  describe("approval", () => {
    it("under ACE_APPROVAL=manual a pending partner is told it awaits approval on partner routes", async () => {
      const { token } = await registerViaApi(t.app);
      const res = await t.app.inject({ url: "/api/ace/products/1", headers: bearer(token) });
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toContain("awaiting approval");
    });

    it("under ACE_APPROVAL=auto a new account is approved at once", async () => {
      const auto = await createTestApp({ config: { aceApproval: "auto" } });
      try {
        const res = await auto.app.inject({
          method: "POST",
          url: "/api/ace/auth/register",
          payload: registrationFor(),
        });
        expect(res.statusCode).toBe(201);
        expect(res.json().status).toBe("approved");
      } finally {
        await auto.close();
      }
    });
  });

  describe("login", () => {
    it("POST /api/ace/auth/login answers the user and a fresh token, and records the sign-in", async () => {
      const { payload, user } = await registerViaApi(t.app);
      await t.database.db
        .update(aceUsers)
        .set({ last_login_at: null })
        .where(eq(aceUsers.id, user.id));
      const res = await post("/api/ace/auth/login", {
        email: payload.email.toUpperCase(),
        password: payload.password,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().id).toBe(user.id);
      const token = String(res.headers["x-ace-token"]);
      expect(token).toHaveLength(43);
      const [row] = await t.database.db.select().from(aceUsers).where(eq(aceUsers.id, user.id));
      expect(row?.last_login_at).not.toBeNull();
    });

    it("a wrong password and an unknown email answer the same 401 and body (no account enumeration)", async () => {
      const { payload } = await registerViaApi(t.app);
      const wrongPassword = await post("/api/ace/auth/login", {
        email: payload.email,
        password: "Not-the-password-1",
      });
      const unknownEmail = await post("/api/ace/auth/login", {
        email: `nobody-${Date.now()}@hardware.example`,
        password: "Not-the-password-1",
      });
      expect(wrongPassword.statusCode).toBe(401);
      expect(unknownEmail.statusCode).toBe(401);
      expect(wrongPassword.json()).toEqual({ detail: invalidCredentialsMessage });
      expect(unknownEmail.body).toBe(wrongPassword.body);
      expect(wrongPassword.headers["x-ace-token"]).toBeUndefined();
    });

    it("repeated failed logins for one email are rate-limited with 429", async () => {
      const { payload } = await registerViaApi(t.app);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 11; attempt++) {
        const res = await post("/api/ace/auth/login", {
          email: payload.email,
          password: "wrong-one-123",
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
      const blocked = await post("/api/ace/auth/login", payload);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().detail).toContain("Too many requests");
    });
  });

  describe("sessions", () => {
    it("GET /api/ace/me answers 401 without a token, with an unknown one and with an expired one", async () => {
      expect((await t.app.inject({ url: "/api/ace/me" })).statusCode).toBe(401);
      const unknown = await t.app.inject({
        url: "/api/ace/me",
        headers: bearer("x".repeat(43)),
      });
      expect(unknown.statusCode).toBe(401);

      const { token } = await registerViaApi(t.app);
      await t.database.db
        .update(aceSessions)
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where(eq(aceSessions.token_hash, hashToken(token)));
      expect((await t.app.inject({ url: "/api/ace/me", headers: bearer(token) })).statusCode).toBe(
        401,
      );
    });

    it("POST /api/ace/auth/logout revokes the token and accepts an absent body", async () => {
      const { token } = await registerViaApi(t.app);
      const res = await t.app.inject({
        method: "POST",
        url: "/api/ace/auth/logout",
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      expect((await t.app.inject({ url: "/api/ace/me", headers: bearer(token) })).statusCode).toBe(
        401,
      );
      // Logging out again, or with no token at all, still succeeds.
      const again = await t.app.inject({ method: "POST", url: "/api/ace/auth/logout" });
      expect(again.statusCode).toBe(200);
    });
  });

  describe("password reset", () => {
    it("forgot-password answers the same for a real and an unknown email, and mails only the real one", async () => {
      const { payload } = await registerViaApi(t.app);
      const real = await post("/api/ace/auth/forgot-password", { email: payload.email });
      const unknownEmail = `ghost-${Date.now()}@hardware.example`;
      const unknown = await post("/api/ace/auth/forgot-password", { email: unknownEmail });
      expect(real.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(real.body).toBe(unknown.body);
      expect(real.json()).toEqual({ message: forgotPasswordReplyMessage });

      const { mail, token } = await waitForResetMail(t.database.db, payload.email);
      expect(mail?.kind).toBe("partner-password-reset");
      expect(mail?.text).toContain(`http://store.test/ace/reset-password?token=${token}`);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await latestResetMail(t.database.db, unknownEmail)).mail).toBeUndefined();

      const [reset] = await t.database.db
        .select()
        .from(acePasswordResets)
        .where(eq(acePasswordResets.token_hash, hashToken(token ?? "")));
      const minutes = ((reset?.expires_at.getTime() ?? 0) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(59);
      expect(minutes).toBeLessThanOrEqual(60);
    });

    it("a reset token sets the new password once, ends every session, and cannot be used again", async () => {
      const { payload, token: session } = await registerViaApi(t.app);
      await post("/api/ace/auth/forgot-password", { email: payload.email });
      const { token } = await waitForResetMail(t.database.db, payload.email);

      const res = await post("/api/ace/auth/reset-password", {
        token,
        new_password: "Fresh-maple-2027",
      });
      expect(res.statusCode).toBe(200);
      expect(
        (await t.app.inject({ url: "/api/ace/me", headers: bearer(session) })).statusCode,
      ).toBe(401);

      const oldLogin = await post("/api/ace/auth/login", payload);
      expect(oldLogin.statusCode).toBe(401);
      const newLogin = await post("/api/ace/auth/login", {
        email: payload.email,
        password: "Fresh-maple-2027",
      });
      expect(newLogin.statusCode).toBe(200);

      const again = await post("/api/ace/auth/reset-password", {
        token,
        new_password: "Another-pine-2028",
      });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ detail: invalidResetTokenMessage });
    });

    it("an expired or unknown reset token answers 400 with the spec's message", async () => {
      const { payload } = await registerViaApi(t.app);
      await post("/api/ace/auth/forgot-password", { email: payload.email });
      const { token } = await waitForResetMail(t.database.db, payload.email);
      await t.database.db
        .update(acePasswordResets)
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where(eq(acePasswordResets.token_hash, hashToken(token ?? "")));
      const expired = await post("/api/ace/auth/reset-password", {
        token,
        new_password: "Fresh-maple-2027",
      });
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toEqual({ detail: invalidResetTokenMessage });
      const unknown = await post("/api/ace/auth/reset-password", {
        token: "y".repeat(43),
        new_password: "Fresh-maple-2027",
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ detail: invalidResetTokenMessage });
    });

    it("reset-password refuses a short new password with the spec's message", async () => {
      const res = await post("/api/ace/auth/reset-password", {
        token: "z".repeat(43),
        new_password: "short",
      });
      expect(res.statusCode).toBe(422);
      expect(JSON.stringify(res.json())).toContain("Password must be at least 8 characters long");
    });

    it("reset-password is rate-limited per address: the 11th try in 15 minutes answers 429", async () => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 11; attempt++) {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/ace/auth/reset-password",
          payload: { token: `guess-${attempt}-${"x".repeat(40)}`, new_password: "Guessing-2027" },
          remoteAddress: "10.9.9.9",
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
      expect(statuses[10]).toBe(429);
    });

    it("forgot-password is rate-limited per address", async () => {
      const email = `flood-${Date.now()}@hardware.example`;
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt++) {
        statuses.push((await post("/api/ace/auth/forgot-password", { email })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    });

    it.runIf(onRealPostgres)(
      "two simultaneous uses of one reset token: exactly one succeeds",
      async () => {
        const { payload } = await registerViaApi(t.app);
        await post("/api/ace/auth/forgot-password", { email: payload.email });
        const { token } = await waitForResetMail(t.database.db, payload.email);
        const results = await Promise.all(
          ["First-choice-2027", "Second-choice-2027"].map((new_password) =>
            post("/api/ace/auth/reset-password", { token, new_password }),
          ),
        );
        expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      },
    );
  });

  describe("profile", () => {
    it("PUT /api/ace/account saves the editable fields, ignores email and unknown fields", async () => {
      const { token, payload } = await registerViaApi(t.app);
      const res = await t.app.inject({
        method: "PUT",
        url: "/api/ace/account",
        headers: bearer(token),
        payload: {
          email: "hijack@evil.example",
          id: "00000000-0000-0000-0000-000000000000",
          status: "approved",
          created_at: "2020-01-01",
          company: "Ace Hardware Vestavia",
          contact_name: "Riley Manager",
          phone: "(205) 555-0199",
          company_address: "700 Montgomery Hwy",
          shipping_address: {
            address: "12 Dock Rd",
            city: "Vestavia Hills",
            state: "al",
            zip: "35216",
          },
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        email: payload.email,
        status: "pending",
        company: "Ace Hardware Vestavia",
        contact_name: "Riley Manager",
        shipping_address: {
          address: "12 Dock Rd",
          city: "Vestavia Hills",
          state: "AL",
          zip: "35216",
          country: "US",
        },
      });
      const me = await t.app.inject({ url: "/api/ace/me", headers: bearer(token) });
      expect(me.json().company).toBe("Ace Hardware Vestavia");
    });

    it("PUT /api/ace/account validates the editable fields", async () => {
      const { token } = await registerViaApi(t.app);
      const put = (payload: object) =>
        t.app.inject({ method: "PUT", url: "/api/ace/account", headers: bearer(token), payload });
      const noCompany = await put({ company: "", contact_name: "A" });
      expect(noCompany.statusCode).toBe(422);
      expect(JSON.stringify(noCompany.json())).toContain("Company name is required");
      const partial = await put({
        company: "A",
        contact_name: "B",
        shipping_address: { address: "1 Road", city: "", state: "", zip: "" },
      });
      expect(partial.statusCode).toBe(422);
      expect(JSON.stringify(partial.json())).toContain(
        "Please fill in all shipping address fields.",
      );
      const badZip = await put({
        company: "A",
        contact_name: "B",
        shipping_address: { address: "1 Road", city: "Hoover", state: "AL", zip: "3521" },
      });
      expect(badZip.statusCode).toBe(422);
      const cleared = await put({
        company: "A",
        contact_name: "B",
        shipping_address: { address: "", city: "", state: "", zip: "" },
      });
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json().shipping_address).toBeNull();
    });

    it("PUT /api/ace/account refuses a signed-out caller with 401 before validating", async () => {
      const res = await t.app.inject({ method: "PUT", url: "/api/ace/account", payload: {} });
      expect(res.statusCode).toBe(401);
    });
  });

  describe("admin Partners tab", () => {
    const admin = { "admin-password": "test-admin-password" };

    it("GET /api/admin/partners lists accounts and needs the admin password", async () => {
      const { user } = await registerViaApi(t.app, { company: "Listed Hardware" });
      expect((await t.app.inject({ url: "/api/admin/partners" })).statusCode).toBe(401);
      const res = await t.app.inject({ url: "/api/admin/partners", headers: admin });
      expect(res.statusCode).toBe(200);
      const row = res.json().partners.find((p: { id: string }) => p.id === user.id);
      expect(row).toMatchObject({
        company: "Listed Hardware",
        contact_name: "Dana Buyer",
        email: user.email,
        status: "pending",
        order_count: 0,
      });
      expect(row.created_at).toMatch(/^\d{4}-/);
      expect(row.last_login_at).toMatch(/^\d{4}-/);
    });

    it("disabling a partner ends its sessions and blocks sign-in; approving restores it", async () => {
      const { user, token, payload } = await approvedPartner(t.app);
      const disabled = await t.app.inject({
        method: "POST",
        url: `/api/admin/partners/${user.id}/disable`,
        headers: admin,
      });
      expect(disabled.statusCode).toBe(200);
      expect(disabled.json().status).toBe("disabled");
      expect((await t.app.inject({ url: "/api/ace/me", headers: bearer(token) })).statusCode).toBe(
        401,
      );
      const login = await post("/api/ace/auth/login", payload);
      expect(login.statusCode).toBe(403);
      expect(login.headers["x-ace-token"]).toBeUndefined();

      await t.app.inject({
        method: "POST",
        url: `/api/admin/partners/${user.id}/approve`,
        headers: admin,
      });
      expect((await post("/api/ace/auth/login", payload)).statusCode).toBe(200);

      // Both decisions are in the audit log, newest first, with the status before and after.
      const audit = await t.app.inject({
        url: `/api/admin/audit?entity_type=partner&entity_id=${user.id}`,
        headers: admin,
      });
      expect(
        audit
          .json()
          .entries.map((e: { action: string; before: unknown; after: unknown }) => [
            e.action,
            e.before,
            e.after,
          ]),
      ).toEqual([
        ["partner.approve", { status: "disabled" }, { status: "approved" }],
        ["partner.disable", { status: "approved" }, { status: "disabled" }],
        ["partner.approve", { status: "pending" }, { status: "approved" }],
      ]);
    });

    it("approving an unknown partner answers 404, a malformed id 422", async () => {
      const unknown = await t.app.inject({
        method: "POST",
        url: "/api/admin/partners/00000000-0000-4000-8000-000000000000/approve",
        headers: admin,
      });
      expect(unknown.statusCode).toBe(404);
      const malformed = await t.app.inject({
        method: "POST",
        url: "/api/admin/partners/not-a-uuid/approve",
        headers: admin,
      });
      expect(malformed.statusCode).toBe(422);
    });
  });
});
