import { describe, expect, it } from "vitest";
import {
  type CspSettings,
  contentSecurityPolicy,
  freshNonce,
  helmetHeaders,
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

describe("Helmet's headers", () => {
  it("are read once for the store's options: framing, sniffing, referrers, HSTS and the rest", () => {
    expect(
      helmetHeaders({
        contentSecurityPolicy: false,
        strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
        crossOriginEmbedderPolicy: false,
        crossOriginResourcePolicy: { policy: "same-origin" },
        referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      }),
    ).toEqual({
      "cross-origin-opener-policy": "same-origin",
      "cross-origin-resource-policy": "same-origin",
      "origin-agent-cluster": "?1",
      "referrer-policy": "strict-origin-when-cross-origin",
      "strict-transport-security": "max-age=31536000; includeSubDomains",
      "x-content-type-options": "nosniff",
      "x-dns-prefetch-control": "off",
      "x-download-options": "noopen",
      "x-frame-options": "SAMEORIGIN",
      "x-permitted-cross-domain-policies": "none",
      "x-xss-protection": "0",
    });
  });
});
