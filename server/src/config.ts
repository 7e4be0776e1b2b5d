import { existsSync } from "node:fs";
import { z } from "zod";

export const DEV_ADMIN_PASSWORD = "flooring-admin-dev";

const booleanString = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));

const portMessage = "must be a port number (0-65535)";
const pollMessage = "must be a whole number of milliseconds from 100 to 600000";
const depositMessage = "must be a whole percentage from 1 to 100";
const restockingMessage = "must be a whole percentage from 0 to 50";
const photoSizeMessage = "must be a whole number of megabytes from 1 to 50";
const productImageSizeMessage = "must be a whole number of megabytes from 1 to 100";
const productImagePixelsMessage = "must be a whole number of megapixels from 1 to 250";
const dollarsMessage = "must be dollars and cents from 0 to 100 (e.g. 4.95)";
const sampleDollars = z.coerce
  .number({ message: dollarsMessage })
  .min(0, { message: dollarsMessage })
  .max(100, { message: dollarsMessage })
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    message: dollarsMessage,
  });
const followUpMessage = "must be a whole number of days from 1 to 90";
const sessionHoursMessage = "must be a whole number of hours from 1 to 720";
const limitMessage = "must be a whole number of requests from 1 to 10000";
const waitMessage = "must be a whole number of seconds from 1 to 120";
const pageCacheMessage = "must be a whole number of megabytes from 0 to 4096";
const admissionLimit = z.coerce
  .number({ message: limitMessage })
  .int({ message: limitMessage })
  .min(1, { message: limitMessage })
  .max(10_000, { message: limitMessage });

