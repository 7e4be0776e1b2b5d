import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromePath)) {
  throw new Error(
    `Chromium not found at ${chromePath}. Install Debian's chromium (apt-get install chromium) or set CHROME_PATH.`,
  );
}
const e2ePort = Number(process.env.E2E_PORT ?? 4173);
const wholeCatalogueSpecs = [/specs\/catalog\//, /specs\/content\/blog\.spec\.ts$/];
const htmlCheckerSpec = /specs\/quality\/html-validity\.spec\.ts$/;
/** The link crawl reads the store as it is right after starting: before any other spec. */
const crawlSpec = /specs\/quality\/crawl\.spec\.ts$/;
/** Specs that change the store's settings, which every page shows: they run after all others. */
const storeSettingsSpecs = [/specs\/settings\//];

export default defineConfig({
  testDir: "specs",
  globalSetup: "./support/global-setup.ts",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Each spec makes the products, coupons, orders and partners it changes, so tests run side by
  // side; two workers is what the store's machines can give a browser each.
  workers: 2,
  fullyParallel: true,
  projects: [
    { name: "fresh-store", testMatch: crawlSpec },
    {
      name: "own-data",
      testIgnore: [...wholeCatalogueSpecs, htmlCheckerSpec, crawlSpec, ...storeSettingsSpecs],
      dependencies: ["fresh-store"],
    },
    // These count and sort the whole public catalogue (and the sitemap's product list): they run
    // once the specs that add and delete products are done, so none comes or goes meanwhile.
    { name: "whole-catalogue", testMatch: wholeCatalogueSpecs, dependencies: ["own-data"] },
    // The Nu HTML checker's Java runs last and alone: its JVM takes both cores for a few seconds,
    // which would starve a browser test running beside it.
    { name: "html-checker", testMatch: htmlCheckerSpec, dependencies: ["whole-catalogue"] },
    // A settings change shows on every page (the phone, the footer): last, when no other page is read.
    { name: "store-settings", testMatch: storeSettingsSpecs, dependencies: ["html-checker"] },
  ],
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${e2ePort}`,
    launchOptions: {
      executablePath: chromePath,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    trace: "off",
    screenshot: "only-on-failure",
  },
});
