/**
 * `npm run dev`: the API and the web app on one origin, with Vite in middleware mode for hot
 * reload (the API restarts on server changes through tsx watch).
 */
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import fastifyMiddie from "@fastify/middie";
import type { ServerBuild } from "react-router";
import { buildApp } from "./app.ts";
import { loadDotEnv, readConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { migrateDatabase } from "./db/migrate.ts";
import { seedIfEmpty } from "./db/seed/seed.ts";

process.env.MCF_VITE_DEV = "1";
loadDotEnv(resolve(dirname(fileURLToPath(import.meta.url)), "../../.env"));
const config = readConfig();
const webRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../web");
const database = await openDatabase(
  config.databaseUrl
    ? { databaseUrl: config.databaseUrl }
    : { dataDir: resolve(webRoot, "..", config.dataDir, "pglite") },
);
await migrateDatabase(database);
if (config.seed) await seedIfEmpty(database.db);

const { createServer } = await import("vite");
let vite: Awaited<ReturnType<typeof createServer>> | null = null;
const app = await buildApp({
  config,
  database,
  beforeWeb: async (instance) => {
    vite = await createServer({
      root: webRoot,
      configFile: join(webRoot, "vite.config.ts"),
      server: { middlewareMode: true, hmr: { server: instance.server } },
      appType: "custom",
    });
    await instance.register(fastifyMiddie);
    instance.use(vite.middlewares);
  },
  web: {
    mode: "development",
    getBuild: async () =>
      (await vite?.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild,
  },
});
const stop = async () => {
  await app.close();
  await vite?.close();
  await database.close();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
await app.listen({ port: config.port, host: config.host });
console.log(
  `\n  Dev server: ${config.publicUrl} (admin password: ${config.adminPasswordIsDevDefault ? config.adminPassword : "from ADMIN_PASSWORD"})\n`,
);
