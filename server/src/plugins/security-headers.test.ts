import { describe, expect, it } from "vitest";
import {
  type CspSettings,
  contentSecurityPolicy,
  freshNonce,
  noncePolicy,
} from "./security-headers.ts";

describe("script nonces", () => {
  it("are 16 fresh bytes each, across the blocks they are cut from", () => {
    const nonces = Array.from({ length: 1000 }, freshNonce);
    expect(new Set(nonces).size).toBe(1000);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });

  it("sit in the policy the settings give, which follows new settings", () => {
    const before: CspSettings = { room_visualizer_url: null, partners: [] };
    const after: CspSettings = {
      room_visualizer_url: "https://visualizer.example.com/rooms",
      partners: [
        {
          name: "Shaw",
          logo: "https://cdn.example.com/shaw.png",
        } as CspSettings["partners"][number],
      ],
    };
    for (const settings of [before, after, before]) {
      const nonce = freshNonce();
      expect(noncePolicy(nonce, settings)).toBe(contentSecurityPolicy({ nonce }, settings));
    }
    expect(noncePolicy("abc", after)).toContain("frame-src https://visualizer.example.com");
    expect(noncePolicy("abc", after)).toContain("https://cdn.example.com");
    expect(noncePolicy("abc", before)).toContain("frame-src 'none'");
  });
});