const envSchema = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"], {
      message: "must be development, production or test",
    })
    .default("development"),
  PORT: z.coerce
    .number({ message: portMessage })
    .int({ message: portMessage })
    .min(0, { message: portMessage })
    .max(65535, { message: portMessage })
    .default(3000),
  HOST: z.string().min(1, { message: "must not be empty" }).default("0.0.0.0"),
  PUBLIC_URL: optionalText.pipe(z.url({ message: "must be an absolute URL" }).optional()),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { message: "must start with postgres:// or postgresql://" })
      .optional(),
  ),
  DATA_DIR: z.string().min(1, { message: "must be a folder path" }).default("./data"),
  ADMIN_PASSWORD: optionalText,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, { message: "must start with smtp:// or smtps://" })
      .optional(),
  ),
  MAIL_FROM: z
    .string()
    .regex(/^[^<>]*<[^@\s<>]+@[^@\s<>]+>$|^[^@\s<>]+@[^@\s<>]+$/, {
      message: "must be an address, or a name and <address>",
    })
    .default("Magic City Floors <orders@magiccityfloors.example>"),
  STAFF_EMAIL: z
    .email({ message: "must be an email address" })
    .default("staff@magiccityfloors.example"),
  SEED: booleanString.default(true),
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, { message: "must start with redis:// or rediss://" })
      .optional(),
  ),
  METRICS_TOKEN: optionalText.pipe(
    z.string().min(16, { message: "must be at least 16 characters" }).optional(),
  ),
  ACE_APPROVAL: z.enum(["manual", "auto"], { message: "must be manual or auto" }).default("manual"),
  MAIL_POLL_MS: z.coerce
    .number({ message: pollMessage })
    .int({ message: pollMessage })
    .min(100, { message: pollMessage })
    .max(600_000, { message: pollMessage })
    .default(2000),
  INSTALL_DEPOSIT_PERCENT: z.coerce
    .number({ message: depositMessage })
    .int({ message: depositMessage })
    .min(1, { message: depositMessage })
    .max(100, { message: depositMessage })
    .default(30),
  CLAIM_PHOTO_MAX_MB: z.coerce
    .number({ message: photoSizeMessage })
    .int({ message: photoSizeMessage })
    .min(1, { message: photoSizeMessage })
    .max(50, { message: photoSizeMessage })
    .default(10),
  PRODUCT_IMAGE_MAX_MB: z.coerce
    .number({ message: productImageSizeMessage })
    .int({ message: productImageSizeMessage })
    .min(1, { message: productImageSizeMessage })
    .max(100, { message: productImageSizeMessage })
    .default(20),
  PRODUCT_IMAGE_MAX_MEGAPIXELS: z.coerce
    .number({ message: productImagePixelsMessage })
    .int({ message: productImagePixelsMessage })
    .min(1, { message: productImagePixelsMessage })
    .max(250, { message: productImagePixelsMessage })
    .default(50),
  S3_ENDPOINT: optionalText.pipe(
    z
      .string()
      .regex(/^https?:\/\/[^\s/]+/, {
        message: "must be the bucket service's URL, e.g. https://s3.us-east-1.amazonaws.com",
      })
      .optional(),
  ),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  RESTOCKING_FEE_PERCENT: z.coerce
    .number({ message: restockingMessage })
    .int({ message: restockingMessage })
    .min(0, { message: restockingMessage })
    .max(50, { message: restockingMessage })
    .default(15),
  SAMPLE_PRICE: sampleDollars.default(2),
  SAMPLE_SHIPPING: sampleDollars.default(4.95),
  SAMPLE_FOLLOW_UP_DAYS: z.coerce
    .number({ message: followUpMessage })
    .int({ message: followUpMessage })
    .min(1, { message: followUpMessage })
    .max(90, { message: followUpMessage })
    .default(5),
  STAFF_SESSION_HOURS: z.coerce
    .number({ message: sessionHoursMessage })
    .int({ message: sessionHoursMessage })
    .min(1, { message: sessionHoursMessage })
    .max(720, { message: sessionHoursMessage })
    .default(12),
  SHED_BROWSE_AT: admissionLimit.default(32),
  SHED_CHECKOUT_AT: admissionLimit.default(256),
  SHED_WAIT_SECONDS: z.coerce
    .number({ message: waitMessage })
    .int({ message: waitMessage })
    .min(1, { message: waitMessage })
    .max(120, { message: waitMessage })
    .default(5),
  PAGE_CACHE_MB: z.coerce
    .number({ message: pageCacheMessage })
    .int({ message: pageCacheMessage })
    .min(0, { message: pageCacheMessage })
    .max(4096, { message: pageCacheMessage })
    .default(32),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      message: "must be one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^[\w.:/, -]+$/, {
      message: "must be true, false, or addresses/CIDRs (e.g. loopback,10.0.0.0/8)",
    })
    .default("loopback"),
});

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  publicUrl: string;
  /** False when PUBLIC_URL is unset: payment redirects then follow the address the shopper used. */
  publicUrlIsSet: boolean;
  databaseUrl: string | undefined;
  /** In-memory embedded database when null (tests); a folder under DATA_DIR otherwise. */
  dataDir: string;
  adminPassword: string;
  adminPasswordIsDevDefault: boolean;
  stripe: {
    secretKey: string;
    webhookSecret: string;
    apiHost?: string;
    apiPort?: number;
    apiProtocol?: "http" | "https";
  } | null;
  smtpUrl: string | undefined;
  /** With it, /metrics also answers off this machine to `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  mailFrom: string;
  staffEmail: string;
  seed: boolean;
  redisUrl: string | undefined;
  aceApproval: "manual" | "auto";
  logLevel: string;
  /** How often the mail worker looks for queued messages. */
  mailPollMs: number;
  /** The share of an accepted installation estimate paid up front, in percent. */
  installDepositPercent: number;
  /** The largest photo a damage or shortage claim accepts, in bytes. */
  claimPhotoMaxBytes: number;
  /** The largest product photo staff may upload, in bytes, and its most pixels (width × height). */
  productImageMaxBytes: number;
  productImageMaxPixels: number;
  /** Product photos go to this S3-compatible bucket when set, else under DATA_DIR/products. */
  productImageBucket: {
    endpoint: string;
    bucket: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
  } | null;
  /** The share of a returned merchandise amount kept as a restocking fee, in percent. */
  restockingFeePercent: number;
  /** How long a back-office sign-in lasts before the browser must sign in again. */
  staffSessionHours: number;
  /**
   * Samples: the price of each sample past the free ones of an order, the parcel rate of an
   * order of samples only (0: free), and the days after delivery the follow-up email waits.
   */
  samples: { pricePerSampleCents: number; parcelRateCents: number; followUpDays: number };
  /**
   * Admission (docs/decisions/107): page views and catalogue reads (`browseLimit`), and checkout
   * calls (`checkoutLimit`), in progress at once, each class counted apart; the next ones wait
   * their turn, and one that waited `maxWaitMs` is answered 503 with Retry-After.
   */
  admission: { browseLimit: number; checkoutLimit: number; maxWaitMs: number };
  /** Memory for the page cache of anonymous public pages, in bytes; 0 turns it off. */
  pageCacheBytes: number;
  /**
   * Which peers may set X-Forwarded-For (the client address that rate limits count by):
   * Fastify's trustProxy. Trusting everyone would let any client pick its own address.
   */
  trustProxy: boolean | string;
  /** Background loops (mail worker, expiry sweeper). Tests drive them by hand. */
  runWorkers: boolean;
}

