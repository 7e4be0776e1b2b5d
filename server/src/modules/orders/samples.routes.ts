import { sampleReorderQuerySchema, sampleReorderResultSchema } from "@mcf/contracts/orders";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../../errors.ts";
import { findProductRows, toPublicProduct } from "../catalog/catalog.service.ts";
import { sampledProductsByToken } from "./sample-orders.ts";

/** The follow-up email's link: what the customer sampled, to put boxes of it in the cart. */
export const sampleRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.get(
    "/api/samples/reorder",
    {
      schema: {
        tags: ["orders"],
        summary: "The products a sample follow-up link offers, with their public prices",
        querystring: sampleReorderQuerySchema,
        response: { 200: sampleReorderResultSchema },
      },
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    },
    async (request) => {
      const ids = await sampledProductsByToken(db, request.query.token);
      if (!ids)
        throw notFound(
          "This link is not valid. Please open it from your email, or browse our products.",
        );
      const rows = await findProductRows(db, ids);
      return { products: rows.map(toPublicProduct) };
    },
  );
};
