import { networkInterfaces } from "node:os";
import type { FastifyRequest } from "fastify";
import type { Config } from "../config.ts";

/** Every name this machine answers to: loopback, HOST, and each interface when HOST is a wildcard. */
function answeredHostnames(host: string): Set<string> {
  const names = new Set(["localhost", "127.0.0.1", "[::1]"]);
  if (host === "0.0.0.0" || host === "::") {
    for (const addresses of Object.values(networkInterfaces())) {
      for (const address of addresses ?? [])
        names.add(address.family === "IPv6" ? `[${address.address}]` : address.address);
    }
  } else {
    names.add(host.includes(":") ? `[${host}]` : host);
  }
  return names;
}

/**
 * The absolute base the shopper's browser is on, for the addresses a payment sends it to (the
 * payment page, the success page, back to checkout): PUBLIC_URL when it is set. Without it, the
 * origin the request came to, so a shopper on http://127.0.0.1:3000 comes back to the origin
 * that holds their cart; but only when that Host is one this server answers on (its port and one
 * of its own names or addresses), as any client can send any Host header. Else the default
 * PUBLIC_URL (http://localhost:PORT).
 */
export function storeUrlFor(request: FastifyRequest, config: Config): string {
  if (config.publicUrlIsSet) return config.publicUrl;
  let asked: URL;
  try {
    asked = new URL(`${request.protocol}://${request.host}`);
  } catch {
    return config.publicUrl;
  }
  const port = Number(asked.port || (asked.protocol === "https:" ? 443 : 80));
  const answered = port === config.port && answeredHostnames(config.host).has(asked.hostname);
  return answered ? asked.origin : config.publicUrl;
}
