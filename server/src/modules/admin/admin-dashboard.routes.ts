import { dashboardQuerySchema, dashboardSchema } from "@mcf/contracts/dashboard";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getDashboard } from "../reports/reports.service.ts";
import { adminErrorResponses } from "./admin-error-responses.ts";

/** The owner's dashboard: how the business is doing over the last 30 or 90 days. */
export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/admin/dashboard",
    {
      schema: {
        tags: ["admin"],
        summary: "Sales, orders, top products, inquiries and stock to watch, for 30 or 90 days",
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema, ...adminErrorResponses },
      },
    },
    async (request) => getDashboard(app.database.db, request.query.days),
  );
};
