// wrk (a C load generator, Debian package `wrk`) for the overload runs. On a 2-core machine the
// load generator shares the cores with the server: autocannon at 500 connections spends about
// half again as much CPU per request as at 50, so its 500-connection rate measured autocannon as
// much as the server. wrk costs little and the same at any connection count, so the ratio of its
// two rates is the server's. It cannot split latency by status: its p50/p99 are of every answer.
import { execFile, execFileSync } from "node:child_process";
import { join } from "node:path";

const script = join(import.meta.dirname, "wrk-count.lua");

/** The wrk binary on PATH, or null when the machine has none (the overload runs then skip it). */
export function wrkPath() {
  try {
    return execFileSync("sh", ["-c", "command -v wrk"], { encoding: "utf8" }).trim() || null;
  } catch {
    return null;
  }
}

let missRun = 0;

/**
 * One wrk run on one thread. `miss: true` gives every request a new address (each a page-cache
 * miss). Resolves to counts by status, 503s with Retry-After, timeouts and socket errors, and the
 * p50/p99 of all answers in ms.
 */
export function runWrk({ url, connections, duration, timeout = 30, headers = {}, miss = false }) {
  const args = ["-t1", `-c${connections}`, `-d${duration}s`, `--timeout`, `${timeout}s`];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  args.push("-s", script, url);
  const env = { ...process.env };
  if (miss) env.MISS_PREFIX = `w${process.pid}r${++missRun}x`;
  else delete env.MISS_PREFIX;
  return new Promise((resolvePromise, reject) => {
    execFile(wrkPath() ?? "wrk", args, { env, maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`wrk failed: ${stderr || error.message}`));
      const line = stdout.split("\n").find((l) => l.startsWith("WRK_JSON "));
      if (!line) return reject(new Error(`wrk printed no counts:\n${stdout}`));
      const raw = JSON.parse(line.slice("WRK_JSON ".length));
      const statuses = new Map(Object.entries(raw.statuses).map(([s, n]) => [Number(s), n]));
      resolvePromise({
        statuses,
        retryAfter: raw.retryAfter,
        seconds: raw.durationUs / 1e6,
        timeouts: raw.timeouts,
        socketErrors: raw.socketErrors,
        p50: raw.p50Us / 1000,
        p99: raw.p99Us / 1000,
      });
    });
  });
}
