import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { e2eRunDir } from "../../support/env.ts";
import { freePort } from "../../support/free-port.ts";

/**
 * A second store process of its own (a free port, own data folder), started as `npm start` would
 * on a fresh clone with no settings, then stopped with SIGTERM.
 */
test("a fresh start prints the URL, modes and development password; SIGTERM lets requests finish", async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  const root = resolve(process.cwd(), "..");
  let output = "";
  const store: ChildProcess = spawn(process.execPath, [join(root, "scripts", "start.mjs")], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: join(e2eRunDir, "start-and-stop"),
      SEED: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  store.stdout?.on("data", (chunk) => {
    output += String(chunk);
  });
  store.stderr?.on("data", (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<number | null>((done) => store.once("exit", (code) => done(code)));
  try {
    await expect
      .poll(() => output, { timeout: 90_000 })
      .toContain(`Magic City Floors is running at http://localhost:${port}`);
    expect(output).toContain("payments: test mode");
    expect(output).toContain("mail:     outbox only");
    expect(output).toContain("development password: flooring-admin-dev");
    // The store re-executed itself, in the same process, with its memory settings.
    if (process.platform === "linux") {
      const flags = readFileSync(`/proc/${store.pid}/cmdline`, "utf8").split("\0");
      expect(flags).toEqual(
        expect.arrayContaining(["--max-semi-space-size=8", "--max-old-space-size=256"]),
      );
      expect(readFileSync(`/proc/${store.pid}/environ`, "utf8").split("\0")).toContain(
        "MALLOC_ARENA_MAX=2",
      );
    }

    // A request in flight when SIGTERM arrives still gets its answer.
    const inFlight = fetch(`http://127.0.0.1:${port}/blog`);
    await expect.poll(() => output).toContain('"url":"/blog"');
    store.kill("SIGTERM");
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Latest posts");
    expect(await exited, output.slice(-3000)).toBe(0);
    expect(output).toContain("shutting down: finishing in-flight requests");
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  } finally {
    if (store.exitCode === null) store.kill("SIGKILL");
  }
});
