import type {
  AreaCatalogue,
  AreaGuide,
  AreaGuideSummary,
  BlogPost,
  BlogPostSummary,
  Partner,
} from "@mcf/contracts/content";
import { serviceAreaCategories, serviceCity } from "@mcf/contracts/service-areas";
import { notFound } from "../../errors.ts";
import { findContentDir, loadPartners, type SiteContent } from "./content-loader.ts";

export { bumpContentVersion, contentVersionSource } from "./content-version.ts";

/** The partners of content/partners.json: the store settings' default partner list. */
export function builtInPartners(): Partner[] {
  return loadPartners(findContentDir());
}

/** Every post without its body, newest first. */
export function listPostSummaries(content: SiteContent): BlogPostSummary[] {
  return content.posts.map(({ html: _html, ...summary }) => summary);
}

/** One post by slug; throws a 404 AppError for an unknown slug. */
export function getPost(content: SiteContent, slug: string): BlogPost {
  const post = content.posts.find((p) => p.slug === slug);
  if (!post) throw notFound("Blog post not found");
  return post;
}

function requireCity(city: string): void {
  if (city !== serviceCity.slug) throw notFound("We don't have area guides for that city yet");
}

/**
 * The city's area guides grouped by the catalogue's categories, in catalogue order. An area
 * named in the catalogue appears once its guide exists; throws 404 for an unknown city.
 */
export function getAreaCatalogue(content: SiteContent, city: string): AreaCatalogue {
  requireCity(city);
  return {
    city: { name: serviceCity.name, slug: serviceCity.slug },
    categories: serviceAreaCategories
      .map((category) => ({
        name: category.name,
        areas: category.areas
          .map((name) => [...content.areaGuides.values()].find((guide) => guide.name === name))
          .filter((guide): guide is AreaGuide => Boolean(guide))
          .map(({ html: _html, city: _city, ...summary }): AreaGuideSummary => summary),
      }))
      .filter((category) => category.areas.length > 0),
  };
}

/** One area guide; throws 404 for an unknown city or slug. */
export function getAreaGuide(content: SiteContent, city: string, slug: string): AreaGuide {
  requireCity(city);
  const guide = content.areaGuides.get(slug);
  if (!guide) throw notFound("Area guide not found");
  return guide;
}
