import { errorResponseSchema } from "@mcf/contracts/errors";
import {
  customerJobSchema,
  dateRequestSchema,
  depositStartSchema,
  estimateAcceptSchema,
  estimateDeclineSchema,
  jobTokenParamsSchema,
} from "@mcf/contracts/installs";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { assertSameOrigin } from "../../http/same-origin.ts";
import { storeUrlFor } from "../../http/store-url.ts";
import { cancellationPolicyOf } from "./cancellation-policy.ts";
import {
  acceptEstimate,
  customerInstallIcs,
  declineEstimate,
  getCustomerJob,
  type PaymentProvider,
  requestAnotherDate,
  startBalance,
  startDeposit,
} from "./installs.service.ts";

const crossSite = "This page only accepts requests from the store itself.";
const errors = { 404: errorResponseSchema, 409: errorResponseSchema, 422: errorResponseSchema };

/**
 * The customer's installation page: read, accept the estimate, pay the deposit, ask for a date,
 * pay the balance once the install is completed.
 */
export const installRoutes: FastifyPluginAsyncZod<{ provider: PaymentProvider }> = async (
  app,
  { provider },
) => {
  const db = app.database.db;
  const publicUrl = app.config.publicUrl;
  const tags = ["installation jobs"];
  const limited = { rateLimit: { max: 30, timeWindow: "1 minute" } };
  const policy = async () => cancellationPolicyOf((await app.settings.read()).business_numbers);

  app.get(
    "/api/installation/jobs/:token",
    {
      schema: {
        tags,
        summary: "The customer's view of their job",
        params: jobTokenParamsSchema,
        response: { 200: customerJobSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return getCustomerJob(db, request.params.token, {
        publicUrl,
        policy: await policy(),
        refunds: provider,
      });
    },
  );
  app.post(
    "/api/installation/jobs/:token/accept",
    {
      schema: {
        tags,
        summary: "Accept the estimate version read, signed with the typed full name",
        params: jobTokenParamsSchema,
        body: estimateAcceptSchema,
        response: { 200: customerJobSchema, ...errors },
      },
      config: limited,
    },
    async (request) => {
      assertSameOrigin(request, publicUrl, crossSite);
      await acceptEstimate(db, request.params.token, request.body, request.ip);
      return getCustomerJob(db, request.params.token, {
        publicUrl,
        policy: await policy(),
        refunds: provider,
      });
    },
  );
  app.post(
    "/api/installation/jobs/:token/decline",
    {
      schema: {
        tags,
        summary: "Decline the estimate version read, saying why; the job ends and staff are told",
        params: jobTokenParamsSchema,
        body: estimateDeclineSchema,
        response: { 200: customerJobSchema, ...errors },
      },
      config: limited,
    },
    async (request) => {
      assertSameOrigin(request, publicUrl, crossSite);
      await declineEstimate(db, request.params.token, request.body, {
        staffEmail: (await app.settings.read()).staff_email,
        publicUrl,
      });
      void app.jobs.mail?.runOnce();
      return getCustomerJob(db, request.params.token, {
        publicUrl,
        policy: await policy(),
        refunds: provider,
      });
    },
  );
  app.post(
    "/api/installation/jobs/:token/deposit",
    {
      schema: {
        tags,
        summary: "Open the deposit payment; the answer says where to pay",
        params: jobTokenParamsSchema,
        response: { 200: depositStartSchema, 503: errorResponseSchema, ...errors },
      },
      config: limited,
    },
    async (request) => {
      assertSameOrigin(request, publicUrl, crossSite);
      return startDeposit(db, request.params.token, provider, request.log, {
        publicUrl,
        storeUrl: storeUrlFor(request, app.config),
        showroomState: (await app.settings.read()).address.state,
      });
    },
  );
  app.post(
    "/api/installation/jobs/:token/balance",
    {
      schema: {
        tags,
        summary: "Open the payment of the balance due after the install; the answer says where",
        params: jobTokenParamsSchema,
        response: { 200: depositStartSchema, 503: errorResponseSchema, ...errors },
      },
      config: limited,
    },
    async (request) => {
      assertSameOrigin(request, publicUrl, crossSite);
      return startBalance(db, request.params.token, provider, request.log, {
        publicUrl,
        storeUrl: storeUrlFor(request, app.config),
        showroomState: (await app.settings.read()).address.state,
      });
    },
  );
  app.post(
    "/api/installation/jobs/:token/date-request",
    {
      schema: {
        tags,
        summary: "Ask the staff for another date",
        params: jobTokenParamsSchema,
        body: dateRequestSchema,
        response: { 204: z.null(), ...errors },
      },
      config: { rateLimit: { max: 5, timeWindow: "1 hour" } },
    },
    async (request, reply) => {
      assertSameOrigin(request, publicUrl, crossSite);
      await requestAnotherDate(db, request.params.token, request.body, {
        staffEmail: (await app.settings.read()).staff_email,
        publicUrl,
      });
      void app.jobs.mail?.runOnce();
      return reply.status(204).send(null);
    },
  );
  app.get(
    "/api/installation/jobs/:token/install.ics",
    {
      schema: {
        tags,
        summary: "The install date as a calendar file",
        params: jobTokenParamsSchema,
      },
    },
    async (request, reply) => {
      const ics = await customerInstallIcs(db, request.params.token);
      return reply
        .header("content-type", "text/calendar; charset=utf-8")
        .header("content-disposition", 'attachment; filename="floor-install.ics"')
        .send(ics);
    },
  );
};
