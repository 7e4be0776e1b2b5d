import fastifyEtag from "@fastify/etag";
import {
  closeoutListResponseSchema,
  productFacetsSchema,
  productIdParamsSchema,
  productListQuerySchema,
  productListResponseSchema,
  publicProductSchema,
  totalCountHeader,
} from "@mcf/contracts/product";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  getProductRow,
  listCloseoutProducts,
  listProductFacets,
  listProducts,
} from "./catalog.service.ts";
import { toPublicProduct } from "./product-mapper.ts";

/**
 * The public catalogue. Answers carry `Cache-Control: no-cache` and an ETag: a browser or CDN
 * revalidates every time (a price edit shows at once) and a repeat costs a 304 with no body.
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyEtag, { weak: true });
  app.addHook("onSend", async (_request, reply, payload) => {
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-cache");
    return payload;
  });

  app.get(
    "/api/products",
    {
      schema: {
        tags: ["catalog"],
        summary: "List products",
        description:
          "A page of products (an array) with the match count in X-Total-Count; with closeout=true, every closeout as {products: [...]}, unpaged.",
        querystring: productListQuerySchema,
        response: { 200: z.union([productListResponseSchema, closeoutListResponseSchema]) },
      },
    },
    async (request, reply) => {
      const db = app.database.db;
      if (request.query.closeout === "true") {
        const rows = await listCloseoutProducts(db, request.query);
        reply.header(totalCountHeader, String(rows.length));
        return { products: rows.map(toPublicProduct) };
      }
      const { rows, total } = await listProducts(db, request.query, { priceColumn: "our_price" });
      reply.header(totalCountHeader, String(total));
      return rows.map(toPublicProduct);
    },
  );

  app.get(
    "/api/products/facets",
    {
      schema: {
        tags: ["catalog"],
        summary: "Filter values for the product list's dropdowns",
        response: { 200: productFacetsSchema },
      },
    },
    async () => listProductFacets(app.database.db),
  );

  app.get(
    "/api/products/:id",
    {
      schema: {
        tags: ["catalog"],
        summary: "One product",
        params: productIdParamsSchema,
        response: { 200: publicProductSchema },
      },
    },
    async (request) => toPublicProduct(await getProductRow(app.database.db, request.params.id)),
  );
};
