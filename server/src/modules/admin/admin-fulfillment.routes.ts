import { orderActionResponseSchema, orderIdParamsSchema } from "@mcf/contracts/admin";
import { errorResponseSchema } from "@mcf/contracts/errors";
import { pickupCollectedSchema, shipmentCreateSchema } from "@mcf/contracts/shipments";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { staffActor } from "../../plugins/admin-auth.ts";
import {
  getAdminOrder,
  pickedUp,
  readyForPickup,
  shipOrderPart,
} from "../orders/orders.service.ts";
import { adminErrorResponses, orderActionResponses } from "./admin-error-responses.ts";

const shipmentCreatedSchema = orderActionResponseSchema.extend({
  shipment_id: z.number().int(),
});

/** How an order leaves: shipments of some of its lines, or the showroom pickup. */
export const adminFulfillmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const publicUrl = app.config.publicUrl;
  const deliverSoon = () => void app.jobs.mail?.runOnce();

  app.post(
    "/api/admin/orders/:id/shipments",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Ship some boxes of some lines with one carrier and tracking number; the order is shipped once nothing is left",
        params: orderIdParamsSchema,
        body: shipmentCreateSchema,
        response: {
          201: shipmentCreatedSchema,
          409: errorResponseSchema,
          ...adminErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { shipmentId, emailQueued } = await shipOrderPart(db, id, request.body, {
        publicUrl,
        actor: staffActor(request),
      });
      if (emailQueued) deliverSoon();
      return reply.status(201).send({
        order: await getAdminOrder(db, id),
        email_queued: emailQueued,
        shipment_id: shipmentId,
      });
    },
  );

  app.post(
    "/api/admin/orders/:id/pickup/ready",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Mark a pickup order ready at the showroom and email the customer the address, hours and what to bring",
        params: orderIdParamsSchema,
        response: orderActionResponses,
      },
    },
    async (request) => {
      const { id } = request.params;
      const emailQueued = await readyForPickup(db, id, { publicUrl, actor: staffActor(request) });
      if (emailQueued) deliverSoon();
      return { order: await getAdminOrder(db, id), email_queued: emailQueued };
    },
  );

  app.post(
    "/api/admin/orders/:id/pickup/picked-up",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Record who collected a pickup order and when: its boxes leave on hand once and it is delivered",
        params: orderIdParamsSchema,
        body: pickupCollectedSchema,
        response: orderActionResponses,
      },
    },
    async (request) => {
      const { id } = request.params;
      await pickedUp(db, id, request.body, staffActor(request));
      return { order: await getAdminOrder(db, id), email_queued: false };
    },
  );
};
