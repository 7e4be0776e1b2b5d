import { exportRangeQuerySchema } from "@mcf/contracts/dashboard";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { customersCsv, ordersCsv } from "../reports/reports.service.ts";
import { adminErrorResponses } from "./admin-error-responses.ts";

function sendCsv(reply: FastifyReply, name: string, csv: string) {
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${name}.csv"`)
    .header("cache-control", "no-store")
    .send(csv);
}

/** Orders and customers of a date range as CSV, for the owner's spreadsheet and accountant. */
export const adminExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const schema = (summary: string) => ({
    tags: ["admin"],
    summary,
    querystring: exportRangeQuerySchema,
    produces: ["text/csv"],
    response: { 200: z.string(), ...adminErrorResponses },
  });
  app.get(
    "/api/admin/exports/orders.csv",
    { schema: schema("Orders placed in a date range (Birmingham days), one row each, as CSV") },
    async (request, reply) => {
      const { from, to } = request.query;
      return sendCsv(reply, `orders-${from}-to-${to}`, await ordersCsv(db, request.query));
    },
  );
  app.get(
    "/api/admin/exports/customers.csv",
    { schema: schema("Customers who ordered in a date range, one row per email, as CSV") },
    async (request, reply) => {
      const { from, to } = request.query;
      return sendCsv(reply, `customers-${from}-to-${to}`, await customersCsv(db, request.query));
    },
  );
};
