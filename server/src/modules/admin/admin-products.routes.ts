import {
  adminProductListQuerySchema,
  adminProductListSchema,
  productCreateSchema,
  productImportRequestSchema,
  productImportResultSchema,
  productPatchSchema,
} from "@mcf/contracts/admin";
import { errorResponseSchema } from "@mcf/contracts/errors";
import { productLotsSchema, productLotsUpdateSchema } from "@mcf/contracts/lots";
import { adminProductSchema, productIdParamsSchema } from "@mcf/contracts/product";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createAdminProduct,
  deleteAdminProduct,
  getAdminProduct,
  getProductLots,
  importProductsCsv,
  listAdminProducts,
  productsToCsv,
  saveProductLots,
  updateAdminProduct,
} from "../catalog/catalog.service.ts";
import { adminErrorResponses } from "./admin-error-responses.ts";

/** Products: the editor, and the catalogue as a CSV file out and in. */
export const adminProductRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    "/api/admin/products",
    {
      schema: {
        tags: ["admin"],
        summary: "Products by name, with partner prices",
        querystring: adminProductListQuerySchema,
        response: { 200: adminProductListSchema, ...adminErrorResponses },
      },
    },
    async (request) => ({ products: await listAdminProducts(db, request.query) }),
  );

  app.get(
    "/api/admin/products/export.csv",
    {
      schema: {
        tags: ["admin"],
        summary: "The catalogue (or a search of it) as CSV, every field",
        querystring: z.object({ search: z.string().trim().max(200).optional() }),
        produces: ["text/csv"],
        response: { 200: z.string(), ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      const list = await listAdminProducts(db, {
        limit: 1_000_000,
        offset: 0,
        search: request.query.search,
      });
      const stamp = new Date().toISOString().slice(0, 10);
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="products-${stamp}.csv"`)
        .header("cache-control", "no-store");
      return productsToCsv(list);
    },
  );

  app.post(
    "/api/admin/products/import",
    {
      bodyLimit: 6 * 1024 * 1024,
      schema: {
        tags: ["admin"],
        summary: "Import a catalogue CSV: dry run, or apply all rows in one transaction",
        body: productImportRequestSchema,
        response: {
          200: productImportResultSchema,
          409: errorResponseSchema,
          ...adminErrorResponses,
        },
      },
    },
    async (request) => importProductsCsv(db, request.body.csv, request.body.dry_run),
  );

  app.get(
    "/api/admin/products/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "One product",
        params: productIdParamsSchema,
        response: { 200: adminProductSchema, ...adminErrorResponses },
      },
    },
    async (request) => getAdminProduct(db, request.params.id),
  );

  app.post(
    "/api/admin/products",
    {
      schema: {
        tags: ["admin"],
        summary: "Create a product (price_per_box is derived, never accepted)",
        body: productCreateSchema,
        response: { 201: adminProductSchema, 409: errorResponseSchema, ...adminErrorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await createAdminProduct(db, request.body)),
  );

  app.patch(
    "/api/admin/products/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "Change some fields; returns the updated product",
        params: productIdParamsSchema,
        body: productPatchSchema,
        response: { 200: adminProductSchema, 409: errorResponseSchema, ...adminErrorResponses },
      },
    },
    async (request) => updateAdminProduct(db, request.params.id, request.body, "patch"),
  );

  app.put(
    "/api/admin/products/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "Replace every field (missing fields are cleared)",
        params: productIdParamsSchema,
        body: productCreateSchema,
        response: { 200: adminProductSchema, 409: errorResponseSchema, ...adminErrorResponses },
      },
    },
    async (request) => updateAdminProduct(db, request.params.id, request.body, "replace"),
  );

  app.delete(
    "/api/admin/products/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "Delete a product (past orders keep their copy of it)",
        params: productIdParamsSchema,
        response: { 204: z.null(), ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      await deleteAdminProduct(db, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/admin/products/:id/lots",
    {
      schema: {
        tags: ["admin"],
        summary: "A product's dye lots and the boxes outside them",
        params: productIdParamsSchema,
        response: { 200: productLotsSchema, ...adminErrorResponses },
      },
    },
    async (request) => getProductLots(db, request.params.id),
  );

  app.put(
    "/api/admin/products/:id/lots",
    {
      schema: {
        tags: ["admin"],
        summary: "Save a product's dye lots (the whole list; lots add up to at most the stock)",
        params: productIdParamsSchema,
        body: productLotsUpdateSchema,
        response: { 200: productLotsSchema, ...adminErrorResponses },
      },
    },
    async (request) => saveProductLots(db, request.params.id, request.body),
  );
};
