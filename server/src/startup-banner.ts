import type { Config } from "./config.ts";

/**
 * The lines `npm start` prints once listening: the URL, the database, payment and mail modes,
 * the admin password only when it is the built-in development default (a password from
 * the environment is never printed), and which store settings are still placeholders.
 */
export function startupBanner(
  config: Config,
  database: { kind: "postgres" | "pglite"; dataDir: string; seeded: boolean },
  /** The store settings that are still placeholders (settings.service `placeholderFields`). */
  placeholders: string[] = [],
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
  if (placeholders.length > 0)
    lines.push(
      `  settings: still placeholders, shown to customers until the owner replaces them in`,
      `            ${config.publicUrl}/admin?tab=settings: ${placeholders.join(", ")}`,
    );
  return `${lines.join("\n")}\n`;
}
