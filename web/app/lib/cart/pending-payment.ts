import type { OrderConfirmation } from "@mcf/contracts/orders";

/**
 * The payment a shopper started from this browser's cart, kept until its outcome is known. The
 * payment page and /success may be on another address than the one holding the cart (PUBLIC_URL,
 * another host name), where this cart cannot be reached; when the shopper is back here, the cart
 * asks how that payment ended and empties itself if it was paid, so nothing is bought twice.
 */
export const pendingPaymentKey = "flooringCartPendingPayment";

/** A payment not heard of for this long is forgotten (sessions expire long before). */
const forgetAfterMs = 2 * 24 * 60 * 60 * 1000;

interface PendingPayment {
  session_id: string;
  started_at: number;
}

export function rememberPendingPayment(storage: Storage, sessionId: string, now = Date.now()) {
  const pending: PendingPayment = { session_id: sessionId, started_at: now };
  storage.setItem(pendingPaymentKey, JSON.stringify(pending));
}

export function forgetPendingPayment(storage: Storage) {
  storage.removeItem(pendingPaymentKey);
}

function readPending(storage: Storage): PendingPayment | null {
  try {
    const value = JSON.parse(storage.getItem(pendingPaymentKey) ?? "null") as PendingPayment | null;
    return typeof value?.session_id === "string" && typeof value.started_at === "number"
      ? value
      : null;
  } catch {
    return null;
  }
}

/**
 * Settles the remembered payment: "paid" (the caller empties the cart), "ended" (cancelled,
 * failed or expired: the cart stays), "open" (still on the payment page: ask again later) or
 * null when there is none. The marker is dropped once the outcome is final or too old; a lookup
 * that fails leaves it for the next visit.
 */
export async function settlePendingPayment(
  storage: Storage,
  lookup: (sessionId: string) => Promise<Pick<OrderConfirmation, "payment_status">>,
  now = Date.now(),
): Promise<"paid" | "ended" | "open" | null> {
  const pending = readPending(storage);
  if (!pending) {
    forgetPendingPayment(storage);
    return null;
  }
  if (now - pending.started_at > forgetAfterMs) {
    forgetPendingPayment(storage);
    return null;
  }
  let status: string;
  try {
    status = (await lookup(pending.session_id)).payment_status;
  } catch {
    return "open";
  }
  if (status === "unpaid") return "open";
  forgetPendingPayment(storage);
  return status === "paid" ? "paid" : "ended";
}
