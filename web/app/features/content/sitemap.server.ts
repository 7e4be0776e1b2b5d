import type { AreaCatalogue, BlogPostList } from "@mcf/contracts/content";
import type { AccessoryListResponse } from "@mcf/contracts/product";
import { serviceCity } from "@mcf/contracts/service-areas";
import { api, apiCall, type FetchLike } from "../../lib/api.ts";

export interface SitemapEntry {
  path: string;
  /** "YYYY-MM-DD" when known. */
  lastmod: string | null;
}

/** Public pages that are not generated from data, with the date their content last changed. */
const staticPages: SitemapEntry[] = [
  { path: "/", lastmod: null },
  { path: "/products", lastmod: null },
  { path: "/closeouts", lastmod: null },
  { path: "/accessories", lastmod: null },
  { path: "/installation", lastmod: null },
  { path: "/showroom", lastmod: null },
  { path: "/installation/book", lastmod: null },
  { path: "/about", lastmod: null },
  { path: "/contact", lastmod: null },
  { path: "/gallery", lastmod: null },
  { path: "/partners", lastmod: null },
  { path: "/room-visualizer", lastmod: null },
  { path: "/privacy-policy", lastmod: "2025-01-15" },
  { path: "/terms-of-service", lastmod: "2025-01-15" },
  { path: "/blog", lastmod: null },
  { path: "/blog/areas", lastmod: null },
  { path: `/blog/areas/${serviceCity.slug}`, lastmod: null },
];

const productPageSize = 200;
/** A guard against a list that never ends (e.g. an API that ignores `page`). */
const maxProductPages = 500;

interface ProductListItem {
  id: number;
  updated_at?: string;
}

/** Every public product, paging through GET /api/products 200 at a time. */
async function listAllProducts(fetch: FetchLike): Promise<ProductListItem[]> {
  const products: ProductListItem[] = [];
  const seen = new Set<number>();
  for (let page = 1; page <= maxProductPages; page++) {
    const { data, headers } = await apiCall<ProductListItem[]>(
      `/api/products?page=${page}&per_page=${productPageSize}`,
      { fetch },
    );
    const fresh = data.filter((product) => !seen.has(product.id));
    for (const product of fresh) {
      seen.add(product.id);
      products.push(product);
    }
    const total = Number(headers.get("x-total-count") ?? Number.NaN);
    const done = Number.isFinite(total) ? products.length >= total : true;
    if (done || fresh.length === 0 || data.length < productPageSize) break;
  }
  return products;
}

function latest(dates: Array<string | null>): string | null {
  const known = dates.filter((d): d is string => Boolean(d)).sort();
  return known[known.length - 1] ?? null;
}

/**
 * Every public URL of the site: the fixed pages, each product (floors from the product list,
 * accessories from their own list), each post and each area guide.
 * Pages whose content comes from posts and guides carry the newest of their dates.
 */
export async function collectSitemapEntries(fetch: FetchLike): Promise<SitemapEntry[]> {
  const [{ posts }, catalogue, floors, accessories] = await Promise.all([
    api<BlogPostList>("/api/content/posts", { fetch }),
    api<AreaCatalogue>(`/api/content/areas/${serviceCity.slug}`, { fetch }),
    listAllProducts(fetch),
    api<AccessoryListResponse>("/api/accessories", { fetch }),
  ]);
  const products: ProductListItem[] = [...floors, ...accessories.products];
  const areas = catalogue.categories.flatMap((category) => category.areas);
  const newestPost = latest(posts.map((p) => p.dateModified));
  const newestArea = latest(areas.map((a) => a.dateModified));
  const newestContent = latest([newestPost, newestArea]);
  const datedStatic = staticPages.map((page) => {
    if (page.lastmod) return page;
    if (page.path === "/blog") return { ...page, lastmod: latest([newestPost, newestArea]) };
    if (page.path.startsWith("/blog/areas")) return { ...page, lastmod: newestArea };
    return { ...page, lastmod: newestContent };
  });
  return [
    ...datedStatic,
    ...products.map((product) => ({
      path: `/products/${product.id}`,
      lastmod: product.updated_at ? product.updated_at.slice(0, 10) : null,
    })),
    ...posts.map((post) => ({ path: `/blog/${post.slug}`, lastmod: post.dateModified })),
    ...areas.map((area) => ({
      path: `/blog/areas/${catalogue.city.slug}/${area.slug}`,
      lastmod: area.dateModified,
    })),
  ];
}

function escapeXml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** The sitemaps.org XML for the entries, with absolute URLs under `baseUrl`. */
export function renderSitemapXml(entries: SitemapEntry[], baseUrl: string): string {
  const urls = entries
    .map((entry) => {
      const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : "";
      return `  <url><loc>${escapeXml(`${baseUrl}${entry.path}`)}</loc>${lastmod}</url>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