export class ConfigError extends Error {}

/**
 * Reads `.env` (if present) into process.env with Node's own reader: a variable the environment
 * already sets keeps its value, so the host's settings always win over the file.
 */
export function loadDotEnv(path = ".env"): void {
  if (existsSync(path)) process.loadEnvFile(path);
}

/** TRUST_PROXY as Fastify wants it: a boolean, or a list of addresses and CIDRs. */
function parseTrustProxy(value: string): boolean | string {
  if (value === "true") return true;
  if (value === "false") return false;
  return value;
}

/**
 * Validates every setting once. Throws ConfigError listing each bad variable.
 */
export function readConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  // Rules across variables, checked on the raw values so every problem is listed at once.
  const adminPassword = env.ADMIN_PASSWORD?.trim();
  const nodeEnv = env.NODE_ENV ?? "development";
  if (nodeEnv === "production" && !adminPassword)
    problems.push("ADMIN_PASSWORD: required when NODE_ENV=production");
  if (adminPassword && adminPassword.length < 8)
    problems.push("ADMIN_PASSWORD: must be at least 8 characters");
  if (Boolean(env.STRIPE_SECRET_KEY?.trim()) !== Boolean(env.STRIPE_WEBHOOK_SECRET?.trim()))
    problems.push(
      "STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: set both (Stripe mode) or neither (test payment page)",
    );
  const s3Names = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
  const s3Given = s3Names.filter((name) => env[name]?.trim());
  if (s3Given.length > 0 && s3Given.length < s3Names.length)
    problems.push(
      `${s3Names.filter((name) => !s3Given.includes(name)).join(", ")}: set with ${s3Given.join(", ")} (product photos in an S3-compatible bucket), or unset them all (photos under DATA_DIR)`,
    );
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    publicUrlIsSet: e.PUBLIC_URL !== undefined,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    adminPassword: e.ADMIN_PASSWORD ?? DEV_ADMIN_PASSWORD,
    adminPasswordIsDevDefault: !e.ADMIN_PASSWORD,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
        : null,
    smtpUrl: e.SMTP_URL,
    metricsToken: e.METRICS_TOKEN,
    mailFrom: e.MAIL_FROM,
    staffEmail: e.STAFF_EMAIL,
    seed: e.SEED,
    redisUrl: e.REDIS_URL,
    aceApproval: e.ACE_APPROVAL,
    logLevel: e.LOG_LEVEL,
    mailPollMs: e.MAIL_POLL_MS,
    installDepositPercent: e.INSTALL_DEPOSIT_PERCENT,
    claimPhotoMaxBytes: e.CLAIM_PHOTO_MAX_MB * 1024 * 1024,
    productImageMaxBytes: e.PRODUCT_IMAGE_MAX_MB * 1024 * 1024,
    productImageMaxPixels: e.PRODUCT_IMAGE_MAX_MEGAPIXELS * 1_000_000,
    productImageBucket:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION ?? "us-east-1",
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : null,
    restockingFeePercent: e.RESTOCKING_FEE_PERCENT,
    samples: {
      pricePerSampleCents: Math.round(e.SAMPLE_PRICE * 100),
      parcelRateCents: Math.round(e.SAMPLE_SHIPPING * 100),
      followUpDays: e.SAMPLE_FOLLOW_UP_DAYS,
    },
    staffSessionHours: e.STAFF_SESSION_HOURS,
    admission: {
      browseLimit: e.SHED_BROWSE_AT,
      checkoutLimit: e.SHED_CHECKOUT_AT,
      maxWaitMs: e.SHED_WAIT_SECONDS * 1000,
    },
    pageCacheBytes: e.PAGE_CACHE_MB * 1024 * 1024,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    runWorkers: true,
  };
}
