// `npm start`: builds on first run (or when the build is missing), then serves the store. The
// end-to-end suite and the bench start the server through this file too, on Node's own allocator
// and heap defaults, so every test measures the process production runs (docs/operations.md says
// what a host may tune).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const built = existsSync("web/build/server/index.js") && existsSync("server/dist/main.js");
if (!built) {
  console.log("First start: building the store (about a minute)...");
  const result = spawnSync("npm", ["run", "build"], {
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import("../server/dist/main.js");
