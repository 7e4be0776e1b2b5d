import {
  couponCheckParamsSchema,
  couponCheckQuerySchema,
  couponCheckResultSchema,
} from "@mcf/contracts/cart";
import { toCents, toDollars } from "@mcf/contracts/money";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { checkCoupon } from "./coupons.service.ts";

export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/coupons/:code",
    {
      schema: {
        tags: ["cart"],
        summary: "Check a coupon code against a cart subtotal",
        params: couponCheckParamsSchema,
        querystring: couponCheckQuerySchema,
        response: { 200: couponCheckResultSchema },
      },
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
    },
    async (request) => {
      const check = await checkCoupon(
        app.database.db,
        request.params.code,
        toCents(request.query.amount),
      );
      return {
        is_valid: check.isValid,
        message: check.message,
        discount_amount: toDollars(check.discountCents),
      };
    },
  );
};
