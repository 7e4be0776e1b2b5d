import { collectSitemapEntries, renderSitemapXml } from "../features/content/sitemap.server.ts";
import type { Route } from "./+types/sitemap-xml";

export async function loader({ context }: Route.LoaderArgs) {
  const entries = await collectSitemapEntries(context.apiFetch);
  return new Response(renderSitemapXml(entries, context.publicUrl), {
    headers: {
      "content-type": "application/xml; charset=utf-8",
      "cache-control": "public, max-age=3600",
    },
  });
}
