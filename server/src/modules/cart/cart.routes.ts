import {
  cartCalculationRequestSchema,
  cartCalculationResultSchema,
  productBackorderSchema,
} from "@mcf/contracts/cart";
import { errorResponseSchema } from "@mcf/contracts/errors";
import { productIdParamsSchema } from "@mcf/contracts/product";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fastSerializerCompiler } from "../../http/fast-serializer.ts";
import { optionalPartnerSecurity } from "../../http/openapi-document.ts";
import { createProductRowsReader } from "../catalog/catalog.service.ts";
import { approvedPartnerFromRequest } from "../partners/partners.service.ts";
import { backorderOffer, priceCart, storeRatesFrom, toCalculationResult } from "./cart.service.ts";

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  // Prices and products are read per catalogue version, not per request.
  const readProducts = await createProductRowsReader(app.database);
  app.post(
    "/api/cart/calculate",
    {
      schema: {
        tags: ["cart"],
        security: optionalPartnerSecurity,
        summary: "Price a cart: lines, coupon, every delivery method by ZIP code, tax and total",
        body: cartCalculationRequestSchema,
        response: { 200: cartCalculationResultSchema },
      },
      // Built field by field by toCalculationResult, and asked on every change of a cart.
      serializerCompiler: fastSerializerCompiler(),
    },
    async (request) => {
      const db = app.database.db;
      const partner = await approvedPartnerFromRequest(db, request);
      const totals = await priceCart(db, request.body.cart_items, {
        couponCode: request.body.coupon_code,
        shippingState: request.body.shipping_state,
        shippingZip: request.body.shipping_zip,
        deliveryMethod: request.body.delivery_method,
        cheapestDelivery: request.body.cheapest_delivery ?? false,
        freightServices: request.body.freight_services,
        partner,
        rates: storeRatesFrom(await app.settings.read()),
        readProducts,
      });
      return toCalculationResult(totals);
    },
  );
  app.get(
    "/api/products/:id/backorder",
    {
      schema: {
        tags: ["cart"],
        summary:
          "Boxes available now and the boxes open purchase orders will bring (by expected date) that a backorder may take",
        params: productIdParamsSchema,
        response: { 200: productBackorderSchema, 404: errorResponseSchema },
      },
    },
    // Not cached: a checkout or a purchase order changes it, and no catalogue version follows.
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return backorderOffer(app.database.db, request.params.id);
    },
  );
};
