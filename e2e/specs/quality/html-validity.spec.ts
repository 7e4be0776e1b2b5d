import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "../../support/store-data.ts";

const run = promisify(execFile);
/** The checker's jar as npm's vnu-jar package ships it. */
const vnuJar = join(
  dirname(createRequire(import.meta.url).resolve("vnu-jar")),
  "build/dist/vnu.jar",
);

interface NuMessage {
  type: "error" | "info" | "non-document-error";
  url: string;
  message: string;
  extract?: string;
}

/**
 * The main public pages, each as the server sends it. /room-visualizer is left out on purpose: its
 * cross-origin frame keeps `sandbox="allow-scripts allow-same-origin"`, which the checker reports
 * as a risk for same-origin content only; the third-party visualizer needs both to work.
 */
const publicPages = [
  "/",
  "/products",
  "/closeouts",
  "/installation",
  "/about",
  "/contact",
  "/gallery",
  "/partners",
  "/blog",
  "/blog/areas",
  "/cart",
  "/privacy-policy",
  "/terms-of-service",
  "/track/not-a-real-token",
];

test("the main public pages pass the Nu HTML checker with no error", async ({ request, store }) => {
  test.slow();
  const product = await store.product();
  const posts = (await (await request.get("/api/content/posts")).json()) as Array<{ slug: string }>;
  const paths = [...publicPages, `/products/${product.id}`, `/blog/${posts[0]?.slug}`];
  const folder = mkdtempSync(join(tmpdir(), "mcf-nu-"));
  try {
    const files: Array<{ path: string; file: string }> = [];
    for (const path of paths) {
      const res = await request.get(path);
      expect(res.status(), path).toBeLessThan(500);
      const file = join(folder, `${files.length}.html`);
      writeFileSync(file, await res.text());
      files.push({ path, file });
    }
    // One Java run checks every page (Debian's default-jre-headless; .ci/run installs it).
    const { stderr } = await run(
      "java",
      ["-jar", vnuJar, "--format", "json", "--errors-only", ...files.map((f) => f.file)],
      {
        maxBuffer: 20 * 1024 * 1024,
      },
    ).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? "" }));
    const messages = (JSON.parse(stderr) as { messages: NuMessage[] }).messages;
    const errors = messages
      .filter((m) => m.type !== "info")
      .map((m) => {
        const page = files.find((f) => m.url.endsWith(f.file))?.path ?? m.url;
        return `${page}: ${m.message}${m.extract ? ` (${m.extract.trim().slice(0, 120)})` : ""}`;
      });
    expect(errors).toEqual([]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
