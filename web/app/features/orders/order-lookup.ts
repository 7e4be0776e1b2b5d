/**
 * The payment session id the success page looks the order up by: `session_id`, or the
 * `order_details` JSON (used only to find the order; its amounts are never shown).
 * Returns null when the query holds no order information, "unreadable" when it cannot be parsed.
 */
export function sessionIdFromQuery(params: URLSearchParams): string | null | "unreadable" {
  const direct = params.get("session_id")?.trim();
  if (direct) return direct;
  const details = params.get("order_details");
  if (!details) return null;
  try {
    const parsed: unknown = JSON.parse(details);
    if (!parsed || typeof parsed !== "object") return "unreadable";
    const record = parsed as Record<string, unknown>;
    const id = record.stripe_session_id ?? record.session_id;
    return typeof id === "string" && id.trim() ? id.trim() : null;
  } catch {
    return "unreadable";
  }
}

/** localStorage key of the flag that the confirmation email was requested for an order. */
export const orderEmailFlagKey = (orderId: string) => `orderEmailSent:${orderId}`;
