import {
  commonPasswordMessage,
  forgotPasswordReplyMessage,
  invalidCredentialsMessage,
} from "@mcf/contracts/partners-options";
import * as argon2 from "@node-rs/argon2";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  latestResetMail,
  registerViaApi,
  registrationFor,
  waitForResetMail,
} from "../../../test/partner-factories.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";

// Count every argon2 verification, whichever path makes it.
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@node-rs/argon2")>();
  return { ...actual, verify: vi.fn(actual.verify) };
});

// Lets a test hold the password-reset work (account lookup, token, email) until it says so.
const resetGate = vi.hoisted(() => ({ held: null as Promise<void> | null }));
vi.mock("./partners.service.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./partners.service.ts")>();
  return {
    ...actual,
    requestPasswordReset: async (...args: Parameters<typeof actual.requestPasswordReset>) => {
      if (resetGate.held) await resetGate.held;
      return actual.requestPasswordReset(...args);
    },
  };
});

describe("no account enumeration", () => {
  let t: TestApp;
  let known: Awaited<ReturnType<typeof registerViaApi>>;
  let address = 0;
  const post = (url: string, payload: object) =>
    t.app.inject({ method: "POST", url, payload, remoteAddress: `10.66.0.${++address}` });

  beforeAll(async () => {
    t = await createTestApp();
    known = await registerViaApi(t.app);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    vi.mocked(argon2.verify).mockClear();
  });

  it("login answers an unknown email and a wrong password with the same 401 and body, after one argon2 verify each", async () => {
    const unknown = await post("/api/ace/auth/login", {
      email: `nobody-${Date.now()}@hardware.example`,
      password: "Some-guess-2026",
    });
    expect(vi.mocked(argon2.verify)).toHaveBeenCalledTimes(1);
    vi.mocked(argon2.verify).mockClear();

    const wrong = await post("/api/ace/auth/login", {
      email: known.payload.email,
      password: "Some-guess-2026",
    });
    expect(vi.mocked(argon2.verify)).toHaveBeenCalledTimes(1);

    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.json()).toEqual({ detail: invalidCredentialsMessage });
    expect(unknown.headers["x-ace-token"]).toBeUndefined();
  });

  it("forgot-password answers known and unknown emails alike, before the account is even looked up", async () => {
    let release = () => {};
    resetGate.held = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      // The reset work is held: the answers cannot depend on what it would find.
      const forKnown = await post("/api/ace/auth/forgot-password", { email: known.payload.email });
      const forUnknown = await post("/api/ace/auth/forgot-password", {
        email: `nobody-${Date.now()}@hardware.example`,
      });
      expect(forKnown.statusCode).toBe(200);
      expect(forUnknown.statusCode).toBe(200);
      expect(forKnown.body).toBe(forUnknown.body);
      expect(forKnown.json()).toEqual({ message: forgotPasswordReplyMessage });
      expect((await latestResetMail(t.database.db, known.payload.email)).mail).toBeUndefined();
    } finally {
      resetGate.held = null;
      release();
    }
    // Released, the real account gets its link.
    const { mail } = await waitForResetMail(t.database.db, known.payload.email);
    expect(mail?.kind).toBe("partner-password-reset");
  });

  it("registration and reset refuse a password from the bundled common list", async () => {
    const registration = await post(
      "/api/ace/auth/register",
      registrationFor({ password: "sunshine1" }),
    );
    expect(registration.statusCode).toBe(422);
    expect(registration.json()).toEqual({ detail: commonPasswordMessage });

    await post("/api/ace/auth/forgot-password", { email: known.payload.email });
    const { token } = await waitForResetMail(t.database.db, known.payload.email);
    const reset = await post("/api/ace/auth/reset-password", { token, new_password: "iloveyou2" });
    expect(reset.statusCode).toBe(422);
    expect(reset.json()).toEqual({ detail: commonPasswordMessage });
    // The refused attempt did not use up the link.
    const good = await post("/api/ace/auth/reset-password", {
      token,
      new_password: "Chestnut-plank-2030",
    });
    expect(good.statusCode).toBe(200);
  });

  it("registration says a taken email is taken, but only ten times an hour per address", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/ace/auth/register",
        payload: registrationFor({ email: known.payload.email }),
        remoteAddress: "10.66.9.9",
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(409));
    expect(statuses[10]).toBe(429);
  });
});
