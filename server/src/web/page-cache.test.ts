import { createHash } from "node:crypto";
import { brotliDecompressSync } from "node:zlib";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../test/factories.ts";
import { createTestApp, type TestApp, testAdminPassword } from "../../test/test-app.ts";
import { bumpContentVersion } from "../modules/content/content.service.ts";
import { inlineScriptHashes, toKeptPage } from "./page-cache.ts";

/** How many times each fake build rendered a page. */
const renders = { count: 0 };

/**
 * A small server build standing in for the web app: every address is a page (a splat route) whose
 * root loader reads `?product=ID` through the in-process API, as the product pages do, and whose
 * HTML carries two inline scripts with the response's nonce, as React Router's does.
 */
function fakeBuild(version: string): ServerBuild {
  return {
    entry: {
      module: {
        default: (
          _request: Request,
          status: number,
          headers: Headers,
          routerContext: { staticHandlerContext: { loaderData: Record<string, unknown> } },
          loadContext: { cspNonce: string },
        ) => {
          renders.count++;
          const data = routerContext.staticHandlerContext.loaderData.root as {
            name?: string;
            our_price?: number;
            query?: string;
          };
          const nonce = loadContext.cspNonce;
          headers.set("content-type", "text/html; charset=utf-8");
          headers.set("cache-control", "no-cache");
          const html = `<!DOCTYPE html><html><head><script nonce="${nonce}">window.started = true;</script><script type="application/ld+json">{"@type":"Product"}</script></head><body><p>Build ${version}</p><p>${"Oak, hickory and maple floors for Birmingham homes. ".repeat(40)}</p><p>${data.name ?? "home"}: $${data.our_price ?? "-"}</p><p>Query: ${data.query ?? ""}</p><script type="text/plain" data-after-paint="" nonce="${nonce}">import("/assets/entry.js");</script><script src="/assets/x.js"></script></body></html>`;
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
            request,
            context,
          }: {
            request: Request;
            context: { apiFetch: (path: string) => Promise<Response> };
          }) => {
            const url = new URL(request.url);
            const id = url.searchParams.get("product");
            if (!id) return { query: url.search };
            return (await context.apiFetch(`/api/products/${id}`)).json();
          },
        },
      },
      page: { id: "page", parentId: "root", path: "*", module: { default: () => null } },
    },
    assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version },
    publicPath: "/",
    assetsBuildDirectory: "",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial" },
  } as unknown as ServerBuild;
}

