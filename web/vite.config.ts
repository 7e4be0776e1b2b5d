import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * Our modules that the root route needs (header, footer, cart panel and what they import) are
 * loaded by every page anyway; left to automatic splitting they become a dozen sub-kilobyte
 * chunks, each paying its own request and gzip overhead (about 3 KB per page in all). One
 * "shell" chunk holds them instead.
 */
function shellChunk(
  id: string,
  ctx: { getModuleInfo(id: string): { importers: readonly string[] } | null },
): string | null {
  if (id.includes("/node_modules/")) return null;
  const seen = new Set<string>();
  const queue = [id];
  while (queue.length > 0) {
    const current = queue.pop() as string;
    if (current.endsWith("/app/root.tsx")) return "shell";
    if (seen.has(current)) continue;
    seen.add(current);
    queue.push(...(ctx.getModuleInfo(current)?.importers ?? []));
  }
  return null;
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: shellChunk, debugName: "shell" }] } },
    },
  },
});
