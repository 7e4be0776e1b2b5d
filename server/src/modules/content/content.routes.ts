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
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getAreaCatalogue, getAreaGuide, getPost, listPostSummaries } from "./content.service.ts";
import { findContentDir, loadSiteContent, type SiteContent } from "./content-loader.ts";

/** Content changes only with a deploy; a few minutes of caching is safe. */
function cacheContent(reply: FastifyReply): void {
  reply.header("cache-control", "public, max-age=300");
}

/**
 * Blog posts, area guides and the gallery, read from the repository's content/ folder once
 * when the app is built (pass `content` to serve other content, e.g. in tests).
 */
export function contentRoutes(content: SiteContent = loadSiteContent(findContentDir())) {
  const plugin: FastifyPluginAsyncZod = async (app) => {
    app.get(
      "/api/content/posts",
      {
        schema: {
          tags: ["content"],
          summary: "Blog posts, newest first",
          response: { 200: blogPostListSchema },
        },
      },
      async (_request, reply) => {
        cacheContent(reply);
        return { posts: listPostSummaries(content) };
      },
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
      async (request, reply) => {
        const post = getPost(content, request.params.slug);
        cacheContent(reply);
        return post;
      },
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
      async (request, reply) => {
        const catalogue = getAreaCatalogue(content, request.params.city);
        cacheContent(reply);
        return catalogue;
      },
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
      async (request, reply) => {
        const guide = getAreaGuide(content, request.params.city, request.params.slug);
        cacheContent(reply);
        return guide;
      },
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
      async (_request, reply) => {
        cacheContent(reply);
        return { images: content.gallery };
      },
    );
    // Partners are store settings: the settings module answers /api/content/partners.
  };
  return plugin;
}
