import { createRequire } from "node:module";
import net from "node:net";
import type { FastifyInstance, FastifyListenOptions } from "fastify";

/**
 * How many listening sockets share the port. libuv (since 1.45) accepts one connection per
 * listening socket per event-loop turn, and a turn that serves hundreds of busy keep-alive
 * connections takes tens of milliseconds: with one socket, new visitors in a flood waited
 * seconds in the kernel's accept queue without even a 503. The kernel spreads new connections
 * over sockets bound with SO_REUSEPORT, so each turn accepts up to this many.
 */
export const sharedListeners = 16;

type ReuseportModule = { createReuseportFd(port: number, host: string): number };

/** node-unix-socket's SO_REUSEPORT socket (a prebuilt addon), or null where it does not load. */
function reuseportModule(): ReuseportModule | null {
  if (process.platform !== "linux") return null;
  try {
    return createRequire(import.meta.url)("node-unix-socket") as ReuseportModule;
  } catch {
    return null;
  }
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

/**
 * Starts serving on `host:port`: on Linux with an IP address for `host`, on several sockets that
 * share the port (each hands its connections to Fastify's HTTP server); otherwise on one, as
 * `app.listen` does. Resolves to the port.
 */
export async function listenShared(
  app: FastifyInstance,
  { port, host }: { port: number; host: string },
): Promise<number> {
  const reuseport = net.isIP(host) ? reuseportModule() : null;
  if (!reuseport) {
    await app.listen({ port, host });
    return (app.server.address() as net.AddressInfo).port;
  }
  // SO_REUSEPORT would let a second copy of the store bind the same port and take half its
  // visitors; a plain listen first keeps "address in use" an error.
  const bound = await claimPort(port, host);
  const [own, ...others] = Array.from({ length: sharedListeners }, () =>
    reuseport.createReuseportFd(bound, host),
  );
  // The HTTP server's own socket options, for connections the other sockets accept.
  const extras = others.map((fd) =>
    net
      .createServer({ allowHalfOpen: true, noDelay: true }, (socket) =>
        app.server.emit("connection", socket),
      )
      .listen({ fd }),
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
  // Fastify passes `fd` on to the server's listen; `host` keeps it from also binding ::1.
  const options: FastifyListenOptions & { fd?: number } = { fd: own, host };
  await app.listen(options);
  return bound;
}
