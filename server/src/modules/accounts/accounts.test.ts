import {
  invalidSignInLinkMessage,
  shopperInvalidCredentialsMessage,
  signInLinkRateLimit,
  signInLinkReplyMessage,
  signInLinksPerEmailPerHour,
} from "@mcf/contracts/accounts-options";
import { commonPasswordMessage } from "@mcf/contracts/partners-options";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cookieOf,
  latestSignInMail,
  nextShopperIp,
  signInByLink,
  waitForSignInMail,
} from "../../../test/account-factories.ts";
import { callAdmin } from "../../../test/admin-requests.ts";
import { buildPaymentRequest, createOrder, createProduct } from "../../../test/factories.ts";
import { jobsApi } from "../../../test/install-factories.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { mailOutbox, orders, productLots, shopperSignInLinks } from "../../db/schema/index.ts";
import { requestSignInLink } from "./accounts.service.ts";

describe("shopper accounts", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  let mailbox = 0;
  /** A new address per test, so no test sees another's links or limits. */
  const newEmail = (name: string) => `${name}.${++mailbox}.${Date.now()}@example.com`;

  const askLink = (email: string, remoteAddress = nextShopperIp()) =>
    t.app.inject({
      method: "POST",
      url: "/api/account/sign-in-link",
      payload: { email },
      remoteAddress,
    });
  const useLink = (token: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/account/sign-in",
      payload: { token },
      remoteAddress: nextShopperIp(),
    });
  const as = (cookie: string) => ({
    get: (url: string) => t.app.inject({ method: "GET", url, headers: { cookie } }),
    send: (method: "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: { cookie },
        ...(payload ? { payload } : {}),
      }),
  });
  const signInMails = async (to: string) =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to_address, to), eq(mailOutbox.kind, "shopper-sign-in-link")))
    )[0]?.n ?? 0;

  describe("sign-in links", () => {
    it("answers 202 with the same body for an account's email and an unknown one, and emails both a link", async () => {
      const known = newEmail("known");
      await signInByLink(t, known);
      const unknown = newEmail("unknown");
      const before = (await latestSignInMail(db(), known)).mail?.id ?? 0;
      const [forKnown, forUnknown] = await Promise.all([askLink(known), askLink(unknown)]);
      for (const res of [forKnown, forUnknown]) {
        expect(res.statusCode).toBe(202);
        expect(res.json()).toEqual({ message: signInLinkReplyMessage });
        expect(res.headers["set-cookie"]).toBeUndefined();
      }
      expect(forKnown.body).toBe(forUnknown.body);
      const knownMail = await waitForSignInMail(db(), known, before);
      const unknownMail = await waitForSignInMail(db(), unknown);
      expect(knownMail.mail?.subject).toBe("Your sign-in link");
      expect(unknownMail.mail?.subject).toBe("Finish creating your account");
      expect(unknownMail.mail?.text).toContain("http://store.test/account/sign-in?token=");
      // Only the hash is stored.
      const stored = await db().select().from(shopperSignInLinks);
      expect(stored.some((row) => row.token_hash === unknownMail.token)).toBe(false);
    });

    it("a malformed email is a clear 422, and nothing is sent", async () => {
      const res = await askLink("not-an-email");
      expect(res.statusCode).toBe(422);
      expect(JSON.stringify(res.json().detail)).toContain("Please enter a valid email address");
    });

    it("a link signs in once: the account is made on first use, a second use is refused", async () => {
      const email = newEmail("once");
      await askLink(email);
      const { token } = await waitForSignInMail(db(), email);
      if (!token) throw new Error("no link");
      const first = await useLink(token);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ email, has_password: false });
      const cookies = first.headers["set-cookie"] as string[];
      const session = cookies.find((line) => line.startsWith("mcf_shopper_session="));
      expect(session).toMatch(/^mcf_shopper_session=[A-Za-z0-9_-]{43};/);
      expect(session).toContain("HttpOnly");
      expect(session).toContain("SameSite=Lax");
      expect(session).toContain("Path=/");
      expect(session).not.toContain("Secure");
      const hint = cookies.find((line) => line.startsWith("mcf_signed_in="));
      expect(hint).toBeDefined();
      expect(hint).not.toContain("HttpOnly");

      const again = await useLink(token);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ detail: invalidSignInLinkMessage });
      expect(again.headers["set-cookie"]).toBeUndefined();

      const me = await as(cookieOf(cookies, "mcf_shopper_session")).get("/api/account");
      expect(me.statusCode).toBe(200);
      expect(me.json().email).toBe(email);
    });

    it("an expired link is refused like a used one", async () => {
      const email = newEmail("expired");
      await askLink(email);
      const { token } = await waitForSignInMail(db(), email);
      if (!token) throw new Error("no link");
      await db()
        .update(shopperSignInLinks)
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where(eq(shopperSignInLinks.email, email));
      const res = await useLink(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: invalidSignInLinkMessage });
      const unknown = await useLink("x".repeat(43));
      expect(unknown.statusCode).toBe(400);
    });

    it(`sends at most ${signInLinksPerEmailPerHour} links an hour to one address, even when the requests come at once`, async () => {
      const email = newEmail("limited");
      const answers = await Promise.all(
        Array.from({ length: signInLinksPerEmailPerHour + 2 }, () => askLink(email)),
      );
      for (const res of answers) {
        expect(res.statusCode).toBe(202);
        expect(res.json()).toEqual({ message: signInLinkReplyMessage });
      }
      // The same requests made directly, all at once: the limit holds across them.
      const other = newEmail("limited-direct");
      await Promise.all(
        Array.from({ length: signInLinksPerEmailPerHour + 3 }, () =>
          requestSignInLink(db(), other, { publicUrl: "http://store.test" }),
        ),
      );
      expect(await signInMails(other)).toBe(signInLinksPerEmailPerHour);
    });

    it("is rate-limited per network: more requests than the limit are a 429, another network is not", async () => {
      const address = "198.51.100.141";
      for (let i = 0; i < signInLinkRateLimit.max; i += 1)
        expect((await askLink(newEmail("net"), address)).statusCode).toBe(202);
      const blocked = await askLink(newEmail("net"), address);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().detail).toContain("Too many sign-in requests from your network");
      expect((await askLink(newEmail("net"), "198.51.100.142")).statusCode).toBe(202);
    });
  });

  describe("sessions and the optional password", () => {
    it("without a session every account call is a 401; signing out ends the session", async () => {
      const anonymous = await t.app.inject("/api/account/orders");
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().detail).toBe("Please sign in to your account.");
      const cookie = await signInByLink(t, newEmail("signout"));
      expect((await as(cookie).get("/api/account")).statusCode).toBe(200);
      const out = await as(cookie).send("DELETE", "/api/account/session");
      expect(out.statusCode).toBe(204);
      expect(String(out.headers["set-cookie"])).toContain("mcf_shopper_session=;");
      expect((await as(cookie).get("/api/account")).statusCode).toBe(401);
    });

    it("a password set afterwards signs in; a wrong one and an unknown email answer the same 401; a common one is refused", async () => {
      const email = newEmail("password");
      const cookie = await signInByLink(t, email);
      const common = await as(cookie).send("PUT", "/api/account/password", {
        new_password: "password123",
      });
      expect(common.statusCode).toBe(422);
      expect(common.json().detail).toBe(commonPasswordMessage);
      const set = await as(cookie).send("PUT", "/api/account/password", {
        new_password: "oak-plank-harbor-91",
      });
      expect(set.statusCode).toBe(200);
      expect(set.json().has_password).toBe(true);
      const signIn = (payload: object) =>
        t.app.inject({
          method: "POST",
          url: "/api/account/sign-in/password",
          payload,
          remoteAddress: nextShopperIp(),
        });
      const ok = await signIn({ email: email.toUpperCase(), password: "oak-plank-harbor-91" });
      expect(ok.statusCode).toBe(200);
      expect(cookieOf(ok.headers["set-cookie"], "mcf_shopper_session")).toMatch(/=.{43}$/);
      const wrong = await signIn({ email, password: "oak-plank-harbor-92" });
      const nobody = await signIn({ email: newEmail("nobody"), password: "oak-plank-harbor-91" });
      for (const res of [wrong, nobody]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ detail: shopperInvalidCredentialsMessage });
      }
    });

    it("email preferences are kept", async () => {
      const cookie = await signInByLink(t, newEmail("prefs"));
      const saved = await as(cookie).send("PUT", "/api/account/email-preferences", {
        marketing_emails: true,
        review_requests: false,
      });
      expect(saved.statusCode).toBe(200);
      expect((await as(cookie).get("/api/account")).json().email_preferences).toEqual({
        marketing_emails: true,
        review_requests: false,
      });
    });
  });

  describe("orders by the verified email", () => {
    it("lists the paid guest orders of the email once its link is used, never another email's or an unpaid one", async () => {
      const email = newEmail("guest");
      const product = await createProduct(db(), { name: "Guest Oak", stock_quantity: 50 });
      const paid = await createOrder(db(), {
        customer_email: email.toUpperCase(),
        lines: [{ product, quantity: 3 }],
      });
      await createOrder(db(), {
        customer_email: email,
        payment_status: "unpaid",
        status: "pending",
        paid_at: null,
      });
      const other = await createOrder(db(), { customer_email: newEmail("other") });

      const cookie = await signInByLink(t, email);
      const listed = (await as(cookie).get("/api/account/orders")).json().orders;
      expect(listed.map((order: { order_number: string }) => order.order_number)).toEqual([
        paid.friendly_order_id,
      ]);
      expect(listed[0]).toMatchObject({
        status: "processing",
        track_url: `/track/${paid.tracking_token}`,
        total_cents: paid.total_amount_cents,
        lines: [{ product_name: "Guest Oak", quantity: 3, kind: "box" }],
      });
      // Another shopper sees none of these, and cannot re-order them.
      const stranger = await signInByLink(t, newEmail("stranger"));
      expect((await as(stranger).get("/api/account/orders")).json().orders).toEqual([]);
      const reorder = await as(stranger).get(
        `/api/account/orders/${paid.friendly_order_id}/reorder`,
      );
      expect(reorder.statusCode).toBe(404);
      expect(
        (await as(stranger).get(`/api/account/orders/${other.friendly_order_id}/reorder`))
          .statusCode,
      ).toBe(404);
    });

    it("lists the installation jobs of the email with their pages", async () => {
      const email = newEmail("install");
      const job = await jobsApi(t).job({ customer_email: email });
      const cookie = await signInByLink(t, email);
      const jobs = (await as(cookie).get("/api/account/installation-jobs")).json().jobs;
      expect(jobs).toEqual([
        expect.objectContaining({ id: job.id, url: `/installation/jobs/${job.token}` }),
      ]);
    });
  });

  describe("re-order the same dye lot", () => {
    let checkout = 0;
    /** A paid order of `boxes` boxes taken from lot A of a product with lots A and B. */
    async function lotOrder(email: string, lots: Record<string, number>, boxes: number) {
      const stock = Object.values(lots).reduce((sum, n) => sum + n, 0);
      const product = await createProduct(db(), {
        name: `Lot Maple ${++checkout}`,
        stock_quantity: stock,
        our_price: 4,
      });
      const saved = await callAdmin(t, "PUT", `/api/admin/products/${product.id}/lots`, {
        lots: Object.entries(lots).map(([lot_code, n]) => ({ lot_code, boxes: n })),
      });
      expect(saved.statusCode).toBe(200);
      const ids: Record<string, number> = Object.fromEntries(
        (saved.json().lots as Array<{ id: number; lot_code: string }>).map((lot) => [
          lot.lot_code,
          lot.id,
        ]),
      );
      const started = await t.app.inject({
        method: "POST",
        url: "/api/payments/process",
        payload: buildPaymentRequest([{ product_id: product.id, quantity: boxes, lot_id: ids.A }], {
          customer_email: email,
        }),
        remoteAddress: nextShopperIp(),
      });
      expect(started.statusCode).toBe(200);
      const paid = await t.app.inject({
        method: "POST",
        url: `/api/payments/test-sessions/${started.json().id}/pay`,
        payload: { card_number: "4242 4242 4242 4242" },
      });
      expect(paid.statusCode).toBe(200);
      const [order] = await db()
        .select()
        .from(orders)
        .where(eq(orders.payment_session_id, started.json().id));
      if (!order) throw new Error("no order");
      return { product, ids, order };
    }
    const setLot = (id: number | undefined, boxes: number) =>
      db()
        .update(productLots)
        .set({ boxes })
        .where(eq(productLots.id, id ?? 0));

    it("offers the same lot when it has enough, what is left when it has too few, the closest lot with a warning when it has none", async () => {
      const email = newEmail("lots");
      const cookie = await signInByLink(t, email);
      const { product, ids, order } = await lotOrder(email, { A: 10, B: 8, Z: 20 }, 4);
      const plan = () =>
        as(cookie).get(`/api/account/orders/${order.friendly_order_id.toLowerCase()}/reorder`);

      // Lot A kept 6 boxes after the order: enough for another 4.
      const enough = await plan();
      expect(enough.statusCode).toBe(200);
      expect(enough.json().lines).toEqual([
        expect.objectContaining({
          product_id: product.id,
          outcome: "same_lot",
          lot_id: ids.A,
          lot_code: "A",
          boxes: 4,
          lot_boxes_left: 6,
          warning: null,
        }),
      ]);

      await setLot(ids.A, 2);
      const short = (await plan()).json().lines[0];
      expect(short).toMatchObject({ outcome: "same_lot_short", lot_id: ids.A, boxes: 2 });
      expect(short.warning).toContain("Lot A has only 2 boxes left of the 4 you ordered");

      await setLot(ids.A, 0);
      const closest = (await plan()).json().lines[0];
      // B sits next to A and covers the line; Z has more boxes but was made further away.
      expect(closest).toMatchObject({
        outcome: "closest_lot",
        lot_id: ids.B,
        lot_code: "B",
        boxes: 4,
      });
      expect(closest.warning).toContain("Lot A is sold out. These boxes come from lot B");

      await setLot(ids.B, 0);
      await setLot(ids.Z, 0);
      const none = (await plan()).json().lines[0];
      expect(none).toMatchObject({ outcome: "sold_out", lot_id: null, boxes: 0 });
      expect(none.warning).toContain("No other lot of this floor is in stock");
    });

    it("the lot it offers is the one checkout takes the boxes from", async () => {
      const email = newEmail("lotcart");
      const cookie = await signInByLink(t, email);
      const { product, ids, order } = await lotOrder(email, { A: 10, B: 8 }, 3);
      const line = (
        await as(cookie).get(`/api/account/orders/${order.friendly_order_id}/reorder`)
      ).json().lines[0];
      const again = await t.app.inject({
        method: "POST",
        url: "/api/payments/process",
        payload: buildPaymentRequest([
          { product_id: product.id, quantity: line.boxes, lot_id: line.lot_id },
        ]),
        remoteAddress: nextShopperIp(),
      });
      expect(again.statusCode).toBe(200);
      const [lotA] = await db()
        .select()
        .from(productLots)
        .where(eq(productLots.id, ids.A ?? 0));
      expect(lotA?.boxes).toBe(4);
    });
  });

  describe("what an account keeps", () => {
    const address = {
      label: "Home",
      full_name: "Avery Shopper",
      street: "12 Oak St",
      city: "Birmingham",
      state: "al",
      zip_code: "35203",
      phone: "205-555-0142",
    };

    it("saves addresses (the first is the default, one default at a time); another shopper cannot read, change or remove them", async () => {
      const cookie = await signInByLink(t, newEmail("addr"));
      const first = await as(cookie).send("POST", "/api/account/addresses", address);
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({ state: "AL", is_default: true, country: "US" });
      const second = await as(cookie).send("POST", "/api/account/addresses", {
        ...address,
        label: "Lake house",
        street: "9 Shore Rd",
        is_default: true,
      });
      const listed = (await as(cookie).get("/api/account/addresses")).json().addresses;
      expect(
        listed.map((a: { street: string; is_default: boolean }) => [a.street, a.is_default]),
      ).toEqual([
        ["9 Shore Rd", true],
        ["12 Oak St", false],
      ]);
      const bad = await as(cookie).send("POST", "/api/account/addresses", {
        ...address,
        zip_code: "352",
      });
      expect(bad.statusCode).toBe(422);
      expect(JSON.stringify(bad.json().detail)).toContain("Please enter a 5-digit ZIP code");
      // An address checkout would refuse is refused here too, on its ZIP code.
      const elsewhere = await as(cookie).send("POST", "/api/account/addresses", {
        ...address,
        zip_code: "10001",
      });
      expect(elsewhere.statusCode).toBe(422);
      expect(elsewhere.json().detail).toEqual([
        expect.objectContaining({
          loc: ["body", "zip_code"],
          msg: "ZIP code 10001 is in New York, not Alabama. Please check the state and the ZIP code.",
        }),
      ]);

      const stranger = await signInByLink(t, newEmail("addr-stranger"));
      expect((await as(stranger).get("/api/account/addresses")).json().addresses).toEqual([]);
      const id = second.json().id;
      expect(
        (await as(stranger).send("PUT", `/api/account/addresses/${id}`, address)).statusCode,
      ).toBe(404);
      expect((await as(stranger).send("DELETE", `/api/account/addresses/${id}`)).statusCode).toBe(
        404,
      );

      expect((await as(cookie).send("DELETE", `/api/account/addresses/${id}`)).statusCode).toBe(
        204,
      );
      const left = (await as(cookie).get("/api/account/addresses")).json().addresses;
      expect(left).toEqual([expect.objectContaining({ street: "12 Oak St", is_default: true })]);
    });

    it("keeps a project with two rooms, their measurements, calculator results and samples ordered", async () => {
      const email = newEmail("project");
      const floor = await createProduct(db(), { name: "Project Hickory", sqft_per_carton: 20 });
      await createOrder(db(), {
        customer_email: email,
        lines: [{ product: floor, quantity: 1, kind: "sample" }],
      });
      const cookie = await signInByLink(t, email);
      const created = await as(cookie).send("POST", "/api/account/projects", {
        name: "Downstairs",
        rooms: [
          { name: "Living room", area_sqft: 200, waste_percent: 10, product_id: floor.id },
          { name: "Hall", area_sqft: 45.5, waste_percent: 5, notes: "Stairs later" },
        ],
      });
      expect(created.statusCode).toBe(201);
      const reopened = await as(cookie).get(`/api/account/projects/${created.json().id}`);
      expect(reopened.json()).toMatchObject({
        name: "Downstairs",
        rooms: [
          {
            name: "Living room",
            area_sqft: 200,
            waste_percent: 10,
            product_name: "Project Hickory",
            sqft_with_waste: 220,
            boxes_needed: 11,
            sample_ordered: true,
          },
          {
            name: "Hall",
            area_sqft: 45.5,
            waste_percent: 5,
            boxes_needed: null,
            notes: "Stairs later",
          },
        ],
      });
      const badWaste = await as(cookie).send("POST", "/api/account/projects", {
        name: "Bad",
        rooms: [{ name: "Den", area_sqft: 100, waste_percent: 80 }],
      });
      expect(badWaste.statusCode).toBe(422);
      expect(JSON.stringify(badWaste.json().detail)).toContain("The waste factor is at most 50%");

      const stranger = await signInByLink(t, newEmail("project-stranger"));
      expect(
        (await as(stranger).get(`/api/account/projects/${created.json().id}`)).statusCode,
      ).toBe(404);
      expect((await as(stranger).get("/api/account/projects")).json().projects).toEqual([]);
    });

    it("saves floors once each, forgets them on request, and refuses an unknown floor", async () => {
      const cookie = await signInByLink(t, newEmail("saved"));
      const floor = await createProduct(db(), { name: "Saved Walnut" });
      expect(
        (await as(cookie).send("PUT", `/api/account/saved-products/${floor.id}`)).statusCode,
      ).toBe(204);
      expect(
        (await as(cookie).send("PUT", `/api/account/saved-products/${floor.id}`)).statusCode,
      ).toBe(204);
      const saved = (await as(cookie).get("/api/account/saved-products")).json().products;
      expect(saved).toEqual([
        expect.objectContaining({ product_id: floor.id, name: "Saved Walnut" }),
      ]);
      expect((await as(cookie).send("PUT", "/api/account/saved-products/999999")).statusCode).toBe(
        404,
      );
      await as(cookie).send("DELETE", `/api/account/saved-products/${floor.id}`);
      expect((await as(cookie).get("/api/account/saved-products")).json().products).toEqual([]);
    });
  });
});
