import type { RouteOptions } from "fastify";
import type { TestApp } from "./test-app.ts";
import { createTestApp } from "./test-app.ts";

/** One method on one registered path, as Fastify knows it: `GET /api/products/:id`. */
export interface ApiRoute {
  method: string;
  url: string;
  key: string;
}

/**
 * Builds a test app and records every `/api` route it registers (the real list, not the OpenAPI
 * document, which leaves out hidden routes). HEAD routes Fastify adds beside each GET are left
 * out: they answer like the GET.
 */
export async function createTestAppListingRoutes(
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<{ t: TestApp; routes: ApiRoute[] }> {
  const seen = new Map<string, ApiRoute>();
  const record = (route: RouteOptions) => {
    if (!route.url.startsWith("/api")) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === "HEAD") continue;
      const key = `${method} ${route.url}`;
      seen.set(key, { method, url: route.url, key });
    }
  };
  const t = await createTestApp({ ...options, onRoute: record });
  return { t, routes: [...seen.values()] };
}
