import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { prettyLogStream, redactUrl } from "./logging.ts";

describe("logs keep secrets", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      captureLogs: true,
      beforeReady: (app) =>
        app.post("/api/test-only/echo", async (request) => {
          request.log.info({ body: request.body }, "body seen");
          // Code that logs the raw headers must not leak the secrets in them either.
          request.log.info({ headers: request.headers }, "headers seen");
          return { ok: true };
        }),
    });
  });
  afterAll(() => t.close());

  it("redactUrl hides tracking tokens, reset tokens and session ids", () => {
    expect(redactUrl("/api/track/abc123secret")).toBe("/api/track/[redacted]");
    expect(redactUrl("/ace/reset-password?token=s3cr3t&x=1")).toBe(
      "/ace/reset-password?token=[redacted]&x=1",
    );
    expect(redactUrl("/api/orders/by-session/cs_test_123")).toBe(
      "/api/orders/by-session/[redacted]",
    );
    expect(redactUrl("/success?session_id=cs_1")).toBe("/success?session_id=[redacted]");
    expect(redactUrl("/api/payments/test-sessions/test_abc/pay")).toBe(
      "/api/payments/test-sessions/[redacted]/pay",
    );
    // React Router's route discovery carries page paths URL-encoded in its query.
    expect(redactUrl("/__manifest?paths=%2Fpay%2C%2Fpay%2Ftest_LQlZ-zL&version=1")).toBe(
      "/__manifest?paths=%2Fpay%2C%2Fpay%2F[redacted]&version=1",
    );
    expect(redactUrl("/__manifest?paths=%2Ftrack%2FabcSECRET%2C%2Fx")).toBe(
      "/__manifest?paths=%2Ftrack%2F[redacted]%2C%2Fx",
    );
    expect(redactUrl("/__manifest?paths=%2Face%2Freset-password%3Ftoken%3Ds3cr3t")).toBe(
      "/__manifest?paths=%2Face%2Freset-password%3Ftoken%3D[redacted]",
    );
  });

  it("no password, token or secret URL part reaches the log output", async () => {
    await t.app.inject({
      url: "/api/track/TRACKSECRET1",
      headers: { "admin-password": "ADMINSECRET2", authorization: "Bearer BEARERSECRET3" },
    });
    await t.app.inject({ url: "/api/orders/by-session/SESSIONSECRET4" });
    await t.app.inject({ url: "/api/ace/reset-password?token=RESETSECRET5" });
    await t.app.inject({
      method: "POST",
      url: "/api/test-only/echo",
      headers: { "admin-password": "ADMINSECRET9", authorization: "Bearer BEARERSECRET10" },
      payload: {
        email: "a@b.co",
        password: "PASSWORDSECRET6",
        token: "TOKENSECRET7",
        new_password: "NEWSECRET8",
      },
    });
    const output = t.logs.join("");
    expect(output).toContain("/api/track/[redacted]");
    expect(output).toContain("/api/orders/by-session/[redacted]");
    expect(output).toContain("token=[redacted]");
    // The headers line was written, with the secrets censored rather than dropped.
    expect(output).toMatch(/"admin-password":"\[redacted\]"/);
    expect(output).toMatch(/"authorization":"\[redacted\]"/);
    for (const secret of [
      "TRACKSECRET1",
      "ADMINSECRET2",
      "BEARERSECRET3",
      "SESSIONSECRET4",
      "RESETSECRET5",
      "PASSWORDSECRET6",
      "TOKENSECRET7",
      "NEWSECRET8",
      "ADMINSECRET9",
      "BEARERSECRET10",
    ]) {
      expect(output).not.toContain(secret);
    }
  });
});

describe("logs at a terminal (npm start in development)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ captureLogs: true, terminalLog: prettyLogStream });
  });
  afterAll(() => t.close());

  it("are one short line per request, time, level and message, not JSON", async () => {
    await t.app.inject("/api/health");
    await t.app.inject("/api/track/secret-tracking-token");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const lines = t.logs.join("").trim().split("\n");
    expect(lines.some((line) => line.startsWith("{"))).toBe(false);
    const requests = lines.filter((line) => / (GET|POST) \//.test(line));
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatch(/^\[\d{2}:\d{2}:\d{2}\] INFO: GET \/api\/health 200 \d+ ms$/);
    expect(requests[1]).toMatch(/GET \/api\/track\/\[redacted\] 404 \d+ ms$/);
    expect(t.logs.join("")).not.toContain("secret-tracking-token");
    expect(t.logs.join("")).not.toContain("incoming request");
  });
});
