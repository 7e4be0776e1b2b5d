import { describe, expect, it } from "vitest";
import { DEV_ADMIN_PASSWORD, readConfig } from "./config.ts";
import { startupBanner } from "./startup-banner.ts";

const pglite = { kind: "pglite" as const, dataDir: "/srv/data/pglite", seeded: true };

describe("the start banner", () => {
  it("prints the URL, test payment mode, outbox mail mode and the development password", () => {
    const banner = startupBanner(readConfig({}), pglite);
    expect(banner).toContain("running at http://localhost:3000");
    expect(banner).toContain("embedded PGlite in /srv/data/pglite (sample catalogue seeded)");
    expect(banner).toContain("payments: test mode");
    expect(banner).toContain("mail:     outbox only");
    expect(banner).toContain(`development password: ${DEV_ADMIN_PASSWORD}`);
    expect(banner).not.toContain("placeholders");
  });

  it("lists the store settings that are still placeholders", () => {
    const banner = startupBanner(readConfig({}), pglite, ["Phone", "Email"]);
    expect(banner).toContain("settings: still placeholders");
    expect(banner).toContain("http://localhost:3000/admin?tab=settings: Phone, Email");
  });

  it("names Stripe and SMTP modes, and never prints a password from the environment", () => {
    const config = readConfig({
      PUBLIC_URL: "https://floors.example",
      ADMIN_PASSWORD: "from-the-environment",
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      SMTP_URL: "smtp://user:pass@mail.example:587",
    });
    const banner = startupBanner(config, { kind: "postgres", dataDir: "", seeded: false });
    expect(banner).toContain("running at https://floors.example");
    expect(banner).toContain("database: PostgreSQL (DATABASE_URL)");
    expect(banner).toContain("payments: Stripe Checkout");
    expect(banner).toContain("mail:     SMTP");
    expect(banner).not.toContain("from-the-environment");
    expect(banner).not.toContain("password");
    expect(banner).not.toContain("user:pass");
  });
});
