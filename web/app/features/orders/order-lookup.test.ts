import { describe, expect, it } from "vitest";
import { sessionIdFromQuery } from "./order-lookup.ts";

const query = (text: string) => new URLSearchParams(text);

describe("success page order lookup", () => {
  it("reads session_id first", () => {
    expect(sessionIdFromQuery(query("session_id=cs_test_123"))).toBe("cs_test_123");
  });

  it("reads the session id out of order_details JSON", () => {
    const details = encodeURIComponent(JSON.stringify({ stripe_session_id: "cs_abc", total: 1 }));
    expect(sessionIdFromQuery(query(`order_details=${details}`))).toBe("cs_abc");
  });

  it("tells missing information from unreadable information", () => {
    expect(sessionIdFromQuery(query(""))).toBeNull();
    expect(sessionIdFromQuery(query("order_details=%7Bnot-json"))).toBe("unreadable");
    expect(sessionIdFromQuery(query(`order_details=${encodeURIComponent("{}")}`))).toBeNull();
  });
});
