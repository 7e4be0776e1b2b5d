import {
  areaCatalogueSchema,
  areaGuideSchema,
  areaParamsSchema,
  blogPostListSchema,
  blogPostSchema,
  cityParamsSchema,
  contentSlugParamsSchema,
  galleryResponseSchema,
} from "@mcf/contracts/content";
import { errorResponseSchema } from "@mcf/contracts/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getAreaCatalogue, getAreaGuide, getPost, listPostSummaries } from "./content.service.ts";
import { findContentDir, loadSiteContent, type SiteContent } from "./content-loader.ts";

/**
 * Blog posts, area guides and the gallery, read from the repository's content/ folder once
 * when the app is built (pass `content` to serve other content, e.g. in tests).
 */
export function contentRoutes(content: SiteContent = loadSiteContent(findContentDir())) {
  const plugin: FastifyPluginAsyncZod = async (app) => {
    // Content changes only with a deploy: a few minutes of caching is safe for what was found.
    app.addHook("onSend", async (_request, reply, payload) => {
      if (reply.statusCode === 200) reply.header("cache-control", "public, max-age=300");
      return payload;
    });

    app.get(
      "/api/content/posts",
      {
        schema: {
          tags: ["content"],
          summary: "Blog posts, newest first",
          response: { 200: blogPostListSchema },
        },
      },
      async () => ({ posts: listPostSummaries(content) }),
    );

    app.get(
      "/api/content/posts/:slug",
      {
        schema: {
          tags: ["content"],
          summary: "One blog post with its HTML body",
          params: contentSlugParamsSchema,
          response: { 200: blogPostSchema, 404: errorResponseSchema },
        },
      },
      async (request) => getPost(content, request.params.slug),
    );

    app.get(
      "/api/content/areas/:city",
      {
        schema: {
          tags: ["content"],
          summary: "A city's area guides grouped by category",
          params: cityParamsSchema,
          response: { 200: areaCatalogueSchema, 404: errorResponseSchema },
        },
      },
      async (request) => getAreaCatalogue(content, request.params.city),
    );

    app.get(
      "/api/content/areas/:city/:slug",
      {
        schema: {
          tags: ["content"],
          summary: "One area guide with its HTML body",
          params: areaParamsSchema,
          response: { 200: areaGuideSchema, 404: errorResponseSchema },
        },
      },
      async (request) => getAreaGuide(content, request.params.city, request.params.slug),
    );

    app.get(
      "/api/content/gallery",
      {
        schema: {
          tags: ["content"],
          summary: "Gallery images",
          response: { 200: galleryResponseSchema },
        },
      },
      async () => ({ images: content.gallery }),
    );
    // Partners are store settings: the settings module answers /api/content/partners.
  };
  return plugin;
}
