import {
  aceAccessoryListResponseSchema,
  aceCompanionListResponseSchema,
  aceProductSchema,
} from "@mcf/contracts/partners";
import { aceDefaultCollection } from "@mcf/contracts/partners-options";
import {
  accessoryListQuerySchema,
  productFacetsSchema,
  productIdParamsSchema,
  productListQuerySchema,
} from "@mcf/contracts/product";
import { totalCountHeader } from "@mcf/contracts/product-options";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { partnerSecurity } from "../../http/openapi-document.ts";
import {
  getProductRow,
  listAccessories,
  listCompanionRows,
  listProductFacets,
  listProducts,
} from "../catalog/catalog.service.ts";
import { toAceProduct } from "./ace-product-mapper.ts";
import { requireApprovedPartner } from "./partners.routes.ts";

/** The partner catalogue: approved partners only, at the partner price where there is one. */
export const aceProductRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  // Approved partners only (before the request is validated), and a partner's answer is never
  // kept by the catalogue's shared cache or any proxy.
  app.addHook("preValidation", async (request) => {
    await requireApprovedPartner(request);
  });
  app.addHook("preHandler", async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
  });

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
    },
    async (request, reply) => {
      const { rows, total } = await listProducts(db, request.query, {
        audience: "partner",
        defaults: { collection: aceDefaultCollection },
      });
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
        querystring: productListQuerySchema.pick({ collection: true, type: true }),
        response: { 200: productFacetsSchema },
      },
    },
    async (request) => {
      return listProductFacets(
        db,
        { collection: request.query.collection ?? aceDefaultCollection },
        request.query.type,
      );
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
    },
    async (request) => {
      return toAceProduct(await getProductRow(db, request.params.id));
    },
  );

  app.get(
    "/api/ace/products/:id/companions",
    {
      schema: {
        tags: ["ace"],
        security: partnerSecurity,
        summary: "The accessories that go with a floor, at the partner price",
        description:
          "The same choice as GET /api/products/{id}/companions, each accessory at the partner's price of one unit (its partner price where it has one, else the public unit price). Empty for an accessory.",
        params: productIdParamsSchema,
        response: { 200: aceCompanionListResponseSchema },
      },
    },
    async (request) => {
      const chosen = await listCompanionRows(db, request.params.id);
      return {
        companions: chosen.map((companion) => ({
          kind: companion.kind,
          reason: companion.reason,
          product: toAceProduct(companion.product),
        })),
      };
    },
  );

  app.get(
    "/api/ace/accessories",
    {
      schema: {
        tags: ["ace"],
        security: partnerSecurity,
        summary: "Every accessory at the partner price of one unit",
        description:
          "Underlayment, adhesive and trims, by kind then name, as GET /api/accessories lists them; our_price and price_per_box are what the partner pays for one unit: the accessory's partner price where it has one, else its public unit price (price_source says which).",
        querystring: accessoryListQuerySchema,
        response: { 200: aceAccessoryListResponseSchema },
      },
    },
    async (request) => {
      const rows = await listAccessories(db, request.query.kind);
      return { products: rows.map(toAceProduct) };
    },
  );
};
