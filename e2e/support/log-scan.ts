import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { partnerPassword } from "../../server/test/api-factories.ts";
import { capturedMails } from "./mail.ts";

/**
 * Secrets a whole e2e run handles, gathered after the server stopped: the admin password, the
 * partner passwords the specs and the factories use, the test cards, every token the store mailed out, and every
 * session token, reset token, tracking token and payment session id in its database.
 */
export interface RunSecrets {
  /** Values that must never appear anywhere in the log, with a label for the report. */
  plain: Map<string, string>;
  /** SHA-256 hex of tokens the database keeps only hashed (partner sessions, reset links). */
  hashed: Set<string>;
}

const testCards = [
  "4242 4242 4242 4242",
  "4242424242424242",
  "4000 0000 0000 0002",
  "4000000000000002",
];

/** Passwords typed by the specs: `password: "..."`, `const newPassword = "..."` and fill(...). */
export function passwordsInSpecs(specsDir: string): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (path.endsWith(".ts")) {
        const source = readFileSync(path, "utf8");
        for (const match of source.matchAll(/[pP]assword\w*\s*[:=]\s*"([^"]{8,})"/g)) {
          if (match[1]) found.add(match[1]);
        }
        for (const match of source.matchAll(
          /getByLabel\("[^"]*Password[^"]*"[^)]*\)\s*\.fill\("([^"]{8,})"\)/g,
        )) {
          if (match[1]) found.add(match[1]);
        }
      }
    }
  };
  walk(specsDir);
  return [...found];
}

/** Tokens in the links of every captured email: reset links and tracking links. */
export function tokensInMails(): string[] {
  const tokens = new Set<string>();
  for (const mail of capturedMails()) {
    const text = `${mail.text}\n${mail.html}`;
    for (const match of text.matchAll(/reset-password\?token=([A-Za-z0-9_-]{16,})/g)) {
      if (match[1]) tokens.add(match[1]);
    }
    for (const match of text.matchAll(/\/track\/([A-Za-z0-9_-]{16,})/g)) {
      if (match[1]) tokens.add(match[1]);
    }
  }
  return [...tokens];
}

interface QueryRows {
  rows: Array<Record<string, unknown>>;
}

/** Reads the store's database after the run: PGlite in the data folder, or DATABASE_URL. */
async function readDatabase(
  dataDir: string,
  databaseUrl: string | undefined,
): Promise<{ query: (sql: string) => Promise<QueryRows>; close: () => Promise<void> }> {
  if (databaseUrl) {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return { query: (sql) => client.query(sql), close: () => client.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const db = new PGlite(join(dataDir, "pglite"), { extensions: { pg_trgm } });
  return {
    query: (sql) => db.query(sql) as Promise<QueryRows>,
    close: () => db.close(),
  };
}

export async function collectRunSecrets(options: {
  adminPassword: string;
  specsDir: string;
  dataDir: string;
  databaseUrl?: string;
}): Promise<RunSecrets> {
  const plain = new Map<string, string>();
  plain.set(options.adminPassword, "the admin password");
  plain.set(partnerPassword, "the factories' partner password");
  for (const password of passwordsInSpecs(options.specsDir))
    plain.set(password, "a partner password");
  for (const card of testCards) plain.set(card, "a card number");
  for (const token of tokensInMails()) plain.set(token, "a token from an email");

  const hashed = new Set<string>();
  if (options.databaseUrl || existsSync(join(options.dataDir, "pglite"))) {
    const db = await readDatabase(options.dataDir, options.databaseUrl);
    try {
      for (const row of (await db.query("select tracking_token, payment_session_id from orders"))
        .rows) {
        if (row.tracking_token) plain.set(String(row.tracking_token), "a tracking token");
        if (row.payment_session_id)
          plain.set(String(row.payment_session_id), "a payment session id");
      }
      for (const table of [
        "ace_sessions",
        "ace_password_resets",
        "staff_sessions",
        "staff_password_resets",
      ]) {
        for (const row of (await db.query(`select token_hash from ${table}`)).rows) {
          hashed.add(String(row.token_hash));
        }
      }
    } finally {
      await db.close();
    }
  }
  return { plain, hashed };
}

/**
 * Every secret found in the log text, as readable findings (the secret itself is masked in the
 * message, so the report does not leak it either). Tokens kept only as hashes are found by
 * hashing every token-shaped word of the log.
 */
export function findSecretsInLog(log: string, secrets: RunSecrets): string[] {
  const findings: string[] = [];
  const mask = (value: string) => `${value.slice(0, 4)}…(${value.length} characters)`;
  for (const [value, label] of secrets.plain) {
    if (value && log.includes(value)) findings.push(`${label} ${mask(value)}`);
  }
  for (const word of new Set(log.match(/[A-Za-z0-9_-]{32,64}/g) ?? [])) {
    const digest = createHash("sha256").update(word).digest("hex");
    if (secrets.hashed.has(digest)) findings.push(`a partner session or reset token ${mask(word)}`);
  }
  return findings;
}
