import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, test } from "@playwright/test";
// @ts-expect-error: a plain JavaScript module of the bench, without type declarations.
import { seedLargePglite } from "../../../bench/large-catalogue.mjs";
import { e2eRunDir } from "../../support/env.ts";
import { freePort } from "../../support/free-port.ts";

const root = resolve(process.cwd(), "..");
const dataDir = join(e2eRunDir, "large-catalogue");

/** A store started as `npm start` starts it (its own heap settings included), once ready. */
async function startStore(
  port: number,
): Promise<{ store: ChildProcess; exited: Promise<unknown> }> {
  const store = spawn(process.execPath, [join(root, "scripts", "start.mjs")], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // This test is about memory, not admission: renders wait their turn as long as it takes.
      SHED_WAIT_SECONDS: "120",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((done) => store.once("exit", done));
  await expect
    .poll(
      async () => {
        if (store.exitCode !== null) throw new Error("the store exited while starting");
        return (await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => null))?.status;
      },
      { timeout: 90_000 },
    )
    .toBe(200);
  return { store, exited };
}

/**
 * The heap settings `npm start` makes hold at the store's largest measured size: 20,000 products
 * and 100 product-list pages rendered at once (each a new address, so none comes from the page
 * cache), beside requests for every product in one answer. Every one answers, and the process
 * lives on.
 */
test("with 20,000 products, 100 page renders at once all answer under the store's own heap settings", async () => {
  test.setTimeout(240_000);
  rmSync(dataDir, { recursive: true, force: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The first start makes the database and its sample catalogue; stopped, it is filled to 20,000.
  let { store, exited } = await startStore(port);
  store.kill("SIGTERM");
  await exited;
  await seedLargePglite(dataDir, 20_000);
  ({ store, exited } = await startStore(port));
  try {
    // The public list counts the floors among the 20,000 (accessories have lists of their own).
    const total = Number(
      (await fetch(`${base}/api/products?per_page=25`)).headers.get("x-total-count"),
    );
    expect(total).toBeGreaterThan(10_000);
    const renders = Array.from({ length: 100 }, (_, i) =>
      fetch(`${base}/products?type=${["hardwood", "tile", "vinyl", "laminate"][i % 4]}&miss=${i}`),
    );
    const everything = Array.from({ length: 5 }, () =>
      fetch(`${base}/api/products?per_page=-1`, { headers: { "accept-encoding": "identity" } }),
    );
    const answers = await Promise.all([...renders, ...everything]);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const pages = await Promise.all(answers.slice(0, 100).map((answer) => answer.text()));
    for (const page of pages) expect(page).toContain("Flooring</h1>");
    for (const answer of answers.slice(100)) expect(await answer.json()).toHaveLength(total);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect(store.exitCode).toBeNull();
    if (process.platform === "linux") {
      const status = readFileSync(`/proc/${store.pid}/status`, "utf8");
      const residentKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
      test.info().annotations.push({
        type: "resident memory after",
        description: `${Math.round(residentKb / 1024)} MB`,
      });
    }
  } finally {
    store.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
});
