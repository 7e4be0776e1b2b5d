// `npm start`: builds on first run (or when the build is missing), then serves the store. The
// end-to-end suite and the bench start the server through this file too, so every test runs and
// measures the process production runs (docs/operations.md says what else a host may tune).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

// V8's young generation: Node's default lets each of its halves grow to 64 MB, which a busy store
// touches and keeps (128 MB resident); 8 MB halves collect short-lived garbage sooner at the same
// speed (docs/decisions/106). V8 reads it only at start, so the store re-executes itself with it,
// in the same process (same id, same signals). A host's own NODE_OPTIONS setting wins.
const youngGeneration = "--max-semi-space-size=8";
const hostSetsIt = (process.env.NODE_OPTIONS ?? "").includes("--max-semi-space-size");
if (
  !process.execArgv.includes(youngGeneration) &&
  !hostSetsIt &&
  typeof process.execve === "function"
) {
  process.execve(process.execPath, [
    process.execPath,
    youngGeneration,
    ...process.execArgv,
    ...process.argv.slice(1),
  ]);
}

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
