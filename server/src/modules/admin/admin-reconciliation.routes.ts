import { reconciliationQuerySchema, reconciliationReportSchema } from "@mcf/contracts/order-money";
import { storeToday } from "@mcf/contracts/store-today";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createStripePaymentReader } from "../payments/payments.service.ts";
import {
  type ProviderMoneyReader,
  reconciliationCsv,
  reconciliationReport,
} from "../reports/reports.service.ts";
import { adminErrorResponses } from "./admin-error-responses.ts";

/** The daily reconciliation of the payments ledger with order totals and (Stripe mode) Stripe. */
export const adminReconciliationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const stripe = app.config.stripe;
  const provider: ProviderMoneyReader | null = stripe
    ? { name: "stripe", ...createStripePaymentReader(stripe) }
    : null;
  const report = (date: string | undefined) =>
    reconciliationReport(db, date ?? storeToday(), provider);

  app.get(
    "/api/admin/reports/reconciliation",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Orders of a Birmingham day (default today) whose ledger disagrees with their totals or with Stripe",
        querystring: reconciliationQuerySchema,
        response: { 200: reconciliationReportSchema, ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return report(request.query.date);
    },
  );
  app.get(
    "/api/admin/reports/reconciliation.csv",
    {
      schema: {
        tags: ["admin"],
        summary: "The same report as CSV",
        querystring: reconciliationQuerySchema,
        produces: ["text/csv"],
        response: { 200: z.string(), ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      const found = await report(request.query.date);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="reconciliation-${found.date}.csv"`)
        .header("cache-control", "no-store")
        .send(reconciliationCsv(found));
    },
  );
};
