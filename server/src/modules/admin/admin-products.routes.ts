import fastifyMultipart from "@fastify/multipart";
import {
  adminProductListQuerySchema,
  adminProductListSchema,
  productCreateSchema,
  productFieldsSchema,
  productImportRequestSchema,
  productImportResultSchema,
  productPatchSchema,
} from "@mcf/contracts/admin";
import { errorResponseSchema } from "@mcf/contracts/errors";
import { productLotsSchema, productLotsUpdateSchema } from "@mcf/contracts/lots";
import { adminProductSchema, productIdParamsSchema } from "@mcf/contracts/product";
import { maxProductImages } from "@mcf/contracts/product-image-urls";
import { productImageOrderSchema, productImageParamsSchema } from "@mcf/contracts/product-images";
import {
  damagedBoxesSchema,
  stockLedgerQuerySchema,
  stockLedgerSchema,
} from "@mcf/contracts/stock";
import { storeToday } from "@mcf/contracts/store-today";
import type { preValidationAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { validationErrorBody } from "../../http/validation-error.ts";
import { staffActor } from "../../plugins/admin-auth.ts";
import { multipartRefusals, readMultipartForm } from "../../uploads/multipart-form.ts";
import {
  addProductImages,
  createAdminProduct,
  createProductImageStore,
  deleteAdminProduct,
  deleteProductImage,
  forgetProductImageFiles,
  getAdminProduct,
  getProductLots,
  importProductsCsv,
  listAdminProducts,
  lotsOfProducts,
  productsToCsv,
  reorderProductImages,
  saveProductLots,
  updateAdminProduct,
} from "../catalog/catalog.service.ts";
import { heldBoxesByLot } from "../orders/orders.service.ts";
import { getStockLedger, stockLedgerCsv, writeOffDamaged } from "../stock/stock.service.ts";
import { adminErrorResponses } from "./admin-error-responses.ts";

/**
 * The fields a product request may name: those it sets, and the rest of a product as the admin
 * reads it (id, price_per_box, created_at…), which are dropped, so a product read can be sent back.
 */
const productRequestFields = new Set([
  ...Object.keys(productFieldsSchema.shape),
  ...Object.keys(adminProductSchema.shape),
]);

/**
 * A field no product has answers 422 naming it: dropped silently, a typo ("price_per_sqft" for
 * our_price) answered 200 and changed nothing, and the client never knew.
 */
const refuseUnknownProductFields: preValidationAsyncHookHandler = async (request, reply) => {
  const { body } = request;
  if (body === null || typeof body !== "object" || Array.isArray(body)) return;
  const unknown = Object.keys(body).filter((field) => !productRequestFields.has(field));
  if (unknown.length === 0) return;
  return reply.status(422).send(
    validationErrorBody(
      "body",
      unknown.map((field) => ({ path: [field], message: `A product has no field "${field}"` })),
    ),
  );
};

const imageRefusals = {
  ...multipartRefusals(`A product may have at most ${maxProductImages} photos.`),
  FST_INVALID_MULTIPART_CONTENT_TYPE: "Send the images as a form (multipart/form-data).",
};

/** Products: the editor, its photos, and the catalogue as a CSV file out and in. */
export const adminProductRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const imageStore = createProductImageStore(app.config);
  const imageLimits = {
    maxBytes: app.config.productImageMaxBytes,
    maxPixels: app.config.productImageMaxPixels,
  };
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: {
      // One byte over the limit is enough to know an image is too large.
      fileSize: imageLimits.maxBytes + 1,
      files: maxProductImages,
      fields: 5,
      fieldSize: 1024,
      parts: maxProductImages + 5,
    },
  });

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
        summary: "The catalogue (or a search of it) as CSV, every field and the dye lots",
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
      const stamp = storeToday();
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="products-${stamp}.csv"`)
        .header("cache-control", "no-store");
      const lots = await lotsOfProducts(
        db,
        list.map((product) => product.id),
      );
      return productsToCsv(list, lots);
    },
  );

  app.post(
    "/api/admin/products/import",
    {
      bodyLimit: 6 * 1024 * 1024,
      config: { csvField: "csv" },
      schema: {
        tags: ["admin"],
        summary: "Import a catalogue CSV: dry run, or apply all rows in one transaction",
        description:
          "Rows are matched by sku. The optional lots column holds a product's dye lots as code:boxes pairs separated by semicolons (A1203:14; B2210:6) and sets them like PUT /api/admin/products/{id}/lots; an empty cell clears them, and a file without the column leaves every product's lots as they are.",
        body: productImportRequestSchema,
        response: {
          200: productImportResultSchema,
          409: errorResponseSchema,
          ...adminErrorResponses,
        },
      },
    },
    async (request) =>
      importProductsCsv(db, request.body.csv, request.body.dry_run, staffActor(request)),
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
      preValidation: refuseUnknownProductFields,
      schema: {
        tags: ["admin"],
        summary: "Create a product (price_per_box is derived, never accepted)",
        body: productCreateSchema,
        response: { 201: adminProductSchema, 409: errorResponseSchema, ...adminErrorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createAdminProduct(db, request.body, staffActor(request))),
  );

  app.patch(
    "/api/admin/products/:id",
    {
      preValidation: refuseUnknownProductFields,
      schema: {
        tags: ["admin"],
        summary: "Change some fields; returns the updated product",
        description:
          "stock_quantity is a count of the boxes in the building: it sets on_hand, and available (the public stock_quantity) is the count less what open orders hold. The difference is written to the stock ledger; a count below what open orders hold answers 409.",
        params: productIdParamsSchema,
        body: productPatchSchema,
        response: { 200: adminProductSchema, 409: errorResponseSchema, ...adminErrorResponses },
      },
    },
    async (request) =>
      updateAdminProduct(db, request.params.id, request.body, "patch", staffActor(request)),
  );

  app.put(
    "/api/admin/products/:id",
    {
      preValidation: refuseUnknownProductFields,
      schema: {
        tags: ["admin"],
        summary: "Replace every field (missing fields are cleared)",
        params: productIdParamsSchema,
        body: productCreateSchema,
        response: { 200: adminProductSchema, 409: errorResponseSchema, ...adminErrorResponses },
      },
    },
    async (request) =>
      updateAdminProduct(db, request.params.id, request.body, "replace", staffActor(request)),
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
      const { images } = await getAdminProduct(db, request.params.id);
      await deleteAdminProduct(db, request.params.id, staffActor(request));
      await forgetProductImageFiles(db, imageStore, images);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/admin/products/:id/ledger",
    {
      schema: {
        tags: ["admin"],
        summary: "A product's stock: on hand, allocated, reserved, available, and its ledger",
        description:
          "One row per change of the product's boxes, newest first: boxes is the change of on hand (on hand is the sum of the rows), with the reason, what it belongs to (reference), the staff member and the time. ?reason= keeps one reason.",
        params: productIdParamsSchema,
        querystring: stockLedgerQuerySchema,
        response: { 200: stockLedgerSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      const ledger = await getStockLedger(db, request.params.id, request.query);
      // Each dye lot's boxes are what it has available; open orders hold the rest of its on hand.
      const [{ lots }, held] = await Promise.all([
        getProductLots(db, request.params.id),
        heldBoxesByLot(db, request.params.id),
      ]);
      return {
        ...ledger,
        lots: lots.map((lot) => {
          const { allocated, reserved } = held.get(lot.id) ?? { allocated: 0, reserved: 0 };
          return {
            id: lot.id,
            lot_code: lot.lot_code,
            on_hand: lot.boxes + allocated + reserved,
            allocated,
            reserved,
            available: lot.boxes,
          };
        }),
      };
    },
  );

  app.post(
    "/api/admin/products/:id/damaged",
    {
      schema: {
        tags: ["admin"],
        summary: "Write off damaged boxes: off on hand and available, one ledger row",
        params: productIdParamsSchema,
        body: damagedBoxesSchema,
        response: { 200: adminProductSchema, 409: errorResponseSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      await db.transaction((tx) =>
        writeOffDamaged(tx, request.params.id, request.body.boxes, {
          reference: request.body.note || "Damaged",
          staff: staffActor(request),
        }),
      );
      return getAdminProduct(db, request.params.id);
    },
  );

  app.get(
    "/api/admin/products/:id/ledger.csv",
    {
      schema: {
        tags: ["admin"],
        summary: "A product's stock ledger as CSV (the same rows and filter)",
        params: productIdParamsSchema,
        querystring: stockLedgerQuerySchema,
        produces: ["text/csv"],
        response: { 200: z.string(), ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      const ledger = await getStockLedger(db, request.params.id, request.query);
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="stock-ledger-product-${request.params.id}.csv"`,
        )
        .header("cache-control", "no-store");
      return stockLedgerCsv(ledger.rows);
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
    async (request) => saveProductLots(db, request.params.id, request.body, staffActor(request)),
  );

  app.post(
    "/api/admin/products/:id/images",
    {
      schema: {
        tags: ["admin"],
        summary: "Upload photos (multipart/form-data, files named images); added after the others",
        description: `Up to ${maxProductImages} photos per product: JPEG, PNG, WebP or AVIF read from their bytes, within PRODUCT_IMAGE_MAX_MB and PRODUCT_IMAGE_MAX_MEGAPIXELS. Each is resized to WebP and AVIF copies without metadata; one refused file keeps none.`,
        params: productIdParamsSchema,
        response: { 200: adminProductSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      const { files } = await readMultipartForm(request, imageRefusals);
      return addProductImages(
        db,
        imageStore,
        request.params.id,
        files,
        imageLimits,
        staffActor(request),
      );
    },
  );

  app.put(
    "/api/admin/products/:id/images/order",
    {
      schema: {
        tags: ["admin"],
        summary: "Put the product's photos in a new order (every photo's id once)",
        params: productIdParamsSchema,
        body: productImageOrderSchema,
        response: { 200: adminProductSchema, ...adminErrorResponses },
      },
    },
    async (request) =>
      reorderProductImages(db, request.params.id, request.body.image_ids, staffActor(request)),
  );

  app.delete(
    "/api/admin/products/:id/images/:imageId",
    {
      schema: {
        tags: ["admin"],
        summary: "Remove one photo from the product",
        params: productImageParamsSchema,
        response: { 200: adminProductSchema, ...adminErrorResponses },
      },
    },
    async (request) =>
      deleteProductImage(
        db,
        imageStore,
        request.params.id,
        request.params.imageId,
        staffActor(request),
      ),
  );
};
