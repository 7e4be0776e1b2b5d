import type { AdminSettingsResponse, StoreSettings } from "@mcf/contracts/store-settings";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callAdmin } from "../../../test/admin-requests.ts";
import { buildProjectInquiry } from "../../../test/api-factories.ts";
import { buildPaymentRequest, createProduct } from "../../../test/factories.ts";
import { createStaffSession, type StaffSession } from "../../../test/staff-factories.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { mailOutbox } from "../../db/schema/index.ts";
import { saveSettings } from "./settings.service.ts";

/**
 * A small server build standing in for the web app (as the page-cache tests use): its root
 * loader reads the store's public details through the in-process API, as web/app/root.tsx does,
 * and the page shows the phone in the footer and in the LocalBusiness JSON-LD.
 */
const renders = { count: 0 };

function contactPageBuild(): ServerBuild {
  return {
    entry: {
      module: {
        default: (
          _request: Request,
          status: number,
          headers: Headers,
          routerContext: { staticHandlerContext: { loaderData: Record<string, unknown> } },
        ) => {
          const { store } = routerContext.staticHandlerContext.loaderData.root as {
            store: { phone: string; business_name: string };
          };
          renders.count++;
          headers.set("content-type", "text/html; charset=utf-8");
          const jsonLd = JSON.stringify({
            "@type": "HomeAndConstructionBusiness",
            telephone: store.phone,
          });
          const html = `<!DOCTYPE html><html><head><script type="application/ld+json">${jsonLd}</script></head><body><main><h1>Contact ${store.business_name}</h1><a href="tel:x">${store.phone}</a></main><footer>Call ${store.phone}</footer></body></html>`;
          return new Response(html, { status, headers });
        },
      },
    },
    routes: {
      root: {
        id: "root",
        path: "",
        module: {
          default: () => null,
          loader: async ({
            context,
          }: {
            context: { apiFetch: (path: string) => Promise<Response> };
          }) => ({ store: await (await context.apiFetch("/api/settings/public")).json() }),
        },
      },
      page: { id: "page", parentId: "root", path: "*", module: { default: () => null } },
    },
    assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "settings-1" },
    publicPath: "/",
    assetsBuildDirectory: "",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial" },
  } as unknown as ServerBuild;
}

