import net from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { listenShared } from "./listen.ts";

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

function testApp() {
  const app = Fastify();
  app.get("/", async () => ({ ok: true }));
  apps.push(app);
  return app;
}

/**
 * Opens `count` connections, then holds this process's event loop for a moment, so every one of
 * them is waiting in the kernel to be accepted when the next turn polls the listening sockets.
 */
async function connectWhileBusy(port: number, count: number) {
  const sockets = Array.from({ length: count }, () => net.connect({ port, host: "127.0.0.1" }));
  // The connects go out on the next tick; hold the loop after them.
  await new Promise<void>((resolve) =>
    process.nextTick(() => {
      const until = Date.now() + 100;
      while (Date.now() < until) {}
      resolve();
    }),
  );
  return sockets;
}

describe("listening on shared sockets", () => {
  it("serves requests from every socket, and accepts several new connections in one turn", async () => {
    const app = testApp();
    // Each turn's check phase moves the count on; connections are accepted in the poll phase.
    let turn = 0;
    const acceptedInTurn = new Map<number, number>();
    app.server.on("connection", () =>
      acceptedInTurn.set(turn, (acceptedInTurn.get(turn) ?? 0) + 1),
    );
    const port = await listenShared(app, { port: 0, host: "127.0.0.1" });

    let counting = true;
    const tick = () => {
      turn++;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    const sockets = await connectWhileBusy(port, 32);
    while ([...acceptedInTurn.values()].reduce((a, b) => a + b, 0) < 32)
      await new Promise((resolve) => setImmediate(resolve));
    counting = false;
    for (const socket of sockets) socket.destroy();
    // One listening socket accepts one connection per turn; the shared ones several.
    expect(Math.max(...acceptedInTurn.values())).toBeGreaterThan(1);

    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        fetch(`http://127.0.0.1:${port}/`, { headers: { connection: "close" } }).then((r) =>
          r.json(),
        ),
      ),
    );
    expect(answers).toEqual(Array.from({ length: 40 }, () => ({ ok: true })));
  });

  it("closes only once the requests in flight on every socket are answered", async () => {
    const app = testApp();
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrived = 0;
    let onOtherSockets = 0;
    // Requests that came through Fastify's own socket are answered at once, the others wait.
    // `_server` is the listening server that accepted the connection (`server` is always the
    // HTTP server it was handed to).
    app.get("/held", async (request) => {
      arrived++;
      if ((request.raw.socket as net.Socket & { _server?: net.Server })._server !== app.server) {
        onOtherSockets++;
        await released;
      }
      return { ok: true };
    });
    const port = await listenShared(app, { port: 0, host: "127.0.0.1" });
    const statuses = Array.from({ length: 32 }, () =>
      fetch(`http://127.0.0.1:${port}/held`, { headers: { connection: "close" } }).then(
        (r) => r.status,
      ),
    );
    while (arrived < 32) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(onOtherSockets).toBeGreaterThan(0);

    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(closed).toBe(false);
    release();
    expect(await Promise.all(statuses)).toEqual(Array.from({ length: 32 }, () => 200));
    await closing;
  });

  it("refuses a port another server already holds, as a plain listen does", async () => {
    const first = testApp();
    const port = await listenShared(first, { port: 0, host: "127.0.0.1" });
    const second = Fastify();
    await expect(listenShared(second, { port, host: "127.0.0.1" })).rejects.toMatchObject({
      code: "EADDRINUSE",
    });
    const answer = await fetch(`http://127.0.0.1:${port}/`);
    expect(answer.status).toBe(200);
  });

  it("listens on one socket where the host is a name", async () => {
    const app = testApp();
    const port = await listenShared(app, { port: 0, host: "localhost" });
    expect((await fetch(`http://localhost:${port}/`)).status).toBe(200);
  });
});
