import type { PublicStoreDetails } from "@mcf/contracts/store-settings";
import type { MetaDescriptor } from "react-router";
import { formatTitle } from "./page-titles.ts";
import { storeDetailsOf } from "./store-details.ts";

const defaultDescription = (store: PublicStoreDetails) =>
  `${store.business_name}: hardwood, laminate, vinyl, tile and carpet flooring sold by the box, shipped nationwide and installed across the Birmingham, Alabama area.`;

/** A page's description: fixed text, or written from the store's saved details (its name). */
type Description = string | ((store: PublicStoreDetails) => string);

/**
 * Title, description and og/twitter title tags for a page (canonical and urls come from the
 * layout). `matches` is what the route's `meta` receives: the store's name in every title is the
 * one the owner saved in Settings, read from the root route's data.
 */
export function pageMeta(
  matches: ReadonlyArray<unknown>,
  page: string | null,
  description: Description = defaultDescription,
): MetaDescriptor[] {
  const store = storeDetailsOf(matches);
  const title = formatTitle(page, store.business_name);
  if (typeof description === "function") description = description(store);
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: store.business_name },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
}

/** "five-points-south" → "Five points south"; "ace" → "ACE". */
export function breadcrumbLabel(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // Not valid percent-encoding ("100%-wool"): show it as typed.
  }
  if (decoded.toLowerCase() === "ace") return "ACE";
  const words = decoded.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** schema.org BreadcrumbList from the path's segments; null on home. */
export function breadcrumbJsonLd(
  pathname: string,
  baseUrl: string,
): Record<string, unknown> | null {
  const segments = pathname.split("/").filter(Boolean);
  if (segments.length === 0) return null;
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, name: "Home", item: `${baseUrl}/` },
      ...segments.map((segment, index) => ({
        "@type": "ListItem",
        position: index + 2,
        name: breadcrumbLabel(segment),
        item: `${baseUrl}/${segments.slice(0, index + 1).join("/")}`,
      })),
    ],
  };
}

/** Serialises JSON-LD safely for a <script> element. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
