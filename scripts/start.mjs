// `npm start`: builds on first run (or when the build is missing), then serves the store. The
// end-to-end suite and the bench start the server through this file too, so every test runs and
// measures the process production runs (docs/operations.md says what else a host may tune).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

// The memory settings the store starts with (docs/decisions/143), each measured on the bench's
// 20,000-product runs and tested there with 100 page renders at once (the end-to-end test
// shell/large-catalogue.spec.ts): V8's young generation in 8 MB halves (Node's default lets each
// grow to 64 MB, which a busy store touches and keeps), a 256 MB heap (live data is under 100 MB
// at 20,000 products; without a limit V8 let garbage grow the heap to four times that) and two
// malloc arenas. V8 and the C library read them only at start, so the store re-executes itself
// with them, in the same process (same id, same signals). A host's own setting of any one wins.
const heapFlags = ["--max-semi-space-size=8", "--max-old-space-size=256"];
const hostOptions = process.env.NODE_OPTIONS ?? "";
const missingFlags = heapFlags.filter(
  (flag) => !process.execArgv.includes(flag) && !hostOptions.includes(flag.split("=")[0]),
);
const arenasUnset = process.env.MALLOC_ARENA_MAX === undefined;
if ((missingFlags.length > 0 || arenasUnset) && typeof process.execve === "function") {
  process.execve(
    process.execPath,
    [process.execPath, ...missingFlags, ...process.execArgv, ...process.argv.slice(1)],
    { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2" },
  );
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
