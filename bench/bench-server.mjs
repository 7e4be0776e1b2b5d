// The production build as a child process, for the bench scripts.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The environment variables and Node flags `npm start` runs the store with, read from its script
 * in package.json so the bench never runs a different process than the README's:
 * - a heap limit under 1 GB makes V8 grow the heap by about 1.3 times what is live after a
 *   collection instead of up to 4 times (decision 086), and an 8 MB young generation instead of
 *   16 keeps less short-lived garbage resident (decision 092);
 * - glibc's malloc keeps two arenas instead of one per thread that ever allocated, and serves
 *   blocks of 128 KB and more from `mmap`, returned when freed, instead of raising that threshold
 *   to the largest block freed so far and keeping what its heap served (decision 093).
 */
const startWords = JSON.parse(
  readFileSync(new URL("../package.json", import.meta.url), "utf8"),
).scripts.start.split(/\s+/);
const productionNodeFlags = startWords.filter((word) => word.startsWith("--"));
const productionMallocEnv = Object.fromEntries(
  startWords.filter((word) => /^[A-Z_]+=/.test(word)).map((word) => word.split("=")),
);

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
