import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../test/test-app.ts";
import { restartingMessage } from "./closing.ts";

/** Splits raw HTTP/1.1 responses (each with Content-Length) read from one connection. */
function parseResponses(raw: string) {
  const responses: { status: number; headers: Record<string, string>; body: string }[] = [];
  let rest = raw;
  while (rest.length > 0) {
    const headEnd = rest.indexOf("\r\n\r\n");
    if (headEnd < 0) break;
    const [statusLine = "", ...lines] = rest.slice(0, headEnd).split("\r\n");
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(":");
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers["content-length"] ?? 0);
    const body = rest.slice(headEnd + 4, headEnd + 4 + length);
    responses.push({ status: Number(statusLine.split(" ")[1]), headers, body });
    rest = rest.slice(headEnd + 4 + length);
  }
  return responses;
}

describe("requests that arrive while the server shuts down", () => {
  it("the one in flight completes; a new one on the same connection gets 503 {detail}, Retry-After and Connection: close", async () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const shop = await createTestApp({
      beforeReady(app) {
        app.get("/test/slow", async () => {
          entered();
          await released;
          return { done: true };
        });
      },
    });
    await shop.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = shop.app.server.address() as AddressInfo;

    const socket = connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk.toString();
    });
    const socketClosed = new Promise((resolve) => socket.on("close", resolve));
    socket.write("GET /test/slow HTTP/1.1\r\nHost: shop\r\n\r\n");
    await inside;

    const closing = shop.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The connection is busy, so it stays open: a keep-alive client may send its next request.
    socket.write("GET /api/products HTTP/1.1\r\nHost: shop\r\n\r\n");
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await socketClosed;
    await closing;

    const [first, second] = parseResponses(received);
    expect(first?.status).toBe(200);
    expect(JSON.parse(first?.body ?? "")).toEqual({ done: true });
    expect(second?.status).toBe(503);
    expect(JSON.parse(second?.body ?? "")).toEqual({ detail: restartingMessage });
    expect(second?.headers["retry-after"]).toBe("5");
    expect(second?.headers.connection).toBe("close");
  });
});
