import { type ChildProcess, spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { inject } from "vitest";
import { type Database, newPGlite, openDatabase } from "../src/db/client.ts";
import { testAdminPassword } from "./test-app.ts";

const repoRoot = resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");
let counter = 0;

/**
 * A fresh, migrated PostgreSQL database (copied from the run's template) whose URL the test can
 * hand to a second pool, a proxy or a child process. Only when TEST_DATABASE_URL is set.
 */
export async function createPostgresTestDatabase(): Promise<{
  url: string;
  drop(): Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("createPostgresTestDatabase needs TEST_DATABASE_URL");
  const name = `mcf_t_${process.ppid}_${process.pid}_${Date.now()}_r${counter++}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${inject("pgTemplateDatabase")}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * Where a spawned store keeps its data: a PostgreSQL database when TEST_DATABASE_URL is set,
 * else a PGlite folder loaded from the run's migrated dump. `open()` gives the test its own
 * connection; with PGlite only while no server process runs (one process per folder).
 */
export interface StoreDatabase {
  env: Record<string, string>;
  open(): Promise<Database>;
  drop(): Promise<void>;
}

export async function createStoreDatabase(): Promise<StoreDatabase> {
  if (process.env.TEST_DATABASE_URL) {
    const pgDb = await createPostgresTestDatabase();
    return {
      env: { DATABASE_URL: pgDb.url },
      open: () => openDatabase({ databaseUrl: pgDb.url }),
      drop: pgDb.drop,
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), "mcf-process-"));
  const pgliteDir = join(dataDir, "pglite");
  mkdirSync(pgliteDir, { recursive: true });
  const dump = new Blob([readFileSync(inject("pgliteDumpPath"))]);
  const loader = newPGlite(pgliteDir, { loadDataDir: dump });
  await loader.waitReady;
  await loader.close();
  return {
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir: pgliteDir }),
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface StoreProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves once the output matches (the visible condition, never a sleep). */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/** The newest modification time of the TypeScript files under `dir`. */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith(".ts"))
      newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * How to start the production entry: the bundle production runs (server/dist/main.js) when it is
 * newer than the source, else the source through tsx (slower to start, never stale).
 */
function serverEntry(): string[] {
  const bundle = join(repoRoot, "server", "dist", "main.js");
  if (existsSync(bundle)) {
    const built = statSync(bundle).mtimeMs;
    const sources = Math.max(
      newestSource(join(repoRoot, "server", "src")),
      newestSource(join(repoRoot, "packages", "contracts", "src")),
    );
    if (built >= sources) return [bundle];
  }
  return ["--import", "tsx", join(repoRoot, "server", "src", "main.ts")];
}

/**
 * Starts the store as a real process on `port` and resolves once it listens. Needs the built web
 * app, which main.ts serves: run `npm run build` first (CI builds before the tests).
 */
export async function startStoreProcess(
  port: number,
  env: Record<string, string>,
): Promise<StoreProcess> {
  if (!existsSync(join(repoRoot, "web", "build", "server", "index.js"))) {
    throw new Error(
      "These tests start the real server, which serves the built web app: run `npm run build` first.",
    );
  }
  const child = spawn(process.execPath, serverEntry(), {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      TMPDIR: process.env.TMPDIR ?? "/tmp",
      NODE_ENV: "production",
      ADMIN_PASSWORD: testAdminPassword,
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED: "false",
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString();
    for (const check of waiters) check();
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  const exited = new Promise<number | null>((resolveExit) => {
    child.on("exit", (code) => {
      for (const check of waiters) check();
      resolveExit(code);
    });
  });
  const waitForOutput = (pattern: RegExp, timeoutMs = 90_000) =>
    new Promise<void>((resolveWait, reject) => {
      const check = () => {
        if (pattern.test(text)) {
          done();
          resolveWait();
        } else if (child.exitCode !== null) {
          done();
          reject(new Error(`the server exited (${child.exitCode}) before ${pattern}:\n${text}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`timed out waiting for ${pattern}:\n${text}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  await waitForOutput(/Server listening at/);
  return {
    child,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => text,
    waitForOutput,
    exited,
  };
}

/** Resolves once nothing accepts TCP connections on the port any more. */
export async function waitUntilRefused(port: number, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    const refused = await new Promise<boolean>((resolveTry) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolveTry(false);
      });
      socket.once("error", () => resolveTry(true));
    });
    if (refused) return;
    if (Date.now() - started > timeoutMs) throw new Error(`port ${port} still accepts`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
