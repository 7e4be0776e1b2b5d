import { describe, expect, it } from "vitest";
import { ConfigError, DEV_ADMIN_PASSWORD, readConfig } from "./config.ts";

describe("readConfig", () => {
  it("gives working defaults for a fresh clone", () => {
    const config = readConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.adminPassword).toBe(DEV_ADMIN_PASSWORD);
    expect(config.adminPasswordIsDevDefault).toBe(true);
    expect(config.stripe).toBeNull();
    expect(config.seed).toBe(true);
    expect(config.aceApproval).toBe("manual");
  });

  it("lists every bad variable with a clear message", () => {
    let message = "";
    try {
      readConfig({
        PORT: "eighty",
        DATABASE_URL: "mysql://x",
        SEED: "maybe",
        ACE_APPROVAL: "sometimes",
      });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain("PORT");
    expect(message).toContain("DATABASE_URL: must start with postgres://");
    expect(message).toContain("SEED: must be true or false");
    expect(message).toContain("ACE_APPROVAL: must be manual or auto");
  });

  it("requires ADMIN_PASSWORD in production", () => {
    expect(() => readConfig({ NODE_ENV: "production" })).toThrow(/ADMIN_PASSWORD: required/);
    expect(
      readConfig({ NODE_ENV: "production", ADMIN_PASSWORD: "a-long-secret" })
        .adminPasswordIsDevDefault,
    ).toBe(false);
  });

  it("requires both Stripe keys or neither", () => {
    expect(() => readConfig({ STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(
      readConfig({ STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" }).stripe,
    ).not.toBeNull();
  });

  it("trusts X-Forwarded-For only from loopback proxies unless told otherwise", () => {
    expect(readConfig({}).trustProxy).toBe("loopback");
    expect(readConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).trustProxy).toBe(
      "10.0.0.0/8, 127.0.0.1",
    );
    expect(() => readConfig({ TRUST_PROXY: "$(rm -rf)" })).toThrow(/TRUST_PROXY/);
  });

  it("treats empty strings as unset", () => {
    expect(readConfig({ DATABASE_URL: "", SMTP_URL: " " }).databaseUrl).toBeUndefined();
  });
});
