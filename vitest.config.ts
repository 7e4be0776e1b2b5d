import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "server/src/**/*.test.ts",
      "server/test/**/*.test.ts",
      "packages/**/src/**/*.test.ts",
      "web/app/**/*.test.ts",
    ],
    globalSetup: ["server/test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
