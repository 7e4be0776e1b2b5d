import {
  orderIdParamsSchema,
  sampleFollowUpSentSchema,
  samplesToSendListSchema,
} from "@mcf/contracts/admin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { staffActor } from "../../plugins/admin-auth.ts";
import {
  listSamplesToSend,
  markSamplesSent,
  sendSampleFollowUpNow,
} from "../orders/orders.service.ts";
import { adminErrorResponses } from "./admin-error-responses.ts";

/** The "samples to send" list staff work from, and the tick that takes an order off it. */
export const adminSampleRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.get(
    "/api/admin/samples-to-send",
    {
      schema: {
        tags: ["admin"],
        summary: "Paid orders whose samples are not sent yet, oldest payment first",
        response: { 200: samplesToSendListSchema, ...adminErrorResponses },
      },
    },
    async () => ({ orders: await listSamplesToSend(db) }),
  );
  app.post(
    "/api/admin/orders/:id/samples-sent",
    {
      schema: {
        tags: ["admin"],
        summary: "Tick an order's samples off as sent (the list then leaves it out)",
        params: orderIdParamsSchema,
        response: { 200: samplesToSendListSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      await markSamplesSent(db, request.params.id, staffActor(request));
      return { orders: await listSamplesToSend(db) };
    },
  );
  app.post(
    "/api/admin/orders/:id/sample-follow-up",
    {
      schema: {
        tags: ["admin"],
        summary: "Send an order's sample follow-up email now",
        description:
          "Queues the one follow-up email (with the link that puts boxes of the sampled floors in the cart) without waiting for the daily pass: for an order whose samples went out. 409 when it was already sent.",
        params: orderIdParamsSchema,
        response: { 200: sampleFollowUpSentSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      await sendSampleFollowUpNow(db, request.params.id, {
        publicUrl: app.config.publicUrl,
        actor: staffActor(request),
      });
      return { detail: "Follow-up email queued" };
    },
  );
};
