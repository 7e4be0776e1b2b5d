// `npm run bench`: starts the production build on a fresh embedded database (or PostgreSQL with
// --pg=<url>), runs each scenario with autocannon (warm-up, then 10 s at 50 connections), and
// prints req/s, p50, p99, errors and the ratio to /api/health. Build first: `npm run build`.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import { scenarios } from "./scenarios.mjs";

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=")));
const duration = Number(args.duration ?? 10);
const connections = Number(args.connections ?? 50);
const port = Number(args.port ?? 4400);
const base = `http://127.0.0.1:${port}`;
const root = resolve(import.meta.dirname, "..");
const dataDir = mkdtempSync(join(tmpdir(), "mcf-bench-"));

const server = spawn(process.execPath, [join(root, "server/dist/main.js")], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: args.pg ?? "",
    ADMIN_PASSWORD: "bench-admin-password",
    LOG_LEVEL: "warn",
    SMTP_URL: "",
  },
  stdio: ["ignore", "inherit", "inherit"],
});

async function waitReady() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not become ready");
}

function run(opts) {
  return new Promise((resolvePromise, reject) => {
    autocannon(
      {
        url: base + opts.path,
        method: opts.method ?? "GET",
        body: opts.body,
        headers: opts.headers,
        connections,
        duration: opts.duration ?? duration,
      },
      (err, result) => (err ? reject(err) : resolvePromise(result)),
    );
  });
}

try {
  await waitReady();
  const rows = [];
  for (const scenario of scenarios) {
    const extra = scenario.setup ? await scenario.setup(base) : {};
    const opts = { ...scenario, ...extra };
    await run({ ...opts, duration: 2 }); // warm-up
    const r = await run(opts);
    rows.push({
      name: scenario.name,
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors + r.non2xx,
    });
    console.log(`${scenario.name}: ${Math.round(r.requests.average)} req/s`);
  }
  const ceiling = rows[0]?.rps || 1;
  console.log(
    `\n| scenario | req/s | p50 ms | p99 ms | errors | vs health |\n|---|---:|---:|---:|---:|---:|`,
  );
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${Math.round(row.rps)} | ${row.p50} | ${row.p99} | ${row.errors} | ${(row.rps / ceiling).toFixed(2)} |`,
    );
  }
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
