import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaffAccountViaApi } from "./staff-factories.ts";
import { createTestApp, type TestApp, testAdminPassword } from "./test-app.ts";

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) {
  console.warn(
    "\n!!! REDIS_URL is not set: the shared (multi-process) rate-limit test did NOT run.\n",
  );
}

/** A limited route with a unique path per run, so runs never share counters. */
const limitedPath = `/api/test-only/limited-${randomUUID()}`;
const addLimitedRoute = (app: FastifyInstance) =>
  app.get(limitedPath, { config: { rateLimit: { max: 3, timeWindow: "1 minute" } } }, async () => ({
    ok: true,
  }));

describe.runIf(Boolean(redisUrl))("rate limits shared through Redis", () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp({ config: { redisUrl }, beforeReady: addLimitedRoute });
    second = await createTestApp({
      config: { redisUrl },
      database: first.database,
      beforeReady: addLimitedRoute,
    });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it("two app processes count one caller's requests together", async () => {
    const statuses: number[] = [];
    for (const app of [first.app, second.app, first.app, second.app]) {
      statuses.push(
        (await app.inject({ url: limitedPath, remoteAddress: "203.0.113.9" })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await second.app.inject({ url: limitedPath, remoteAddress: "203.0.113.9" });
    expect(limited.json()).toHaveProperty("detail");
  });
});

describe.runIf(Boolean(redisUrl))("admin password lockout shared through Redis", () => {
  let first: TestApp;
  let second: TestApp;
  // An address of its own per run: the lockout window (15 minutes) outlives a test run.
  const caller = `2001:db8::${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`;
  const ping = (app: TestApp, password: string) =>
    app.app.inject({
      url: "/api/admin/ping",
      headers: { "admin-password": password },
      remoteAddress: caller,
    });
  beforeAll(async () => {
    first = await createTestApp({ config: { redisUrl } });
    second = await createTestApp({ config: { redisUrl }, database: first.database });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it("ten wrong passwords spread over two processes lock the address out of both", async () => {
    for (let i = 0; i < 10; i++) {
      const res = await ping(i % 2 === 0 ? first : second, `wrong-${i}`);
      expect(res.statusCode).toBe(401);
    }
    for (const app of [first, second]) {
      const locked = await ping(app, testAdminPassword);
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers["retry-after"])).toBeGreaterThan(800);
      expect(locked.json()).toEqual({
        detail: "Too many failed sign-in attempts. Please wait and try again.",
      });
    }
  });
});

describe.runIf(Boolean(redisUrl))("staff account lockout shared through Redis", () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp({ config: { redisUrl } });
    second = await createTestApp({ config: { redisUrl }, database: first.database });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it("five wrong passwords for one account spread over two processes and addresses lock it in both", async () => {
    // An email of its own per run: the lockout window (15 minutes) outlives a test run.
    const { email, password } = await createStaffAccountViaApi(first.app, {
      email: `lockout-${randomUUID()}@magiccityfloors.example`,
    });
    const signIn = (t: TestApp, attempt: string, address: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/admin/session",
        payload: { email, password: attempt },
        remoteAddress: address,
      });
    for (let i = 0; i < 5; i++) {
      const res = await signIn(i % 2 === 0 ? first : second, `wrong-${i}-pass`, `192.0.2.${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    for (const t of [first, second]) {
      const locked = await signIn(t, password, "192.0.2.200");
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers["retry-after"])).toBeGreaterThan(800);
    }
  });
});

describe("rate limits without Redis", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { redisUrl: undefined }, beforeReady: addLimitedRoute });
  });
  afterAll(() => t.close());

  it("are counted in the process and answer 429 with a detail", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await t.app.inject({ url: limitedPath, remoteAddress: "198.51.100.7" })).statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);
    const res = await t.app.inject({ url: limitedPath, remoteAddress: "198.51.100.7" });
    expect(res.json().detail).toMatch(/Too many requests/);
  });
});
