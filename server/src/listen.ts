import net from "node:net";
import type { FastifyInstance, FastifyListenOptions } from "fastify";

/**
 * How many listening sockets share the port. libuv accepts one connection per listening socket
 * per event-loop turn, and a turn that serves hundreds of busy keep-alive connections takes tens
 * of milliseconds: with one socket, new visitors in a flood waited seconds in the kernel's accept
 * queue, where the admission never sees them. The kernel spreads new connections over sockets
 * bound with SO_REUSEPORT (Node's `reusePort`), so each turn accepts up to this many.
 */
export const sharedListeners = 16;

/** Node's `listen` takes `reusePort` from 22.12 on (older versions ignore it). */
function nodeHasReusePort(): boolean {
  const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
  return major > 22 || (major === 22 && minor >= 12);
}

/** Fails with EADDRINUSE, as a plain listen would, when anything already holds the address. */
function claimPort(port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen({ port, host, exclusive: true }, () => {
      const { port: bound } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(bound));
    });
  });
}

/** A socket sharing `port`, handing each connection it accepts to `server`. */
function sharedSocket(server: net.Server, port: number, host: string): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    // The HTTP server's own socket options, for the connections this socket accepts.
    const extra = net.createServer({ allowHalfOpen: true, noDelay: true }, (socket) =>
      server.emit("connection", socket),
    );
    extra.once("error", reject);
    extra.listen({ port, host, reusePort: true }, () => resolve(extra));
  });
}

/**
 * Starts serving on `host:port`: on Linux with an IP address for `host`, on several sockets that
 * share the port (each hands its connections to Fastify's HTTP server); otherwise on one, as
 * `app.listen` does. Resolves to the port.
 */
export async function listenShared(
  app: FastifyInstance,
  { port, host }: { port: number; host: string },
): Promise<number> {
  if (process.platform !== "linux" || !net.isIP(host) || !nodeHasReusePort()) {
    await app.listen({ port, host });
    return (app.server.address() as net.AddressInfo).port;
  }
  // SO_REUSEPORT would let a second copy of the store bind the same port and take half its
  // visitors; a plain, exclusive listen first keeps "address in use" an error.
  const bound = await claimPort(port, host);
  const extras = await Promise.all(
    Array.from({ length: sharedListeners - 1 }, () => sharedSocket(app.server, bound, host)),
  );
  // They stop accepting when Fastify's socket does. Fastify's close then waits only for the
  // connections its own socket accepted: wait for the others' too, so requests in flight get
  // their answers before the process exits. Every connection belongs to the HTTP server, so its
  // close (and main.ts's sweep during shutdown) ends the idle keep-alive ones of all sockets.
  let drained: Promise<void>[] = [];
  app.addHook("preClose", async () => {
    drained = extras.map((extra) => new Promise<void>((resolve) => extra.close(() => resolve())));
  });
  app.addHook("onClose", async () => {
    await Promise.all(drained);
  });
  // Fastify passes `reusePort` on to the HTTP server's listen.
  const options: FastifyListenOptions & { reusePort: boolean } = {
    port: bound,
    host,
    reusePort: true,
  };
  await app.listen(options);
  return bound;
}
