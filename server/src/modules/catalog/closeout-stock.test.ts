import { describe, expect, it } from "vitest";
import { buildPaymentRequest, createProduct } from "../../../test/factories.ts";
import { useTestApp } from "../../../test/test-app.ts";

describe("boxes left on a closeout during a rush", () => {
  const t = useTestApp();

  const boxesLeft = async (id: number) => {
    const res = await t.app.inject("/api/products?closeout=true");
    expect(res.statusCode).toBe(200);
    const product = (res.json().products as Array<{ id: number; stock_quantity: number }>).find(
      (p) => p.id === id,
    );
    return product?.stock_quantity;
  };

  it("the closeout list follows every reservation and every release, through its cache", async () => {
    const p = await createProduct(t.database.db, {
      name: "Rush Closeout Oak",
      is_closeout: true,
      our_price: 2,
      msrp: 5,
      sqft_per_carton: 20,
      stock_quantity: 5,
    });
    // Warm the cache: the answer is kept for this catalogue version.
    expect(await boxesLeft(p.id)).toBe(5);
    expect(await boxesLeft(p.id)).toBe(5);

    const buyers = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.app.inject({
          method: "POST",
          url: "/api/payments/process",
          payload: buildPaymentRequest([{ product_id: p.id, quantity: 1 }]),
        }),
      ),
    );
    const started = buyers.filter((res) => res.statusCode === 200);
    expect(started).toHaveLength(5);
    expect(buyers.filter((res) => res.statusCode === 409)).toHaveLength(3);
    expect(await boxesLeft(p.id)).toBe(0);

    // A shopper who gives up returns the box, and the list says so at once.
    const id = (started[0]?.json() as { id: string } | undefined)?.id;
    const cancelled = await t.app.inject({
      method: "POST",
      url: `/api/payments/test-sessions/${id}/cancel`,
      headers: { origin: "http://store.test" },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await boxesLeft(p.id)).toBe(1);
  });
});
