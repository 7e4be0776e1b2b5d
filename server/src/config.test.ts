import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { ConfigError, DEV_ADMIN_PASSWORD, loadDotEnv, readConfig } from "./config.ts";

describe("loadDotEnv", () => {
  const names = ["MCF_TEST_FROM_FILE", "MCF_TEST_QUOTED", "MCF_TEST_SET_BEFORE"];
  const dir = mkdtempSync(join(tmpdir(), "mcf-dotenv-"));
  afterEach(() => {
    for (const name of names) delete process.env[name];
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("fills unset variables from the file and never overrides one the environment sets", () => {
    const file = join(dir, ".env");
    writeFileSync(
      file,
      [
        "# the shop's local settings",
        "MCF_TEST_FROM_FILE=from-file",
        'MCF_TEST_QUOTED="Magic City Floors <orders@example.com>"',
        "MCF_TEST_SET_BEFORE=from-file",
      ].join("\n"),
    );
    process.env.MCF_TEST_SET_BEFORE = "from-host";
    loadDotEnv(file);
    expect(process.env.MCF_TEST_FROM_FILE).toBe("from-file");
    expect(process.env.MCF_TEST_QUOTED).toBe("Magic City Floors <orders@example.com>");
    expect(process.env.MCF_TEST_SET_BEFORE).toBe("from-host");
  });

  it("leaves the environment alone when there is no file", () => {
    const before = { ...process.env };
    loadDotEnv(join(dir, "missing.env"));
    expect(process.env).toEqual(before);
  });
});

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
    // Cached pages are counted as the brotli bytes kept (decision 086): 32 MB holds 1000 of them.
    expect(config.pageCacheBytes).toBe(32 * 1024 * 1024);
    // Browsing and checkouts have places of their own; a request waits up to 5 s for one.
    expect(config.admission).toEqual({ browseLimit: 32, checkoutLimit: 256, maxWaitMs: 5000 });
    expect(config.samples).toEqual({
      pricePerSampleCents: 200,
      parcelRateCents: 495,
      followUpDays: 5,
    });
    expect(readConfig({ SAMPLE_SHIPPING: "0", SAMPLE_PRICE: "1.5" }).samples).toMatchObject({
      pricePerSampleCents: 150,
      parcelRateCents: 0,
    });
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

  const badValues: Array<[string, string, string]> = [
    ["NODE_ENV", "prod", "must be development, production or test"],
    ["PORT", "99999", "must be a port number (0-65535)"],
    ["PORT", "3000.5", "must be a port number (0-65535)"],
    ["HOST", "", "must not be empty"],
    ["PUBLIC_URL", "floors.example", "must be an absolute URL"],
    ["DATABASE_URL", "mysql://db/store", "must start with postgres:// or postgresql://"],
    ["DATA_DIR", "", "must be a folder path"],
    ["ADMIN_PASSWORD", "short", "must be at least 8 characters"],
    ["STRIPE_SECRET_KEY", "sk_test_x", "set both (Stripe mode) or neither"],
    ["STRIPE_WEBHOOK_SECRET", "whsec_x", "set both (Stripe mode) or neither"],
    ["SMTP_URL", "http://mail.example", "must start with smtp:// or smtps://"],
    ["MAIL_FROM", "orders", "must be an address, or a name and <address>"],
    ["STAFF_EMAIL", "staff", "must be an email address"],
    ["SEED", "maybe", "must be true or false"],
    ["REDIS_URL", "http://cache", "must start with redis:// or rediss://"],
    ["ACE_APPROVAL", "sometimes", "must be manual or auto"],
    ["MAIL_POLL_MS", "fast", "must be a whole number of milliseconds from 100 to 600000"],
    ["MAIL_POLL_MS", "5", "must be a whole number of milliseconds from 100 to 600000"],
    ["SHED_BROWSE_AT", "0", "must be a whole number of requests from 1 to 10000"],
    ["SHED_CHECKOUT_AT", "lots", "must be a whole number of requests from 1 to 10000"],
    ["SHED_WAIT_SECONDS", "0.25", "must be a whole number of seconds from 1 to 120"],
    ["SHED_WAIT_SECONDS", "600", "must be a whole number of seconds from 1 to 120"],
    ["LOG_LEVEL", "loud", "must be one of fatal, error, warn, info, debug, trace, silent"],
    ["SAMPLE_PRICE", "two", "must be dollars and cents from 0 to 100 (e.g. 4.95)"],
    ["SAMPLE_PRICE", "1.999", "must be dollars and cents from 0 to 100 (e.g. 4.95)"],
    ["SAMPLE_SHIPPING", "-1", "must be dollars and cents from 0 to 100 (e.g. 4.95)"],
    ["SAMPLE_FOLLOW_UP_DAYS", "0", "must be a whole number of days from 1 to 90"],
  ];
  for (const [variable, value, message] of badValues) {
    it(`names ${variable}=${JSON.stringify(value)} with the message "${message}"`, () => {
      expect(() => readConfig({ [variable]: value })).toThrow(
        new RegExp(`\\n  [^\\n]*${variable}[^\\n]*: ${message.replace(/[()<>]/g, "\\$&")}`),
      );
    });
  }

  it("lists rules across variables together with the other bad values", () => {
    expect(() => readConfig({ NODE_ENV: "production", PORT: "x" })).toThrow(
      /PORT: must be a port number[\s\S]*ADMIN_PASSWORD: required when NODE_ENV=production/,
    );
  });

  it("accepts a bare sender address or a name with an address", () => {
    expect(readConfig({ MAIL_FROM: "shop@floors.example" }).mailFrom).toBe("shop@floors.example");
    expect(readConfig({ MAIL_FROM: "Floors <shop@floors.example>" }).mailFrom).toBe(
      "Floors <shop@floors.example>",
    );
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
