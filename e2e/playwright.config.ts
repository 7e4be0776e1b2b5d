import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromePath)) {
  throw new Error(
    `Chromium not found at ${chromePath}. Install Debian's chromium (apt-get install chromium) or set CHROME_PATH.`,
  );
}
export const e2ePort = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: "specs",
  globalSetup: "./support/global-setup.ts",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One at a time: specs share one store, and admin specs change the catalogue others read.
  workers: 1,
  fullyParallel: false,
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
