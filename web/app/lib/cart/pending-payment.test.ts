import { describe, expect, it } from "vitest";
import {
  forgetPendingPayment,
  pendingPaymentKey,
  rememberPendingPayment,
  settlePendingPayment,
} from "./pending-payment.ts";

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
}

const answer = (payment_status: string) => async () =>
  ({ payment_status }) as { payment_status: "paid" };

describe("a payment started from this cart", () => {
  it("paid elsewhere: settles as paid once, then is forgotten", async () => {
    const storage = memoryStorage();
    rememberPendingPayment(storage, "test_abc");
    const asked: string[] = [];
    const lookup = async (id: string) => {
      asked.push(id);
      return { payment_status: "paid" as const };
    };
    expect(await settlePendingPayment(storage, lookup)).toBe("paid");
    expect(asked).toEqual(["test_abc"]);
    expect(storage.getItem(pendingPaymentKey)).toBeNull();
    expect(await settlePendingPayment(storage, lookup)).toBeNull();
  });

  it("still on the payment page, or the lookup failed: asks again next time", async () => {
    const storage = memoryStorage();
    rememberPendingPayment(storage, "test_abc");
    expect(await settlePendingPayment(storage, answer("unpaid"))).toBe("open");
    expect(
      await settlePendingPayment(storage, async () => {
        throw new Error("offline");
      }),
    ).toBe("open");
    expect(storage.getItem(pendingPaymentKey)).not.toBeNull();
  });

  it("cancelled, failed or expired: the cart stays and the payment is forgotten", async () => {
    for (const status of ["cancelled", "failed", "expired"]) {
      const storage = memoryStorage();
      rememberPendingPayment(storage, "test_abc");
      expect(await settlePendingPayment(storage, answer(status))).toBe("ended");
      expect(storage.getItem(pendingPaymentKey)).toBeNull();
    }
  });

  it("forgets a payment older than two days, an unreadable marker, and one /success settled", async () => {
    const storage = memoryStorage();
    rememberPendingPayment(storage, "test_old", Date.now() - 3 * 24 * 60 * 60 * 1000);
    expect(await settlePendingPayment(storage, answer("paid"))).toBeNull();
    storage.setItem(pendingPaymentKey, "{not json");
    expect(await settlePendingPayment(storage, answer("paid"))).toBeNull();
    expect(storage.getItem(pendingPaymentKey)).toBeNull();
    rememberPendingPayment(storage, "test_abc");
    forgetPendingPayment(storage);
    expect(await settlePendingPayment(storage, answer("paid"))).toBeNull();
  });
});
