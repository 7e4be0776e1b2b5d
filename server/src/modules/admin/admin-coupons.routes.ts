import {
  adminCouponSchema,
  couponCreateSchema,
  couponListSchema,
  couponPatchSchema,
  numericIdParamsSchema,
} from "@mcf/contracts/admin";
import { errorResponseSchema } from "@mcf/contracts/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { staffActor } from "../../plugins/admin-auth.ts";
import {
  createAdminCoupon,
  listAdminCoupons,
  updateAdminCoupon,
} from "../coupons/coupons.service.ts";
import { adminErrorResponses } from "./admin-error-responses.ts";

/** Coupons: create, edit, deactivate; never deleted, since orders name them. */
export const adminCouponRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.get(
    "/api/admin/coupons",
    {
      schema: {
        tags: ["admin"],
        summary: "Every coupon with its usage",
        response: { 200: couponListSchema, ...adminErrorResponses },
      },
    },
    async () => ({ coupons: await listAdminCoupons(db) }),
  );
  app.post(
    "/api/admin/coupons",
    {
      schema: {
        tags: ["admin"],
        summary: "Create a coupon",
        body: couponCreateSchema,
        response: { 201: adminCouponSchema, 409: errorResponseSchema, ...adminErrorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createAdminCoupon(db, request.body, staffActor(request))),
  );
  app.patch(
    "/api/admin/coupons/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "Edit or deactivate ({active: false}) a coupon",
        params: numericIdParamsSchema,
        body: couponPatchSchema,
        response: { 200: adminCouponSchema, 409: errorResponseSchema, ...adminErrorResponses },
      },
    },
    async (request) => updateAdminCoupon(db, request.params.id, request.body, staffActor(request)),
  );
};
