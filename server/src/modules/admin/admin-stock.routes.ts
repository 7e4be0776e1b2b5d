import { errorResponseSchema } from "@mcf/contracts/errors";
import {
  reorderReportSchema,
  stockCountBatchSchema,
  stockCountResultSchema,
} from "@mcf/contracts/stock-counts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { staffActor } from "../../plugins/admin-auth.ts";
import { heldBoxesByLot } from "../orders/orders.service.ts";
import { reorderReport, reorderReportCsv } from "../reports/reports.service.ts";
import { countStockBatch } from "../stock/stock.service.ts";
import { adminErrorResponses } from "./admin-error-responses.ts";

/** The stock count screen's save, and the reorder report. */
export const adminStockRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.post(
    "/api/admin/stock/counts",
    {
      schema: {
        tags: ["admin"],
        summary: "Save a stock count: each line sets a product's (or a dye lot's) boxes on hand",
        description:
          "All or nothing: a line that repeats another, names an unknown product or another product's lot answers 422; a count below what open orders hold 409; the message names the line and nothing changes. Each line writes a `counted` ledger row of the difference (0 when the count agrees); what open orders hold stays theirs.",
        body: stockCountBatchSchema,
        response: {
          200: stockCountResultSchema,
          409: errorResponseSchema,
          ...adminErrorResponses,
        },
      },
    },
    async (request) => {
      const ref = { reference: request.body.note || "Stock count", staff: staffActor(request) };
      const lines = request.body.counts.map((line) => ({
        productId: line.product_id,
        lotId: line.lot_id ?? null,
        counted: line.on_hand,
      }));
      const results = await db.transaction((tx) => countStockBatch(tx, lines, ref, heldBoxesByLot));
      return {
        counts: results.map((result) => ({
          product_id: result.productId,
          lot_id: result.lotId,
          difference: result.difference,
          on_hand: result.onHand,
          available: result.available,
        })),
      };
    },
  );

  app.get(
    "/api/admin/stock/reorder",
    {
      schema: {
        tags: ["admin"],
        summary: "Products at or below their reorder point, with 90 days' sales and what to order",
        response: { 200: reorderReportSchema, ...adminErrorResponses },
      },
    },
    async () => ({ products: await reorderReport(db) }),
  );

  app.get(
    "/api/admin/stock/reorder.csv",
    {
      schema: {
        tags: ["admin"],
        summary: "The reorder report as CSV",
        produces: ["text/csv"],
        response: { 200: z.string(), ...adminErrorResponses },
      },
    },
    async (_request, reply) => {
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="reorder-report.csv"')
        .header("cache-control", "no-store");
      return reorderReportCsv(await reorderReport(db));
    },
  );
};
