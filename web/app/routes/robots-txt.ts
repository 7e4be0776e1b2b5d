import type { Route } from "./+types/robots-txt";

/** Crawlers may read the public site; the back office, partner portal, API and private pages stay out. */
export function loader({ context }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /ace",
    "Disallow: /account",
    "Disallow: /api/",
    "Disallow: /pay/",
    "Disallow: /track/",
    "Disallow: /cart",
    "Disallow: /success",
    "Disallow: /inquiry-success",
    "",
    `Sitemap: ${context.publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "public, max-age=86400",
    },
  });
}
