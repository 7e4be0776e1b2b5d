// The production build as a child process, for the bench scripts.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The Node flags the store runs with in production (README's command, `npm start`): a heap limit
 * under 1 GB makes V8 grow the heap by about 1.3 times what is live after a collection instead of
 * up to 4 times, so garbage is collected at 100-150 MB instead of 300 (decision 086); an 8 MB
 * young generation instead of 16 keeps less short-lived garbage resident (decision 092).
 */
export const productionNodeFlags = ["--max-old-space-size=384", "--max-semi-space-size=8"];

/**
 * The C library's malloc settings the store runs with in production (README's command, `npm
 * start`): two malloc arenas instead of up to 16 (one per thread that ever allocated: the
 * WebAssembly compiler's and the garbage collector's threads each kept their own, never given
 * back), and blocks of 128 KB and more always from `mmap`, returned when freed (glibc otherwise
 * raises that threshold to the largest block freed so far, up to 32 MB, and the heap keeps what
 * it served). Decision 093.
 */
export const productionMallocEnv = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" };

/** Starts the production build; resolves once /api/ready answers. */
export async function startProductionServer(root, { port, dataDir, databaseUrl }) {
  const child = spawn(
    process.execPath,
    [...productionNodeFlags, join(root, "server/dist/main.js")],
    {
      cwd: root,
      env: {
        ...process.env,
        ...productionMallocEnv,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? "",
        ADMIN_PASSWORD: "bench-admin-password",
        LOG_LEVEL: "warn",
        SMTP_URL: "",
        REDIS_URL: "",
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise((r) => child.once("exit", r));
  for (let i = 0; i < 480; i++) {
    if (child.exitCode !== null) throw new Error(`server on port ${port} exited at start`);
    try {
      if ((await fetch(`${base}/api/ready`)).ok) break;
    } catch {}
    await sleep(250);
    if (i === 479) throw new Error(`server on port ${port} did not become ready`);
  }
  return {
    base,
    /** The server process's resident memory in MB (Linux), or null where it cannot be read. */
    residentMb() {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
        const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
        return Number.isFinite(kb) ? kb / 1024 : null;
      } catch {
        return null;
      }
    },
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
