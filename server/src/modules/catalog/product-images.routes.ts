import { parseProductImageFileName } from "@mcf/contracts/product-image-urls";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../errors.ts";
import { createProductImageStore } from "./product-image-store.ts";

const contentTypes = { avif: "image/avif", webp: "image/webp" } as const;

/**
 * `GET /media/products/{id}-{width}.{avif|webp}`: the resized copies of product photos. Names
 * are content-hashed, so each answer may be kept a year by browsers and CDNs.
 */
export const productImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = createProductImageStore(app.config);
  app.get(
    "/media/products/:file",
    {
      schema: {
        hide: true,
        params: z.object({ file: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const parsed = parseProductImageFileName(request.params.file);
      const bytes = parsed ? await store.get(request.params.file) : null;
      if (!parsed || !bytes) throw notFound("Image not found");
      return reply
        .header("content-type", contentTypes[parsed.format])
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("etag", `"${parsed.id}-${parsed.width}-${parsed.format}"`)
        .send(bytes);
    },
  );
};