describe("the page cache", () => {
  let shop: TestApp;
  let other: TestApp;
  let build = fakeBuild("1");
  let product: { id: number };
  const page = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
    app.app.inject({ url, headers: { accept: "text/html", ...headers } });
  /** The renders a request cost (0 when the page came from the cache). */
  const rendersFor = async (app: TestApp, url: string, headers: Record<string, string> = {}) => {
    const before = renders.count;
    const res = await page(app, url, headers);
    return { res, renders: renders.count - before };
  };

  beforeAll(async () => {
    const web = { getBuild: () => build, mode: "production" as const };
    shop = await createTestApp({ web });
    // A second process on the same database, as behind a load balancer.
    other = await createTestApp({ database: shop.database, web });
    product = await createProduct(shop.database.db, {
      name: "Page Cache Hickory",
      our_price: 5,
      sqft_per_carton: 20,
    });
  });
  afterAll(async () => {
    await other.close();
    await shop.close();
  });

  it("renders a public page once, serves the repeat from the cache and revalidates it with a 304", async () => {
    const url = `/products/${product.id}?product=${product.id}`;
    const first = await rendersFor(shop, url);
    expect(first.res.statusCode).toBe(200);
    expect(first.res.body).toContain("Page Cache Hickory: $5");
    expect(first.renders).toBe(1);

    const repeat = await rendersFor(shop, url);
    expect(repeat.renders).toBe(0);
    expect(repeat.res.body).toBe(first.res.body);
    expect(repeat.res.headers.etag).toBe(first.res.headers.etag);
    expect(repeat.res.headers["cache-control"]).toBe("no-cache");

    const revalidated = await page(shop, url, { "if-none-match": String(first.res.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe("");
  });

  it("keys pages by address with the query's parameters in any order, and compresses them once", async () => {
    const first = await rendersFor(shop, "/products?type=lvp&sort=price");
    const reordered = await rendersFor(shop, "/products?sort=price&type=lvp", {
      "accept-encoding": "br",
    });
    expect(first.renders + reordered.renders).toBe(1);
    expect(reordered.res.headers["content-encoding"]).toBe("br");
    expect(reordered.res.headers.vary).toBe("accept-encoding");
    expect(brotliDecompressSync(reordered.res.rawPayload).toString()).toBe(first.res.body);
  });

  it("renders a shared link once whatever campaign tags and click ids its visitors bring", async () => {
    const fromPost = await rendersFor(shop, "/blog/shared?type=lvp&fbclid=first-visitor");
    const fromAd = await rendersFor(
      shop,
      "/blog/shared/?utm_source=news&utm_campaign=fall&gclid=second&type=lvp",
    );
    expect(fromPost.renders + fromAd.renders).toBe(1);
    // The page was rendered for the address without them: no visitor's click id in the bytes.
    expect(fromAd.res.body).toContain("Query: ?type=lvp</p>");
    expect(fromAd.res.body).not.toContain("first-visitor");
    expect(fromAd.res.headers.etag).toBe(fromPost.res.headers.etag);
    // Any other parameter may change the page: it is another page.
    const other = await rendersFor(shop, "/blog/shared?type=lvp&page=2");
    expect(other.renders).toBe(1);
    expect(other.res.body).toContain("Query: ?page=2&type=lvp</p>");
  });

  it("shows a price change on the next request, made through another process", async () => {
    const url = `/products/${product.id}?product=${product.id}`;
    await page(shop, url);
    const edit = await other.app.inject({
      method: "PATCH",
      url: `/api/admin/products/${product.id}`,
      headers: { "admin-password": testAdminPassword },
      payload: { our_price: 4.25 },
    });
    expect(edit.statusCode).toBe(200);
    const after = await rendersFor(shop, url);
    expect(after.renders).toBe(1);
    expect(after.res.body).toContain("Page Cache Hickory: $4.25");
  });

  it("renders again after a settings change, from a settings table's trigger or the service", async () => {
    const url = "/about";
    await page(shop, url);
    expect((await rendersFor(shop, url)).renders).toBe(0);

    // A table of store settings attaches the content-version trigger (migration 0013).
    const db = shop.database.db;
    await db.execute(
      sql`create table if not exists test_store_settings (id int primary key, phone text)`,
    );
    await db.execute(sql`drop trigger if exists test_store_settings_bump on test_store_settings`);
    await db.execute(
      sql`create constraint trigger test_store_settings_bump after insert or update or delete on test_store_settings deferrable initially deferred for each row execute function bump_content_version()`,
    );
    await db.execute(
      sql`insert into test_store_settings values (1, '205-555-0100') on conflict (id) do update set phone = excluded.phone`,
    );
    // Seen by this process and by the other one on the same database.
    expect((await rendersFor(shop, url)).renders).toBe(1);
    expect((await rendersFor(other, url)).renders).toBe(1);
    expect((await rendersFor(shop, url)).renders).toBe(0);

    await db.transaction(async (tx) => bumpContentVersion(tx));
    expect((await rendersFor(shop, url)).renders).toBe(1);
    expect((await rendersFor(shop, url)).renders).toBe(0);
  });

  it("never serves the old build's pages after a new build", async () => {
    const url = "/gallery";
    expect((await page(shop, url)).body).toContain("Build 1");
    build = fakeBuild("2");
    try {
      const after = await rendersFor(shop, url);
      expect(after.renders).toBe(1);
      expect(after.res.body).toContain("Build 2");
    } finally {
      build = fakeBuild("1");
    }
  });

  it("never keeps the partner area, the shopper's account, the back office or a buyer's own pages", async () => {
    for (const url of [
      "/ace",
      "/ace/products/1",
      "/account",
      "/account/sign-in?token=abc",
      "/admin",
      "/cart",
      "/pay/test_123",
      "/success?session_id=test_123",
      "/track/abc",
      "/installation/jobs/abc",
      "/installation/visit/1.abc",
      "/installation/book?job=abc",
    ]) {
      await page(shop, url);
      const again = await rendersFor(shop, url);
      expect({ url, renders: again.renders }).toEqual({ url, renders: 1 });
      expect(again.res.headers["content-security-policy"]).toMatch(/'nonce-/);
      expect(again.res.headers.etag).toBeUndefined();
    }
    // Their data requests (client-side navigation) are not kept either; a public page's are.
    for (const url of ["/ace.data", "/cart.data", "/pay/test_123.data"])
      expect({ url, etag: (await page(shop, url)).headers.etag }).toEqual({ url, etag: undefined });
    await page(shop, "/about.data");
    expect((await page(shop, "/about.data")).headers.etag).toBeDefined();
    // A request with a cookie or credentials gets its own render, too.
    await page(shop, "/about");
    expect((await rendersFor(shop, "/about", { cookie: "a=b" })).renders).toBe(1);
    expect((await rendersFor(shop, "/about", { authorization: "Bearer x" })).renders).toBe(1);
  });

  it("gives a cached page a CSP that allows exactly its inline scripts, and no stale nonce", async () => {
    await page(shop, "/contact");
    const cached = await page(shop, "/contact");
    const policy = String(cached.headers["content-security-policy"]);
    expect(cached.body).not.toMatch(/nonce=/);
    expect(policy).not.toMatch(/'nonce-/);
    const scriptSrc = policy.split("; ").find((part) => part.startsWith("script-src")) ?? "";
    const digest = (text: string) => createHash("sha256").update(text).digest("base64");
    // The two scripts the browser runs (the module is started from the data block), not JSON-LD.
    expect(scriptSrc.split(" ").sort()).toEqual(
      [
        "script-src",
        "'self'",
        `'sha256-${digest("window.started = true;")}'`,
        `'sha256-${digest('import("/assets/entry.js");')}'`,
      ].sort(),
    );
  });

  it("keeps only a 200 without cookies or a private Cache-Control", async () => {
    const html = { "content-type": "text/html" };
    const csp = { room_visualizer_url: null, partners: [] };
    expect(
      await toKeptPage(new Response("x", { status: 404, headers: html }), "n", csp),
    ).toBeNull();
    expect(
      await toKeptPage(new Response("x", { headers: { ...html, "set-cookie": "a=b" } }), "n", csp),
    ).toBeNull();
    expect(
      await toKeptPage(
        new Response("x", { headers: { ...html, "cache-control": "private" } }),
        "n",
        csp,
      ),
    ).toBeNull();
    const kept = await toKeptPage(new Response("<p>x</p>", { headers: html }), "n", csp);
    expect(kept?.body.toString()).toBe("<p>x</p>");
    expect(inlineScriptHashes('<script nonce="a"></script><script src="/a.js"></script>')).toEqual(
      [],
    );
  });
});
