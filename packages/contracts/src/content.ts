import "./zod-without-eval.ts";
import { z } from "zod";

/** A date kept as written in the content files: "YYYY-MM-DD". */
export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A blog post, as listed on the blog index. */
export const blogPostSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  imageAlt: z.string(),
  datePublished: isoDateSchema,
  dateModified: isoDateSchema,
  author: z.string().nullable(),
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

/** One post with its body rendered to HTML on the server. */
export const blogPostSchema = blogPostSummarySchema.extend({ html: z.string() });
export type BlogPost = z.infer<typeof blogPostSchema>;

export const blogPostListSchema = z.object({ posts: z.array(blogPostSummarySchema) });
export type BlogPostList = z.infer<typeof blogPostListSchema>;

/** A Birmingham-area guide, as listed in the area catalogue. */
export const areaGuideSummarySchema = z.object({
  name: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  imageAlt: z.string(),
  category: z.string(),
  /** The last change to the guide's file, for the sitemap. */
  dateModified: isoDateSchema,
});
export type AreaGuideSummary = z.infer<typeof areaGuideSummarySchema>;

export const areaGuideSchema = areaGuideSummarySchema.extend({
  city: z.object({ name: z.string(), slug: z.string() }),
  html: z.string(),
});
export type AreaGuide = z.infer<typeof areaGuideSchema>;

/** GET /api/content/areas/{city}: the city's areas grouped by category, in catalogue order. */
export const areaCatalogueSchema = z.object({
  city: z.object({ name: z.string(), slug: z.string() }),
  categories: z.array(z.object({ name: z.string(), areas: z.array(areaGuideSummarySchema) })),
});
export type AreaCatalogue = z.infer<typeof areaCatalogueSchema>;

export const contentSlugParamsSchema = z.object({ slug: z.string().min(1).max(200) });
export const areaParamsSchema = z.object({
  city: z.string().min(1).max(100),
  slug: z.string().min(1).max(200),
});
export const cityParamsSchema = z.object({ city: z.string().min(1).max(100) });

export const galleryImageSchema = z.object({
  src: z.string(),
  title: z.string(),
  description: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type GalleryImage = z.infer<typeof galleryImageSchema>;
export const galleryResponseSchema = z.object({ images: z.array(galleryImageSchema) });

export const partnerSchema = z.object({
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  category: z.string(),
  url: z.url(),
  logo: z.string().nullable(),
});
export type Partner = z.infer<typeof partnerSchema>;
export const partnerListSchema = z.object({ partners: z.array(partnerSchema) });
