import type { Config } from "./config.ts";

/**
 * The lines `npm start` prints once listening: the URL, the database, payment and mail modes,
 * and the admin password only when it is the built-in development default (a password from
 * the environment is never printed).
 */
export function startupBanner(
  config: Config,
  database: { kind: "postgres" | "pglite"; dataDir: string; seeded: boolean },
): string {
  const lines = [
    "",
    `  Magic City Floors is running at ${config.publicUrl}`,
    `  database: ${database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${database.dataDir}`}${database.seeded ? " (sample catalogue seeded)" : ""}`,
    `  payments: ${config.stripe ? "Stripe Checkout" : "test mode — built-in payment page (test cards: see README)"}`,
    `  mail:     ${config.smtpUrl ? "SMTP" : "outbox only (no SMTP_URL): messages are stored, recipients and subjects logged"}`,
  ];
  if (config.adminPasswordIsDevDefault)
    lines.push(
      `  admin:    ${config.publicUrl}/admin — development password: ${config.adminPassword}`,
    );
  return `${lines.join("\n")}\n`;
}
