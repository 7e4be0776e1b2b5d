// The production build as a child process, for the bench scripts.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Starts the production build; resolves once /api/ready answers. */
export async function startProductionServer(root, { port, dataDir, databaseUrl }) {
  // `npm start`'s own script, run by node directly: the child's pid is the server's, and the bench
  // never measures a different process than the one `npm start` runs.
  const child = spawn(process.execPath, [join(root, "scripts/start.mjs")], {
    cwd: root,
    env: {
      ...process.env,
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
  });
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
    /**
     * The CPU time the server process has used so far, in seconds (user and system, every
     * thread; Linux), or null where it cannot be read. Linux reports it in ticks of 1/100 s.
     */
    cpuSeconds() {
      try {
        const fields = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1].split(" ");
        return (Number(fields[11]) + Number(fields[12])) / 100;
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
