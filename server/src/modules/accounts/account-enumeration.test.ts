import {
  shopperInvalidCredentialsMessage,
  signInLinkReplyMessage,
} from "@mcf/contracts/accounts-options";
import * as argon2 from "@node-rs/argon2";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  latestSignInMail,
  nextShopperIp,
  signInByLink,
  waitForSignInMail,
} from "../../../test/account-factories.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";

// Count every argon2 verification, whichever path makes it.
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@node-rs/argon2")>();
  return { ...actual, verify: vi.fn(actual.verify) };
});

// Lets a test hold the sign-in link work (account lookup, token, email) until it says so.
const linkGate = vi.hoisted(() => ({ held: null as Promise<void> | null }));
vi.mock("./accounts.service.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./accounts.service.ts")>();
  return {
    ...actual,
    requestSignInLink: async (...args: Parameters<typeof actual.requestSignInLink>) => {
      if (linkGate.held) await linkGate.held;
      return actual.requestSignInLink(...args);
    },
  };
});

describe("shopper accounts: no account enumeration", () => {
  let t: TestApp;
  const known = `enum.known.${Date.now()}@example.com`;
  beforeAll(async () => {
    t = await createTestApp();
    await signInByLink(t, known);
  });
  afterAll(() => t.close());
  const post = (url: string, payload: object) =>
    t.app.inject({ method: "POST", url, payload, remoteAddress: nextShopperIp() });

  it("a sign-in link request is answered for known and unknown emails alike, before the account is even looked up", async () => {
    const before = (await latestSignInMail(t.database.db, known)).mail?.id ?? 0;
    let release = () => {};
    linkGate.held = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      // The link work is held: the answers cannot depend on what it would find.
      const forKnown = await post("/api/account/sign-in-link", { email: known });
      const forUnknown = await post("/api/account/sign-in-link", {
        email: `enum.nobody.${Date.now()}@example.com`,
      });
      expect(forKnown.statusCode).toBe(202);
      expect(forUnknown.statusCode).toBe(202);
      expect(forKnown.body).toBe(forUnknown.body);
      expect(forKnown.json()).toEqual({ message: signInLinkReplyMessage });
      expect((await latestSignInMail(t.database.db, known)).mail?.id ?? 0).toBe(before);
    } finally {
      linkGate.held = null;
      release();
    }
    // Released, the account's email gets its link.
    const { mail } = await waitForSignInMail(t.database.db, known, before);
    expect(mail?.subject).toBe("Your sign-in link");
  });

  it("password sign-in answers an unknown email and an account without a password with the same 401, after one argon2 verify each", async () => {
    const attempts = [
      { email: `enum.nobody2.${Date.now()}@example.com`, password: "Some-guess-2026" },
      { email: known, password: "Some-guess-2026" },
    ];
    const answers = [];
    for (const attempt of attempts) {
      vi.mocked(argon2.verify).mockClear();
      answers.push(await post("/api/account/sign-in/password", attempt));
      expect(vi.mocked(argon2.verify)).toHaveBeenCalledTimes(1);
    }
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: shopperInvalidCredentialsMessage });
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
    expect(answers[0]?.body).toBe(answers[1]?.body);
  });
});
