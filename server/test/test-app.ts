import { Writable } from "node:stream";
import type { FastifyInstance, RouteOptions } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { type BuildAppOptions, buildApp } from "../src/app.ts";
import { type Config, readConfig } from "../src/config.ts";
import type { Database } from "../src/db/client.ts";
import type { MailTransport } from "../src/mail/transport.ts";
import type { LoadSheddingOptions } from "../src/plugins/load-shedding.ts";
import { type FakeStripe, fakeStripeSecrets, startFakeStripe } from "./fake-stripe.ts";
import { createTestDatabase } from "./test-database.ts";

export const testAdminPassword = "test-admin-password";

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...readConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      ADMIN_PASSWORD: testAdminPassword,
      PUBLIC_URL: "http://store.test",
    }),
    runWorkers: false,
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Every log line written so far (when captureLogs was asked for). */
  logs: string[];
  close(): Promise<void>;
}

/** A whole API app on a fresh database. */
export async function createTestApp(
  options: {
    config?: Partial<Config>;
    mailTransport?: MailTransport;
    captureLogs?: boolean;
    database?: Database;
    /** Adds routes before the app is ready (tests of cross-cutting behaviour). */
    beforeReady?: (app: FastifyInstance) => void;
    /** Sees every route as the app registers it. */
    onRoute?: (route: RouteOptions) => void;
    /** Turns admission (load shedding) on with these overrides; off otherwise. */
    admission?: Partial<LoadSheddingOptions>;
    /** Serves pages from this server build too (tests of the page cache use a small one). */
    web?: BuildAppOptions["web"];
    /** Logs as `npm start` does at a terminal: one short line per request, through this wrapper. */
    terminalLog?: (capture: NodeJS.WritableStream) => NodeJS.WritableStream;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const logs: string[] = [];
  const logStream = options.captureLogs
    ? new Writable({
        write(chunk, _encoding, callback) {
          logs.push(String(chunk));
          callback();
        },
      })
    : undefined;
  const config = testConfig({
    ...(options.captureLogs ? { logLevel: "info" } : {}),
    ...options.config,
  });
  const app = await buildApp({
    config,
    database,
    mailTransport: options.mailTransport,
    logStream: logStream && options.terminalLog ? options.terminalLog(logStream) : logStream,
    shortRequestLog: Boolean(options.terminalLog),
    onRoute: options.onRoute,
    admission: options.admission,
    web: options.web,
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    logs,
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

/**
 * One app for a `describe` block: made before its first test, closed after its last. The object
 * returned is filled in when the app is ready, so tests use it as they would `createTestApp`'s.
 */
export function useTestApp(options?: Parameters<typeof createTestApp>[0]): TestApp {
  const holder = {} as TestApp;
  beforeAll(async () => {
    Object.assign(holder, await createTestApp(options));
  });
  afterAll(async () => {
    await holder.close();
  });
  return holder;
}

/**
 * A test app whose payment provider is Stripe Checkout, talking to a fake Stripe API started for
 * the file (and stopped after it).
 */
export function useStripeTestApp(config: Partial<Config> = {}): {
  t: TestApp;
  stripe: FakeStripe;
} {
  const t = {} as TestApp;
  const stripe = {} as FakeStripe;
  beforeAll(async () => {
    Object.assign(stripe, await startFakeStripe());
    const api = { apiHost: "127.0.0.1", apiPort: stripe.port, apiProtocol: "http" as const };
    Object.assign(
      t,
      await createTestApp({ config: { ...config, stripe: { ...fakeStripeSecrets, ...api } } }),
    );
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });
  return { t, stripe };
}
