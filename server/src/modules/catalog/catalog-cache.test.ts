import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import type { PublicProduct } from "@mcf/contracts/product";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPaymentRequest, createProduct } from "../../../test/factories.ts";
import { createTestApp, type TestApp, testAdminPassword } from "../../../test/test-app.ts";
import { products } from "../../db/schema/index.ts";
import { cachedAnswer } from "../../http/answer-cache.ts";
import { compressionThresholdBytes } from "../../plugins/compression.ts";
import { jsonBody, readCatalogVersion } from "./catalog-cache.ts";

/**
 * The catalogue answers are cached per process (decision 041). These tests run two apps on one
 * database, as two processes behind a load balancer would, and check that a change made through
 * either shows at once in the other.
 */
describe("cached catalogue answers stay current", () => {
  let shop: TestApp;
  let other: TestApp;
  let product: { id: number };

  const listed = async (app: TestApp, url = "/api/products?per_page=-1") => {
    const res = await app.app.inject(url);
    expect(res.statusCode).toBe(200);
    return { res, body: res.json() as PublicProduct[] };
  };
  const find = (body: PublicProduct[], id: number) => body.find((p) => p.id === id);

  beforeAll(async () => {
    shop = await createTestApp();
    other = await createTestApp({ database: shop.database });
    product = await createProduct(shop.database.db, {
      name: "Cache Check Oak",
      our_price: 5,
      sqft_per_carton: 20,
      stock_quantity: 8,
    });
  });
  afterAll(async () => {
    await other.close();
    await shop.close();
  });

  it("a repeat request gets the same body and ETag, and revalidation costs a 304", async () => {
    const first = await listed(shop);
    const second = await listed(shop);
    expect(second.res.body).toBe(first.res.body);
    expect(second.res.headers.etag).toBe(first.res.headers.etag);
    expect(second.res.headers["x-total-count"]).toBe(first.res.headers["x-total-count"]);
    expect(second.res.headers["cache-control"]).toBe("no-cache");
    expect(second.res.headers["content-type"]).toMatch(/^application\/json/);
    const revalidated = await shop.app.inject({
      url: "/api/products?per_page=-1",
      headers: { "if-none-match": String(first.res.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe("");
  });

  it("sends the cached answer compressed as the client accepts, and plain when it accepts none", async () => {
    for (let n = 0; n < 4; n++) {
      await createProduct(shop.database.db, { name: `Compressed Maple ${n}`, our_price: 3 + n });
    }
    const url = "/api/products?per_page=-1";
    const plain = await shop.app.inject(url);
    expect(plain.rawPayload.length).toBeGreaterThan(compressionThresholdBytes);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const expected = plain.json();
    expect(expected.length).toBeGreaterThan(0);
    for (const [accept, encoding, decode] of [
      ["gzip, deflate, br", "br", brotliDecompressSync],
      ["gzip", "gzip", gunzipSync],
      ["br;q=0.5, gzip", "gzip", gunzipSync],
    ] as const) {
      for (let round = 0; round < 2; round++) {
        const res = await shop.app.inject({ url, headers: { "accept-encoding": accept } });
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-encoding"]).toBe(encoding);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.headers.etag).toBe(plain.headers.etag);
        expect(JSON.parse(decode(res.rawPayload).toString())).toEqual(expected);
      }
    }
    // A coding the cache does not keep is still honoured, by @fastify/compress.
    const deflated = await shop.app.inject({ url, headers: { "accept-encoding": "deflate" } });
    expect(deflated.headers["content-encoding"]).toBe("deflate");
    expect(JSON.parse(inflateSync(deflated.rawPayload).toString())).toEqual(expected);
  });

  it("a price edit made through another process shows at once in the list and the detail", async () => {
    await listed(shop);
    const before = await shop.app.inject(`/api/products/${product.id}`);
    expect(before.json().our_price).toBe(5);

    const edit = await other.app.inject({
      method: "PATCH",
      url: `/api/admin/products/${product.id}`,
      headers: { "admin-password": testAdminPassword },
      payload: { our_price: 4.25 },
    });
    expect(edit.statusCode).toBe(200);

    const after = await listed(shop);
    expect(find(after.body, product.id)?.our_price).toBe(4.25);
    expect(find(after.body, product.id)?.price_per_box).toBe(85);
    const detail = await shop.app.inject({
      url: `/api/products/${product.id}`,
      headers: { "if-none-match": String(before.headers.etag) },
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().our_price).toBe(4.25);
  });

  it("stock reserved by a checkout in another process shows at once", async () => {
    const before = find((await listed(shop)).body, product.id)?.stock_quantity ?? 0;
    const pay = await other.app.inject({
      method: "POST",
      url: "/api/payments/process",
      payload: buildPaymentRequest([{ product_id: product.id, quantity: 3 }]),
    });
    expect(pay.statusCode).toBe(200);
    expect(find((await listed(shop)).body, product.id)?.stock_quantity).toBe(before - 3);
  });

  it("a product deleted or added elsewhere leaves or joins the list at once", async () => {
    const extra = await createProduct(shop.database.db, {
      name: "Cache Check Added",
      our_price: 2,
    });
    expect(find((await listed(shop)).body, extra.id)?.name).toBe("Cache Check Added");
    await shop.database.db.delete(products).where(eq(products.id, extra.id));
    expect(find((await listed(shop)).body, extra.id)).toBeUndefined();
    expect((await shop.app.inject(`/api/products/${extra.id}`)).statusCode).toBe(404);
  });

  it("the catalogue version moves once per committed transaction, not for one rolled back", async () => {
    const db = shop.database.db;
    const start = BigInt(await readCatalogVersion(db));
    await db.transaction(async (tx) => {
      await tx
        .update(products)
        .set({
          stock_quantity: 40,
          on_hand: sql`40 + ${products.allocated} + ${products.reserved}`,
        })
        .where(eq(products.id, product.id));
      await tx
        .update(products)
        .set({
          stock_quantity: 41,
          on_hand: sql`41 + ${products.allocated} + ${products.reserved}`,
        })
        .where(eq(products.id, product.id));
    });
    expect(BigInt(await readCatalogVersion(db))).toBe(start + 1n);
    await expect(
      db.transaction(async (tx) => {
        await tx
          .update(products)
          .set({
            stock_quantity: 7,
            on_hand: sql`7 + ${products.allocated} + ${products.reserved}`,
          })
          .where(eq(products.id, product.id));
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(BigInt(await readCatalogVersion(db))).toBe(start + 1n);
    const [row] = await db
      .execute<{ stock: number }>(
        sql`select stock_quantity as stock from products where id = ${product.id}`,
      )
      .then((r) => r.rows);
    expect(Number(row?.stock)).toBe(41);
  });
});

describe("jsonBody", () => {
  it("writes a long array element by element, compressed, as the same JSON as JSON.stringify", async () => {
    const long = Array.from({ length: 1500 }, (_, i) => ({
      id: i,
      name: `Plank — ${i} ${"oak ".repeat(i % 40)}`,
      x: undefined,
    }));
    const streamed = await jsonBody([...long, undefined]);
    if (Buffer.isBuffer(streamed)) throw new Error("a long list is compressed as it is written");
    const plain = Buffer.from(JSON.stringify([...long, undefined]));
    expect(brotliDecompressSync(streamed.br).equals(plain)).toBe(true);
    expect(streamed.size).toBe(plain.length);
    // The same answer as the whole bytes would make: the same ETag, the same plain body.
    const whole = cachedAnswer("1", plain, {});
    const kept = cachedAnswer("1", streamed, {});
    expect(kept.etag).toBe(whole.etag);
    expect(kept.size).toBe(whole.size);
    expect(kept.keptBytes()).toBe(streamed.br.length);
    expect(kept.body().equals(plain)).toBe(true);
    expect(gunzipSync(kept.encoded("gzip")).equals(plain)).toBe(true);
    for (const value of [[1, "two", null], { a: 1 }, []])
      expect((await jsonBody(value)).toString()).toBe(JSON.stringify(value));
  });
});
