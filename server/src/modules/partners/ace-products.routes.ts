import { aceProductSchema } from "@mcf/contracts/partners";
import { aceDefaultCollection } from "@mcf/contracts/partners-options";
import {
  productFacetsSchema,
  productIdParamsSchema,
  productListQuerySchema,
  totalCountHeader,
} from "@mcf/contracts/product";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { partnerSecurity } from "../../http/openapi-document.ts";
import { getProductRow, listProductFacets, listProducts } from "../catalog/catalog.service.ts";
import { toAceProduct } from "./ace-product-mapper.ts";
import { requireApprovedPartner } from "./partners.routes.ts";

/** The partner catalogue: approved partners only, at the partner price where there is one. */
export const aceProductRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    "/api/ace/products",
    {
      schema: {
        tags: ["ace"],
        security: partnerSecurity,
        summary:
          "Partner product list (default collection AR; X-Total-Count carries the match count)",
        querystring: productListQuerySchema.omit({ closeout: true }),
        response: { 200: z.array(aceProductSchema) },
      },
      preValidation: async (request) => {
        await requireApprovedPartner(request);
      },
    },
    async (request, reply) => {
      const { rows, total } = await listProducts(db, request.query, {
        audience: "partner",
        defaults: { collection: aceDefaultCollection },
      });
      reply.header("cache-control", "private, no-store");
      reply.header(totalCountHeader, String(total));
      return rows.map(toAceProduct);
    },
  );

  app.get(
    "/api/ace/products/facets",
    {
      schema: {
        tags: ["ace"],
        security: partnerSecurity,
        summary: "Filter values of the partner list, within its collection (default AR)",
        description:
          "The yes/no features (and the other values) true of at least one product of the collection the partner list shows, so a feature filter always finds something.",
        querystring: productListQuerySchema.pick({ collection: true }),
        response: { 200: productFacetsSchema },
      },
      preValidation: async (request) => {
        await requireApprovedPartner(request);
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return listProductFacets(db, {
        collection: request.query.collection ?? aceDefaultCollection,
      });
    },
  );

  app.get(
    "/api/ace/products/:id",
    {
      schema: {
        tags: ["ace"],
        security: partnerSecurity,
        summary: "One product at the partner price",
        params: productIdParamsSchema,
        response: { 200: aceProductSchema },
      },
      preValidation: async (request) => {
        await requireApprovedPartner(request);
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return toAceProduct(await getProductRow(db, request.params.id));
    },
  );
};
