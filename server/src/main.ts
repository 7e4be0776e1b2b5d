import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { buildApp } from "./app.ts";
import { ConfigError, loadDotEnv, readConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { migrateDatabase } from "./db/migrate.ts";
import { seedIfEmpty } from "./db/seed/seed.ts";
import { listenShared } from "./listen.ts";
import { prettyLogStream } from "./logging.ts";
import { placeholderFields } from "./modules/settings/settings.service.ts";
import { startupBanner } from "./startup-banner.ts";

/** The repository root, found from the source file (tsx) or the bundle (server/dist). */
function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "web", "package.json")) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

async function main(): Promise<void> {
  loadDotEnv();
  let config: ReturnType<typeof readConfig>;
  try {
    config = readConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // This entry serves the production build: React must run its production build whatever
  // NODE_ENV said (config above already read it for its own rules, e.g. the admin password).
  process.env.NODE_ENV = "production";

  const root = repoRoot();
  const buildDir = join(root, "web", "build");
  const serverBuildPath = join(buildDir, "server", "index.js");
  if (!existsSync(serverBuildPath)) {
    console.error("The web app is not built. Run `npm run build` first.");
    process.exit(1);
  }

  const dataDir = resolve(config.dataDir, "pglite");
  const database = await openDatabase(
    config.databaseUrl
      ? {
          databaseUrl: config.databaseUrl,
          onPoolError: (error) => console.error(`database pool error: ${error.message}`),
        }
      : { dataDir },
  );
  await migrateDatabase(database);
  const seeded = config.seed ? await seedIfEmpty(database.db) : false;

  const build = (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild;
  const app = await buildApp({
    config,
    database,
    web: { getBuild: () => build, mode: "production", clientDir: join(buildDir, "client") },
    // A person at a terminal in development reads short pretty lines; anything else (a log
    // collector, a file, production) gets pino's JSON.
    ...(config.env === "development" && process.stdout.isTTY
      ? { logStream: prettyLogStream(), shortRequestLog: true }
      : {}),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      console.error("shutdown took longer than 15 s: exiting without waiting further");
      process.exit(1);
    }, 15_000);
    force.unref();
    // close() stops accepting and waits for in-flight requests, but a keep-alive connection that
    // goes idle after its last response would hold the process open for Fastify's 72 s
    // keep-alive timeout: close such connections as soon as they go idle.
    const idleSweep = setInterval(() => app.server.closeIdleConnections(), 200);
    try {
      await app.close();
      clearInterval(idleSweep);
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await listenShared(app, { port: config.port, host: config.host });
  console.log(
    startupBanner(
      config,
      { kind: database.kind, dataDir, seeded },
      placeholderFields(await app.settings.read()),
    ),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
