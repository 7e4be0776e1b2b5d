import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { busyMessage, registerLoadShedding } from "./load-shedding.ts";

describe("load shedding", () => {
  const app = Fastify();
  let release: () => void = () => {};
  const gate = () =>
    new Promise<void>((resolve) => {
      release = resolve;
    });
  let waiting: Promise<void> = Promise.resolve();
  let started = 0;

  // Injected requests stand in for network ones here (by default in-process calls are not counted).
  registerLoadShedding(app, { maxInFlight: 2, retryAfterSeconds: 3, internal: () => false });
  app.get("/slow", async () => {
    started++;
    await waiting;
    return { ok: true };
  });
  app.get("/api/health", async () => ({ status: "ok" }));

  afterEach(() => release());

  it("answers 503 with Retry-After at once past the limit, and serves again when load drops", async () => {
    waiting = gate();
    const first = [app.inject("/slow"), app.inject("/slow")];
    // Wait until both requests are inside the handler (in flight), not a fixed time.
    await expect.poll(() => started).toBe(2);

    const shed = await app.inject("/slow");
    expect(shed.statusCode).toBe(503);
    expect(shed.headers["retry-after"]).toBe("3");
    expect(shed.json()).toEqual({ detail: busyMessage });

    // Health checks are never shed, even at the limit.
    expect((await app.inject("/api/health")).statusCode).toBe(200);

    release();
    for (const res of await Promise.all(first)) expect(res.statusCode).toBe(200);

    waiting = Promise.resolve();
    expect((await app.inject("/slow")).statusCode).toBe(200);
  });

  it("never counts or sheds in-process requests (page loaders calling the API)", async () => {
    const inner = Fastify();
    registerLoadShedding(inner, { maxInFlight: 1, retryAfterSeconds: 3 });
    let pending = 0;
    let open: () => void = () => {};
    const blocked = new Promise<void>((resolve) => {
      open = resolve;
    });
    inner.get("/slow", async () => {
      pending++;
      await blocked;
      return { ok: true };
    });
    const calls = [inner.inject("/slow"), inner.inject("/slow"), inner.inject("/slow")];
    await expect.poll(() => pending).toBe(3);
    open();
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(200);
  });
});
