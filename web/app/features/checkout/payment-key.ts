import { useRef } from "react";

/** 128 random bits as hex (crypto.randomUUID needs a secure context; this does not). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The Idempotency-Key of a payment start: the same while the request is the same (a retry, a
 * second click after a lost answer returns the first payment session, never a second
 * reservation), a new one once the cart or the details change.
 */
export function usePaymentKey(): (request: unknown) => string {
  const last = useRef<{ request: string; key: string } | null>(null);
  return (request) => {
    const text = JSON.stringify(request);
    if (last.current?.request !== text) last.current = { request: text, key: newKey() };
    return last.current.key;
  };
}