describe("store settings", () => {
  let shop: TestApp;
  /** A second process on the same database, with its own page cache and settings reader. */
  let other: TestApp;
  let owner: StaffSession;
  let staff: StaffSession;
  let catalogue: StaffSession;

  const current = async (): Promise<AdminSettingsResponse> =>
    (await callAdmin(shop, "GET", "/api/admin/settings")).json();
  const saveAs = (session: StaffSession, settings: unknown, app: TestApp = shop) =>
    app.app.inject({
      method: "PUT",
      url: "/api/admin/settings",
      headers: { cookie: session.cookie, origin: "http://store.test" },
      payload: settings as object,
    });
  const page = (app: TestApp, url: string) =>
    app.app.inject({ url, headers: { accept: "text/html" } });

  beforeAll(async () => {
    const web = { getBuild: contactPageBuild, mode: "production" as const };
    shop = await createTestApp({ web, config: { pageCacheBytes: 8 * 1024 * 1024 } });
    other = await createTestApp({
      database: shop.database,
      web,
      config: { pageCacheBytes: 8 * 1024 * 1024 },
    });
    owner = await createStaffSession(shop.app, { role: "owner", name: "Dana Owner" });
    staff = await createStaffSession(shop.app, { role: "staff" });
    catalogue = await createStaffSession(shop.app, { role: "catalogue" });
  });
  afterAll(async () => {
    await other.close();
    await shop.close();
  });

  it("GET /api/admin/settings answers today's values and names the placeholders among them", async () => {
    const res = await callAdmin(shop, "GET", "/api/admin/settings");
    expect(res.statusCode).toBe(200);
    const body = res.json() as AdminSettingsResponse;
    expect(body.settings.phone).toBe("(205) 555-0148");
    expect(body.settings.tax_rates).toEqual([{ state: "AL", rate_percent: 10 }]);
    expect(body.settings.samples).toEqual({ price_cents: 200, shipping_cents: 495 });
    expect(body.settings.partners).toHaveLength(7);
    expect(body.placeholders).toEqual(
      expect.arrayContaining(["Phone", "Email", "Street address", "Room visualizer address"]),
    );
    expect(body.updated_by).toBeNull();
  });

  it("a staff or catalogue account can neither read nor change the settings", async () => {
    const before = await current();
    for (const session of [staff, catalogue]) {
      const read = await shop.app.inject({
        url: "/api/admin/settings",
        headers: { cookie: session.cookie },
      });
      expect(read.statusCode).toBe(403);
      const write = await saveAs(session, { ...before.settings, phone: "(205) 111-2222" });
      expect(write.statusCode).toBe(403);
    }
    expect((await current()).settings.phone).toBe(before.settings.phone);
  });

  it("PUT rejects bad values with 422 naming each field, and changes nothing", async () => {
    const before = await current();
    const res = await saveAs(owner, {
      ...before.settings,
      phone: "call us",
      email: "not-an-email",
      room_visualizer_url: "http://insecure.example.org",
      tax_rates: [{ state: "AL", rate_percent: 35 }],
    });
    expect(res.statusCode).toBe(422);
    const messages = (res.json() as { detail: Array<{ loc: string[]; msg: string }> }).detail;
    const byField = Object.fromEntries(messages.map((m) => [m.loc.slice(1).join("."), m.msg]));
    expect(byField.phone).toBe("Phone must be a US number of 10 digits, like (205) 555-0148");
    expect(byField.email).toBe("Email must be an email address");
    expect(byField.room_visualizer_url).toBe(
      "Room visualizer address must be a full https:// address",
    );
    expect(byField["tax_rates.0.rate_percent"]).toBe("Tax rate must be at most 20%");
    expect(await current()).toEqual(before);
  });

  it("staff alerts go to the address saved in Settings, and the shipped example address is named a placeholder", async () => {
    const before = await current();
    expect(before.settings.staff_email).toBe("staff@magiccityfloors.example");
    expect(before.placeholders).toContain("Staff alerts email");
    const res = await saveAs(owner, {
      ...before.settings,
      staff_email: "team@magiccityfloors.com",
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as AdminSettingsResponse).placeholders).not.toContain("Staff alerts email");
    const inquiry = buildProjectInquiry({ name: "Alert Routing" });
    const sent = await shop.app.inject({
      method: "POST",
      url: "/api/project-inquiries",
      payload: inquiry,
      remoteAddress: "10.77.0.1",
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const alert = (await shop.database.db.select().from(mailOutbox)).find(
      (mail) => mail.reply_to === inquiry.email && mail.to_address !== inquiry.email,
    );
    expect(alert?.to_address).toBe("team@magiccityfloors.com");
    // A blank or malformed address is refused like any other field.
    const bad = await saveAs(owner, { ...before.settings, staff_email: "team at the store" });
    expect(bad.statusCode).toBe(422);
  });

  it("a new showroom address moves the map link that searched for the old one, and keeps a link the owner chose", async () => {
    const before = await current();
    const moved = { ...before.settings.address, street: "1500 Richard Arrington Jr Blvd S" };
    const res = await saveAs(owner, { ...before.settings, address: moved });
    expect(res.statusCode).toBe(200);
    const saved = (res.json() as AdminSettingsResponse).settings;
    expect(saved.map_url).toContain(encodeURIComponent("1500 Richard Arrington Jr Blvd S"));
    expect(saved.map_url).not.toBe(before.settings.map_url);
    // A map link the owner pasted is theirs: a later move leaves it alone.
    const own = "https://maps.app.goo.gl/magic-city-floors";
    await saveAs(owner, { ...saved, map_url: own });
    const again = await saveAs(owner, {
      ...saved,
      map_url: own,
      address: { ...moved, street: "2100 3rd Ave N" },
    });
    expect((again.json() as AdminSettingsResponse).settings.map_url).toBe(own);
    await saveAs(owner, before.settings);
  });

  it("the owner's save is audit-logged with their name and the fields that changed", async () => {
    const before = await current();
    const res = await saveAs(owner, { ...before.settings, email: "hello@magiccityfloors.com" });
    expect(res.statusCode).toBe(200);
    const saved = res.json() as AdminSettingsResponse;
    expect(saved.settings.email).toBe("hello@magiccityfloors.com");
    expect(saved.placeholders).not.toContain("Email");
    const audit = await callAdmin(shop, "GET", "/api/admin/audit?entity_type=settings&limit=5");
    const [entry] = (audit.json() as { entries: Array<Record<string, unknown>> }).entries;
    expect(entry).toMatchObject({
      action: "settings.update",
      entity_type: "settings",
      before: { email: before.settings.email },
      after: { email: "hello@magiccityfloors.com" },
    });
    expect(entry?.actor).toBe(owner.email);
    expect(saved.updated_by).toBe(entry?.actor);
  });

  it("a phone change shows on the contact page, its footer and JSON-LD on the next request of every process, page cache on", async () => {
    const before = await current();
    // Both processes have the page in their cache with the old phone.
    for (const app of [shop, other]) {
      await page(app, "/contact");
      const rendered = renders.count;
      const kept = await page(app, "/contact");
      expect(renders.count).toBe(rendered);
      expect(kept.body).toContain(before.settings.phone);
    }
    const res = await saveAs(owner, { ...before.settings, phone: "(205) 871-4400" });
    expect(res.statusCode).toBe(200);
    for (const app of [shop, other]) {
      const html = (await page(app, "/contact")).body;
      expect(html).not.toContain(before.settings.phone);
      expect(html).toContain("<footer>Call (205) 871-4400</footer>");
      expect(html).toContain('"telephone":"(205) 871-4400"');
      expect(html).toContain('<a href="tel:x">(205) 871-4400</a>');
    }
    const details = await other.app.inject({ url: "/api/settings/public" });
    expect(details.json()).toMatchObject({
      phone: "(205) 871-4400",
      phone_href: "tel:+12058714400",
      // The cart prices samples past the free ones with it, as the checkout does.
      sample_price_cents: before.settings.samples.price_cents,
    });
  });

  it("an email a process writes right after another process saved names the new phone, with no page view between", async () => {
    const product = await createProduct(shop.database.db, { name: "Email Phone Oak" });
    const started = await other.app.inject({
      method: "POST",
      url: "/api/payments/process",
      payload: buildPaymentRequest([{ product_id: product.id, quantity: 1 }], {
        customer_email: "phone.check@example.com",
      }),
    });
    expect(started.statusCode, started.body).toBe(200);
    // Saved by "another process": straight to the database, nothing through this app.
    const before = await current();
    await saveSettings(
      shop.database.db,
      { ...before.settings, phone: "(205) 933-1200" },
      shop.app.settings.defaults,
      "admin",
    );
    const paid = await other.app.inject({
      method: "POST",
      url: `/api/payments/test-sessions/${started.json().id}/pay`,
      payload: { card_number: "4242 4242 4242 4242" },
      headers: { origin: "http://store.test" },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [confirmation] = (await shop.database.db.select().from(mailOutbox)).filter(
      (mail) => mail.kind === "order-confirmation" && mail.to_address === "phone.check@example.com",
    );
    expect(confirmation?.text).toContain("(205) 933-1200");
    expect(confirmation?.text).not.toContain(before.settings.phone);
  });

  it("an email's subject names the store as saved, and the inquiry reply gives the saved hours", async () => {
    const before = await current();
    await saveSettings(
      shop.database.db,
      {
        ...before.settings,
        business_name: "Vulcan Floor Co",
        hours: [
          { days: "Mon-Sat", time: "9AM-5PM" },
          { days: "Sunday", time: "closed" },
        ],
      },
      shop.app.settings.defaults,
      "admin",
    );
    const inquiry = buildProjectInquiry();
    const sent = await other.app.inject({
      method: "POST",
      url: "/api/project-inquiries",
      payload: inquiry,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [reply] = (await shop.database.db.select().from(mailOutbox)).filter(
      (mail) => mail.kind === "inquiry-acknowledgement" && mail.to_address === inquiry.email,
    );
    expect(reply?.subject).toBe("We received your project details — Vulcan Floor Co");
    expect(reply?.text).toContain("(Mon-Sat 9AM-5PM)");
    expect(reply?.text).not.toContain("Saturday by appointment");
    await saveSettings(shop.database.db, before.settings, shop.app.settings.defaults, "admin");
  });

  it("a tax rate change changes the tax of the next cart calculation", async () => {
    const product = await createProduct(shop.database.db, {
      name: "Settings Tax Oak",
      our_price: 5,
      sqft_per_carton: 20,
      stock_quantity: 50,
    });
    const calculate = () =>
      other.app.inject({
        method: "POST",
        url: "/api/cart/calculate",
        payload: {
          cart_items: [{ product_id: product.id, quantity: 2 }],
          shipping_state: "GA",
          delivery_method: "pickup",
        },
      });
    // Showroom pickup is taxed at the showroom's state: Alabama, 10% of $200.
    expect((await calculate()).json()).toMatchObject({ subtotal: 200, tax: 20 });
    const before = await current();
    const changed: StoreSettings = {
      ...before.settings,
      tax_rates: [{ state: "AL", rate_percent: 9.25 }],
    };
    expect((await saveAs(owner, changed)).statusCode).toBe(200);
    expect((await calculate()).json()).toMatchObject({ subtotal: 200, tax: 18.5 });
  });

  it("no room visualizer address takes the visualizer out of the CSP, and partners come from the settings", async () => {
    const before = await current();
    const withVisualizer = await shop.app.inject({ url: "/api/settings/public" });
    expect(String(withVisualizer.headers["content-security-policy"])).toContain(
      "frame-src https://visualizer.roomvo.example",
    );
    const res = await saveAs(owner, {
      ...before.settings,
      room_visualizer_url: "",
      partners: [
        {
          name: "Magic Mills",
          slug: "magic-mills",
          description: "Our hardwood mill.",
          category: "Hardwood",
          url: "https://magicmills.com",
          logo: "https://cdn.magicmills.com/logo.svg",
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as AdminSettingsResponse).settings.room_visualizer_url).toBeNull();
    const html = await page(shop, "/contact");
    const csp = String(html.headers["content-security-policy"]);
    expect(csp).toContain("frame-src 'none'");
    expect(csp).toContain("img-src 'self' data: blob: https://cdn.magicmills.com");
    const partners = await other.app.inject({ url: "/api/content/partners" });
    expect(partners.json()).toEqual({
      partners: [expect.objectContaining({ name: "Magic Mills", url: "https://magicmills.com" })],
    });
  });
});
